import SegueCore
import SegueHTML
import Testing
@testable import SegueStoryboard

/// A navigation item's `titleView` (a segmented control, or a view of labels): drawn where the
/// title would be, its controls live elements of the top controller, read between the left and
/// right bar items.
@Suite struct TitleViewTests {
    static let xml = document(initial: "nav", [
        scene("nav", """
            <navigationController id="nav" sceneMemberID="viewController">
                <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar"/>
                <connections><segue destination="list" kind="relationship" relationship="rootViewController" id="r"/></connections>
            </navigationController>
            """),
        scene("list", """
            <viewController id="list" sceneMemberID="viewController">
                <view key="view" contentMode="scaleToFill" id="lv"><subviews><label text="Body" id="body"/></subviews></view>
                <navigationItem key="navigationItem" title="Tasks" id="item">
                    <barButtonItem key="leftBarButtonItem" title="Sort" id="sort"><connections><segue destination="other" kind="show" id="s1"/></connections></barButtonItem>
                    <segmentedControl key="titleView" opaque="NO" contentMode="scaleToFill" selectedSegmentIndex="0" id="filter">
                        <rect key="frame" x="66" y="7" width="176" height="31"/>
                        <segments><segment title="All"/><segment title="Open"/></segments>
                    </segmentedControl>
                    <barButtonItem key="rightBarButtonItem" systemItem="add" id="add"><connections><segue destination="other" kind="show" id="s2"/></connections></barButtonItem>
                </navigationItem>
            </viewController>
            """),
        scene("other", """
            <viewController id="other" sceneMemberID="viewController">
                <navigationItem key="navigationItem" id="item2">
                    <view key="titleView" contentMode="scaleToFill" id="tv">
                        <rect key="frame" x="80" y="7" width="200" height="30"/>
                        <subviews><label text="Weather" id="heading"><rect key="frame" x="0" y="0" width="200" height="30"/></label></subviews>
                    </view>
                </navigationItem>
            </viewController>
            """),
    ].joined(separator: "\n"))

    @Test func aTitleViewIsImportedWithTheItem() throws {
        let board = try importString(Self.xml)
        #expect(board["list"]?.navigationItem.titleView?.nodes.first?.kind == .segmentedControl)
        #expect(board["other"]?.navigationItem.titleView?.nodes.first?.children.first?.text == "Weather")
    }

    @Test func itsControlsAreElementsBetweenTheBarItems() throws {
        let w = Window(id: "w", storyboard: try importString(Self.xml))
        try w.launch()
        #expect(w.elements.map(\.id) == ["sort", "filter", "add"])
        #expect(w.elements[1].role == .segmentedControl)
        _ = try w.perform(.setValues(["filter": .text("1")]))
        #expect(w.frontmostController?.values["filter"] == .text("1"))
        guard case .navigation(let pane)? = w.screen().layers.first?.pane else {
            Issue.record("no navigation pane")
            return
        }
        #expect(pane.bar?.titleView.first?.value == 1)
    }

    @Test func thePageDrawsItInsteadOfTheTitle() throws {
        let w = Window(id: "w", storyboard: try importString(Self.xml))
        try w.launch()
        var html = String(decoding: PageRenderer.render(w.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
        #expect(html.contains(#"<div class="navbar-title navbar-title-view""#))
        #expect(html.contains(#"<h1 class="visually-hidden">Tasks</h1>"#) && !html.contains(#"<h1 class="navbar-title""#))
        #expect(html.contains(#"data-element="filter""#))
        _ = try w.perform(.tap(element: "add", values: [:]))
        html = String(decoding: PageRenderer.render(w.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
        #expect(html.contains(">Weather<") && html.contains("navbar-title-view"))
    }
}
