import Foundation

/// The SF Symbols Segue can draw: for each name of ``SymbolTable`` whose glyph file is installed,
/// where its SVG is served, regular and bold (for `semibold` and heavier weights: the same paths
/// with a stroke around them, since the glyphs are drawn as filled shapes).
public struct SymbolSet: Sendable {
    public struct Glyph: Sendable, Hashable {
        public var url: String
        public var boldURL: String
    }
    public private(set) var glyphs: [String: Glyph] = [:]
    public init() {}

    /// Where the Debian package `bootstrap-icons` installs its SVG files; `SEGUE_SYMBOLS_DIR`
    /// overrides it.
    public static var defaultDirectory: String {
        ProcessInfo.processInfo.environment["SEGUE_SYMBOLS_DIR"] ?? "/usr/share/bootstrap-icons/svg"
    }

    /// How many names the table maps (whether or not their files are installed).
    public static var mappedNameCount: Int { SymbolTable.pairs.count }

    /// Reads the glyph files the table names from `directory` into `files`.
    static func load(directory: String, into files: inout ResourceFiles) -> SymbolSet {
        var set = SymbolSet()
        var byGlyph: [String: Glyph] = [:]
        for (symbol, glyph) in SymbolTable.pairs {
            if let known = byGlyph[glyph] {
                set.glyphs[symbol] = known
                continue
            }
            guard let data = FileManager.default.contents(atPath: directory + "/" + glyph + ".svg"), data.count < 64 * 1024 else { continue }
            let svg = [UInt8](data)
            let made = Glyph(url: files.add(svg, fileName: glyph + ".svg"), boldURL: files.add(bold(svg), fileName: glyph + "-bold.svg"))
            byGlyph[glyph] = made
            set.glyphs[symbol] = made
        }
        return set
    }

    /// The glyph for a symbol name: the name, else without `.fill`, else with its last part dropped
    /// (`star.circle.fill` → `star.circle` → `star`).
    public func glyph(_ name: String) -> Glyph? {
        var parts = name.split(separator: ".")
        while !parts.isEmpty {
            if let g = glyphs[parts.joined(separator: ".")] { return g }
            if let g = glyphs[parts.filter { $0 != "fill" }.joined(separator: ".")] { return g }
            parts.removeLast()
        }
        return nil
    }

    /// The SVG with its shapes stroked (a heavier weight of a filled glyph).
    static func bold(_ svg: [UInt8]) -> [UInt8] {
        let text = String(decoding: svg, as: UTF8.self)
        guard let open = text.range(of: "<svg ") else { return svg }
        return Array(text.replacingCharacters(in: open, with: "<svg stroke=\"currentColor\" stroke-width=\"0.6\" stroke-linejoin=\"round\" ").utf8)
    }
}
