import Foundation

/// SIGINT and SIGTERM as a graceful stop.
///
/// `install()` runs first thing in `serve`: it unblocks both signals (a parent, e.g. a test runner
/// spawning from a worker thread, may hand down a mask that blocks them; threads started later
/// inherit the main thread's mask), ignores their default action and routes them to a dispatch
/// source. `wait()` then blocks until one arrives.
final class ShutdownSignals: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private var sources: [DispatchSourceSignal] = []

    static func install() -> ShutdownSignals {
        let signals = ShutdownSignals()
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGINT)
        sigaddset(&mask, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        let queue = DispatchQueue(label: "segue.signals")
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler { [semaphore = signals.semaphore] in semaphore.signal() }
            source.resume()
            signals.sources.append(source)
        }
        return signals
    }

    func wait() {
        semaphore.wait()
    }
}
