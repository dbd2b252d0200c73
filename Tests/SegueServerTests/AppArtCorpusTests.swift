import Foundation
import SegueAssets
import SegueCore
import SegueHTML
import SegueServer
@testable import SegueStoryboard
import Testing
import SegueTestSupport

/// What one app's pages show of its art: image names that resolve in its files and how many of
/// them show as real images, names shown as text, named colours and custom fonts drawn.
struct AppArtMeasure: CustomStringConvertible {
    var app: String
    var scenes = 0, rendered = 0
    var imageNames: Set<String> = [], resolving: Set<String> = [], shown: Set<String> = []
    var asText: Set<String> = []
    var colorNames: Set<String> = [], colorsDefined: Set<String> = [], colorsDrawn: Set<String> = []
    var fontNames: Set<String> = [], fontsFound: Set<String> = [], fontsDrawn: Set<String> = []

    var description: String {
        "| \(app) | \(rendered)/\(scenes) | \(imageNames.count) | \(resolving.count) | \(shown.count) | \(asText.count) "
            + "| \(colorsDrawn.count)/\(colorsDefined.count) (\(colorNames.count)) | \(fontsDrawn.count)/\(fontsFound.count) (\(fontNames.count)) |"
    }

    /// Every scene of the app rendered alone (phone, light), the names its documents use, and
    /// which of them the pages draw.
    static func measure(app: String, path: String) -> AppArtMeasure? {
        guard let storyboard = try? StoryboardImporter.loadDirectory(path: path) else { return nil }
        var m = AppArtMeasure(app: app)
        var resources = AppResources(root: path)
        resources.addStylesheet(rules: AppStyleRules.css(for: storyboard, catalog: resources.catalog))
        let sheet = resources.catalog.stylesheetURL.flatMap { resources.files.file(at: $0) }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        var context = PageContext(csrfToken: "t")
        context.resources = resources.catalog
        var html = ""
        for scene in storyboard.scenes.values.sorted(by: { $0.id < $1.id }).prefix(400) {
            m.scenes += 1
            var single = storyboard
            single.initialViewController = scene.id
            let window = Window(id: "m", storyboard: single)
            guard (try? window.launch()) != nil else { continue }
            m.rendered += 1
            html += String(decoding: PageRenderer.render(window.screen(), context: context), as: UTF8.self)
        }
        html = StyleRules.inline(html, sheet)
        var texts: Set<String> = []
        for scene in storyboard.scenes.values { DocumentNames.collect(scene, into: &m, texts: &texts) }
        let catalog = resources.catalog
        for name in m.imageNames {
            if let image = catalog.image(named: name) {
                m.resolving.insert(name)
                if image.variants.contains(where: { html.contains($0.url) }) { m.shown.insert(name) }
            }
            if !texts.contains(name), html.contains(">" + escaped(name) + "<") { m.asText.insert(name) }
        }
        for name in m.colorNames where catalog.colors[name] != nil {
            m.colorsDefined.insert(name)
            if html.contains("var(\(AppStylesheet.colorVariable(name)))") { m.colorsDrawn.insert(name) }
        }
        for name in m.fontNames where catalog.font(named: name) != nil {
            m.fontsFound.insert(name)
            if html.contains("&quot;\(escaped(name))&quot;") { m.fontsDrawn.insert(name) }
        }
        return m
    }

    static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }
}

/// The names a storyboard's scenes use: images, named colours, fonts, and its texts (a name that
/// is also a title is not a leak when it shows).
enum DocumentNames {
    static func collect(_ scene: Scene, into m: inout AppArtMeasure, texts: inout Set<String>) {
        func look(_ a: ViewAppearance?) {
            guard let a else { return }
            for c in [a.backgroundColor, a.textColor, a.tintColor] { if case .named(let n, _)? = c { m.colorNames.insert(n) } }
            if let font = a.font?.name { m.fontNames.insert(font) }
            if let b = a.backgroundImage { m.imageNames.insert(b) }
        }
        func node(_ n: ViewNode) {
            if let i = n.image { m.imageNames.insert(i) }
            if let t = n.text { texts.insert(t) }
            look(n.appearance)
            n.children.forEach(node)
            for section in n.sections { for row in section.rows { self.row(row, &m, &texts); row.content.forEach(node) } }
        }
        scene.view.forEach(node)
        look(scene.viewAppearance)
        look(scene.barAppearance)
        let items = scene.navigationItem.leftBarButtonItems + scene.navigationItem.rightBarButtonItems + scene.toolbarItems
            + [scene.navigationItem.backBarButtonItem].compactMap { $0 }
        for item in items {
            if let i = item.image { m.imageNames.insert(i) }
            if let t = item.title, t != item.image { texts.insert(t) }
            if case .named(let n, _)? = item.tintColor { m.colorNames.insert(n) }
        }
        if let tab = scene.tabBarItem {
            if let i = tab.image { m.imageNames.insert(i) }
            if let t = tab.title { texts.insert(t) }
        }
        if let t = scene.title { texts.insert(t) }
    }

