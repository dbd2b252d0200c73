import SegueCore
import SegueFlowFiles

/// Flow files, YAML and JSON: the loader (parser, decoder, validator), then a window launched on
/// the flow it accepted.
enum FlowFileFuzzing {
    @Sendable static func yaml(_ bytes: [UInt8]) -> Bool { load(bytes, fileName: "fuzz.yaml", format: .yaml) }

    @Sendable static func json(_ bytes: [UInt8]) -> Bool { load(bytes, fileName: "fuzz.json", format: .json) }

    static func load(_ bytes: [UInt8], fileName: String, format: FlowFileFormat) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let storyboard = try? FlowFileLoader.parse(text, fileName: fileName, format: format) else { return false }
        FuzzWindow.launch(storyboard)
        return true
    }
}
