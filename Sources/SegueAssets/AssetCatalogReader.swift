import Foundation
import SegueCore

/// Reads the entries of `*.xcassets` folders: image sets (scales, idioms, dark variants,
/// template rendering, PDF and SVG vectors), colour sets (light and dark) and the app icon set.
/// A `Contents.json` that cannot be read is an ``AssetProblem`` and its entry is left out.
extension ResourceLoader {
    /// The entry a file of a catalog belongs to: `(entry folder, name, kind)`, the name prefixed
    /// by folders that provide a namespace.
    static func catalogEntry(_ relative: String) -> (folder: String, name: String, kind: String)? {
        let parts = relative.split(separator: "/").map(String.init)
        guard let catalog = parts.firstIndex(where: { $0.hasSuffix(".xcassets") }) else { return nil }
        for (i, part) in parts.enumerated() where i > catalog {
            for kind in ["imageset", "colorset", "appiconset"] where part.hasSuffix("." + kind) {
                let name = String(part.dropLast(kind.count + 1))
                return (parts[0...i].joined(separator: "/"), name, kind)
            }
        }
        return nil
    }

    /// The JSON object of a `Contents.json`, or a problem.
    mutating func contents(_ folder: String) -> [String: Any]? {
        let path = folder + "/Contents.json"
        guard let bytes = FolderWalk.read(root + "/" + path, root: root, maxBytes: 1 << 20) else {
            problems.append(AssetProblem(.missingFile, path: path, "the entry has no readable Contents.json"))
            return nil
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            problems.append(AssetProblem(.malformedContents, path: path, "Contents.json is not a JSON object"))
            return nil
        }
        return object
    }

    /// Whether namespace folders (`provides-namespace`) prefix the name, walking up from the entry.
    mutating func namespacedName(_ folder: String, _ name: String) -> String {
        var parts = folder.split(separator: "/").map(String.init).dropLast()
        var prefix: [String] = []
        while let last = parts.last, !last.hasSuffix(".xcassets") {
            let dir = parts.joined(separator: "/")
            if let bytes = FolderWalk.read(root + "/" + dir + "/Contents.json", root: root, maxBytes: 1 << 16),
               let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
               (object["properties"] as? [String: Any])?["provides-namespace"] as? Bool == true {
                prefix.insert(last, at: 0)
            }
            parts.removeLast()
        }
        return (prefix + [name]).joined(separator: "/")
    }

    mutating func readImageSet(_ folder: String, name: String) {
        guard let json = contents(folder) else { return }
        guard let images = json["images"] as? [[String: Any]] else {
            problems.append(AssetProblem(.malformedContents, path: folder + "/Contents.json", "an image set without an \"images\" list"))
            return
        }
        let properties = json["properties"] as? [String: Any] ?? [:]
        var variants: [ImageVariant] = []
        var vector = false
        for image in images {
            guard let file = image["filename"] as? String else { continue }
            let appearances = image["appearances"] as? [[String: Any]] ?? []
            if appearances.contains(where: { $0["appearance"] as? String == "contrast" }) { continue }
            let dark = appearances.contains { $0["appearance"] as? String == "luminosity" && $0["value"] as? String == "dark" }
            let light = appearances.contains { $0["appearance"] as? String == "luminosity" && $0["value"] as? String == "light" }
            guard let served = serveImageFile(folder + "/" + file) else { continue }
            vector = vector || served.vector
            let scale = (image["scale"] as? String).flatMap { Double($0.dropLast()) } ?? (served.vector ? 3 : 1)
            variants.append(ImageVariant(url: served.url, scale: scale, idiom: image["idiom"] as? String ?? "universal",
                                         isDark: dark, isLight: light))
        }
        guard !variants.isEmpty else { return }
        let template = properties["template-rendering-intent"] as? String == "template"
        add(ImageResource(name: namespacedName(folder, name), variants: variants, isTemplate: template, isVector: vector))
    }

    mutating func readColorSet(_ folder: String, name: String) {
        guard let json = contents(folder) else { return }
        guard let colors = json["colors"] as? [[String: Any]] else {
            problems.append(AssetProblem(.malformedContents, path: folder + "/Contents.json", "a colour set without a \"colors\" list"))
            return
        }
        var light: RGBA?, dark: RGBA?
        for entry in colors {
            let appearances = entry["appearances"] as? [[String: Any]] ?? []
            if appearances.contains(where: { $0["appearance"] as? String == "contrast" }) { continue }
            guard let rgba = (entry["color"] as? [String: Any]).flatMap(Self.rgba) else { continue }
            let isDark = appearances.contains { $0["value"] as? String == "dark" }
            if isDark { dark = dark ?? rgba } else if appearances.isEmpty || light == nil { light = rgba }
        }
        guard let value = light ?? dark else {
            // Xcode's template colour sets (`AccentColor`) define no colour: the system's stands.
            guard colors.contains(where: { $0["color"] != nil }) else { return }
            problems.append(AssetProblem(.malformedContents, path: folder + "/Contents.json", "a colour set with no readable colour"))
            return
        }
        let key = namespacedName(folder, name)
        catalog.colors[key] = catalog.colors[key] ?? ColorResource(light: value, dark: dark)
    }

    /// A catalog colour: `components` as `0.5`, `0x80` or `128`; gray spaces give `white`.
    static func rgba(_ color: [String: Any]) -> RGBA? {
        guard let c = color["components"] as? [String: Any] else { return nil }
        func v(_ key: String) -> Double? {
            let raw: String? = (c[key] as? String) ?? (c[key] as? NSNumber).map { "\($0)" }
            guard let raw = raw?.trimmingCharacters(in: .whitespaces) else { return nil }
            if raw.lowercased().hasPrefix("0x") { return UInt8(raw.dropFirst(2), radix: 16).map { Double($0) / 255 } }
            guard let value = Double(raw), value.isFinite else { return nil }
            return min(max(value > 1 ? value / 255 : value, 0), 1)
        }
        let alpha = v("alpha") ?? 1
        if let white = v("white") { return RGBA(red: white, green: white, blue: white, alpha: alpha) }
        guard let r = v("red"), let g = v("green"), let b = v("blue") else { return nil }
        return RGBA(red: r, green: g, blue: b, alpha: alpha)
    }

    mutating func readAppIcon(_ folder: String) {
        guard catalog.appIconURL == nil, let json = contents(folder), let images = json["images"] as? [[String: Any]] else { return }
        func points(_ image: [String: Any]) -> Double {
            let size = (image["size"] as? String)?.split(separator: "x").first.flatMap { Double($0) } ?? 1024
            let scale = (image["scale"] as? String).flatMap { Double($0.dropLast()) } ?? 1
            return size * scale
        }
        let best = images.filter { $0["filename"] is String }.max { points($0) < points($1) }
        if let file = best?["filename"] as? String, let served = serveImageFile(folder + "/" + file) {
            catalog.appIconURL = served.url
        }
    }
}