    static func row(_ row: TableRow, _ m: inout AppArtMeasure, _ texts: inout Set<String>) {
        if let i = row.image { m.imageNames.insert(i) }
        if let t = row.text { texts.insert(t) }
        if let d = row.detail { texts.insert(d) }
    }
}

/// The shared real apps (third-party: read in place, never copied), measured as
/// `docs/app-corpus-report.md` records: `swift test --filter AppArtCorpusTests`.
@Suite struct AppArtCorpusTests {
    static let directory = SharedFolder.apps

    @Test func appsShowTheirOwnArtColoursAndFonts() throws {
        guard FileManager.default.fileExists(atPath: Self.directory) else {
            note("AppArtCorpusTests: apps absent at \(Self.directory); skipped")
            return
        }
        let apps = ((try? FileManager.default.contentsOfDirectory(atPath: Self.directory)) ?? []).sorted()
            .filter { var d: ObjCBool = false; return FileManager.default.fileExists(atPath: Self.directory + "/" + $0, isDirectory: &d) && d.boolValue }
        var total = AppArtMeasure(app: "**all**")
        var lines = ["| app | scenes rendered | image names | resolving in the app | shown as images | names as text | named colours drawn/defined (referenced) | custom fonts drawn/found (referenced) |",
                     "|---|---|---|---|---|---|---|---|"]
        for app in apps {
            guard let m = AppArtMeasure.measure(app: app, path: Self.directory + "/" + app) else { continue }
            lines.append(m.description)
            total.scenes += m.scenes; total.rendered += m.rendered
            total.imageNames.formUnion(m.imageNames.map { app + "/" + $0 }); total.resolving.formUnion(m.resolving.map { app + "/" + $0 })
            total.shown.formUnion(m.shown.map { app + "/" + $0 }); total.asText.formUnion(m.asText.map { app + "/" + $0 })
            total.colorNames.formUnion(m.colorNames.map { app + "/" + $0 }); total.colorsDefined.formUnion(m.colorsDefined.map { app + "/" + $0 })
            total.colorsDrawn.formUnion(m.colorsDrawn.map { app + "/" + $0 }); total.fontNames.formUnion(m.fontNames.map { app + "/" + $0 })
            total.fontsFound.formUnion(m.fontsFound.map { app + "/" + $0 }); total.fontsDrawn.formUnion(m.fontsDrawn.map { app + "/" + $0 })
        }
        lines.append(total.description)
        let shownShare = total.resolving.isEmpty ? 100 : 100 * Double(total.shown.count) / Double(total.resolving.count)
        lines.append("")
        lines.append("Resolving image names shown as images: \(total.shown.count) of \(total.resolving.count) (\(String(format: "%.1f", shownShare))%).")
        lines.append("Image or symbol names shown as text: \(total.asText.count)\(total.asText.isEmpty ? "" : ": " + total.asText.sorted().joined(separator: ", ")).")
        lines.append("Not shown: \(total.resolving.subtracting(total.shown).sorted().prefix(30).joined(separator: ", "))")
        let report = lines.joined(separator: "\n")
        try? FileManager.default.createDirectory(atPath: repositoryRoot + "/artifacts", withIntermediateDirectories: true)
        try? report.write(toFile: repositoryRoot + "/artifacts/app-art-report.md", atomically: true, encoding: .utf8)
        note(report)
        #expect(total.asText.isEmpty, "image names shown as text: \(total.asText.sorted())")
        #expect(shownShare >= 95)
    }
}
