import Foundation
import SegueCore

/// A storyboard that could not be read at all: unreadable file, malformed or truncated XML, or a
/// document that is not an Interface Builder storyboard. Every other problem is a warning in
/// `Storyboard.diagnostics`.
public struct StoryboardImportError: Error, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Imports Xcode Interface Builder `.storyboard` files (every era: toolsVersion 1938 to current)
/// into Segue's storyboard model.
///
/// - Scene ids are the controller's storyboard identifier when present and unique in its file,
///   else its XML `id` (`BYZ-38-t0r`).
/// - Segue ids are the segue's `identifier`, else its XML `id`. A second segue of the same scene
///   with an identifier already used there keeps a distinct id `identifier#xmlID` (so every
///   control fires its own segue) and is reported as a warning.
/// - `custom` segues keep kind `custom` and their class in `SegueSpec.className`; without a
///   registered behaviour the runtime performs them like `show`.
/// - Unwind segues record their action (`unwindAction="backToInbox:"` → `backToInbox`). Which
///   controllers implement an unwind action is only known to the code, so the importer assumes
///   every content scene with a custom class implements every unwind action named in its
///   storyboard (not a container: a navigation or tab bar controller subclass is most often a
///   library's); the runtime search skips the source, as UIKit does; `StoryboardCheck` notes
///   the guess.
/// - Views: the controller's root view contributes its subviews (document order = z-order, each
///   with its IB `frame`; renderers order by frame for reading order). Static table cells map one
///   to one (`IBUITableViewCellStyle*` → basic/subtitle/value1/value2, else `custom` with the cell's
///   subviews as `content` and its first labels as text/detail). Each prototype cell becomes one
///   row (id `cellID-1`) with its own content (texts, detail, image, accessory; its reuse
///   identifier when it has no text), tapping the cell's segue (an overlay's `rows` gives it
///   sample rows); collection view prototypes likewise become three `view` items. A cell's
///   `trigger="accessoryAction"` segue belongs to its accessory button (`TableRow.accessoryTap`,
///   an element `{row}.accessory`), never to selecting the row. Container
///   views name their embed segue in `ViewNode.embed`. Bar button items without a segue (wired
///   to code or to nothing) are disabled so they look and act inert (Edit keeps its toggle); a
///   scene with a custom class and an empty view shows a placeholder `Class: content made in code`. Toolbars, navigation and tab bars placed
///   as subviews become horizontal stacks of buttons. Anything else is a `placeholder` named after
///   the element, with a warning.
/// - Storyboard references (`viewControllerPlaceholder`) count as scenes of their file but not of
///   the model: they resolve to the referenced scene (the storyboard's initial scene without
///   `referencedIdentifier`); an unresolved (or cyclic) one is a warning and becomes a
///   placeholder scene (id: the reference's XML id, titled `Storyboard › identifier`, its view a
///   labelled placeholder), so the segues and relationships leading to it still run.
public enum StoryboardImporter {
    /// Imports one `.storyboard` file.
    public static func load(path: String) throws(StoryboardImportError) -> Storyboard {
        let data = try read(path)
        let doc = try parseDocument(data: data, fileName: path)
        return link([doc], main: 0).storyboard
    }

    /// Imports one storyboard from memory. `fileName` names it in diagnostics; its base name
    /// (without directories and `.storyboard`) is the storyboard's name.
    public static func parse(data: Data, fileName: String) throws(StoryboardImportError) -> Storyboard {
        let doc = try parseDocument(data: data, fileName: fileName)
        return link([doc], main: 0).storyboard
    }

    public static func parse(data: [UInt8], fileName: String) throws(StoryboardImportError) -> Storyboard {
        try parse(data: Data(data), fileName: fileName)
    }

    /// Imports every `.storyboard` in a directory (recursively) into one storyboard, resolving
    /// storyboard references between them. A file that cannot be read (malformed, truncated) is an
    /// error in `diagnostics` while the others are still imported; only a directory where no
    /// file can be read throws. The main storyboard is `Main` (else the only one,
    /// else the first by name that has an initial view controller, with a warning); its scenes keep
    /// their ids, the others' are prefixed `Name:`.
    public static func loadDirectory(path: String) throws(StoryboardImportError) -> Storyboard {
        try loadDirectoryReport(path: path).storyboard
    }

    // MARK: - Internals shared with tests

    static func read(_ path: String) throws(StoryboardImportError) -> Data {
        // Not read at all when too large (the size is checked again on the bytes).
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > DOMBuilder.maxBytes {
            throw DOMBuilder.tooLarge(size, file: path)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StoryboardImportError(diagnostics: [
                Diagnostic(.unreadableFile, at: SourceLocation(file: path, line: 1), "cannot read storyboard file"),
            ])
        }
        return data
    }

    static func storyboardName(_ fileName: String) -> String {
        var base = (fileName as NSString).lastPathComponent
        if base.hasSuffix(".storyboard") { base.removeLast(".storyboard".count) }
        return base
    }

