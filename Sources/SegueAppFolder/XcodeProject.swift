import Foundation

/// The Xcode project beside an app folder, read as text for a few build settings: the first
/// `.xcodeproj` found in the folder or the two folders above it.
enum XcodeProject {
    /// The text of that project's `project.pbxproj` (at most 16 MiB); nil without one.
    static func text(near root: String) -> String? {
        var folder = URL(fileURLWithPath: root).standardizedFileURL
        for _ in 0..<3 {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".xcodeproj") {
                let file = folder.appendingPathComponent(name).appendingPathComponent("project.pbxproj")
                guard let data = FileManager.default.contents(atPath: file.path), data.count <= 16 << 20 else { continue }
                return String(decoding: data, as: UTF8.self)
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Every value of build setting `key` in a project's text (`KEY = 12.0;`, `KEY = "1,2";`),
    /// without its quotes.
    static func settingValues(_ key: String, in text: String) -> [String] {
        var found: [String] = []
        for line in text.split(separator: "\n") {
            guard let range = line.range(of: key) else { continue }
            let rest = line[range.upperBound...].drop { $0 == " " || $0 == "\t" }
            guard rest.first == "=" else { continue }
            let value = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\"" }.prefix { $0 != "\"" && $0 != ";" }
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { found.append(trimmed) }
        }
        return found
    }
}
