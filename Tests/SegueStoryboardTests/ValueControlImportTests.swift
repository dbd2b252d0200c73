import Testing
import SegueCore
@testable import SegueStoryboard

/// Storyboard controls nobody wires in the storyboard itself (their actions live in the app's
/// code) still move, as they do on a device, and the session keeps their values.
@Suite("Storyboard value controls")
struct ValueControlImportTests {
    static let xml = document(initial: "form", scene("form", """
        <viewController id="form" customClass="FormViewController" sceneMemberID="viewController">
            <view key="view" contentMode="scaleToFill" id="v0">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <subviews>
                    <switch on="NO" id="sw">
                        <connections><action selector="toggled:" destination="form" eventType="valueChanged" id="a1"/></connections>
                    </switch>
                    <slider value="0.5" minValue="0.0" maxValue="1" id="sl">
                        <connections><action selector="slid:" destination="form" eventType="valueChanged" id="a2"/></connections>
                    </slider>
                    <segmentedControl selectedSegmentIndex="0" id="seg">
                        <segments><segment title="One"/><segment title="Two"/></segments>
                    </segmentedControl>
                    <stepper value="3" id="st"/>
                </subviews>
            </view>
        </viewController>
        """))

    @Test("switches, sliders, segmented controls and steppers are live elements that keep values")
    func valueControlsMove() throws {
        let w = Window(id: "s", storyboard: try importString(Self.xml), traits: .phonePortrait)
        try w.launch()
        let roles = Dictionary(uniqueKeysWithValues: w.elements.map { ($0.id, $0.role) })
        #expect(roles == ["sw": .switch, "sl": .slider, "seg": .segmentedControl, "st": .stepper])
        #expect(w.elements.allSatisfy { $0.enabled })
        _ = try w.perform(.tap(element: "sw", values: [:]))
        _ = try w.perform(.setValues(["sl": .text("0.9"), "seg": .text("1"), "st": .text("4")]))
        #expect(w.root.isOn("sw"))
        #expect(w.root.values["sl"] == .text("0.9") && w.root.values["seg"] == .text("1") && w.root.values["st"] == .text("4"))
    }
}

/// A storyboard switch that starts on (`on="YES"`), with no id the screen knows it by, in a
/// view and in a table cell: the first tap turns it off.
@Suite("Storyboard switches that start on")
struct SwitchStartingOnTests {
    static let xml = document(initial: "form", scene("form", """
        <tableViewController id="form" sceneMemberID="viewController">
            <tableView key="view" style="grouped" dataMode="static" id="tv">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <sections>
                    <tableViewSection id="sec">
                        <cells>
                            <tableViewCell id="cell">
                                <tableViewCellContentView key="contentView" id="cv">
                                    <subviews>
                                        <label text="Wi-Fi" id="lbl"/>
                                        <switch on="YES" id="cellSwitch"/>
                                    </subviews>
                                </tableViewCellContentView>
                            </tableViewCell>
                        </cells>
                    </tableViewSection>
                </sections>
            </tableView>
        </tableViewController>
        """))

    @Test("the first tap on a switch that starts on turns it off")
    func firstTapTurnsItOff() throws {
        let w = Window(id: "s", storyboard: try importString(Self.xml), traits: .phonePortrait)
        try w.launch()
        let element = try #require(w.elements.first { $0.role == .switch })
        #expect(element.isOn == true)
        _ = try w.perform(.tap(element: element.id, values: [:]))
        #expect(w.elements.first { $0.id == element.id }?.isOn == false)
        _ = try w.perform(.tap(element: element.id, values: [:]))
        #expect(w.elements.first { $0.id == element.id }?.isOn == true)
    }
}

/// A text field's Return key and a button dragged out of are no taps: their actions are not the
/// element's.
@Suite("Control events a tap sends")
struct TappedControlEventTests {
    static let xml = document(initial: "login", scene("login", """
        <viewController id="login" customClass="LoginViewController" sceneMemberID="viewController">
            <view key="view" contentMode="scaleToFill" id="v0">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <subviews>
                    <textField placeholder="Password" id="pw">
                        <connections><action selector="loginClicked:" destination="login" eventType="editingDidEndOnExit" id="a1"/></connections>
                    </textField>
                    <button id="go">
                        <state key="normal" title="Sign In"/>
                        <connections>
                            <action selector="loginClicked:" destination="login" eventType="touchUpInside" id="a2"/>
                            <action selector="dimmed:" destination="login" eventType="touchDragExit" id="a3"/>
                        </connections>
                    </button>
                </subviews>
            </view>
        </viewController>
        """))

    @Test("only the events a tap sends wire an element's actions")
    func onlyTappedEvents() throws {
        let view = try #require(try importString(Self.xml)["login"]).view
        #expect(view.first { $0.id == "pw" }?.actions == [])
        #expect(view.first { $0.id == "go" }?.actions == ["loginClicked:"])
    }
}
