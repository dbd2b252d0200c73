import Foundation
import Logging
import SegueAssets
import SegueCore
@testable import SegueHTML
import SegueHTTP
import SegueServer
import SegueStoryboard
import Testing
import SegueTestSupport

/// The app's own art, colours and fonts: read from an app folder (`SegueAssets`), served under
/// `/assets/`, and drawn on pages.
@Suite struct AppArtTests {
    static let fixture: String = try! ArtFixture.make()
    static var resources: AppResources {
        var r = AppResources(root: fixture)
        r.addStylesheet(rules: AppStyleRules.css(for: try! StoryboardImporter.loadDirectory(path: fixture), catalog: r.catalog))
        return r
    }

    @Test func catalogsLooseImagesAndFontsAreRead() throws {
        let r = Self.resources
        let logo = try #require(r.catalog.image(named: "logo"))
        #expect(logo.variants(pad: false, dark: false).map(\.scale) == [1, 2, 3])
        #expect(logo.variants(pad: false, dark: true).count == 1 && logo.hasDark)
        #expect(logo.variants(pad: true, dark: false).first?.idiom == "ipad")
        #expect(r.catalog.image(named: "star-template")?.isTemplate == true)
        #expect(r.catalog.image(named: "vector")?.isVector == true)
        // Loose files: suffixes and extensions fold into one name.
        let arrow = try #require(r.catalog.image(named: "arrow-left.png"))
        #expect(arrow.variants(pad: false, dark: false).map(\.scale) == [1, 2])
        #expect(r.catalog.image(named: "banner")?.variants(pad: true, dark: false).first?.idiom == "ipad")
        // Colour set: 0xFF and 0.5 and 0–255 components, light and dark.
        let brand = try #require(r.catalog.colors["Brand"])
        #expect(brand.light == RGBA(red: 1, green: 0.5, blue: 0) && brand.dark?.red == 10.0 / 255)
        // A font found by its PostScript name though its file is named otherwise.
        let font = try #require(r.catalog.font(named: "FixtureSans-Bold"))
        #expect(font.family == "Fixture Sans" && font.weight == 700 && font.url.hasSuffix("/weird-name.ttf"))
        #expect(r.catalog.appIconURL != nil)
        #expect(FontNameTable.names([0, 1, 0, 0, 0, 9]) == nil)
    }

    @Test func malformedContentsIsACodedProblemNotACrash() {
        let problems = Self.resources.problems
        #expect(problems.contains { $0.code == .malformedContents && $0.path.contains("broken.imageset") })
        // Xcode's template accent colour defines none: no problem; a colour that cannot be read is one.
        #expect(!problems.contains { $0.path.contains("AccentColor.colorset") })
        #expect(problems.contains { $0.code == .malformedContents && $0.path.contains("Unreadable.colorset") })
        #expect(Self.resources.catalog.image(named: "HackTheBox") != nil && !problems.contains { $0.path.contains("HackTheBox") })
        #expect(Self.resources.catalog.image(named: "broken") == nil)
    }

