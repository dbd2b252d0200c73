import Foundation
import Testing
import SegueCore
@testable import SegueStoryboard
import SegueTestSupport

/// A storyboard document around some scenes.
func document(initial: String?, _ scenes: String) -> String {
    let initialAttribute = initial.map { " initialViewController=\"\($0)\"" } ?? ""
    return """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14490.70" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES"\(initialAttribute)>
        <scenes>
    \(scenes)
        </scenes>
    </document>
    """
}

/// One scene holding one controller element.
func scene(_ id: String, _ controller: String) -> String {
    """
            <scene sceneID="s-\(id)">
                <objects>
    \(controller)
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr-\(id)" sceneMemberID="firstResponder"/>
                    <exit id="exit-\(id)" userLabel="Exit" sceneMemberID="exit"/>
                </objects>
            </scene>
    """
}

func importString(_ xml: String, name: String = "Test.storyboard") throws -> Storyboard {
    try StoryboardImporter.parse(data: Array(xml.utf8), fileName: name)
}

@Suite("Mapping")
struct MappingTests {
    static let xml = document(initial: "nav", [
        scene("nav", """
            <navigationController id="nav" storyboardIdentifier="Root" toolbarHidden="NO" definesPresentationContext="YES" sceneMemberID="viewController">
                <tabBarItem key="tabBarItem" title="Mail" image="tray" badgeValue="3" id="tbi"/>
                <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar"/>
                <connections>
                    <segue destination="home" kind="relationship" relationship="rootViewController" id="rel1"/>
                </connections>
            </navigationController>
            """),
        scene("home", """
            <viewController id="home" customClass="HomeViewController" restorationIdentifier="homeR" hidesBottomBarWhenPushed="YES" sceneMemberID="viewController">
                <view key="view" contentMode="scaleToFill" id="v0">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <subviews>
                        <label text="Hello" id="lbl"><rect key="frame" x="16" y="80" width="100" height="21"/></label>
                        <button buttonType="system" id="btn">
                            <rect key="frame" x="16" y="120" width="80" height="30"/>
                            <state key="normal" title="Open"/>
                            <connections><segue destination="detail" kind="show" identifier="open" id="sg1"/></connections>
                        </button>
                        <button buttonType="system" id="btn2">
                            <state key="normal" title="Open again"/>
                            <connections><segue destination="detail" kind="show" identifier="open" id="sg1b"/></connections>
                        </button>
                        <textField placeholder="Subject" text="Hi" id="tf"/>
                        <switch on="YES" id="sw"/>
                        <slider value="0.5" minValue="0.0" maxValue="1" id="sl"/>
                        <segmentedControl selectedSegmentIndex="1" id="seg">
                            <segments><segment title="One"/><segment title="Two"/></segments>
                        </segmentedControl>
                        <stackView axis="vertical" id="stk">
                            <subviews><imageView image="logo" id="img"/></subviews>
                        </stackView>
                        <containerView id="cv">
                            <connections><segue destination="child" kind="embed" id="emb"/></connections>
                        </containerView>
                        <pageControl numberOfPages="3" currentPage="1" id="pc"/>
                        <textView id="tv"><string key="text">Long&#10;text</string></textView>
                        <colorWell id="cw"/>
                    </subviews>
                </view>
                <navigationItem key="navigationItem" title="Home" prompt="Pick" id="ni">
                    <barButtonItem key="leftBarButtonItem" systemItem="edit" id="edit"/>
                    <rightBarButtonItems>
                        <barButtonItem systemItem="add" id="add">
                            <connections><segue destination="compose" kind="presentation" modalPresentationStyle="formSheet" modalTransitionStyle="crossDissolve" animates="NO" id="sg2"/></connections>
                        </barButtonItem>
                        <barButtonItem title="Go" style="done" id="go"/>
                    </rightBarButtonItems>
                </navigationItem>
                <toolbarItems>
                    <barButtonItem style="plain" systemItem="flexibleSpace" id="flex"/>
                    <barButtonItem title="Settings" id="set">
                        <connections><segue destination="settings" kind="custom" customClass="FadeSegue" id="sg3"/></connections>
                    </barButtonItem>
                </toolbarItems>
                <connections>
                    <segue destination="settings" kind="show" identifier="manual" id="sg4"/>
                </connections>
            </viewController>
            """),
        scene("detail", """
            <tableViewController id="detail" title="Detail" sceneMemberID="viewController">
                <tableView key="view" dataMode="static" style="grouped" id="tbl">
                    <sections>
                        <tableViewSection headerTitle="Account" footerTitle="Signed in" id="sec1">
                            <cells>
                                <tableViewCell style="IBUITableViewCellStyleValue1" accessoryType="disclosureIndicator" textLabel="l1" detailTextLabel="l2" id="c1">
                                    <tableViewCellContentView key="contentView" id="cc1">
                                        <subviews>
                                            <label text="Name" id="l1"/>
                                            <label text="Ann" id="l2"/>
                                        </subviews>
                                    </tableViewCellContentView>
                                    <connections><segue destination="compose" kind="show" identifier="edit" id="sg5"/></connections>
                                </tableViewCell>
                                <tableViewCell id="c2">
                                    <tableViewCellContentView key="contentView" id="cc2">
                                        <subviews><label text="Custom" id="l3"/><switch on="NO" id="sw2"/></subviews>
                                    </tableViewCellContentView>
                                </tableViewCell>
                            </cells>
                        </tableViewSection>
                    </sections>
                </tableView>
                <connections>
                    <segue destination="exit-detail" kind="unwind" unwindAction="backToHome:" id="uw"/>
                </connections>
            </tableViewController>
            """),
        scene("compose", """
            <tableViewController id="compose" sceneMemberID="viewController">
                <tableView key="view" dataMode="prototypes" style="plain" id="ptbl">
                    <prototypes>
                        <tableViewCell style="IBUITableViewCellStyleSubtitle" reuseIdentifier="cell" textLabel="pl1" detailTextLabel="pl2" id="proto">
                            <tableViewCellContentView key="contentView" id="pcc">
                                <subviews><label text="Title" id="pl1"/><label text="Subtitle" id="pl2"/></subviews>
                            </tableViewCellContentView>
                            <connections><segue destination="detail" kind="push" id="sg6"/></connections>
                        </tableViewCell>
                    </prototypes>
                </tableView>
                <navigationItem key="navigationItem" title="Compose" id="ni2"/>
            </tableViewController>
            """),
        scene("child", """
            <glkViewController id="child" sceneMemberID="viewController"/>
            """),
        scene("settings", """
            <pageViewController id="settings" transitionStyle="pageCurl" navigationOrientation="vertical" spineLocation="mid" sceneMemberID="viewController"/>
            """),
    ].joined(separator: "\n"))

