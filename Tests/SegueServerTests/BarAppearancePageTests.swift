import SegueAssets
import SegueCore
import SegueAppFolder
@testable import SegueHTML
import SegueStoryboard
import Testing

/// Bar appearances on pages: the standard look's and the scroll-edge look's properties reach
/// the bars' style rules, and bars with a scroll-edge look carry the class that shows it.
@Suite("Bar appearance pages")
struct BarAppearancePageTests {
    static func page(traits: Traits = .phonePortrait) throws -> String {
        let storyboard = try StoryboardImporter.load(path: repositoryRoot + "/Tests/Fixtures/bar-appearances.storyboard")
        let window = Window(id: "bars", storyboard: storyboard, traits: traits)
        try window.launch()
        let catalog = ResourceCatalog()
        let html = String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
        return StyleRules.inline(html, AppStyleRules.css(for: storyboard, catalog: catalog))
    }

    static func tag(_ html: String, _ opening: String) throws -> String {
        let start = try #require(html.range(of: opening))
        return String(html[start.lowerBound...].prefix { $0 != ">" })
    }

    @Test func theNavigationBarStartsInItsScrollEdgeLook() throws {
        let html = try Self.page()
        let bar = try Self.tag(html, "<header class=\"navbar")
        #expect(bar.contains("has-edge-look") && !bar.contains("is-scrolled"))
        // Standard: thin material (blurred, translucent, light or dark), red hairline, Georgia title.
        #expect(bar.contains("--bar-background:light-dark(rgba(249,249,249,0.6),rgba(29,29,29,0.6))"))
        #expect(bar.contains("--bar-filter:saturate(180%) blur(15px)"))
        #expect(bar.contains("--bar-shadow:rgb(255 0 0)"))
        #expect(bar.contains("--bar-title-font-size:19px") && bar.contains("--bar-title:rgb(0 0 255)"))
        // Scroll edge: transparent, no blur, no hairline, orange title.
        #expect(bar.contains("--edge-bar-background:transparent;--edge-bar-filter:none;--edge-bar-shadow:transparent;"))
        #expect(bar.contains("--edge-bar-title:rgb(255 128 0)"))
    }

    @Test func theTabBarDrawsItsOpaqueAndMaterialLooks() throws {
        let html = try Self.page()
        let bar = try Self.tag(html, "<nav class=\"tabbar")
        #expect(bar.contains("has-edge-look"))
        #expect(bar.contains("--bar-background:rgb(0 128 0);--bar-filter:none;--bar-shadow:var(--separator);"))
        #expect(bar.contains("--edge-bar-background:rgba(29,29,29,0.94);--edge-bar-filter:saturate(180%) blur(20px);--edge-bar-shadow:transparent;"))
    }

    @Test func theToolbarDrawsItsAppearances() throws {
        let html = try Self.page()
        let bar = try Self.tag(html, "<div class=\"toolbar")
        #expect(bar.contains("has-edge-look"))
        #expect(bar.contains("--bar-background:rgb(255 255 0);--bar-filter:none;--bar-shadow:rgb(0 0 255);"))
        #expect(bar.contains("--edge-bar-background:rgba(29,29,29,0.35);--edge-bar-filter:saturate(180%) blur(10px);"))
        // At compact height its compact appearance: transparent, no hairline.
        let landscape = try Self.tag(try Self.page(traits: Traits(width: 844, height: 390)), "<div class=\"toolbar")
        #expect(landscape.contains("--bar-background:transparent;--bar-filter:none;--bar-shadow:transparent;"))
    }