    @Test func pdfBecomesSVGWhenPopplerIsInstalled() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftocairo") else {
            note("AppArtTests: pdftocairo absent; PDF conversion not checked")
            return
        }
        let paper = try #require(Self.resources.catalog.image(named: "paper"))
        #expect(paper.isVector && paper.variants.first?.url.hasSuffix(".svg") == true)
        let note = try #require(Self.resources.catalog.image(named: "note"))
        #expect(note.isVector && note.variants.first?.url != paper.variants.first?.url)
        #expect(Self.resources.catalog.image(named: "skin") == nil)
    }

    @Test func symbolsMapAtLeastThreeHundredNames() {
        #expect(SymbolSet.mappedNameCount >= 300)
        guard FileManager.default.fileExists(atPath: SymbolSet.defaultDirectory) else {
            note("AppArtTests: bootstrap-icons absent; symbol files not checked")
            return
        }
        let symbols = Self.resources.catalog.symbols
        #expect(symbols.glyphs.count >= 300)
        #expect(symbols.glyph("gear") != nil && symbols.glyph("star.circle.fill") != nil)
        #expect(symbols.glyph("no.such.symbol.anywhere") == nil)
    }

    // MARK: Serving

    static func app() -> SegueApp {
        var configuration = SegueApp.Configuration()
        configuration.resources = resources
        let storyboard = try! StoryboardImporter.loadDirectory(path: fixture)
        return SegueApp(storyboard: storyboard, assets: StaticAssets(directory: nil), configuration: configuration,
                        logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    @Test func assetsAreServedImmutableWithETagsAndCompressedSVG() throws {
        let app = Self.app()
        let url = try #require(Self.resources.catalog.image(named: "logo")?.variants.first?.url)
        let response = app.respond(to: HTTPRequest(method: .GET, path: url))
        #expect(response.status == 200)
        #expect(response.header("content-type") == "image/png")
        #expect(response.header("cache-control")?.contains("immutable") == true)
        let etag = try #require(response.header("etag"))
        #expect(url.contains(etag.replacingOccurrences(of: "\"", with: "")))
        let again = app.respond(to: HTTPRequest(method: .GET, path: url, headers: [("if-none-match", etag)]))
        #expect(again.status == 304)
        let sheet = try #require(Self.resources.catalog.stylesheetURL)
        let css = String(decoding: app.respond(to: HTTPRequest(method: .GET, path: sheet)).body, as: UTF8.self)
        #expect(css.contains("--app-color-Brand:rgb(255 128 0)") && css.contains("@font-face") && css.contains("FixtureSans-Bold"))
    }

    @Test func theAppIconShowsOnTheMapAndTheScenesList() throws {
        let app = Self.app()
        let icon = try #require(Self.resources.catalog.appIconURL)
        for path in ["/map", "/scenes"] {
            let html = String(decoding: app.respond(to: HTTPRequest(method: .GET, path: path)).body, as: UTF8.self)
            #expect(html.contains("<img class=\"app-icon\" src=\"\(icon)\""), "\(path)")
            #expect(html.contains("<link rel=\"icon\" href=\"\(icon)\""), "\(path)")
        }
        #expect(app.respond(to: HTTPRequest(method: .GET, path: icon)).status == 200)
    }

    @Test func pathsOutsideTheAppAreNeverServed() {
        let app = Self.app()
        // The symbolic link to a file outside the folder was not loaded.
        #expect(Self.resources.catalog.image(named: "escape") == nil)
        #expect(!Self.resources.files.files.values.contains { $0.bytes == Array("secret".utf8) })
        for path in ["/assets/../etc/passwd", "/assets/0000000000000000/../../Info.plist", "/assets/%2e%2e/secret.png",
                     "/assets/", "/assets/0123456789abcdef/logo.png", "/assets//etc/passwd"] {
            #expect(app.respond(to: HTTPRequest(method: .GET, path: path)).status == 404, "\(path)")
        }
        #expect(app.respond(to: HTTPRequest(method: .POST, path: Self.resources.files.files.keys.first!)).status == 405)
    }

    // MARK: Pages

    static func page(pad: Bool = false) throws -> String {
        let storyboard = try StoryboardImporter.loadDirectory(path: fixture)
        let window = Window(id: "art", storyboard: storyboard, traits: pad ? .padLandscape : .phonePortrait)
        try window.launch()
        let r = resources
        var context = PageContext(csrfToken: "t")
        context.resources = r.catalog
        let html = String(decoding: PageRenderer.render(window.screen(), context: context), as: UTF8.self)
        let sheet = String(decoding: r.files.file(at: r.catalog.stylesheetURL!)!.bytes, as: UTF8.self)
        return StyleRules.inline(html, sheet)
    }

    @Test func imagesReachPagesWithDensitiesDarkAndTemplates() throws {
        let html = try Self.page()
        #expect(html.contains("srcset=\"") && html.contains(" 2x, ") && html.contains(" 3x\""))
        #expect(html.contains("art-dark"))
        #expect(html.contains("art-mask") && html.contains("--art-tint:var(--sys-systemRedColor"))
        #expect(html.contains("vector.svg"))
        #expect(html.contains(Self.resources.catalog.stylesheetURL!))
        // The symbol, bold (weight) and large (scale).
        #expect(html.contains("-bold.svg") && html.contains("art-symbol-large"))
        let padHTML = try Self.page(pad: true)
        #expect(padHTML.contains("logo_ipad.png"))
    }

    @Test func buttonsShowTheirStateImagesAndLabelsShrinkToFit() throws {
        let storyboard = try StoryboardImporter.loadDirectory(path: Self.fixture)
        let view = try #require(storyboard.orderedScenes.first { $0.id == "home" }?.view)
        let disabled = try #require(view.first { $0.id == "btn3" })
        #expect(PageBuilder.buttonImages(disabled).shown == "paper" && PageBuilder.buttonImages(disabled).pressed == nil)
        let pressable = try #require(view.first { $0.id == "btn4" })
        #expect(PageBuilder.buttonImages(pressable).shown == "logo" && PageBuilder.buttonImages(pressable).pressed == "vector")
        let html = try Self.page()
        #expect(html.contains("button-unpressed") && html.contains("button-pressed"))
        // A titled button's background image lies behind its image and title, all its own.
        let layered = try #require(view.first { $0.id == "btn5" })
        #expect(PageBuilder.buttonImages(layered) == .init(image: "paper", pressedImage: nil, background: "logo", pressedBackground: "vector"))
        let face = try #require(html.range(of: "data-item=\"btn5\"").map { String(html[$0.upperBound...].prefix(2_000)) })
        let background = try #require(face.range(of: "button-background button-unpressed"))
        let image = try #require(face.range(of: "button-image"))
        let title = try #require(face.range(of: "<span class=\"button-title\">Help</span>"))
        #expect(background.lowerBound < image.lowerBound && image.lowerBound < title.lowerBound)
        #expect(face.contains("button-background button-pressed"))
        // A custom button (no buttonType) with no title colour has UIKit's white title; a
        // system button keeps the tint.
        #expect(layered.appearance?.textColor == .components(red: 1, green: 1, blue: 1, alpha: 1, space: "sRGB"))
        #expect(view.first { $0.id == "btn1" }?.appearance?.textColor == nil)
        // minimumFontSize 11 of a 22-point font: half its size at least.
        #expect(html.contains("data-fit=\"0.5\""))
        let fit = try #require(view.first { $0.id == "lbl5" }?.appearance)
        #expect(PageBuilder.fitScale(fit) == 0.5)
        let plain = try #require(view.first { $0.id == "lbl1" }?.appearance)
        #expect(PageBuilder.fitScale(plain) == nil)
    }

    @Test func imageNamesNeverShowAsText() throws {
        let html = try Self.page()
        for name in ["arrow-left", "arrow-left.png", "preferences.png", "no-such-art", "logo", "gear"] {
            #expect(!html.contains(">\(name)<"), "\(name) shown as text")
        }
        #expect(html.contains("aria-label=\"Settings\""))
        #expect(html.contains("aria-label=\"No such art\"") && html.contains("art-missing"))
        // A bar item with a title and an image shows the image; the title names it.
        #expect(!html.contains(">Go home<") && html.contains("aria-label=\"Go home\""))
    }

    @Test func coloursFontsAndTextSettingsReachPages() throws {
        let html = try Self.page()
        #expect(html.contains("color:var(--app-color-Brand)"))
        #expect(html.contains("--tint:rgb(0 128 0)"))
        #expect(html.contains("background-color:var(--sys-systemBackgroundColor"))
        #expect(html.contains("rgb(128 128 128 / 0.5)"))
        #expect(html.contains("color(display-p3 1 0 0 / 1)"))
        #expect(html.contains("font-family:&quot;FixtureSans-Bold&quot;"))
        #expect(html.contains("font-size:17px;font-weight:600"))
        #expect(html.contains("font-size:17px;") && html.contains("-webkit-line-clamp:2"))
        // A font without its file falls back to the system's sans-serif, never Times.
        #expect(html.contains("&quot;NoSuchFont-Regular&quot;,&quot;No Such Font&quot;,var(--font)"))
        // The bar: black style, bar tint and tint.
        #expect(html.contains("app-bar-black") && html.contains("--bar-background:rgb(26 51 77)"))
    }
}

/// Puts the app stylesheet's rules back on the elements that name them (`data-style="KEY"` →
/// ` style="…"`, `data-art="KEY"` → the mask's image), so tests read a page as it is drawn.
enum StyleRules {
    static func rules(_ sheet: String) -> [String: String] {
        var map: [String: String] = [:]
        for line in sheet.split(separator: "\n") {
            for marker in ["[data-style=\"", "[data-art=\""] {
                guard let start = line.range(of: marker), let open = line.range(of: "{", range: start.upperBound..<line.endIndex) else { continue }
                let key = line[start.upperBound...].prefix { $0 != "\"" }
                map[String(marker.contains("art") ? "a" : "s") + key] = String(line[open.upperBound...].dropLast())
            }
        }
        return map
    }

    static func inline(_ html: String, _ sheet: String) -> String {
        let map = rules(sheet)
        var out = html
        for (key, block) in map {
            let attribute = key.hasPrefix("a") ? " data-art=\"\(key.dropFirst())\"" : " data-style=\"\(key.dropFirst())\""
            let escaped = block.replacingOccurrences(of: "\"", with: "&quot;")
            out = out.replacingOccurrences(of: attribute, with: " style=\"\(escaped)\"")
        }
        return out
    }
}