    @Test("a hand-written storyboard maps to the model")
    func mapsEverything() throws {
        let sb = try importString(Self.xml)
        #expect(sb.name == "Test")
        #expect(sb.sceneOrder == ["Root", "home", "detail", "compose", "child", "settings"])
        #expect(sb.initialViewController == "Root")

        let nav = try #require(sb["Root"])
        #expect(nav.kind == .navigationController)
        #expect(nav.rootViewController == "home")
        #expect(nav.toolbarHidden == false && nav.navigationBarHidden == false)
        #expect(nav.definesPresentationContext)
        #expect(nav.tabBarItem?.title == "Mail" && nav.tabBarItem?.badgeValue == "3" && nav.tabBarItem?.image == "tray")

        let home = try #require(sb["home"])
        #expect(home.className == "HomeViewController")
        #expect(home.restorationIdentifier == "homeR")
        #expect(home.hidesBottomBarWhenPushed)
        #expect(home.title == "Home")
        #expect(home.navigationItem.prompt == "Pick")
        #expect(home.navigationItem.leftBarButtonItems.map(\.systemItem) == [.edit])
        #expect(home.navigationItem.rightBarButtonItems.map(\.id) == ["add", "go"])
        #expect(home.navigationItem.rightBarButtonItems[1].style == .done)
        #expect(home.navigationItem.rightBarButtonItems[0].tap == .segue("sg2"))
        #expect(home.toolbarItems.map(\.systemItem) == [.flexibleSpace, nil])
        #expect(home.toolbarItems[1].tap == .segue("sg3"))
        #expect(home.unwindActions == ["backToHome"])
    }

    @Test("a hand-written storyboard's segues map in declaration order")
    func mapsSegues() throws {
        let sb = try importString(Self.xml)
        let home = try #require(sb["home"])
        // Segues in declaration order; a duplicate identifier gets a distinct id.
        #expect(home.segues.map(\.id) == ["open", "open#sg1b", "emb", "sg2", "sg3", "manual"])
        let present = try #require(home.segue("sg2"))
        #expect(present.kind == .presentation && present.destination == "compose")
        #expect(present.modalPresentationStyle == .formSheet && present.modalTransitionStyle == .crossDissolve)
        #expect(present.animates == false)
        #expect(home.segue("sg3")?.kind == .custom && home.segue("sg3")?.className == "FadeSegue")
        #expect(home.segue("emb")?.kind == .embed && home.segue("emb")?.destination == "child")
        // A repeated identifier is a warning (Xcode builds it); code still sees 'open'.
        let repeated = try #require(sb.diagnostics.first { $0.code == .repeatedSegueIdentifier })
        #expect(repeated.severity == .warning && repeated.message.contains("'open'"))
        #expect(home.segue("open#sg1b")?.codeIdentifier == "open" && home.segue("open")?.identifier == nil)
    }

