import Foundation
import SegueCore

/// An app's resources, read from its folder: every asset catalog, loose image and font file
/// under `root` (bounded), with the SF Symbols glyphs. Built once when the app loads; the
/// catalog goes to the page renderer, the files to the `/assets/` route.
public struct AppResources: Sendable {
    public struct Limits: Sendable {
        /// Files looked at under the root.
        public var maxFiles = 50_000
        /// One file kept in memory at most.
        public var maxFileBytes = 8 << 20
        /// All files kept in memory at most.
        public var maxTotalBytes = 256 << 20
        public init() {}
    }

    public let root: String
    public private(set) var catalog: ResourceCatalog
    public private(set) var files: ResourceFiles
    public private(set) var problems: [AssetProblem]

    /// Reads `root`. `appFonts` is the app's `UIAppFonts` list (font files it declares; every font
    /// file found is served either way, a declared one that is missing is a problem).
    /// `iconFiles`: the icon files the Info.plist names (`CFBundleIconFiles`, `CFBundleIconFile`),
    /// the app's icon when no asset catalog has an app icon set.
    public init(root: String, appFonts: [String] = [], iconFiles: [String] = [], symbolsDirectory: String? = SymbolSet.defaultDirectory,
                limits: Limits = Limits()) {
        var loader = ResourceLoader(root: root, limits: limits)
        loader.load(appFonts: appFonts)
        if loader.catalog.appIconURL == nil {
            // The largest of the named icons that resolves to a loose image.
            let variants = iconFiles.compactMap { loader.catalog.image(named: $0)?.variants(pad: false, dark: false).last }
            loader.catalog.appIconURL = variants.max { $0.scale < $1.scale }?.url
        }
        if let symbolsDirectory {
            loader.catalog.symbols = SymbolSet.load(directory: symbolsDirectory, into: &loader.files)
        }
        self.root = loader.root
        self.catalog = loader.catalog
        self.files = loader.files
        self.problems = loader.problems
    }

    /// Serves the app's stylesheet: its colours and fonts (``AppStylesheet``) followed by `rules`
    /// (the page renderer's rules for the looks of the app's views).
    public mutating func addStylesheet(rules: String) {
        let sheet = AppStylesheet.css(catalog) + rules
        catalog.stylesheetURL = sheet.isEmpty ? nil : files.add(Array(sheet.utf8), fileName: "app.css")
    }

    /// The folder whose resources a served path uses: a folder itself; for a file, its folder,
    /// or the nearest folder above it (at most four levels) holding an `.xcodeproj` or an
    /// `Info.plist`, where an app's resources sit beside its storyboards.
    public static func root(forServedPath path: String) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return path }
        if isDirectory.boolValue { return path }
        var dir = (path as NSString).deletingLastPathComponent
        if dir.isEmpty { dir = "." }
        var candidate = dir
        for _ in 0..<4 {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: candidate)) ?? []
            if names.contains(where: { $0.hasSuffix(".xcodeproj") || $0 == "Info.plist" || $0.hasSuffix("-Info.plist") }) { return candidate }
            let parent = (candidate as NSString).deletingLastPathComponent
            if parent == candidate || parent.isEmpty || parent == "/" { break }
            candidate = parent
        }
        return dir
    }

    /// A UIKit weight name as a CSS `font-weight`.
    public static func cssWeight(_ weight: String) -> Int {
        switch weight.lowercased() {
        case "ultralight": 100
        case "thin": 200
        case "light": 300
        case "medium": 500
        case "semibold": 600
        case "bold": 700
        case "heavy": 800
        case "black": 900
        default: 400
        }
    }
}
