@_spi(Fuzzing) import SegueServer

/// Form posts (`POST /tap`, `POST /traits`): the form body decoder, the cookie scan (the same
/// bytes as a `Cookie:` header), and a viewport report's sizes.
enum FormFuzzing {
    @Sendable static func decode(_ bytes: [UInt8]) -> Bool {
        let fields = RequestDecoders.formFields(bytes)
        _ = RequestDecoders.cookie("segue_session", in: String(decoding: bytes, as: UTF8.self))
        var named: [String: String] = [:]
        for (name, value) in fields { named[name] = value }
        _ = try? RequestDecoders.viewport(width: named["width"], height: named["height"])
        return !fields.isEmpty
    }
}