    @Test("a hand-written storyboard's views map, an unsupported one to a placeholder with a warning")
    func mapsViews() throws {
        let sb = try importString(Self.xml)
        let home = try #require(sb["home"])
        let kinds = home.view.map(\.kind)
        #expect(kinds == [.label, .button, .button, .textField, .switch, .slider, .segmentedControl, .stack, .container, .pageControl, .textView, .placeholder])
        #expect(home.view[0].text == "Hello" && home.view[0].id == "lbl")
        #expect(home.view[0].frame == Rect(x: 16, y: 80, width: 100, height: 21))
        #expect(home.view[1].text == "Open" && home.view[1].tap == .segue("open"))
        #expect(home.view[2].tap == .segue("open#sg1b"))
        let window = Window(id: "w", storyboard: sb)
        try window.launch()
        let tapped = try window.perform(.tap(element: try #require(home.view[2].id), values: [:]))
        #expect(tapped.events.first { $0.event == .prepareForSegue }?.segue == "open")
        #expect(home.view[3].placeholder == "Subject" && home.view[3].text == "Hi")
        #expect(home.view[4].isOn == true)
        #expect(home.view[5].value == 0.5)
        #expect(home.view[6].segments == ["One", "Two"])
        #expect(home.view[7].axis == .vertical && home.view[7].children.first?.image == "logo")
        #expect(home.view[8].embed == "emb" && home.view[8].tap == nil)
        #expect(home.view[9].kind == .pageControl && home.view[9].pageCount == 3 && home.view[9].value == 1)
        #expect(home.view[10].text == "Long\ntext")
        #expect(home.view[11].text == "colorWell")
        let unsupported = try #require(sb.diagnostics.first { $0.message.contains("<colorWell>") })
        #expect(unsupported.severity == .warning)
        #expect(unsupported.location?.line == Self.xml.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("<colorWell") }.map { $0 + 1 })
        #expect(!sb.diagnostics.contains { $0.message.contains("<pageControl>") })
    }

    @Test("a hand-written storyboard's tables and other controllers map")
    func mapsTablesAndControllers() throws {
        let sb = try importString(Self.xml)
        // Static table.
        let detail = try #require(sb["detail"])
        #expect(detail.title == "Detail")
        let table = try #require(detail.view.first)
        #expect(table.kind == .table && table.style == "grouped")
        let section = try #require(table.sections.first)
        #expect(section.header == "Account" && section.footer == "Signed in")
        #expect(section.rows.count == 2)
        #expect(section.rows[0].style == .value1 && section.rows[0].text == "Name" && section.rows[0].detail == "Ann")
        #expect(section.rows[0].accessory == .disclosureIndicator && section.rows[0].tap == .segue("edit"))
        #expect(section.rows[1].style == .custom && section.rows[1].text == "Custom")
        #expect(section.rows[1].content.map(\.kind) == [.label, .switch])
        let unwind = try #require(detail.segue("uw"))
        #expect(unwind.kind == .unwind && unwind.action == "backToHome" && unwind.destination == nil)

        // Prototype table: one row per prototype, with its own content.
        let compose = try #require(sb["compose"])
        let rows = compose.view.first?.sections.first?.rows ?? []
        #expect(rows.map(\.text) == ["Title"])
        #expect(rows.map(\.id) == ["proto-1"])
        #expect(rows.allSatisfy { $0.style == .subtitle && $0.detail == "Subtitle" && $0.tap == .segue("sg6") })

        // Unsupported controller → viewController with a warning.
        #expect(sb["child"]?.kind == .viewController)
        #expect(sb.diagnostics.contains { $0.message.contains("<glkViewController>") && $0.severity == .warning })

        let page = try #require(sb["settings"]?.pageView)
        #expect(page.transitionStyle == .pageCurl && page.navigationOrientation == .vertical && page.spineLocation == .mid)
    }

    @Test("a button's configuration (Xcode 13 and later) gives its title and image, not the fallback title")
    func buttonConfigurations() throws {
        let sb = try importString(document(initial: "a", scene("a", """
            <viewController id="a" sceneMemberID="viewController"><view key="view" id="v"><subviews>
                <button buttonType="system" id="titled"><state key="normal" title="Button"/>
                    <buttonConfiguration key="configuration" style="filled" title="Open Detail"/></button>
                <button buttonType="system" id="icon"><state key="normal" title="Button"/>
                    <buttonConfiguration key="configuration" style="plain" image="info.circle" catalog="system"/></button>
                <button buttonType="system" id="attributed"><state key="normal" title="Button"/>
                    <buttonConfiguration key="configuration" style="plain"><attributedString key="attributedTitle">
                        <fragment content="Sign "/><fragment content="In"/></attributedString></buttonConfiguration></button>
                <button buttonType="system" id="bare"><state key="normal" title="Old Style"/>
                    <buttonConfiguration key="configuration" style="plain"/></button>
                <button buttonType="system" id="classic"><state key="normal" title="Classic"/></button>
            </subviews></view></viewController>
            """)))
        let view = try #require(sb["a"]).view
        #expect(view.map(\.text) == ["Open Detail", nil, "Sign In", "Old Style", "Classic"])
        #expect(view.map(\.image) == [nil, "info.circle", nil, nil, nil])
    }

    @Test("a table's header view comes before its rows, its footer view after them")
    func tableHeaderAndFooterViews() throws {
        let sb = try importString(document(initial: "a", scene("a", """
            <tableViewController id="a" sceneMemberID="viewController">
                <tableView key="view" dataMode="static" style="grouped" id="tv">
                    <view key="tableHeaderView" id="h"><subviews><button buttonType="system" id="top"><state key="normal" title="Edit Profile"/>
                        <connections><segue destination="d" kind="presentation" id="g1"/></connections></button></subviews></view>
                    <view key="tableFooterView" id="f"><subviews><button buttonType="system" id="bottom"><state key="normal" title="Sign Out"/>
                        <connections><segue destination="d" kind="presentation" id="g3"/></connections></button></subviews></view>
                    <sections><tableViewSection id="s"><cells><tableViewCell textLabel="l" style="IBUITableViewCellStyleDefault" id="row">
                        <tableViewCellContentView key="contentView" id="cv"><subviews><label text="Privacy" id="l"/></subviews></tableViewCellContentView>
                        <connections><segue destination="d" kind="presentation" id="g2"/></connections></tableViewCell></cells></tableViewSection></sections>
                </tableView>
            </tableViewController>
            """) + scene("d", #"<viewController id="d" sceneMemberID="viewController"><view key="view" id="dv"/></viewController>"#)))
        let table = try #require(sb["a"]?.view.first)
        #expect(table.tableHeaderCount == 1 && table.children.count == 2)
        let window = Window(id: "w", storyboard: sb)
        try window.launch()
        #expect(window.elements.map(\.id) == ["top", "row", "bottom"])
        // The drawn view lists them in the same order.
        guard case .content(let pane)? = window.screen().layers.first?.pane, let drawn = pane.nodes.first else {
            Issue.record("no content pane"); return
        }
        #expect(drawn.children.count == 2 && drawn.tableHeaderCount == 1)
    }

    @Test("backButtonDisplayMode, or a back item titled \"\": the back button says Back, or shows the chevron alone")
    func backButtonDisplayModes() throws {
        for (mode, showsTitle) in [("generic", true), ("minimal", false), ("default", false)] {
            // The default mode with a back item titled "": the chevron alone too.
            let item = mode == "default"
                ? #"<navigationItem key="navigationItem" title="Library" id="n"><barButtonItem key="backBarButtonItem" title="" id="bb"/></navigationItem>"#
                : #"<navigationItem key="navigationItem" title="Library" backButtonDisplayMode="\#(mode)" id="n"/>"#
            let sb = try importString(document(initial: "nav", scene("nav", """
                <navigationController id="nav" sceneMemberID="viewController">
                    <connections><segue destination="root" kind="relationship" relationship="rootViewController" id="r"/></connections>
                </navigationController>
                """) + scene("root", """
                <viewController title="Library" id="root" sceneMemberID="viewController"><view key="view" id="v"/>
                    \(item)
                    <connections><segue destination="next" kind="show" identifier="open" id="s"/></connections>
                </viewController>
                """) + scene("next", #"<viewController id="next" sceneMemberID="viewController"><view key="view" id="nv"/></viewController>"#)))
            #expect(sb["root"]?.navigationItem.backButtonDisplayMode == BackButtonDisplayMode(rawValue: mode) ?? .default)
            let window = Window(id: "w", storyboard: sb)
            try window.launch()
            _ = try window.perform(.performSegue(identifier: "open", controller: nil))
            #expect(window.elements.first { $0.role == .backButton }?.title == "Back")
            guard case .navigation(let pane)? = window.screen().layers.first?.pane, let back = pane.bar?.backButton else {
                Issue.record("no back button"); continue
            }
            #expect(back.title == "Back" && back.showsTitle == showsTitle, "\(mode)")
        }
    }

    @Test("no touch reaches a view with user interaction off, nor anything inside it")
    func userInteractionOff() throws {
        let sb = try importString(document(initial: "a", scene("a", """
            <viewController id="a" sceneMemberID="viewController">
                <view key="view" id="v"><subviews>
                    <imageView userInteractionEnabled="NO" image="person" id="photo">
                        <connections><outletCollection property="gestureRecognizers" destination="g1" appends="YES" id="o1"/></connections>
                    </imageView>
                    <label text="Terms" id="terms">
                        <connections><outletCollection property="gestureRecognizers" destination="g2" appends="YES" id="o2"/></connections>
                    </label>
                    <button userInteractionEnabled="NO" id="dead"><state key="normal" title="Continue"/>
                        <connections><segue destination="b" kind="show" identifier="cont" id="s1"/></connections>
                    </button>
                    <view userInteractionEnabled="NO" id="box"><subviews>
                        <button id="inside"><state key="normal" title="Inside"/>
                            <connections><segue destination="b" kind="show" identifier="in" id="s2"/></connections>
                        </button>
                        <switch on="YES" id="sw"/>
                    </subviews></view>
                    <button id="live"><state key="normal" title="Live"/>
                        <connections><segue destination="b" kind="show" identifier="live" id="s3"/></connections>
                    </button>
                </subviews></view>
            </viewController>
            <tapGestureRecognizer id="g1"><connections><segue destination="b" kind="show" identifier="photo" id="s4"/></connections></tapGestureRecognizer>
            <tapGestureRecognizer id="g2"><connections><segue destination="b" kind="show" identifier="terms" id="s5"/></connections></tapGestureRecognizer>
            """) + scene("b", #"<viewController id="b" sceneMemberID="viewController"><view key="view" id="bv"/></viewController>"#)))
        let window = Window(id: "w", storyboard: sb)
        try window.launch()
        // The label's interaction was turned on (the attribute left out): its gesture fires.
        #expect(window.elements.map(\.id) == ["terms", "sw", "live"])
        #expect(window.elements.first { $0.id == "sw" }?.enabled == false)
    }

    @Test("unwinds never go to a navigation controller subclass, even the only class")
    func unwindToAContainerSubclass() throws {
        func storyboard(rootClass: String?) -> String {
            let rootAttribute = rootClass.map { #" customClass="\#($0)""# } ?? ""
            return document(initial: "nav", scene("nav", """
                <navigationController id="nav" customClass="FlowNavigationController" sceneMemberID="viewController">
                    <connections><segue destination="root" kind="relationship" relationship="rootViewController" id="r"/></connections>
                </navigationController>
                """) + scene("root", """
                <viewController id="root" title="Start"\(rootAttribute) sceneMemberID="viewController"><view key="view" id="v"/>
                    <connections><segue destination="last" kind="show" identifier="next" id="s"/></connections>
                </viewController>
                """) + scene("last", """
                <viewController id="last" sceneMemberID="viewController">
                    <view key="view" id="lv"><subviews><button id="over"><state key="normal" title="Start Over"/>
                        <connections><segue destination="exit" kind="unwind" unwindAction="startOver:" id="u"/></connections>
                    </button></subviews></view>
                </viewController>
                <placeholder placeholderIdentifier="IBFirstResponder" id="exit" userLabel="Exit" sceneMemberID="exit"/>
                """))
        }
        // Only the navigation controller has a class: a navigation controller is never its own
        // unwind destination (it asks its stack only), so nothing handles the unwind.
        let sb = try importString(storyboard(rootClass: nil))
        #expect(sb["nav"]?.unwindActions == [])
        let window = Window(id: "w", storyboard: sb)
        try window.launch()
        _ = try window.perform(.performSegue(identifier: "next", controller: nil))
        #expect(throws: ActionError.self) { try window.perform(.tap(element: "over", values: [:])) }
        // A content scene with a class is the destination, not the container.
        let owned = try importString(storyboard(rootClass: "StartViewController"))
        #expect(owned["nav"]?.unwindActions == [] && owned["root"]?.unwindActions == ["startOver"])
        let ownedWindow = Window(id: "w", storyboard: owned)
        try ownedWindow.launch()
        _ = try ownedWindow.perform(.performSegue(identifier: "next", controller: nil))
        _ = try ownedWindow.perform(.tap(element: "over", values: [:]))
        #expect(ownedWindow.visibleContentControllers.map(\.sceneID) == ["root"])
    }

    @Test("old-format storyboards (toolsVersion 1938) map too")
    func oldFormat() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="1.0" toolsVersion="1938" systemVersion="10K549" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" initialViewController="a">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr" sceneMemberID="firstResponder"/>
                        <tableViewController id="a" sceneMemberID="viewController">
                            <tableView key="view" dataMode="static" style="grouped" id="t">
                                <sections>
                                    <tableViewSection headerTitle="Old" id="s">
                                        <cells>
                                            <tableViewCell style="IBUITableViewCellStyleDefault" textLabel="x" id="c">
                                                <view key="contentView" id="cv">
                                                    <subviews><label text="Row" id="x"/></subviews>
                                                </view>
                                            </tableViewCell>
                                        </cells>
                                    </tableViewSection>
                                </sections>
                            </tableView>
                        </tableViewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
        let sb = try importString(xml)
        #expect(sb["a"]?.view.first?.sections.first?.rows.first?.text == "Row")
        #expect(sb.diagnostics.isEmpty)
    }
}

@Suite("Malformed input")
struct MalformedTests {
    @Test("malformed XML is an error with the parser's line")
    func malformed() {
        let xml = "<?xml version=\"1.0\"?>\n<document>\n  <scenes>\n    <scene sceneID=\"x\">\n  </scenes>\n</document>\n"
        #expect {
            _ = try importString(xml, name: "Bad.storyboard")
        } throws: { error in
            guard let d = (error as? StoryboardImportError)?.diagnostics.first else { return false }
            // libxml2 notices the unbalanced <scene> at </scenes> (line 5) or at the end (line 6).
            return d.severity == .error && d.location?.file == "Bad.storyboard" && (5...6).contains(d.location?.line ?? 0)
                && String(describing: error).contains("malformed storyboard XML")
        }
    }

    @Test("truncated, empty and foreign documents are errors, never crashes",
          arguments: ["", "<", "<?xml version=\"1.0\"?>\n<document>\n<scenes>", "<plist><dict/></plist>", "\u{0}\u{1}garbage"])
    func garbage(_ text: String) {
        #expect(throws: StoryboardImportError.self) { try importString(text) }
    }

    /// FoundationXML traps on invalid UTF-8 in names and comments; the importer reports the line.
    static let invalidUTF8Cases: [([UInt8], Int)] = {
        let declaration: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document>\n".utf8)
        let inName: [UInt8] = declaration + Array("<scenes a".utf8) + [0xFF, 0xFE] + Array("b=\"1\"/>\n</document>\n".utf8)
        let inComment: [UInt8] = declaration + Array("\n<!-- ".utf8) + [0xC3, 0x28] + Array(" -->\n</document>\n".utf8)
        let surrogate: [UInt8] = declaration + [0xED, 0xA0, 0x80] + Array("</document>".utf8)
        let truncated: [UInt8] = Array("<document>".utf8) + [0xE2, 0x82]
        return [(inName, 3), (inComment, 4), (surrogate, 3), (truncated, 1)]
    }()

    /// FoundationXML traps on invalid UTF-8 in names and comments; the importer reports the line.
    @Test("invalid UTF-8 in an attribute name, a comment or text is an error with its line",
          arguments: invalidUTF8Cases)
    func invalidUTF8(bytes: [UInt8], line: Int) {
        #expect {
            _ = try StoryboardImporter.parse(data: bytes, fileName: "Bad.storyboard")
        } throws: { error in
            guard let d = (error as? StoryboardImportError)?.diagnostics.first else { return false }
            let lineMatches: Bool = d.location?.line == line
            return d.severity == .error && lineMatches && d.message.contains("invalid UTF-8")
        }
    }

    /// libxml2 passes a processing instruction without data to FoundationXML as a null pointer,
    /// which crashed the importer; it is refused with its line.
    @Test("a processing instruction without data is an error with its line, never a crash",
          arguments: [("<?xml version=\"1.0\"?>\n<document>\n<?target?>\n</document>\n", 3),
                      ("<?xml version=\"1.0\"?>\n<!-- <?in comment?> -->\n<document><?a?></document>", 3),
                      ("<?xml?><document/>", 1)])
    func processingInstructionWithoutData(text: String, line: Int) {
        #expect {
            _ = try importString(text, name: "Bad.storyboard")
        } throws: { error in
            guard let d = (error as? StoryboardImportError)?.diagnostics.first else { return false }
            return d.severity == .error && d.location?.line == line && d.message.contains("processing instruction without data")
        }
    }

    @Test("processing instructions with data, and `<?…?>` in comments and CDATA, are not refused")
    func processingInstructionsWithData() {
        let text = "<?xml version=\"1.0\"?>\n<?app data?>\n<!-- <?a?> --><x><![CDATA[<?b?>]]></x>"
        #expect(ProcessingInstructions.firstWithoutData(in: Array(text.utf8)) == nil)
        #expect(ProcessingInstructions.firstWithoutData(in: Array("<x/>\n<?pi ?>".utf8)) == nil)
        #expect(ProcessingInstructions.firstWithoutData(in: Array("<x/>\n<?pi?>".utf8))?.offset == 5)
    }

    @Test("the UTF-8 check accepts every well-formed sequence")
    func validUTF8() {
        let text = "ASCII, é, €, 𝄞, 中文, emoji 🙂, U+FFFF \u{FFFF}, U+10FFFF \u{10FFFF}"
        #expect(UTF8Validation.firstInvalidByte(in: Array(text.utf8)) == nil)
        #expect(UTF8Validation.firstInvalidByte(in: [0xC0, 0x80])?.offset == 0)  // overlong NUL
        #expect(UTF8Validation.firstInvalidByte(in: [0x41, 0x0A, 0xF4, 0x90, 0x80, 0x80])?.line == 2)  // above U+10FFFF
    }

    @Test("an unreadable path is an error")
    func unreadable() {
        #expect(throws: StoryboardImportError.self) { try StoryboardImporter.load(path: "/nonexistent/Main.storyboard") }
    }

    @Test("column-style split views keep their supplementary and compact controllers apart")
    func columnStyleSplit() throws {
        let xml = document(initial: "split", [
            scene("split", """
                <splitViewController style="tripleColumn" id="split" sceneMemberID="viewController">
                    <connections>
                        <segue destination="pri" kind="relationship" relationship="masterViewController" id="r1"/>
                        <segue destination="sup" kind="relationship" relationship="supplementaryViewController" id="r2"/>
                        <segue destination="sec" kind="relationship" relationship="detailViewController" id="r3"/>
                        <segue destination="cmp" kind="relationship" relationship="compactViewController" id="r4"/>
                    </connections>
                </splitViewController>
                """),
            scene("pri", #"<viewController id="pri" title="Primary" sceneMemberID="viewController"/>"#),
            scene("sup", #"<viewController id="sup" title="Supplementary" sceneMemberID="viewController"/>"#),
            scene("sec", #"<viewController id="sec" title="Secondary" sceneMemberID="viewController"/>"#),
            scene("cmp", #"<viewController id="cmp" title="Compact" sceneMemberID="viewController"/>"#),
        ].joined(separator: "\n"))
        let sb = try importString(xml)
        let split = try #require(sb["split"])
        #expect(split.masterViewController == "pri" && split.detailViewController == "sec")
        #expect(split.supplementaryViewController == "sup" && split.compactViewController == "cmp")
        #expect(split.viewControllers.isEmpty)
        #expect(!sb.diagnostics.contains { $0.message.contains("unsupported relationship") })
        #expect(StoryboardCheck.check(sb).isEmpty)
    }

    @Test("a bar button item whose custom view is not a button is named by its content")
    func customViewBarItems() throws {
        let xml = document(initial: "a", scene("a", """
            <viewController id="a" sceneMemberID="viewController">
                <navigationItem key="navigationItem" id="ni">
                    <barButtonItem key="rightBarButtonItem" id="cv">
                        <segmentedControl key="customView" segmentControlStyle="bar" selectedSegmentIndex="0" id="sc">
                            <segments><segment title="One"/><segment title="Two"/></segments>
                        </segmentedControl>
                    </barButtonItem>
                </navigationItem>
            </viewController>
            """))
        let item = try #require(try importString(xml)["a"]?.navigationItem.rightBarButtonItems.first)
        #expect(item.title == "One | Two" && item.tap == nil)
    }

    @Test("tvOS tab bars show every tab: no More")
    func tvTabBarsHaveNoMore() throws {
        let tabs = (1...10).map { #"<segue destination="t\#($0)" kind="relationship" relationship="viewControllers" id="r\#($0)"/>"# }
        let xml = document(initial: "tabs", ([scene("tabs", "<tabBarController id=\"tabs\" sceneMemberID=\"viewController\"><connections>\(tabs.joined())</connections></tabBarController>")]
            + (1...10).map { scene("t\($0)", #"<viewController id="t\#($0)" title="T\#($0)" sceneMemberID="viewController"/>"#) }).joined(separator: "\n"))
            .replacingOccurrences(of: #"targetRuntime="iOS.CocoaTouch""#, with: #"targetRuntime="AppleTV""#)
        let tv = try importString(xml)
        #expect(tv.platform == .tvOS)
        let w = Window(id: "tv", storyboard: tv, traits: Traits(width: 1920, height: 1080))
        try w.launch()
        #expect(w.elements.filter { $0.role == .tab }.map(\.title) == (1...10).map { "T\($0)" })
        // The same tab bar on an iPad storyboard shows 7 and More.
        let pad = Window(id: "pad", storyboard: try importString(xml.replacingOccurrences(of: "AppleTV", with: "iOS.CocoaTouch.iPad")), traits: .padLandscape)
        try pad.launch()
        #expect(pad.elements.filter { $0.role == .tab }.last?.title == "More")
    }

    @Test("segues to missing scenes are dropped with a warning")
    func missingDestination() throws {
        let xml = document(initial: "a", scene("a", """
            <viewController id="a" sceneMemberID="viewController">
                <view key="view" id="v"><subviews>
                    <button id="b"><state key="normal" title="Go"/>
                        <connections><segue destination="nowhere" kind="show" identifier="go" id="g"/></connections>
                    </button>
                </subviews></view>
            </viewController>
            """))
        let sb = try importString(xml)
        #expect(sb["a"]?.segues.isEmpty == true)
        #expect(sb["a"]?.view.first?.tap == nil)
        let d = try #require(sb.diagnostics.first)
        #expect(d.severity == .warning && d.code == .missingScene && d.message.contains("missing scene 'nowhere'"))
        #expect(d.location?.line == xml.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("destination=\"nowhere\"") }.map { $0 + 1 })
        #expect(StoryboardCheck.check(sb).contains { $0.severity == .error && $0.code == .missingScene && $0.message.contains("missing scene") })
    }
}

@Suite("Check")
struct CheckTests {
    @Test("check finds an unreachable scene and an illegal push")
    func unreachableAndIllegalPush() throws {
        let xml = document(initial: "start", [
            scene("start", """
                <viewController id="start" title="Start" sceneMemberID="viewController">
                    <view key="view" id="v1"><subviews>
                        <button id="b1"><state key="normal" title="Next"/>
                            <connections><segue destination="next" kind="push" identifier="next" id="p1"/></connections>
                        </button>
                        <button id="b2"><state key="normal" title="Nav"/>
                            <connections><segue destination="nav" kind="modal" id="m1"/></connections>
                        </button>
                    </subviews></view>
                </viewController>
                """),
            scene("nav", """
                <navigationController id="nav" sceneMemberID="viewController">
                    <connections><segue destination="list" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                </navigationController>
                """),
            scene("list", """
                <viewController id="list" sceneMemberID="viewController">
                    <connections><segue destination="next" kind="push" identifier="legal" id="p2"/></connections>
                </viewController>
                """),
            scene("next", #"<viewController id="next" sceneMemberID="viewController"/>"#),
            scene("lost", #"<viewController id="lost" title="Lost" sceneMemberID="viewController"/>"#),
            scene("byID", #"<viewController id="byID-xx-yyy" storyboardIdentifier="Found" sceneMemberID="viewController"/>"#),
        ].joined(separator: "\n"))
        let sb = try importString(xml)
        let problems = StoryboardCheck.check(sb)
        let lines = xml.split(separator: "\n", omittingEmptySubsequences: false)
        func line(of needle: String) -> Int { lines.firstIndex { $0.contains(needle) }! + 1 }

        let push = problems.filter { $0.message.contains("push segue") }
        #expect(push.count == 1)
        #expect(push.first?.severity == .warning)  // refused (409) only when performed
        #expect(push.first?.code == .pushWithoutNavigation)
        #expect(push.first?.message.contains("'next'") == true)
        #expect(push.first?.location?.line == line(of: "id=\"p1\""))

        let unreachable = problems.filter { $0.message.contains("unreachable") }
        #expect(unreachable.map(\.severity) == [.warning, .warning])
        #expect(unreachable.map(\.code) == [.unreachableScene, .unreachableScene])
        #expect(unreachable[0].message.contains("scene lost (Lost)") && unreachable[0].location?.line == line(of: "id=\"lost\""))
        #expect(unreachable[1].message.contains("scene Found") && unreachable[1].message.contains("storyboard identifier"))
        #expect(problems.count == 3, "\(problems)")
    }

    @Test("check works on hand-built (flow-file) storyboards")
    func flowFileModel() {
        var a = Scene(id: "a", kind: .viewController)
        a.segues = [SegueSpec(id: "x", kind: .show, destination: "b"), SegueSpec(id: "x", kind: .show, destination: "ghost")]
        var button = ViewNode(.button, id: "go", text: "Go")
        button.tap = .segue("nope")
        a.view = [button]
        var tabs = Scene(id: "tabs", kind: .viewController)
        tabs.viewControllers = ["a"]
        let sb = Storyboard(name: "flow", initialViewController: nil, scenes: [a, Scene(id: "b"), tabs])
        let messages = StoryboardCheck.check(sb).map { "\($0.severity.rawValue): \($0.message)" }
        #expect(messages.contains("warning: no initial view controller; serving from scene 'tabs' (the first scene nothing leads to)"))
        #expect(messages.contains("error: scene a: duplicate segue identifier 'x'"))
        #expect(messages.contains("error: scene a: segue 'x' leads to unknown scene 'ghost'"))
        #expect(messages.contains("error: scene a: an element fires unknown segue 'nope'"))
        #expect(messages.contains("error: scene tabs: a viewController cannot have a 'viewControllers' relationship"))
        let codes = StoryboardCheck.check(sb).map(\.code)
        #expect(codes == [.initialSceneGuessed, .duplicateSegueIdentifier, .unknownDestination, .unknownSegue, .relationshipNotAllowed],
                "\(codes)")
    }

    @Test("a storyboard without an initial view controller is checked from the scene it serves from")
    func noInitialViewControllerIsAWarning() throws {
        // Apps that instantiate their first scene in code: Xcode builds such a storyboard, and
        // `segue serve` starts at the first container nothing leads to.
        let sb = try importString(document(initial: nil, [
            scene("d", #"<viewController id="detail" sceneMemberID="viewController"/>"#),
            scene("n", #"<navigationController id="nav" sceneMemberID="viewController"><connections><segue destination="list" kind="relationship" relationship="rootViewController" id="r1"/></connections></navigationController>"#),
            scene("l", #"<tableViewController id="list" sceneMemberID="viewController"><connections><segue destination="detail" kind="show" id="s1"/></connections></tableViewController>"#),
            scene("x", #"<viewController id="lost" sceneMemberID="viewController"/>"#),
        ].joined(separator: "\n")))
        let problems = StoryboardCheck.check(sb)
        #expect(problems.map(\.code) == [.initialSceneGuessed, .unreachableScene], "\(problems)")
        #expect(problems.allSatisfy { $0.severity == .warning })
        #expect(problems[0].message == "no initial view controller; serving from scene 'nav' (the first scene nothing leads to)")
        #expect(problems[1].message.contains("scene lost"), "reachability is walked from the scene served")
    }

    @Test("every diagnostic's severity in check is its code's, whatever the import tolerated")
    func severityComesFromTheCode() {
        // An importer keeps an unresolved reference as a warning (the flow serves a placeholder).
        let tolerated = Diagnostic(.unresolvedStoryboardReference, severity: .warning, at: nil, "unresolved storyboard reference r")
        let unsupported = Diagnostic(.unsupportedElement, severity: .warning, at: nil, "unsupported element <x>; shown as a placeholder")
        let sb = Storyboard(name: "s", initialViewController: "a", scenes: [Scene(id: "a")], diagnostics: [tolerated, unsupported])
        let checked = StoryboardCheck.check(sb)
        #expect(checked.map(\.code) == [.unresolvedStoryboardReference, .unsupportedElement])
        #expect(checked.map(\.severity) == [.error, .warning])
        #expect(checked.map(\.message) == [tolerated.message, unsupported.message], "messages are kept")
        // Codes are stable snake_case strings, each with one severity.
        #expect(Diagnostic.Code.allCases.allSatisfy { $0.rawValue.allSatisfy { $0.isLowercase || $0 == "_" } })
        #expect(Set(Diagnostic.Code.allCases.map(\.rawValue)).count == Diagnostic.Code.allCases.count)
        #expect(Diagnostic(.warning, at: nil, "w").code == .inputWarning && Diagnostic(at: nil, "e").code == .invalidInput)
        #expect(StoryboardCheck.line(checked[0]) == "unresolved storyboard reference r [unresolved_storyboard_reference]")
    }

    @Test("an alert action may fire a segue of the scene that presents the alert")
    func alertActionSeguesOfThePresenter() {
        // As a flow file's inline alert composes it: `home` presents `home.alert.1` by `alert.1`;
        // the alert's Move action fires `moved`, declared on `home` (an alert action's handler runs
        // after the dismissal, from the presenter). `ghost` is declared nowhere.
        var home = Scene(id: "home", kind: .viewController)
        home.segues = [SegueSpec(id: "alert.1", kind: .presentation, destination: "home.alert.1"),
                       SegueSpec(id: "moved", kind: .show, destination: "folder")]
        var alert = Scene(id: "home.alert.1", kind: .alertController)
        var spec = AlertSpec()
        spec.actions = [AlertSpec.Action(title: "Move", tap: .segue("moved")),
                         AlertSpec.Action(title: "Lost", tap: .segue("ghost"))]
        alert.alert = spec
        let sb = Storyboard(name: "flow", initialViewController: "home", scenes: [home, alert, Scene(id: "folder")])
        let errors = StoryboardCheck.check(sb).filter { $0.severity == .error }.map(\.message)
        #expect(errors == ["scene home.alert.1: an element fires unknown segue 'ghost'"])
    }

    @Test("an empty storyboard is an error; scenes only unreachable scenes lead to say so")
    func emptyAndIndirectlyUnreachable() throws {
        let empty = try importString(document(initial: nil, ""))
        #expect(StoryboardCheck.check(empty).map(\.message) == ["no scenes and no initial view controller: nothing to serve"])
        let sb = try importString(document(initial: "a", [
            scene("a", #"<viewController id="a" sceneMemberID="viewController"/>"#),
            scene("b", #"<viewController id="bbb-xx-yyy" sceneMemberID="viewController"><connections><segue destination="ccc-xx-yyy" kind="show" id="s1"/></connections></viewController>"#),
            scene("c", #"<viewController id="ccc-xx-yyy" sceneMemberID="viewController"/>"#),
        ].joined(separator: "\n")))
        let messages = StoryboardCheck.check(sb).map(\.message)
        #expect(messages.contains { $0.hasPrefix("scene bbb-xx-yyy") && $0.contains("no relationship or segue leads to it") })
        #expect(messages.contains { $0.hasPrefix("scene ccc-xx-yyy") && $0.contains("only scenes that are unreachable themselves lead to it") })
    }

    @Test("duplicate storyboard identifiers are errors in check")
    func duplicateStoryboardIDs() throws {
        let xml = document(initial: "a", [
            scene("a", #"<viewController id="a" storyboardIdentifier="same" sceneMemberID="viewController"/>"#),
            scene("b", #"<viewController id="b" storyboardIdentifier="same" sceneMemberID="viewController"/>"#),
        ].joined(separator: "\n"))
        let sb = try importString(xml)
        #expect(sb.sceneOrder == ["a", "b"])
        #expect(StoryboardCheck.check(sb).contains {
            $0.severity == .error && $0.code == .duplicateStoryboardIdentifier && $0.message.contains("duplicate storyboard identifier 'same'")
        })
    }
}

@Suite("Graph")
struct GraphTests {
    static let xml = document(initial: "nav", [
        scene("nav", """
            <navigationController id="nav" sceneMemberID="viewController">
                <connections><segue destination="list" kind="relationship" relationship="rootViewController" id="r1"/></connections>
            </navigationController>
            """),
        scene("list", """
            <tableViewController id="list" title="Inbox" customClass="InboxController" sceneMemberID="viewController">
                <connections>
                    <segue destination="message" kind="show" identifier="open" id="s1"/>
                    <segue destination="message" kind="presentation" id="s2"/>
                </connections>
            </tableViewController>
            """),
        scene("message", """
            <viewController id="message" title="Say &quot;hi&quot;" sceneMemberID="viewController">
                <connections><segue destination="exit-message" kind="unwind" unwindAction="done:" id="u1"/></connections>
            </viewController>
            """),
    ].joined(separator: "\n"))

    @Test("DOT output, whole")
    func dot() throws {
        let sb = try importString(Self.xml, name: "Mail.storyboard")
        #expect(StoryboardGraph.dot(sb) == #"""
        digraph "Mail" {
          rankdir=LR;
          node [shape=box];
          "__initial" [shape=point];
          "__initial" -> "nav";
          "nav" [label="nav\nnavigationController"];
          "list" [label="Inbox\ntableViewController (InboxController)"];
          "message" [label="Say \"hi\"\nviewController"];
          "__exit" [label="exit", shape=doublecircle];
          "nav" -> "list" [label="rootViewController"];
          "list" -> "message" [style=dashed, label="show: open"];
          "list" -> "message" [style=dashed, label="presentation: s2"];
          "message" -> "__exit" [style=dotted, label="unwind: done"];
        }

        """#)
    }

    @Test("JSON output, whole")
    func json() throws {
        let sb = try importString(Self.xml, name: "Mail.storyboard")
        let expected = #"{"scenes":[{"id":"nav","kind":"navigationController","title":null,"className":null},"#
            + #"{"id":"list","kind":"tableViewController","title":"Inbox","className":"InboxController"},"#
            + #"{"id":"message","kind":"viewController","title":"Say \"hi\"","className":null}],"#
            + #""edges":[{"from":"nav","to":"list","kind":"relationship","identifier":"rootViewController","relationship":true},"#
            + #"{"from":"list","to":"message","kind":"show","identifier":"open","relationship":false},"#
            + #"{"from":"list","to":"message","kind":"presentation","identifier":"s2","relationship":false},"#
            + #"{"from":"message","to":null,"kind":"unwind","identifier":"u1","relationship":false,"action":"done"}],"#
            + #""initial":"nav"}"#
        let json = StoryboardGraph.json(sb)
        #expect(json == expected)
        // And it reads back as the graph report, every field typed.
        let graph = try decodeAnswer(GraphReport.self, from: json)
        #expect(graph.scenes.map(\.id) == ["nav", "list", "message"] && graph.edges.count == 4 && graph.initial == "nav")
        #expect(graph.edges.last?.to == nil && graph.edges.last?.action == "done")
    }
}

@Suite("Directory")
struct DirectoryTests {
    func write(_ files: [String: String]) throws -> String {
        let dir = Scratch.url.appendingPathComponent("segue-sb-\(UUID().uuidString)").path
        for (name, text) in files {
            let path = dir + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return dir
    }

    @Test("storyboard references resolve between two files; unresolved ones become placeholder scenes with warnings")
    func references() throws {
        let main = document(initial: "nav", [
            scene("nav", """
                <navigationController id="nav" sceneMemberID="viewController">
                    <connections><segue destination="home" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                </navigationController>
                """),
            scene("home", """
                <viewController id="home" title="Home" sceneMemberID="viewController">
                    <view key="view" id="v"><subviews>
                        <button id="b1"><state key="normal" title="Detail"/>
                            <connections><segue destination="ref1" kind="show" identifier="toDetail" id="g1"/></connections>
                        </button>
                        <button id="b2"><state key="normal" title="Settings"/>
                            <connections><segue destination="ref2" kind="presentation" identifier="toSettings" id="g2"/></connections>
                        </button>
                        <button id="b3"><state key="normal" title="Gone"/>
                            <connections><segue destination="ref3" kind="show" identifier="toGone" id="g3"/></connections>
                        </button>
                    </subviews></view>
                </viewController>
                """),
            scene("ref1", #"<viewControllerPlaceholder storyboardName="Detail" referencedIdentifier="detail" id="ref1" sceneMemberID="viewController"/>"#),
            scene("ref2", #"<viewControllerPlaceholder storyboardName="Detail" id="ref2" sceneMemberID="viewController"/>"#),
            scene("ref3", #"<viewControllerPlaceholder storyboardName="Missing" id="ref3" sceneMemberID="viewController"/>"#),
        ].joined(separator: "\n"))
        let detail = document(initial: "dnav", [
            scene("dnav", """
                <navigationController id="dnav" sceneMemberID="viewController">
                    <connections><segue destination="dvc" kind="relationship" relationship="rootViewController" id="r2"/></connections>
                </navigationController>
                """),
            scene("dvc", #"<viewController id="dvc" storyboardIdentifier="detail" title="Detail" sceneMemberID="viewController"/>"#),
        ].joined(separator: "\n"))
        let dir = try write(["Base.lproj/Main.storyboard": main, "Detail.storyboard": detail])
        defer { try? FileManager.default.removeItem(atPath: dir) }

        let sb = try StoryboardImporter.loadDirectory(path: dir)
        #expect(sb.name == "Main")
        #expect(sb.sceneOrder == ["Detail:dnav", "Detail:detail", "nav", "home", "ref3"])
        #expect(sb.initialViewController == "nav")
        #expect(sb["Detail:dnav"]?.rootViewController == "Detail:detail")
        let home = try #require(sb["home"])
        #expect(home.segue("toDetail")?.destination == "Detail:detail")
        #expect(home.segue("toSettings")?.destination == "Detail:dnav")
        #expect(home.segue("toGone")?.destination == "ref3")
        #expect(home.view.map(\.tap) == [.segue("toDetail"), .segue("toSettings"), .segue("toGone")])
        let gone = try #require(sb["ref3"])
        #expect(gone.title == "Missing" && gone.view.first?.kind == .placeholder)
        #expect(gone.view.first?.text?.contains("not loaded") == true)
        let unresolved = try #require(sb.diagnostics.first { $0.message.hasPrefix("unresolved storyboard reference ref3") })
        #expect(unresolved.severity == .warning && unresolved.location?.file.hasSuffix("Main.storyboard") == true)
        #expect(unresolved.message.hasSuffix("shown as a placeholder scene"))
        #expect(!sb.diagnostics.contains { $0.message.hasSuffix("dropped") })
        // Check: the directory flow is otherwise sound.
        let errors = StoryboardCheck.check(sb).filter { $0.severity == .error }
        #expect(errors.map(\.code) == [.unresolvedStoryboardReference], "\(errors)")
    }

    @Test("cyclic storyboard references are reported, never followed forever")
    func cycle() throws {
        let main = document(initial: "toLoop", scene("toLoop",
            #"<viewControllerPlaceholder storyboardName="Loop" id="toLoop" sceneMemberID="viewController"/>"#))
        let loop = document(initial: "toMain", scene("toMain",
            #"<viewControllerPlaceholder storyboardName="Main" id="toMain" sceneMemberID="viewController"/>"#))
        let dir = try write(["Main.storyboard": main, "Loop.storyboard": loop])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sb = try StoryboardImporter.loadDirectory(path: dir)
        // The cycle ends at a placeholder scene that serves a labelled placeholder.
        let initial = try #require(sb.initialViewController)
        #expect(sb[initial]?.view.first?.kind == .placeholder)
        #expect(sb.diagnostics.contains { $0.message.hasPrefix("cyclic storyboard reference") })
        #expect(StoryboardCheck.check(sb).contains { $0.severity == .error && $0.code == .cyclicStoryboardReference && $0.message.hasPrefix("cyclic") })
    }

    @Test("a storyboard reference that is a tab shows the reference's own tab bar item")
    func referenceAsTab() throws {
        let main = document(initial: "tabs", [
            scene("tabs", """
                <tabBarController id="tabs" sceneMemberID="viewController">
                    <connections>
                        <segue destination="feedRef" kind="relationship" relationship="viewControllers" id="r1"/>
                        <segue destination="laterRef" kind="relationship" relationship="viewControllers" id="r2"/>
                    </connections>
                </tabBarController>
                """),
            scene("feedRef", """
                <viewControllerPlaceholder storyboardName="Feed" id="feedRef" sceneMemberID="viewController">
                    <tabBarItem key="tabBarItem" title="News" image="newspaper" id="tbi1"/>
                </viewControllerPlaceholder>
                """),
            scene("laterRef", """
                <viewControllerPlaceholder storyboardName="Later" id="laterRef" sceneMemberID="viewController">
                    <tabBarItem key="tabBarItem" title="Saved" id="tbi2"/>
                </viewControllerPlaceholder>
                """),
        ].joined(separator: "\n"))
        let feed = document(initial: "fnav", [
            scene("fnav", """
                <navigationController id="fnav" sceneMemberID="viewController">
                    <connections><segue destination="fvc" kind="relationship" relationship="rootViewController" id="r3"/></connections>
                </navigationController>
                """),
            scene("fvc", #"<viewController id="fvc" title="Feed Items" sceneMemberID="viewController"/>"#),
        ].joined(separator: "\n"))
        let dir = try write(["Main.storyboard": main, "Feed.storyboard": feed])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sb = try StoryboardImporter.loadDirectory(path: dir)
        #expect(sb["Feed:fnav"]?.tabBarItem?.title == "News")
        #expect(sb["Feed:fnav"]?.tabBarItem?.image == "newspaper")
        #expect(sb["laterRef"]?.tabBarItem?.title == "Saved")  // unresolved: the placeholder scene
        let window = Window(id: "w", storyboard: sb)
        try window.launch()
        #expect(window.elements.filter { $0.role == .tab }.map(\.title) == ["News", "Saved"])
    }

    @Test("a reference tab with Interface Builder's bare \"Item\" shows the referenced scene's own item")
    func placeholderItemOfAReference() throws {
        let main = document(initial: "tabs", [
            scene("tabs", """
                <tabBarController id="tabs" sceneMemberID="viewController">
                    <connections><segue destination="teamRef" kind="relationship" relationship="viewControllers" id="r1"/></connections>
                </tabBarController>
                """),
            scene("teamRef", """
                <viewControllerPlaceholder storyboardName="Team" id="teamRef" sceneMemberID="viewController">
                    <tabBarItem key="tabBarItem" title="Item" id="tbi1"/>
                </viewControllerPlaceholder>
                """),
        ].joined(separator: "\n"))
        let team = document(initial: "tnav", scene("tnav", """
            <navigationController id="tnav" sceneMemberID="viewController">
                <tabBarItem key="tabBarItem" title="Team" image="teamIcon" id="own"/>
            </navigationController>
            """))
        let dir = try write(["Main.storyboard": main, "Team.storyboard": team])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sb = try StoryboardImporter.loadDirectory(path: dir)
        #expect(sb["Team:tnav"]?.tabBarItem?.title == "Team" && sb["Team:tnav"]?.tabBarItem?.image == "teamIcon")
    }

    @Test("a directory of xibs without an app Info.plist says why nothing is served")
    func xibsWithoutPlist() throws {
        let dir = try write(["Views/Feed.xib": "<document/>", "Views/About.xib": "<document/>"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do {
            _ = try StoryboardImporter.loadDirectory(path: dir)
            Issue.record("a folder of xibs alone loaded")
        } catch {
            #expect(error.diagnostics.first?.message.contains("its 2 .xib files are read as an app's") == true)
        }
    }

    @Test("a directory without Main uses its only storyboard")
    func onlyOne() throws {
        let dir = try write(["Only.storyboard": document(initial: "a", scene("a", #"<viewController id="a" sceneMemberID="viewController"/>"#))])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sb = try StoryboardImporter.loadDirectory(path: dir)
        #expect(sb.name == "Only" && sb.initialViewController == "a" && sb.diagnostics.isEmpty)
    }
}
