@_spi(Fuzzing) import SegueServer
import SegueCore

/// A session's stored steps (one JSON text a line, as the stores keep them): the step decoder,
/// then the steps replayed on a fresh window of the fuzz flow, as a rebuild replays them.
enum StepFuzzing {
    @Sendable static func decodeAndReplay(_ bytes: [UInt8]) -> Bool {
        let steps = bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        return RequestDecoders.replayStoredSteps(steps, on: FuzzWindow.unlaunched())
    }
}
