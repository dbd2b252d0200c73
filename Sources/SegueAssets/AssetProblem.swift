/// A problem found while reading an app's resources: a stable code, the file, a message. The
/// resource is left out; loading goes on.
public struct AssetProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable {
        /// A `Contents.json` that is not JSON, or not the shape a catalog writes.
        case malformedContents = "malformed_contents_json"
        /// A catalog entry names a file that is not there (or outside the app's folder).
        case missingFile = "missing_asset_file"
        /// A file too large to keep in memory, or past the folder's budget.
        case tooLarge = "asset_too_large"
        /// A PDF that could not be turned into SVG (no converter, or it failed).
        case unconvertedPDF = "unconverted_pdf"
        /// A font file whose names could not be read.
        case unreadableFont = "unreadable_font"
    }
    public var code: Code
    public var path: String
    public var message: String
    public init(_ code: Code, path: String, _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }
    public var description: String { "\(path): \(message) [\(code.rawValue)]" }
}
