import Foundation
import SegueCore

/// An iOS app as a folder (a repository clone, or any folder above the app's Info.plist): its
/// main Info.plist and what it names, its development region, and its interface files
/// (storyboards, xibs, `.strings`) by `.lproj` folder. `find` walks the folder once.
public struct AppFolder: Sendable {
    /// The folder given: the app's resources (asset catalogs, images, fonts) are found under it.
    public var root: String
    /// The app's main Info.plist (absolute path).
    public var infoPlist: String
    public var info: [String: PlistValue]
    /// Every `.storyboard`, `.xib` and `.strings` file under the root (absolute paths, sorted),
    /// outside the folders of extensions, widgets, watch apps and tests.
    public var storyboards: [String] = []
    public var xibs: [String] = []
    public var strings: [String] = []
    /// Every String Catalog (`.xcstrings`) outside those folders: the code's strings, by language.
    public var stringCatalogs: [String] = []
    /// Problems met while finding the app (malformed plists): reported by `check`.
    public var diagnostics: [Diagnostic] = []

    /// `CFBundleDevelopmentRegion` as a language code (`English` → `en`; a build variable → `en`).
    public var developmentRegion: String {
        let raw = info["CFBundleDevelopmentRegion"]?.string ?? "en"
        if raw.hasPrefix("$(") || raw.isEmpty { return "en" }
        return Self.languageCode(raw)
    }

    /// `UIAppFonts`: the font files the app registers (paths relative to the bundle).
    public var appFonts: [String] { info["UIAppFonts"]?.array?.compactMap(\.string) ?? [] }
    /// The icon files the Info.plist names: `CFBundleIcons`' primary icon files, else
    /// `CFBundleIconFiles`, else `CFBundleIconFile` (older apps' loose `Icon.png`).
    public var iconFiles: [String] {
        let primary = info["CFBundleIcons"]?.dictionary?["CFBundlePrimaryIcon"]?.dictionary?["CFBundleIconFiles"]?.array
        let files = (primary ?? info["CFBundleIconFiles"]?.array)?.compactMap(\.string) ?? []
        return files + (info["CFBundleIconFile"]?.string.map { [$0] } ?? [])
    }

    /// The main interface entries of the Info.plist.
    public var mainStoryboard: String? { nonEmpty("UIMainStoryboardFile") }
    public var padMainStoryboard: String? { nonEmpty("UIMainStoryboardFile~ipad") }
    public var mainNib: String? { nonEmpty("NSMainNibFile") }
    public var padMainNib: String? { nonEmpty("NSMainNibFile~ipad") }
    public var launchStoryboard: String? { nonEmpty("UILaunchStoryboardName") }
    /// `UIApplicationSceneManifest` → `UISceneConfigurations` → `UIWindowSceneSessionRoleApplication`
    /// → the first configuration's `UISceneStoryboardFile`.
    public var sceneStoryboard: String? {
        let roles = info["UIApplicationSceneManifest"]?["UISceneConfigurations"]?["UIWindowSceneSessionRoleApplication"]?.array
        return roles?.lazy.compactMap { $0["UISceneStoryboardFile"]?.string }.first { !$0.isEmpty }
    }

    private func nonEmpty(_ key: String) -> String? {
        guard let s = info[key]?.string, !s.isEmpty else { return nil }
        return s
    }

    /// `English` → `en`, `German` → `de`, `pt-BR` stays.
    public static func languageCode(_ name: String) -> String {
        let names = ["english": "en", "german": "de", "french": "fr", "spanish": "es", "italian": "it",
                     "japanese": "ja", "dutch": "nl", "portuguese": "pt", "russian": "ru", "chinese": "zh"]
        return names[name.lowercased()] ?? name
    }

    /// The language of a path's `.lproj` folder (`de.lproj/Main.strings` → `de`), `Base` for
    /// Base.lproj, nil outside any.
    public static func lproj(of path: String) -> String? {
        let parent = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
        guard parent.hasSuffix(".lproj") else { return nil }
        let name = String(parent.dropLast(".lproj".count))
        return name == "Base" ? "Base" : languageCode(name)
    }

    /// The languages of the app: every `.lproj` with interface or strings files, development region included.
    public var locales: [String] {
        var set: Set<String> = [developmentRegion]
        for path in storyboards + xibs + strings {
            if let l = Self.lproj(of: path), l != "Base" { set.insert(l) }
        }
        return set.sorted()
    }

    /// The file iOS loads for `name` (no extension) of type `ext`: the copy in `Base.lproj`,
    /// else in the development region's `.lproj` (`en.lproj`, `English.lproj`), else an
    /// unlocalized one, else any localized one. Among several, the one nearest the Info.plist.
    public func resolve(_ name: String, ext: String) -> String? {
        let pool = ext == "xib" ? xibs : storyboards
        let matches = pool.filter { ($0 as NSString).lastPathComponent == "\(name).\(ext)" }
        func rank(_ path: String) -> Int {
            switch Self.lproj(of: path) {
            case "Base"?: 0
            case developmentRegion?: 1
            case nil: 2
            default: 3
            }
        }
        return matches.min { (rank($0), distance($0)) < (rank($1), distance($1)) }
    }

    /// How far a file lies from the Info.plist's folder: the folders to climb from there, then
    /// the path's depth (a sibling target's or a sample project's copy lies farther).
    public func distance(_ path: String) -> Int {
        let home = (infoPlist as NSString).deletingLastPathComponent
        let a = home.split(separator: "/"), b = path.split(separator: "/")
        let common = zip(a, b).prefix { $0 == $1 }.count
        return (a.count - common) * 100 + b.count
    }
}
