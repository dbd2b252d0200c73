#if canImport(Glibc)
import Glibc
#endif
import SegueServer
#if Postgres
import SegueStorePostgres
#endif

/// How `segue serve` has glibc's allocator hand memory back to the system.
///
/// By default glibc returns the free top of a heap as soon as it passes 128 KiB and maps it again
/// at the next burst. A server that rebuilds and evicts sessions all the time (a live-session cap
/// below the sessions in use) then swings its resident size by a fifth from one second to the
/// next, around a mean that does not move. A trim threshold of 64 MiB keeps that memory in the
/// process for the next burst: resident memory stays flat. Where a memory ceiling is set, the
/// server gives the free memory back itself after each eviction (`malloc_trim`), so what it
/// reads against the ceiling is what its sessions hold.
///
/// The PostgreSQL store is left at glibc's default: in paired runs of the store benchmark its
/// actions went about a tenth slower with the 64 MiB threshold than without (why was not found;
/// `Benchmarks/RESULTS.md`). Its resident size then swings with the bursts, around the same mean.
///
/// `MALLOC_TRIM_THRESHOLD_` in the environment wins: glibc reads it, and this does nothing.
enum HeapPolicy {
    static let trimThresholdBytes: Int32 = 64 << 20

    static func apply(for storage: any SessionStorage) {
        #if Postgres
        guard !(storage is PostgresSessionStorage) else { return }
        #endif
        #if canImport(Glibc)
        guard getenv("MALLOC_TRIM_THRESHOLD_") == nil else { return }
        #endif
        Allocator.setTrimThreshold(trimThresholdBytes)
    }
}
