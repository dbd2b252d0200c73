import SegueCore
#if canImport(Glibc)
import Glibc
#endif

/// The time the server's session bookkeeping reads: when a session was last used, which sessions
/// are idle long enough to expire or to leave memory, the `updated_at` of stored sessions, and
/// the ownership leases of a shared store (when one ends, and the wait for another's to end).
///
/// The server reads it through ``SegueApp/Configuration/clock``; tests pass a clock they advance
/// by hand (`SegueTesting`'s `TestClock`) and run an expiry pass
/// (``SegueService/expireIdleSessions()``) instead of waiting for the sweeper.
public protocol SessionClock: Sendable {
    /// Now, for idle times (monotonic).
    var now: ContinuousClock.Instant { get }
    /// Now as milliseconds since the Unix epoch, for stored timestamps.
    var unixMilliseconds: Int64 { get }
    /// Waits `duration` on this clock (a shared store waiting for another instance's lease to
    /// end). The machine's clock blocks the thread; a test clock moves forward instead.
    func sleep(for duration: Duration)
}

extension SessionClock {
    /// Now as whole seconds since the Unix epoch (the stores' `updated_at`).
    public var unixSeconds: Int64 { unixMilliseconds / 1000 }
}

/// The machine's clocks: `ContinuousClock` and `CLOCK_REALTIME`.
public struct SystemSessionClock: SessionClock {
    public init() {}
    public var now: ContinuousClock.Instant { ContinuousClock.now }
    public var unixMilliseconds: Int64 { unixNowMilliseconds() }

    public func sleep(for duration: Duration) {
        guard duration > .zero else { return }
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&request, &left) == -1 && errno == EINTR { request = left }
    }
}
