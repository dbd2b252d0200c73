import Foundation
import SegueCore

/// The translations of the strings an app's code shows (`NSLocalizedString("tab.home", comment:)`,
/// `String(localized:)`, `"Home".localized`): its `Localizable.strings` (any `.strings` table in an
/// `.lproj` folder that is no storyboard's or xib's, `InfoPlist.strings` aside) and String
/// Catalogs (`.xcstrings`). Texts read from code are their keys; ``localize(_:app:)`` gives each
/// scene the development region's text in their place, and each other language's copy of it
/// that language's.
public enum CodeStrings {
    /// Replaces the keys among the texts code gives scenes (titles, bar and tab items, alerts)
    /// with their translations: each language's into a copy of the scene for that language,
    /// then the development region's (falling back to the key, as the app does) in the scene.
    public static func localize(_ storyboard: inout Storyboard, app: AppFolder) {
        let tables = self.tables(app: app)
        guard !tables.isEmpty else { return }
        let development = tables[app.developmentRegion] ?? tables["Base"] ?? [:]
        for (locale, table) in tables where locale != app.developmentRegion && locale != "Base" {
            var copies = storyboard.localizedScenes[locale] ?? [:]
            for (id, scene) in storyboard.scenes {
                let copy = copies[id] ?? scene
                if let changed = translated(copy, { table[$0] ?? development[$0] }) { copies[id] = changed }
            }
            storyboard.localizedScenes[locale] = copies
        }
        guard !development.isEmpty else { return }
        for id in Array(storyboard.scenes.keys) {
            if let changed = translated(storyboard.scenes[id]!, { development[$0] }) { storyboard.scenes[id] = changed }
        }
        for id in Array(storyboard.padScenes.keys) {
            if let changed = translated(storyboard.padScenes[id]!, { development[$0] }) { storyboard.padScenes[id] = changed }
        }
    }

    /// Each language's table of the code's strings (`.lproj` name → key → text).
    static func tables(app: AppFolder) -> [String: [String: String]] {
        var tables: [String: [String: String]] = [:]
        let interfaceNames = Set((app.storyboards + app.xibs).map(baseName))
        for path in app.strings where !interfaceNames.contains(baseName(path)) && baseName(path) != "InfoPlist" {
            guard let locale = AppFolder.lproj(of: path) else { continue }
            tables[locale, default: [:]].merge(StringsFile.read(path: path).entries) { first, _ in first }
        }
        for path in app.stringCatalogs {
            for (locale, entries) in catalog(path: path) { tables[locale, default: [:]].merge(entries) { first, _ in first } }
        }
        return tables
    }

    static func baseName(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// A String Catalog's texts by language: each key's `stringUnit` value (plural and device
    /// variations are left out).
    static func catalog(path: String) -> [String: [String: String]] {
        guard let data = FileManager.default.contents(atPath: path),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let strings = root["strings"] as? [String: Any] else { return [:] }
        var out: [String: [String: String]] = [:]
        for (key, entry) in strings {
            let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any] ?? [:]
            for (locale, value) in localizations {
                guard let unit = (value as? [String: Any])?["stringUnit"] as? [String: Any], let text = unit["value"] as? String else { continue }
                out[AppFolder.languageCode(locale), default: [:]][key] = text
            }
        }
        return out
    }

    /// The scene with `look`'s texts for its code-given texts, nil when none has one.
    static func translated(_ scene: Scene, _ look: (String) -> String?) -> Scene? {
        var copy = scene
        var changed = false
        func swap(_ text: inout String?) {
            guard let key = text, let value = look(key), value != key else { return }
            text = value
            changed = true
        }
        func items(_ list: inout [BarButtonItemSpec]) { for k in list.indices { swap(&list[k].title) } }
        swap(&copy.title)
        swap(&copy.navigationItem.title)
        if var item = copy.tabBarItem {
            swap(&item.title)
            copy.tabBarItem = item
        }
        items(&copy.navigationItem.leftBarButtonItems)
        items(&copy.navigationItem.rightBarButtonItems)
        items(&copy.toolbarItems)
        if var alert = copy.alert {
            swap(&alert.title)
            swap(&alert.message)
            for k in alert.actions.indices {
                var title: String? = alert.actions[k].title
                swap(&title)
                alert.actions[k].title = title ?? ""
            }
            copy.alert = alert
        }
        return changed ? copy : nil
    }
}
