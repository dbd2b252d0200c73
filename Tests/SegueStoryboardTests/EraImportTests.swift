import Foundation
import SegueCore
import Testing
@testable import SegueStoryboard

/// What a storyboard says about its era, and the modern keys it carries: large titles, each
/// item's display mode, modal in presentation.
@Suite("Era import")
struct EraImportTests {
    static func xml(tools: String, deployment: String? = nil, runtime: String = "iOS.CocoaTouch") -> String {
        let dependencies = deployment.map { "<dependencies><deployment version=\"\($0)\" identifier=\"iOS\"/></dependencies>" } ?? ""
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\(tools)" targetRuntime="\(runtime)" initialViewController="nav">
            \(dependencies)
            <scenes>
        \(scene("nav", """
                <navigationController id="nav" sceneMemberID="viewController">
                    <navigationBar key="navigationBar" contentMode="scaleToFill" largeTitles="YES" id="bar"/>
                    <connections>
                        <segue destination="home" kind="relationship" relationship="rootViewController" id="rel1"/>
                    </connections>
                </navigationController>
        """))
        \(scene("home", """
                <viewController id="home" modalInPresentation="YES" sceneMemberID="viewController">
                    <navigationItem key="navigationItem" title="Home" largeTitleDisplayMode="never" id="item"/>
                </viewController>
        """))
            </scenes>
        </document>
        """
    }

    @Test(arguments: [
        ("14490.70", nil, UIKitEra.ios7), ("21701", nil, .modern), ("14490", "4864", .modern),
        ("14490", "1792", .ios7), ("17701", "2304", .modern),
    ] as [(String, String?, UIKitEra)])
    func toolsAndDeploymentDecide(tools: String, deployment: String?, era: UIKitEra) throws {
        let board = try importString(Self.xml(tools: tools, deployment: deployment))
        #expect(board.era == era)
        #expect(!board.eraReason.isEmpty)
    }

    @Test func modernKeysAreImported() throws {
        let board = try importString(Self.xml(tools: "21701"))
        #expect(board["nav"]?.prefersLargeTitles == true)
        #expect(board["home"]?.navigationItem.largeTitleDisplayMode == .never)
        #expect(board["home"]?.isModalInPresentation == true)
    }

    @Test func appleTVKeepsTheClassicRules() throws {
        #expect(try importString(Self.xml(tools: "21701", runtime: "AppleTV")).era == .ios7)
    }
}

@Suite("Bar appearance import")
struct BarAppearanceImportTests {
    @Test func aStandardAppearanceGivesTheBarItsBackgroundAndTitleColour() throws {
        let xml = document(initial: "nav", [
            scene("nav", """
                <navigationController id="nav" sceneMemberID="viewController">
                    <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar">
                        <navigationBarAppearance key="standardAppearance">
                            <color key="backgroundColor" red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                            <textAttributes key="titleTextAttributes">
                                <color key="textColor" white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                            </textAttributes>
                        </navigationBarAppearance>
                    </navigationBar>
                    <connections>
                        <segue destination="home" kind="relationship" relationship="rootViewController" id="rel1"/>
                    </connections>
                </navigationController>
                """),
            scene("home", #"<viewController id="home" sceneMemberID="viewController"/>"#),
        ].joined(separator: "\n"))
        let look = try #require(try importString(xml)["nav"]?.barAppearance)
        #expect(look.backgroundColor != nil)
        #expect(look.textColor != nil)
    }
}
