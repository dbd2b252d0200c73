import Foundation
import SegueCore

/// Builds a ``ResourceCatalog`` and its ``ResourceFiles`` from an app's folder: asset catalogs
/// (`AssetCatalogReader.swift`), loose images (`name@2x~ipad.png`) and font files.
struct ResourceLoader {
    let root: String
    var catalog = ResourceCatalog()
    var files = ResourceFiles()
    var problems: [AssetProblem] = []
    let limits: AppResources.Limits
    /// Loose image files by key, gathered before they become resources.
    var loose: [String: [ImageVariant]] = [:]

    /// Image files `UIImage(named:)` finds loose in a bundle. A PDF is not one: UIKit draws a PDF
    /// only from an asset catalog, which Xcode renders at build time (a loose one, such as a game
    /// skin the app reads itself, is the app's business, and converting it costs seconds).
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "svg", "webp"]
    static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "woff", "woff2"]

    init(root: String, limits: AppResources.Limits) {
        self.root = FolderWalk.realPath(root)
        self.limits = limits
    }

    mutating func load(appFonts: [String]) {
        var seen: Set<String> = []
        let entries = FolderWalk.entries(under: root, limit: limits.maxFiles)
        // PDFs are converted by a tool, one process each: all at once on every core first, so
        // that the pass below finds them converted (an app with a hundred icons starts in
        // seconds less).
        var pdfs: [[UInt8]] = [], total = 0
        for entry in entries where entry.relative.contains(".xcassets/") && entry.relative.lowercased().hasSuffix(".pdf")
            && total < limits.maxTotalBytes {
            guard let bytes = FolderWalk.read(root + "/" + entry.relative, root: root, maxBytes: limits.maxFileBytes) else { continue }
            pdfs.append(bytes)
            total += bytes.count
        }
        PDFConversion.convertAll(pdfs)
        for entry in entries {
            if let (folder, name, kind) = Self.catalogEntry(entry.relative) {
                guard seen.insert(folder).inserted else { continue }
                switch kind {
                case "imageset": readImageSet(folder, name: name)
                case "colorset": readColorSet(folder, name: name)
                default: if name == "AppIcon" || catalog.appIconURL == nil { readAppIcon(folder) }
                }
                continue
            }
            let ext = (entry.relative as NSString).pathExtension.lowercased()
            if Self.imageExtensions.contains(ext), !entry.relative.contains(".xcassets/") { readLooseImage(entry.relative) }
            if Self.fontExtensions.contains(ext) { readFont(entry.relative) }
        }
        for (key, variants) in loose.sorted(by: { $0.key < $1.key }) {
            add(ImageResource(name: key, variants: variants, isVector: variants.contains { $0.url.hasSuffix(".svg") }))
        }
        let known = Set(catalog.fonts.values.map { $0.url.split(separator: "/").last.map(String.init) ?? "" })
        for font in appFonts where !known.contains(ResourceFiles.safeName(font)) {
            problems.append(AssetProblem(.missingFile, path: font, "UIAppFonts names a font file that is not in the app's folder"))
        }
    }

    /// Adds an image under its name (the first one found keeps a name).
    mutating func add(_ image: ImageResource) {
        if catalog.images[image.name] == nil { catalog.images[image.name] = image }
        let lower = image.name.lowercased()
        if catalog.images[lower] == nil { catalog.images[lower] = image }
    }

    /// Reads and keeps one image file; a PDF becomes SVG.
    mutating func serveImageFile(_ relative: String) -> (url: String, vector: Bool)? {
        guard files.byteCount < limits.maxTotalBytes else {
            problems.append(AssetProblem(.tooLarge, path: relative, "the app's images pass the memory budget; left out"))
            return nil
        }
        guard let bytes = FolderWalk.read(root + "/" + relative, root: root, maxBytes: limits.maxFileBytes) else {
            problems.append(AssetProblem(.missingFile, path: relative, "missing, unreadable, outside the app's folder or too large"))
            return nil
        }
        let name = (relative as NSString).lastPathComponent
        if name.lowercased().hasSuffix(".pdf") {
            guard let svg = PDFConversion.svg(fromPDF: bytes, key: ResourceFiles.hash(bytes)) else {
                problems.append(AssetProblem(.unconvertedPDF, path: relative, "a PDF image could not be converted to SVG (is poppler-utils installed?)"))
                return nil
            }
            return (files.add(svg, fileName: String(name.dropLast(4)) + ".svg"), true)
        }
        return (files.add(bytes, fileName: name), name.lowercased().hasSuffix(".svg"))
    }

    mutating func readLooseImage(_ relative: String) {
        let file = (relative as NSString).lastPathComponent
        let stem = (file as NSString).deletingPathExtension
        let key = ResourceCatalog.imageKey(file)
        let scale: Double = stem.contains("@3x") ? 3 : stem.contains("@2x") ? 2 : 1
        let idiom = stem.hasSuffix("~ipad") ? "ipad" : stem.hasSuffix("~iphone") ? "iphone" : "universal"
        // A name seen in a catalog, or a scale already held, keeps what it has.
        guard catalog.images[key] == nil, !(loose[key] ?? []).contains(where: { $0.scale == scale && $0.idiom == idiom }),
              let served = serveImageFile(relative) else { return }
        loose[key, default: []].append(ImageVariant(url: served.url, scale: served.vector ? 3 : scale, idiom: idiom))
    }

    mutating func readFont(_ relative: String) {
        guard let bytes = FolderWalk.read(root + "/" + relative, root: root, maxBytes: limits.maxFileBytes) else {
            problems.append(AssetProblem(.missingFile, path: relative, "missing, unreadable or too large"))
            return
        }
        let file = (relative as NSString).lastPathComponent
        let ext = (file as NSString).pathExtension.lowercased()
        let names = ext.hasPrefix("woff") ? nil : FontNameTable.names(bytes)
        let stem = (file as NSString).deletingPathExtension
        let postScript = names?.postScriptName ?? stem
        let style = (names?.subfamily ?? postScript).lowercased()
        let weight = AppResources.cssWeight(AppearanceWords.weight(style) ?? "regular")
        let format = ["ttf": "truetype", "otf": "opentype", "ttc": "truetype", "woff": "woff", "woff2": "woff2"][ext] ?? "truetype"
        let font = FontResource(postScriptName: postScript, family: names?.family ?? stem, url: files.add(bytes, fileName: file),
                                weight: weight, italic: style.contains("italic") || style.contains("oblique"), format: format)
        if names == nil && !ext.hasPrefix("woff") {
            problems.append(AssetProblem(.unreadableFont, path: relative, "no name table; known by its file name"))
        }
        for key in [postScript, names?.fullName, stem].compactMap({ $0 }) where catalog.fonts[key] == nil {
            catalog.fonts[key] = font
            catalog.fonts[key.lowercased()] = catalog.fonts[key.lowercased()] ?? font
        }
    }
}

/// Weight words in font style names.
enum AppearanceWords {
    static func weight(_ style: String) -> String? {
        let s = style.lowercased().replacingOccurrences(of: " ", with: "")
        for (word, weight) in [("ultralight", "ultraLight"), ("extralight", "ultraLight"), ("hairline", "thin"), ("thin", "thin"),
                               ("light", "light"), ("medium", "medium"), ("semibold", "semibold"), ("demibold", "semibold"),
                               ("extrabold", "heavy"), ("ultrabold", "heavy"), ("bold", "bold"), ("heavy", "heavy"), ("black", "black")]
            where s.contains(word) {
            return weight
        }
        return nil
    }
}
