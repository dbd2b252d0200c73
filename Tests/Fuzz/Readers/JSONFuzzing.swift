import SegueJSON

/// The JSON parser every request body and stored step goes through.
enum JSONFuzzing {
    @Sendable static func parse(_ bytes: [UInt8]) -> Bool {
        (try? JSONValue.parse(bytes)) != nil
    }
}
