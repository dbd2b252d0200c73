import Foundation
import SegueCore
import SegueHTML
@testable import SegueStoryboard
import Testing

/// Scenes whose content comes from code say so, with their class and what the storyboard wires to
/// that code; the importer keeps each scene's storyboard identifier and canvas location.
@Suite("Placeholders for code")
struct CodePlaceholderTests {
    static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14490.70" targetRuntime="iOS.CocoaTouch" initialViewController="feed">
        <scenes>
            <scene sceneID="s1">
                <objects>
                    <viewController storyboardIdentifier="Feed" id="feed" customClass="FeedViewController" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="v1"/>
                        <connections>
                            <outlet property="emptyLabel" destination="x1" id="o1"/>
                            <outlet property="refreshControl" destination="x2" id="o2"/>
                            <segue destination="grid" kind="show" identifier="showGrid" id="sg1"/>
                        </connections>
                    </viewController>
                    <exit id="e1" userLabel="Exit" sceneMemberID="exit"/>
                </objects>
                <point key="canvasLocation" x="120" y="-40"/>
            </scene>
            <scene sceneID="s2">
                <objects>
                    <collectionViewController id="grid" customClass="GridController" sceneMemberID="viewController">
                        <collectionView key="view" clipsSubviews="YES" contentMode="scaleToFill" id="cv">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <collectionViewFlowLayout key="collectionViewLayout" id="fl"/>
                            <connections>
                                <outlet property="dataSource" destination="grid" id="ds"/>
                            </connections>
                        </collectionView>
                        <connections>
                            <outlet property="collectionView" destination="cv" id="o3"/>
                        </connections>
                    </collectionViewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """

    @Test func emptyCustomViewsAndCelllessCollectionsNameTheirCode() throws {
        let board = try StoryboardImporter.parse(data: Array(Self.xml.utf8), fileName: "Main.storyboard")
        let feed = try #require(board["Feed"])
        #expect(feed.storyboardIdentifier == "Feed")
        #expect(feed.storyboardName == "Main")
        #expect(feed.canvasLocation == CanvasPoint(x: 120, y: -40))
        #expect(board["grid"]?.canvasLocation == nil)
        let placeholder = try #require(feed.view.first)
        #expect(placeholder.kind == .placeholder)
        #expect(placeholder.text == "FeedViewController: content made in code")
        #expect(placeholder.detail == "Outlets: emptyLabel, refreshControl \u{00B7} Segues: showGrid (show)")
        let collection = try #require(board["grid"]?.view.first)
        #expect(collection.kind == .collection && collection.children.isEmpty)
        #expect(collection.text == "cells come from code")
        #expect(collection.detail == "Outlets: collectionView")

        // The page shows the class, the outlets and the segues; the segue is offered as code-triggered.
        let window = Window(id: "w", storyboard: board)
        try window.launch()
        let html = String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
        #expect(html.contains("FeedViewController: content made in code"))
        #expect(html.contains("<span class=\"placeholder-detail\">Outlets: emptyLabel, refreshControl \u{00B7} Segues: showGrid (show)</span>"))
        #expect(window.manualSegues.map(\.identifier) == ["showGrid"])
        _ = try window.perform(.performSegue(identifier: "showGrid", controller: nil))
        let grid = String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
        #expect(grid.contains("cells come from code"))
        #expect(grid.contains("Outlets: collectionView"))
    }
}
