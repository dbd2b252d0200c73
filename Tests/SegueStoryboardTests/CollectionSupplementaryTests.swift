import Testing
import SegueCore
@testable import SegueStoryboard

/// A collection view section's header and footer views keep their controls.
@Suite struct CollectionSupplementaryTests {
    static let xml = document(initial: "grid", [
        scene("grid", """
            <collectionViewController id="grid" title="Apps" sceneMemberID="viewController">
                <collectionView key="view" id="cv">
                    <cells>
                        <collectionViewCell reuseIdentifier="app" id="appCell">
                            <view key="contentView" id="acv"><subviews><label text="App" id="al"/></subviews></view>
                        </collectionViewCell>
                    </cells>
                    <collectionReusableView key="sectionFooterView" id="footer">
                        <subviews>
                            <button id="viewIDs"><state key="normal" title="View App IDs"/>
                                <connections><segue destination="ids" kind="show" identifier="showAppIDs" id="sgIDs"/></connections>
                            </button>
                        </subviews>
                    </collectionReusableView>
                </collectionView>
            </collectionViewController>
            """),
        scene("ids", """
            <viewController id="ids" title="App IDs" sceneMemberID="viewController"><view key="view" id="iv"/></viewController>
            """),
    ].joined(separator: "\n"))

    @Test func aButtonInASectionFooterIsAnElement() throws {
        let board = try importString(Self.xml)
        let w = Window(id: "w", storyboard: board)
        try w.launch()
        #expect(w.elements.map(\.id).last == "viewIDs")
        #expect(w.manualSegues.isEmpty)
        _ = try w.perform(.tap(element: "viewIDs", values: [:]))
        #expect(w.frontmostController?.sceneID == "ids")
    }
}
