import Testing
import SegueCore
@testable import SegueStoryboard

/// Which imported scenes are taken to implement a storyboard's unwind actions.
@Suite struct UnwindGuessTests {
    static let xml = document(initial: "main", [
        scene("main", """
            <viewController id="main" customClass="MainViewController" title="Main" sceneMemberID="viewController">
                <view key="view" id="mv">
                    <subviews><button id="openMenu"><state key="normal" title="Menu"/>
                        <connections><segue destination="menuNav" kind="presentation" identifier="menu" id="sgM"/></connections>
                    </button></subviews>
                </view>
            </viewController>
            """),
        scene("menuNav", """
            <navigationController id="menuNav" customClass="SideMenuNavigationController" customModule="SideMenu" sceneMemberID="viewController">
                <connections><segue destination="menu" kind="relationship" relationship="rootViewController" id="rel"/></connections>
            </navigationController>
            """),
        scene("menu", """
            <viewController id="menu" title="Menu" sceneMemberID="viewController">
                <view key="view" id="menuv">
                    <subviews><button id="disconnect"><state key="normal" title="Disconnect"/>
                        <connections><segue destination="exit-menu" kind="unwind" unwindAction="disconnectWithSegue:" id="sgU"/></connections>
                    </button></subviews>
                </view>
            </viewController>
            """),
    ].joined(separator: "\n"))

    @Test func aContainerSubclassIsNotTakenToImplementTheAppsUnwinds() throws {
        let board = try importString(Self.xml)
        #expect(board["main"]?.unwindActions == ["disconnectWithSegue"])
        #expect(board["menuNav"]?.unwindActions.isEmpty == true)
        let w = Window(id: "w", storyboard: board)
        try w.launch()
        _ = try w.perform(.tap(element: "openMenu", values: [:]))
        let unwind = try w.perform(.tap(element: "disconnect", values: [:]))
        #expect(unwind.events.contains { $0.event == .unwind && $0.scene == "main" })
        #expect(w.topmostPresented == nil)
    }
}
