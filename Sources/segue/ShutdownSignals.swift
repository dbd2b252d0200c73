import Foundation

/// Blocks until SIGINT or SIGTERM arrives.
enum ShutdownSignals {
    static func wait() {
        let semaphore = DispatchSemaphore(value: 0)
        let queue = DispatchQueue(label: "segue.signals")
        var sources: [DispatchSourceSignal] = []
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler { semaphore.signal() }
            source.resume()
            sources.append(source)
        }
        semaphore.wait()
        withExtendedLifetime(sources) {}
    }
}
