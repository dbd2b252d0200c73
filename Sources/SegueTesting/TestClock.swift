import SegueServer
import Synchronization

/// A ``SessionClock`` that stands still until a test advances it: session expiry and eviction
/// without waiting. Pass it as `SegueApp.Configuration.clock`, advance it, then run an expiry
/// pass (`SegueService.expireIdleSessions()`). Pass one clock to several stores that share
/// sessions and their leases run on the same time; a store's wait for a lease
/// (``sleep(for:)``) moves the clock forward at once instead of blocking.
public final class TestClock: SessionClock {
    private let start = ContinuousClock.now
    /// A fixed wall-clock start (2026-01-01T00:00:00Z), so stored timestamps do not depend on the machine.
    private let startUnixMilliseconds: Int64 = 1_767_225_600_000
    private let elapsed = Mutex<Duration>(.zero)

    public init() {}

    public var now: ContinuousClock.Instant { start + elapsed.withLock { $0 } }

    public var unixMilliseconds: Int64 {
        let (seconds, attoseconds) = elapsed.withLock { $0 }.components
        return startUnixMilliseconds + seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// A wait on this clock: time moves forward by `duration`, at once.
    public func sleep(for duration: Duration) {
        if duration > .zero { advance(by: duration) }
    }

    /// Moves time forward by `duration`.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "a clock only moves forward")
        elapsed.withLock { $0 += duration }
    }
}
