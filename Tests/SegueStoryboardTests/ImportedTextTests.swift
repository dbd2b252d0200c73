import Testing
import SegueCore
@testable import SegueStoryboard

/// Text as Interface Builder writes it: long titles as child strings, read-only text views (the
/// storyboard also has cells with accessory-button segues, for `CellAccessoryTests`).
@Suite struct ImportedTextTests {
    static let xml = document(initial: "list", [
        scene("list", """
            <tableViewController id="list" sceneMemberID="viewController">
                <tableView key="view" dataMode="static" style="grouped" id="tbl">
                    <sections>
                        <tableViewSection id="sec1">
                            <string key="headerTitle">Places</string>
                            <string key="footerTitle">Tap the info button for a place's details.</string>
                            <cells>
                                <tableViewCell style="IBUITableViewCellStyleDefault" accessoryType="detailButton" textLabel="l1" id="info">
                                    <tableViewCellContentView key="contentView" id="cc1"><subviews><label text="Harbour" id="l1"/></subviews></tableViewCellContentView>
                                    <connections><segue destination="details" kind="show" identifier="showDetails" trigger="accessoryAction" id="sgA"/></connections>
                                </tableViewCell>
                                <tableViewCell style="IBUITableViewCellStyleDefault" accessoryType="detailDisclosureButton" textLabel="l2" id="both">
                                    <tableViewCellContentView key="contentView" id="cc2"><subviews><label text="Beach" id="l2"/></subviews></tableViewCellContentView>
                                    <connections>
                                        <segue destination="details" kind="show" identifier="showDetails2" trigger="accessoryAction" id="sgB"/>
                                        <segue destination="map" kind="show" identifier="showMap" id="sgC"/>
                                    </connections>
                                </tableViewCell>
                            </cells>
                        </tableViewSection>
                    </sections>
                </tableView>
                <navigationItem key="navigationItem" id="ni"><string key="title">Places &amp; more</string></navigationItem>
            </tableViewController>
            """),
        scene("details", """
            <viewController id="details" title="Details" sceneMemberID="viewController">
                <view key="view" id="dv">
                    <subviews>
                        <textView editable="NO" text="www.example.com" id="ro"/>
                        <textView text="Notes" id="rw"/>
                    </subviews>
                </view>
            </viewController>
            """),
        scene("map", """
            <viewController id="map" title="Map" sceneMemberID="viewController"><view key="view" id="mv"/></viewController>
            """),
    ].joined(separator: "\n"))

    @Test func longTitlesAndReadOnlyTextViewsAreReadAsWritten() throws {
        let board = try importString(Self.xml)
        let section = try #require(board["list"]?.view.first?.sections.first)
        #expect(section.header == "Places" && section.footer == "Tap the info button for a place's details.")
        #expect(board["list"]?.navigationItem.title == "Places & more")
        let views = try #require(board["details"]?.view)
        #expect(views.map(\.kind) == [.label, .textView])
        #expect(views.first?.text == "www.example.com")
    }
}
