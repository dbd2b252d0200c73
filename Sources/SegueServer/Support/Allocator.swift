#if canImport(Glibc)
import Glibc
#endif

/// glibc's allocator controls (`malloc.h`, which Swift's Glibc module does not export), looked up
/// at run time; they do nothing on another C library.
public enum Allocator {
    /// `mallopt(M_TRIM_THRESHOLD, bytes)`: free memory at the top of a heap is handed back to the
    /// system only past `bytes`. False where it could not be set.
    @discardableResult
    public static func setTrimThreshold(_ bytes: Int32) -> Bool {
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        guard let mallopt: MallOpt = symbol("mallopt") else { return false }
        let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
        return mallopt(trimThreshold, bytes) == 1
    }

    /// `malloc_trim(0)`: hands every free page of every heap back to the system.
    public static func trim() {
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let trim: MallocTrim = symbol("malloc_trim") else { return }
        _ = trim(0)
    }

    private static func symbol<F>(_ name: String) -> F? {
        #if canImport(Glibc)
        guard let handle = dlopen(nil, RTLD_NOW), let pointer = dlsym(handle, name) else { return nil }
        return unsafeBitCast(pointer, to: F.self)
        #else
        return nil
        #endif
    }
}
