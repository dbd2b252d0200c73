import Foundation

/// The folder where tests write their files: one per test process, under the system's temporary
/// directory, removed when the process exits. A test may still delete what it wrote; what it
/// leaves behind goes with the folder, so test runs do not fill `/tmp`.
public enum Scratch {
    /// The folder's path (created on first use).
    public static let folder: String = {
        let path = NSTemporaryDirectory() + "segue-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { Scratch.removeFolder() }
        return path
    }()

    /// The folder as a file URL.
    public static var url: URL { URL(fileURLWithPath: folder, isDirectory: true) }

    static func removeFolder() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
