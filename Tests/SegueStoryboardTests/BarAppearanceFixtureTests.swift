import SegueCore
import SegueTestSupport
import Testing
@testable import SegueStoryboard

/// The `UIBarAppearance`s of `Tests/Fixtures/bar-appearances.storyboard`: configurations,
/// blur materials, hairlines and title text attributes of each key.
@Suite("Bar appearance fixture import")
struct BarAppearanceFixtureTests {
    static func storyboard() throws -> Storyboard {
        try StoryboardImporter.load(path: SharedFolder.repositoryRoot + "/Tests/Fixtures/bar-appearances.storyboard")
    }

    @Test func navigationBarAppearancesAreReadPerKey() throws {
        let look = try #require(try Self.storyboard()["nav"]?.barAppearance)
        let standard = try #require(look.standardBar)
        #expect(standard.background == .default && standard.material == "systemThinMaterial")
        #expect(standard.shadowColor == .components(red: 1, green: 0, blue: 0, alpha: 1, space: "sRGB") && !standard.hidesShadow)
        #expect(standard.titleFont?.name == "Georgia-Bold" && standard.titleFont?.pointSize == 19)
        #expect(standard.titleColor == .components(red: 0, green: 0, blue: 1, alpha: 1, space: "sRGB"))
        let edge = try #require(look.scrollEdgeBar)
        #expect(edge.background == .transparent && edge.hidesShadow && edge.material == nil)
        #expect(edge.titleColor == .components(red: 1, green: 0.5, blue: 0, alpha: 1, space: "sRGB"))
        #expect(look.compactBar?.background == .opaque)
        #expect(look.compactBar?.backgroundColor == .components(red: 0.5, green: 0, blue: 0.5, alpha: 1, space: "sRGB"))
        #expect(look.compactScrollEdgeBar == nil)
        // The standard appearance's title colour still stands in for the bar's own.
        #expect(look.textColor == standard.titleColor)
    }

    @Test func toolbarAppearancesAreRead() throws {
        let look = try #require(try Self.storyboard()["nav"]?.toolbarAppearance)
        #expect(look.standardBar?.background == .opaque)
        #expect(look.standardBar?.shadowColor == .components(red: 0, green: 0, blue: 1, alpha: 1, space: "sRGB"))
        #expect(look.scrollEdgeBar?.material == "systemUltraThinMaterialDark")
        #expect(look.compactBar?.background == .transparent && look.compactBar?.hidesShadow == true)
    }

    @Test func tabBarAppearancesAreRead() throws {
        let look = try #require(try Self.storyboard()["tabs"]?.barAppearance)
        #expect(look.standardBar?.background == .opaque)
        #expect(look.standardBar?.backgroundColor == .components(red: 0, green: 0.5, blue: 0, alpha: 1, space: "sRGB"))
        #expect(look.standardBar?.hidesShadow == false)
        #expect(look.scrollEdgeBar?.material == "systemChromeMaterialDark" && look.scrollEdgeBar?.hidesShadow == true)
    }

    @Test func aClearShadowColourRemovesTheHairline() throws {
        let xml = document(initial: "nav", [
            scene("nav", """
                <navigationController id="nav" sceneMemberID="viewController">
                    <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar">
                        <navigationBarAppearance key="standardAppearance" backgroundEffect="regular">
                            <color key="shadowColor" systemColor="clearColor"/>
                        </navigationBarAppearance>
                    </navigationBar>
                </navigationController>
                """),
        ].joined(separator: "\n"))
        let standard = try #require(try importString(xml)["nav"]?.barAppearance?.standardBar)
        #expect(standard.hidesShadow && standard.material == "regular")
    }

    @Test func theCompactScrollEdgeAppearanceIsRead() throws {
        let xml = document(initial: "nav", [
            scene("nav", """
                <navigationController id="nav" sceneMemberID="viewController">
                    <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar">
                        <navigationBarAppearance key="compactScrollEdgeAppearance" configureWithTransparentBackground="YES"/>
                    </navigationBar>
                </navigationController>
                """),
        ].joined(separator: "\n"))
        let look = try #require(try importString(xml)["nav"]?.barAppearance)
        #expect(look.compactScrollEdgeBar?.background == .transparent && look.compactBar == nil)
    }
}