    static func parseDocument(data: Data, fileName: String) throws(StoryboardImportError) -> ParsedDocument {
        let root = try DOMBuilder.parse(data, file: fileName)
        guard root.name == "document" else {
            throw StoryboardImportError(diagnostics: [
                Diagnostic(.notAStoryboard, at: SourceLocation(file: fileName, line: root.line),
                           "not an Interface Builder storyboard: root element <\(root.name)>, expected <document>"),
            ])
        }
        var mapper = DocumentMapper(root: root, file: fileName, name: storyboardName(fileName))
        return mapper.map()
    }

    static func loadDirectoryReport(path: String) throws(StoryboardImportError) -> LinkResult {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else {
            throw StoryboardImportError(diagnostics: [
                Diagnostic(.unreadableFile, at: SourceLocation(file: path, line: 1), "not a directory"),
            ])
        }
        var files: [String] = []
        var xibs = 0
        if let walker = fm.enumerator(atPath: path) {
            while let rel = walker.nextObject() as? String {
                if rel.hasSuffix(".storyboard") { files.append(rel) }
                if rel.hasSuffix(".xib") { xibs += 1 }
            }
        }
        // Xibs alone are read as an app's, which its Info.plist makes one: say why none is served.
        if files.isEmpty, xibs > 0 {
            throw StoryboardImportError(diagnostics: [
                Diagnostic(.unreadableFile, at: SourceLocation(file: path, line: 1),
                           "no .storyboard files in directory, and no app Info.plist: its \(xibs) .xib files are read as an app's, which an Info.plist (NSMainNibFile, or a root built in code) makes one"),
            ])
        }
        // Base.lproj first, then by path, so a localized copy never shadows the base one.
        files.sort { a, b in
            let ab = a.contains("Base.lproj"), bb = b.contains("Base.lproj")
            return ab != bb ? ab : a < b
        }
        return try loadFilesReport(files.map { (path as NSString).appendingPathComponent($0) }, in: path, main: nil)
    }

    /// Imports the storyboards `paths` (in this order: a later file of a name already loaded is
    /// ignored) into one storyboard whose main storyboard is `mainName` (an app's Info.plist
    /// names it), else chosen as `loadDirectory` does. `folder` names the set in diagnostics.
    public static func loadFiles(_ paths: [String], in folder: String, main mainName: String?) throws(StoryboardImportError) -> Storyboard {
        try loadFilesReport(paths, in: folder, main: mainName).storyboard
    }

    static func loadFilesReport(_ files: [String], in path: String, main mainName: String?) throws(StoryboardImportError) -> LinkResult {
        guard !files.isEmpty else {
            throw StoryboardImportError(diagnostics: [
                Diagnostic(.unreadableFile, at: SourceLocation(file: path, line: 1), "no .storyboard files in directory"),
            ])
        }
        var docs: [ParsedDocument] = []
        var extra: [Diagnostic] = []
        var errors: [Diagnostic] = []
        for full in files {
            do {
                let doc = try parseDocument(data: try read(full), fileName: full)
                if docs.contains(where: { $0.name == doc.name }) {
                    extra.append(Diagnostic(.duplicateStoryboard, at: SourceLocation(file: full, line: 1),
                                            "another storyboard named '\(doc.name)' was already loaded; this one is ignored"))
                    continue
                }
                docs.append(doc)
            } catch {
                errors += error.diagnostics
            }
        }
        // Files that cannot be read are errors; the others are still served (their references
        // into a broken file become placeholders). Nothing readable at all: an error.
        if docs.isEmpty { throw StoryboardImportError(diagnostics: errors) }
        extra += errors
        docs.sort { $0.name < $1.name }
        var main = docs.firstIndex { $0.name == (mainName ?? "Main") }
        if main == nil, mainName == nil {
            // A launch screen is only ever the launch image: any other storyboard is the app.
            let candidates = docs.indices.filter { !docs[$0].isLaunchScreen }
            if candidates.count <= 1 {
                main = candidates.first ?? 0
            } else {
                // Older apps split the main storyboard by idiom (Main_iPhone, Main_iPad): the
                // phone's, which the default viewport shows, comes first.
                func rank(_ index: Int) -> Int {
                    let name = docs[index].name.lowercased()
                    return (docs[index].initial != nil ? 0 : 4) + (name.hasPrefix("main") ? 0 : 2) + (name.contains("iphone") ? 0 : 1)
                }
                main = candidates.min { rank($0) < rank($1) }
                extra.append(Diagnostic(.noMainStoryboard, at: SourceLocation(file: docs[main!].file, line: 1),
                                        "no storyboard named 'Main' in \(path); using '\(docs[main!].name)' as the main storyboard"))
            }
        }
        var result = link(docs, main: main ?? 0)
        result.storyboard.diagnostics = extra + result.storyboard.diagnostics
        return result
    }
}