    @Test func aPhoneInLandscapeDrawsTheCompactAppearance() throws {
        let html = try Self.page(traits: Traits(width: 844, height: 390))
        #expect(html.contains("<body class=\"idiom-phone width-compact height-compact"))
        let bar = try Self.tag(html, "<header class=\"navbar")
        // The compact appearance replaces the standard one: opaque purple, no blur.
        #expect(bar.contains("--bar-background:rgb(128 0 128);--bar-filter:none;"))
        #expect(!bar.contains("blur(15px)"))
        // No compact scroll-edge appearance: the scroll-edge one stays.
        #expect(bar.contains("has-edge-look") && bar.contains("--edge-bar-background:transparent;"))
        // A tab bar has no compact appearance in UIKit: its standard look stays.
        let tabs = try Self.tag(html, "<nav class=\"tabbar")
        #expect(tabs.contains("--bar-background:rgb(0 128 0);--bar-filter:none;"))
    }

    @Test func portraitAndPadsKeepTheStandardAppearance() throws {
        for traits in [Traits.phonePortrait, .padLandscape] {
            let html = try Self.page(traits: traits)
            #expect(!html.contains("height-compact"))
            #expect(try Self.tag(html, "<header class=\"navbar").contains("blur(15px)"))
        }
    }

    @Test func compactHeightFallsBackAsUIKitDoes() {
        var standard = BarAppearance(), edge = BarAppearance(), compact = BarAppearance(), compactEdge = BarAppearance()
        standard.material = "standard"
        edge.material = "edge"
        compact.material = "compact"
        compactEdge.material = "compactEdge"
        var look = ViewAppearance()
        look.standardBar = standard
        look.scrollEdgeBar = edge
        #expect(look.compactHeight.standardBar == standard && look.compactHeight.scrollEdgeBar == edge)
        look.compactBar = compact
        look.compactScrollEdgeBar = compactEdge
        #expect(look.compactHeight.standardBar == compact && look.compactHeight.scrollEdgeBar == compactEdge)
    }

    @Test func materialsMapToTranslucentBlurredBackgrounds() {
        #expect(AppStyleRules.material(nil).background == "var(--bar-background)")
        #expect(AppStyleRules.material("systemUltraThinMaterialLight") == ("rgba(249,249,249,0.35)", "saturate(180%) blur(10px)"))
        #expect(AppStyleRules.material("dark").background == "rgba(29,29,29,0.75)")
        #expect(AppStyleRules.material("extraLight").background == "rgba(249,249,249,0.8)")
        #expect(AppStyleRules.material("prominent").background.hasPrefix("light-dark(rgba(249,249,249,0.9)"))
    }
}

/// A bar appearance's background image: drawn from the app's art behind the bar's items; a name
/// the app has no image for draws nothing.
@Suite("Bar background images")
struct BarBackgroundImageTests {
    static func page() throws -> String {
        let app = try loadApp("BarArtApp")
        let window = Window(id: "art", storyboard: app.storyboard, traits: .phonePortrait)
        try window.launch()
        var context = PageContext(csrfToken: "t")
        context.resources = AppResources(root: appFixture("BarArtApp")).catalog
        return String(decoding: PageRenderer.render(window.screen(), context: context), as: UTF8.self)
    }

    @Test func theNavigationBarDrawsItsImageOverItsColour() throws {
        let html = try Self.page()
        let start = try #require(html.range(of: "<header class=\"navbar"))
        let bar = html[start.lowerBound...].prefix(600)
        #expect(bar.contains("<img class=\"art bar-art\"") && bar.contains("/stripe.png\""))
        // Drawn before the bar's items, so it lies behind them.
        let art = try #require(bar.range(of: "bar-art"))
        let row = try #require(bar.range(of: "navbar-row"))
        #expect(art.lowerBound < row.lowerBound)
    }

    @Test func anImageTheAppLacksDrawsNothing() throws {
        let html = try Self.page()
        let start = try #require(html.range(of: "<div class=\"toolbar"))
        let toolbar = html[start.lowerBound...].prefix(400)
        #expect(!toolbar.contains("bar-art") && !toolbar.contains("art-missing"))
        #expect(html.components(separatedBy: "bar-art").count == 2)
    }
}
