import Foundation
import SegueCore
import SegueStoryboard

/// An app's translations of its interface: for each language, the `xx.lproj/NAME.strings` of
/// its storyboards and xibs (keys `OBJECTID.property`: `text`, `title`, `normalTitle`,
/// `placeholder`, `segmentTitles[N]`) and the texts of xibs localized per `.lproj` without a
/// Base copy. Scenes that change are stored in `Storyboard.localizedScenes`.
enum AppStrings {
    static func localize(_ storyboard: inout Storyboard, app: AppFolder, nibs: [NibFile]) {
        storyboard.developmentRegion = app.developmentRegion
        storyboard.locales = app.locales
        var tables: [String: [String: String]] = [:]
        let interfaceNames = Set((app.storyboards + app.xibs).map { ((($0 as NSString).lastPathComponent) as NSString).deletingPathExtension })
        for path in app.strings {
            guard let locale = AppFolder.lproj(of: path), locale != "Base",
                  interfaceNames.contains(((path as NSString).lastPathComponent as NSString).deletingPathExtension) else { continue }
            let (entries, problem) = StringsFile.read(path: path)
            if let problem { storyboard.diagnostics.append(problem) }
            tables[locale, default: [:]].merge(entries) { first, _ in first }
        }
        let baseXibs = Set(nibs.map(\.file))
        for path in app.xibs where !baseXibs.contains(path) {
            guard let locale = AppFolder.lproj(of: path), locale != "Base", let nib = try? XibImporter.load(path: path) else { continue }
            var entries: [String: String] = [:]
            for scene in nib.scenes { texts(of: scene, into: &entries) }
            tables[locale, default: [:]].merge(entries) { first, _ in first }
        }
        // Storyboards localized per `.lproj` with no Base copy (`fr.lproj/Main.storyboard`).
        let baseStoryboards = Set(AppLoader.baseFiles(app.storyboards, app: app))
        for path in app.storyboards where !baseStoryboards.contains(path) {
            guard let locale = AppFolder.lproj(of: path), locale != "Base", let other = try? StoryboardImporter.load(path: path) else { continue }
            var entries: [String: String] = [:]
            for scene in other.orderedScenes { texts(of: scene, into: &entries) }
            tables[locale, default: [:]].merge(entries) { first, _ in first }
        }
        for (locale, table) in tables where locale != app.developmentRegion && !table.isEmpty {
            var scenes: [String: Scene] = [:]
            for (id, scene) in storyboard.scenes {
                if let changed = translated(scene, table) { scenes[id] = changed }
            }
            for (id, scene) in storyboard.padScenes {
                if let changed = translated(scene, table) { scenes[id + "~ipad"] = changed }
            }
            if !scenes.isEmpty { storyboard.localizedScenes[locale] = scenes }
        }
    }

    /// The scene with `table`'s strings, nil when none applies.
    static func translated(_ scene: Scene, _ table: [String: String]) -> Scene? {
        var copy = scene
        var changed = false
        func look(_ id: String?, _ property: String) -> String? {
            guard let id, let value = table["\(id).\(property)"] else { return nil }
            changed = true
            return value
        }
        func items(_ list: inout [BarButtonItemSpec]) {
            for i in list.indices { if let t = look(list[i].id, "title") { list[i].title = t } }
        }
        if let t = look(copy.navigationItem.id, "title") {
            copy.navigationItem.title = t
            if copy.title == scene.navigationItem.title { copy.title = t }
        }
        if let t = look(copy.navigationItem.id, "prompt") { copy.navigationItem.prompt = t }
        items(&copy.navigationItem.leftBarButtonItems)
        items(&copy.navigationItem.rightBarButtonItems)
        items(&copy.toolbarItems)
        if let item = copy.tabBarItem, let t = look(item.id, "title") { copy.tabBarItem?.title = t }
        for i in copy.view.indices { translate(&copy.view[i], look) }
        return changed ? copy : nil
    }

    static func translate(_ node: inout ViewNode, _ look: (String?, String) -> String?) {
        if let t = look(node.id, "text") ?? look(node.id, "normalTitle") ?? look(node.id, "title") { node.text = t }
        if let p = look(node.id, "placeholder") { node.placeholder = p }
        for i in node.segments.indices { if let s = look(node.id, "segmentTitles[\(i)]") { node.segments[i] = s } }
        for i in node.children.indices { translate(&node.children[i], look) }
        for s in node.sections.indices {
            for r in node.sections[s].rows.indices {
                for c in node.sections[s].rows[r].content.indices { translate(&node.sections[s].rows[r].content[c], look) }
            }
        }
    }

    /// The texts of a scene as strings-table entries (for xibs localized per `.lproj`).
    static func texts(of scene: Scene, into entries: inout [String: String]) {
        func add(_ id: String?, _ property: String, _ value: String?) {
            if let id, let value { entries["\(id).\(property)"] = value }
        }
        add(scene.navigationItem.id, "title", scene.navigationItem.title)
        for item in scene.navigationItem.leftBarButtonItems + scene.navigationItem.rightBarButtonItems + scene.toolbarItems {
            add(item.id, "title", item.title)
        }
        add(scene.tabBarItem?.id, "title", scene.tabBarItem?.title)
        func visit(_ node: ViewNode) {
            add(node.id, node.kind == .button ? "normalTitle" : "text", node.text)
            add(node.id, "placeholder", node.placeholder)
            node.children.forEach(visit)
            for section in node.sections { for row in section.rows { row.content.forEach(visit) } }
        }
        scene.view.forEach(visit)
    }
}
