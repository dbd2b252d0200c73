@_spi(Fuzzing) import SegueServer
import SegueCore

/// JSON actions (`POST /api/v1/sessions/ID/actions`): the decoder, then the decoded action
/// performed on a freshly launched window of the fuzz flow.
enum ActionFuzzing {
    @Sendable static func decodeAndPerform(_ bytes: [UInt8]) -> Bool {
        guard let decoded = try? RequestDecoders.action(bytes) else { return false }
        guard let window = FuzzWindow.launched() else { return true }
        _ = try? window.perform(decoded.action, animated: decoded.animated)
        return true
    }
}
