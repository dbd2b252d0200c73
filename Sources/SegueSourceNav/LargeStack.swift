#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work on a thread of its own with a large stack, and waits for it.
///
/// SwiftSyntax's parser and its syntax visitors recurse once per nesting level of the source,
/// and some of that recursion is not bounded by the parser's nesting limit (its lookahead through
/// `a<a<a<…`, `try try …`, `(a) -> (a) -> …`): a few thousand levels, a few kilobytes of
/// source, overflow a thread's usual 8 MB. The stack is reserved, not committed: only the pages a
/// deep file touches are ever mapped.
enum LargeStack {
    /// 512 MiB: about 150,000 levels of the parser's deepest recursion.
    static let size = 512 * 1024 * 1024

    /// `body`'s result, computed on a new thread with a ``size`` stack; on the calling thread
    /// when no such thread can be made.
    static func run<Result>(_ body: () -> Result) -> Result {
        var result: Result?
        withoutActuallyEscaping({ result = body() }) { work in
            let context = Unmanaged.passRetained(Runnable(work)).toOpaque()
            if !spawnAndJoin(context) {
                Unmanaged<Runnable>.fromOpaque(context).release()
                work()
            }
        }
        return result!
    }

    /// The work handed to the new thread, which releases it.
    private final class Runnable {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }

    private static func spawnAndJoin(_ context: UnsafeMutableRawPointer) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, size) == 0 else { return false }
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let created = pthread_create(&thread, &attributes, { context in
            Unmanaged<Runnable>.fromOpaque(context!).takeRetainedValue().work()
            return nil
        }, context)
        guard created == 0 else { return false }
        #if canImport(Glibc)
        pthread_join(thread, nil)
        #else
        pthread_join(thread!, nil)
        #endif
        return true
    }
}
