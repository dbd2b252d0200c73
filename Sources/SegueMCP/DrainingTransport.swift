import Foundation
import Logging
import MCP

/// A transport that lets the requests it delivered be answered after its input ends: `segue mcp`
/// fed by a pipe (`printf … | segue mcp FLOW`) gets every answer before it exits, although the
/// SDK's server stops reading at the end of input while its last calls still run.
actor DrainingTransport: Transport {
    let inner: any Transport
    nonisolated let logger: Logger
    /// Requests received and not yet answered (by JSON-RPC id, as JSON text).
    private var pending: Set<String> = []
    private var drained: [CheckedContinuation<Void, Never>] = []

    init(_ inner: any Transport, logger: Logger) {
        self.inner = inner
        self.logger = logger
    }

    func connect() async throws { try await inner.connect() }
    func disconnect() async { await inner.disconnect() }

    func send(_ data: Data) async throws {
        try await inner.send(data)
        if let id = Self.requestID(data, answer: true) { settle(id) }
    }

    nonisolated func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await data in await inner.receive() {
                        if let id = Self.requestID(data, answer: false) { await self.expect(id) }
                        continuation.yield(data)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Returns once every request received so far has been answered.
    func drain() async {
        guard !pending.isEmpty else { return }
        await withCheckedContinuation { drained.append($0) }
    }

    private func expect(_ id: String) { pending.insert(id) }

    private func settle(_ id: String) {
        pending.remove(id)
        if pending.isEmpty {
            for waiter in drained { waiter.resume() }
            drained = []
        }
    }

    /// The id of a request (`answer: false`: it has a `method`) or of an answer (`result` or
    /// `error`), as JSON text; nil for notifications, batches and what does not parse.
    static func requestID(_ data: Data, answer: Bool) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let id = object["id"],
              answer ? (object["result"] != nil || object["error"] != nil) : object["method"] != nil else { return nil }
        return "\(id)"
    }
}
