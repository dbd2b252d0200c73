import Foundation

/// The folder of third-party material beside the checkout (`../shared`: real storyboards and
/// apps), found from this file's place in the repository, never from a machine path. Tests that
/// read it run only where it is present and say so when it is not.
public enum SharedFolder {
    /// The checkout's root: three levels above this file (`Tests/SegueTestSupport/`).
    public static let repositoryRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// `../shared` relative to the checkout.
    public static let root: String = URL(fileURLWithPath: repositoryRoot).deletingLastPathComponent().path + "/shared"

    /// A path inside it, e.g. `corpus/storyboards`.
    public static func path(_ relative: String) -> String { root + "/" + relative }

    /// The real apps: `SEGUE_SHARED_APPS` when set (a copy of them with their sources extracted
    /// kept elsewhere), else `apps` inside the shared folder.
    public static var apps: String {
        if let given = ProcessInfo.processInfo.environment["SEGUE_SHARED_APPS"], !given.isEmpty { return given }
        return path("apps")
    }
}
