import SegueCore

/// The server's request decoders for the fuzz targets and mutation tests (`@_spi(Fuzzing)`: not
/// part of the API). Each is the exact code a request goes through.
@_spi(Fuzzing) public enum RequestDecoders {
    /// A JSON action body (`POST /api/v1/sessions/ID/actions`) into the action it asks for.
    public static func action(_ body: [UInt8]) throws(ActionError) -> (action: Action, animated: Bool) {
        let decoded = try ActionDecoding.action(ActionDecoding.object(body))
        return (decoded.action, decoded.animated)
    }

    /// An `application/x-www-form-urlencoded` body into its fields, in order.
    public static func formFields(_ body: [UInt8]) -> [(String, String)] {
        FormDecoding.decode(body)
    }

    /// The value of cookie `name` in a `Cookie:` header.
    public static func cookie(_ name: String, in header: String) -> String? {
        FormDecoding.cookie(name, in: header)
    }

    /// The `width` and `height` fields of a viewport report (`POST /traits`) into traits.
    public static func viewport(width: String?, height: String?) throws(ActionError) -> Traits {
        try SegueApp.viewport(width: width, height: height)
    }

    /// A session's stored steps replayed on `window` (not launched) as a rebuild replays them:
    /// each step decoded, the first launching or restoring. Whether every step applied.
    public static func replayStoredSteps(_ steps: [String], on window: Window) -> Bool {
        let session = Session(window: window, csrfToken: "fuzz", clock: SystemSessionClock())
        do throws(SessionStorageError) {
            try SegueApp.replay(steps, into: session)
            return true
        } catch {
            return false
        }
    }
}
