import Foundation
import Testing
import SegueCore
@testable import SegueLayout
@testable import SegueStoryboard

/// Auto Layout of imported storyboards: constraints, guides, margins, intrinsic sizes and
/// autoresizing masks solved at the viewport's size.
@Suite struct AutoLayoutTests {
    static let storyboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES" initialViewController="form">
        <scenes>
            <scene sceneID="s1">
                <objects>
                    <collectionViewController id="grid" sceneMemberID="viewController">
                        <collectionView key="view" dataMode="prototypes" id="grid-view">
                            <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <collectionViewFlowLayout key="collectionViewLayout" id="flow">
                                <size key="itemSize" width="250" height="250"/>
                            </collectionViewFlowLayout>
                            <cells>
                                <collectionViewCell reuseIdentifier="photo" id="photo-cell">
                                    <rect key="frame" x="70" y="10" width="250" height="250"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <view key="contentView">
                                        <rect key="frame" x="0.0" y="0.0" width="250" height="250"/>
                                        <autoresizingMask key="autoresizingMask"/>
                                        <subviews>
                                            <imageView translatesAutoresizingMaskIntoConstraints="NO" id="photo">
                                                <rect key="frame" x="0.0" y="0.0" width="250" height="250"/>
                                            </imageView>
                                        </subviews>
                                    </view>
                                    <constraints>
                                        <constraint firstItem="photo" firstAttribute="top" secondItem="photo-cell" secondAttribute="top" id="c1"/>
                                        <constraint firstItem="photo" firstAttribute="leading" secondItem="photo-cell" secondAttribute="leading" id="c2"/>
                                        <constraint firstAttribute="bottom" secondItem="photo" secondAttribute="bottom" id="c3"/>
                                        <constraint firstAttribute="trailing" secondItem="photo" secondAttribute="trailing" id="c4"/>
                                    </constraints>
                                </collectionViewCell>
                            </cells>
                        </collectionView>
                    </collectionViewController>
                </objects>
            </scene>
            <scene sceneID="s2">
                <objects>
                    <viewController id="form" sceneMemberID="viewController">
                        <view key="view" id="form-root">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <label text="Name" translatesAutoresizingMaskIntoConstraints="NO" id="name">
                                    <rect key="frame" x="20" y="40" width="45" height="21"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                </label>
                                <label text="Email address" translatesAutoresizingMaskIntoConstraints="NO" id="email">
                                    <rect key="frame" x="26" y="90" width="110" height="21"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                </label>
                                <label text="Phone" translatesAutoresizingMaskIntoConstraints="NO" id="phone">
                                    <rect key="frame" x="31" y="140" width="50" height="21"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                </label>
                                <switch translatesAutoresizingMaskIntoConstraints="NO" id="toggle">
                                    <rect key="frame" x="306" y="35" width="51" height="31"/>
                                </switch>
                                <view translatesAutoresizingMaskIntoConstraints="NO" id="square">
                                    <rect key="frame" x="20" y="200" width="100" height="100"/>
                                </view>
                            </subviews>
                            <viewLayoutGuide key="safeArea" id="form-safe"/>
                            <constraints>
                                <constraint firstItem="name" firstAttribute="leading" secondItem="form-safe" secondAttribute="leading" constant="20" id="f1"/>
                                <constraint firstItem="name" firstAttribute="top" secondItem="form-safe" secondAttribute="top" constant="20" id="f2"/>
                                <constraint firstItem="email" firstAttribute="leading" secondItem="name" secondAttribute="leading" id="f3"/>
                                <constraint firstItem="email" firstAttribute="top" secondItem="name" secondAttribute="bottom" constant="29" id="f4"/>
                                <constraint firstItem="phone" firstAttribute="leading" secondItem="email" secondAttribute="leading" id="f5"/>
                                <constraint firstItem="phone" firstAttribute="top" secondItem="email" secondAttribute="bottom" constant="29" id="f6"/>
                                <constraint firstAttribute="trailingMargin" secondItem="toggle" secondAttribute="trailing" id="f7"/>
                                <constraint firstItem="toggle" firstAttribute="centerY" secondItem="name" secondAttribute="centerY" id="f8"/>
                                <constraint firstItem="square" firstAttribute="centerX" secondItem="form-safe" secondAttribute="centerX" id="f9"/>
                                <constraint firstItem="square" firstAttribute="top" secondItem="phone" secondAttribute="bottom" constant="40" id="f10"/>
                                <constraint firstItem="square" firstAttribute="width" secondItem="form-safe" secondAttribute="width" multiplier="1:2" id="f11"/>
                            </constraints>
                        </view>
                    </viewController>
                </objects>
            </scene>
            <scene sceneID="s3">
                <objects>
                    <viewController id="map" sceneMemberID="viewController">
                        <view key="view" id="map-root">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <subviews>
                                <mapView mapType="standard" translatesAutoresizingMaskIntoConstraints="NO" id="the-map">
                                    <rect key="frame" x="0.0" y="20" width="375" height="647"/>
                                </mapView>
                            </subviews>
                            <viewLayoutGuide key="safeArea" id="map-safe"/>
                            <constraints>
                                <constraint firstItem="the-map" firstAttribute="top" secondItem="map-safe" secondAttribute="top" id="m1"/>
                                <constraint firstItem="the-map" firstAttribute="leading" secondItem="map-safe" secondAttribute="leading" id="m2"/>
                                <constraint firstItem="map-safe" firstAttribute="trailing" secondItem="the-map" secondAttribute="trailing" id="m3"/>
                                <constraint firstItem="map-safe" firstAttribute="bottom" secondItem="the-map" secondAttribute="bottom" id="m4"/>
                            </constraints>
                        </view>
                    </viewController>
                </objects>
            </scene>
            <scene sceneID="s4">
                <objects>
                    <viewController id="legacy" sceneMemberID="viewController">
                        <layoutGuides>
                            <viewControllerLayoutGuide type="top" id="top-guide"/>
                            <viewControllerLayoutGuide type="bottom" id="bottom-guide"/>
                        </layoutGuides>
                        <view key="view" id="legacy-root">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
                            <subviews>
                                <label text="Welcome" id="welcome">
                                    <rect key="frame" x="16" y="84" width="80" height="21"/>
                                </label>
                                <view id="banner">
                                    <rect key="frame" x="0.0" y="500" width="320" height="68"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMinY="YES"/>
                                </view>
                                <button buttonType="system" id="go">
                                    <rect key="frame" x="10" y="10" width="40" height="30"/>
                                    <state key="normal" title="Go"/>
                                </button>
                            </subviews>
                            <constraints>
                                <constraint firstItem="welcome" firstAttribute="top" secondItem="top-guide" secondAttribute="bottom" constant="20" id="l1"/>
                                <constraint firstItem="welcome" firstAttribute="leading" secondItem="legacy-root" secondAttribute="leadingMargin" id="l2"/>
                                <constraint firstItem="bottom-guide" firstAttribute="top" secondItem="welcome" secondAttribute="bottom" relation="greaterThanOrEqual" constant="8" id="l3"/>
                            </constraints>
                        </view>
                    </viewController>
                </objects>
            </scene>
            <scene sceneID="s5">
                <objects>
                    <viewController id="conflict" sceneMemberID="viewController">
                        <view key="view" id="conflict-root">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <subviews>
                                <view translatesAutoresizingMaskIntoConstraints="NO" id="box">
                                    <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                                    <constraints>
                                        <constraint firstAttribute="width" constant="100" id="k1"/>
                                        <constraint firstAttribute="width" constant="200" id="k2"/>
                                    </constraints>
                                </view>
                            </subviews>
                        </view>
                    </viewController>
                </objects>
            </scene>
            <scene sceneID="s6">
                <objects>
                    <tableViewController id="list" sceneMemberID="viewController">
                        <tableView key="view" dataMode="prototypes" style="plain" rowHeight="60" id="list-view">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <prototypes>
                                <tableViewCell reuseIdentifier="row" id="row-cell">
                                    <rect key="frame" x="0.0" y="28" width="375" height="60"/>
                                    <tableViewCellContentView key="contentView" tableViewCell="row-cell" id="row-content">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="60"/>
                                        <subviews>
                                            <label text="Wi-Fi" translatesAutoresizingMaskIntoConstraints="NO" id="row-title">
                                                <rect key="frame" x="16" y="20" width="40" height="20"/>
                                            </label>
                                            <switch translatesAutoresizingMaskIntoConstraints="NO" id="row-switch">
                                                <rect key="frame" x="310" y="15" width="51" height="31"/>
                                            </switch>
                                        </subviews>
                                        <constraints>
                                            <constraint firstItem="row-title" firstAttribute="leading" secondItem="row-content" secondAttribute="leadingMargin" id="r1"/>
                                            <constraint firstItem="row-title" firstAttribute="centerY" secondItem="row-content" secondAttribute="centerY" id="r2"/>
                                            <constraint firstAttribute="trailingMargin" secondItem="row-switch" secondAttribute="trailing" id="r3"/>
                                            <constraint firstItem="row-switch" firstAttribute="centerY" secondItem="row-content" secondAttribute="centerY" id="r4"/>
                                        </constraints>
                                    </tableViewCellContentView>
                                </tableViewCell>
                            </prototypes>
                        </tableView>
                    </tableViewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """

    static func scenes() throws -> [String: Scene] {
        let doc = try StoryboardImporter.parseDocument(data: Data(storyboard.utf8), fileName: "Layout.storyboard")
        return Dictionary(uniqueKeysWithValues: doc.scenes.map { ($0.id, $0) })
    }

    func near(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 0.001 } ?? false }
    func near(_ a: Rect?, _ b: Rect) -> Bool {
        guard let a else { return false }
        return near(a.x, b.x) && near(a.y, b.y) && near(a.width, b.width) && near(a.height, b.height)
    }

    func solve(_ nodes: [ViewNode], width: Double = 390, height: Double = 753, kind: AutoLayout.Host = .rootView) throws -> AutoLayout.Result {
        let host = try #require(AutoLayout.host(of: nodes))
        return AutoLayout.solve(nodes, host: host, size: Size(width: width, height: height), kind: kind)
    }

    @Test func textStylesGiveTheirPointSizes() throws {
        // Interface Builder's "Large Title" is written as the Title0 style.
        func size(_ style: String) throws -> Double? {
            let xml = """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="v">
            <scenes><scene sceneID="s"><objects><viewController id="v" sceneMemberID="viewController">
            <view key="view" id="root"><rect key="frame" x="0" y="0" width="375" height="667"/><subviews>
            <label text="Welcome" numberOfLines="0" translatesAutoresizingMaskIntoConstraints="NO" id="l">
            <rect key="frame" x="16" y="20" width="343" height="82"/><fontDescription key="fontDescription" style="\(style)"/></label>
            </subviews></view></viewController></objects></scene></scenes></document>
            """
            let doc = try StoryboardImporter.parseDocument(data: Data(xml.utf8), fileName: "Styles.storyboard")
            return doc.scenes.first?.view.first?.layout?.fontSize
        }
        #expect(try size("UICTFontTextStyleTitle0") == 34)
        #expect(try size("UICTFontTextStyleLargeTitle") == 34)
        #expect(try size("UICTFontTextStyleBody") == 17)
    }

    @Test func collectionCellImageFillsItsItemSize() throws {
        let grid = try #require(Self.scenes()["grid"])
        let collection = try #require(grid.view.first)
        let item = try #require(collection.children.first)
        let host = try #require(AutoLayout.host(of: item.children))
        #expect(host.hostRole == .collectionCell)
        let result = AutoLayout.solve(item.children, host: host, size: Size(width: 250, height: 250), kind: .view)
        #expect(result.isUsable)
        let photo = try #require(result.frames["photo"])
        #expect(abs(photo.width - 250) <= 1 && abs(photo.height - 250) <= 1)
        #expect(abs(photo.x) <= 1 && abs(photo.y) <= 1)
    }

    @Test func labelsWithEqualLeadingShareX() throws {
        let form = try #require(Self.scenes()["form"])
        let result = try solve(form.view)
        #expect(result.isUsable && result.conflicts == 0 && result.skipped == 0)
        let name = try #require(result.frames["name"]), email = try #require(result.frames["email"]), phone = try #require(result.frames["phone"])
        #expect(near(name.x, 20) && name.x == email.x && email.x == phone.x)
        // Intrinsic widths from the text; rows spaced by the constants.
        #expect(email.width > name.width && name.width > 20)
        #expect(abs(email.y - (name.y + name.height + 29)) < 0.001)
        // The switch at the trailing margin (16 pt on a 390 pt phone), its own size, centred on the name.
        let toggle = try #require(result.frames["toggle"])
        #expect(near(toggle.width, 51) && near(toggle.height, 31))
        #expect(abs(toggle.x + toggle.width - (390 - 16)) < 0.001)
        #expect(abs((toggle.y + toggle.height / 2) - (name.y + name.height / 2)) < 0.001)
        // Half the safe area's width (a 1:2 multiplier), centred; the height as designed.
        let square = try #require(result.frames["square"])
        #expect(abs(square.width - 195) < 0.001 && abs(square.x - 97.5) < 0.001 && abs(square.height - 100) < 0.001)
    }

    @Test func marginsFollowTheWidth() throws {
        let form = try #require(Self.scenes()["form"])
        let wide = try solve(form.view, width: 1180, height: 729)
        let toggle = try #require(wide.frames["toggle"])
        #expect(abs(toggle.x + toggle.width - (1180 - 20)) < 0.001)
    }

    @Test func fullScreenMapFillsTheSafeArea() throws {
        let map = try #require(Self.scenes()["map"])
        for (w, h) in [(390.0, 753.0), (844, 299), (1180, 729)] {
            let result = try solve(map.view, width: w, height: h)
            #expect(result.isUsable)
            #expect(near(result.frames["the-map"], Rect(x: 0, y: 0, width: w, height: h)))
        }
    }

    @Test func oldLayoutGuidesAndAutoresizingMasks() throws {
        let legacy = try #require(Self.scenes()["legacy"])
        let result = try solve(legacy.view, width: 390, height: 753)
        #expect(result.isUsable)
        let welcome = try #require(result.frames["welcome"])
        #expect(near(welcome.y, 20) && near(welcome.x, 16))
        // Flexible width and top margin: as wide as the root, kept at the bottom.
        let banner = try #require(result.frames["banner"])
        #expect(near(banner, Rect(x: 0, y: 753 - 68, width: 390, height: 68)))
        // No mask, no constraints: its frame, fixed to the top left.
        #expect(near(result.frames["go"], Rect(x: 10, y: 10, width: 40, height: 30)))
    }

    @Test func contradictoryRequiredConstraintsAreCountedNotFatal() throws {
        let conflict = try #require(Self.scenes()["conflict"])
        let result = try solve(conflict.view)
        #expect(result.conflicts == 1)
        #expect(!result.isUsable)
        let box = try #require(result.frames["box"])
        #expect(near(box.width, 100) || near(box.width, 200))
    }

    @Test func tableCellContentIsLaidOutAtTheCellWidth() throws {
        let list = try #require(Self.scenes()["list"])
        let table = try #require(list.view.first)
        let row = try #require(table.sections.first?.rows.first)
        let host = try #require(AutoLayout.host(of: row.content))
        #expect(host.hostRole == .tableCell && host.frame?.height == 60)
        let result = AutoLayout.solve(row.content, host: host, size: Size(width: 390, height: 60), kind: .tableCell)
        #expect(result.isUsable && near(result.size.height, 60))
        let title = try #require(result.frames["row-title"]), toggle = try #require(result.frames["row-switch"])
        #expect(near(title.x, 16) && abs(title.y + title.height / 2 - 30) < 0.001)
        #expect(abs(toggle.x + 51 - (390 - 16)) < 0.001 && abs(toggle.y - 14.5) < 0.001)
    }

    /// A cell whose constraints chain its content from top to bottom is as tall as they need
    /// (automatic row height), not its design height; nothing is broken.
    @Test func tableCellsSizeThemselves() {
        var label = ViewNode(.label, text: "Label")
        label.frame = Rect(x: 20, y: 12, width: 42, height: 21)
        label.layout = ViewLayout(xmlID: "label")
        label.layout?.translatesAutoresizingMask = false
        label.layout?.constraints = [LayoutConstraintSpec(firstItem: nil, firstAttribute: "height", constant: 21)]
        var host = ViewLayout(xmlID: "content")
        host.hostRole = .tableCell
        host.frame = Rect(x: 0, y: 0, width: 414, height: 43.67)
        host.constraints = [
            LayoutConstraintSpec(firstItem: "label", firstAttribute: "top", secondItem: "content", secondAttribute: "topMargin", constant: 1),
            LayoutConstraintSpec(firstItem: "label", firstAttribute: "bottom", secondItem: "content", secondAttribute: "bottomMargin"),
            LayoutConstraintSpec(firstItem: "label", firstAttribute: "leading", secondItem: "content", secondAttribute: "leadingMargin"),
        ]
        let (size, kind) = AutoLayout.hostSize(host, viewport: Size(width: 390, height: 844))
        let result = AutoLayout.solve([label], host: host, size: size, kind: kind)
        #expect(result.isUsable && result.conflicts == 0)
        #expect(near(result.size.height, 11 + 1 + 21 + 11) && near(result.frames["label"]?.y, 12))
    }

    @Test func sizeClassVariationsFollowTheTraits() {
        var box = ViewNode(.view)
        box.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        box.layout = ViewLayout(xmlID: "box")
        box.layout?.translatesAutoresizingMask = false
        var host = ViewLayout(xmlID: "root")
        var top = LayoutConstraintSpec(firstItem: "box", firstAttribute: "top", secondItem: "root", secondAttribute: "top", constant: 20)
        top.constants["widthClass=regular"] = 60
        var compactOnly = LayoutConstraintSpec(firstItem: "box", firstAttribute: "leading", secondItem: "root", secondAttribute: "leading", constant: 10)
        compactOnly.excludedByDefault = true
        compactOnly.includedIn = ["widthClass=compact"]
        var regularOnly = compactOnly
        regularOnly.constant = 100
        regularOnly.includedIn = ["heightClass=regular-widthClass=regular"]
        host.constraints = [top, compactOnly, regularOnly]
        let phone = AutoLayout.solve([box], host: host, size: Size(width: 390, height: 753), traits: .phonePortrait)
        #expect(phone.conflicts == 0 && near(phone.frames["box"]?.y, 20) && near(phone.frames["box"]?.x, 10))
        let pad = AutoLayout.solve([box], host: host, size: Size(width: 1180, height: 729), traits: .padLandscape)
        #expect(pad.conflicts == 0 && near(pad.frames["box"]?.y, 60) && near(pad.frames["box"]?.x, 100))
    }

    /// A wrapping label gets the lines its laid-out width needs, not those of its design width.
    @Test func wrappingLabelsAreMeasuredAtTheirLaidOutWidth() {
        var label = ViewNode(.label, text: String(repeating: "word ", count: 12))  // 60 characters
        label.frame = Rect(x: 20, y: 20, width: 200, height: 63)
        label.layout = ViewLayout(xmlID: "text")
        label.layout?.translatesAutoresizingMask = false
        label.layout?.numberOfLines = 0
        label.layout?.fontSize = 17
        var host = ViewLayout(xmlID: "root")
        host.constraints = [
            LayoutConstraintSpec(firstItem: "text", firstAttribute: "leading", secondItem: "root", secondAttribute: "leading", constant: 20),
            LayoutConstraintSpec(firstItem: "root", firstAttribute: "trailing", secondItem: "text", secondAttribute: "trailing", constant: 20),
            LayoutConstraintSpec(firstItem: "text", firstAttribute: "top", secondItem: "root", secondAttribute: "top", constant: 20),
        ]
        // 60 × 0.47 × 17 ≈ 480 pt of text: three lines at the design width of 200, two at 350.
        #expect(IntrinsicSize.of(label).height == 63)
        let result = AutoLayout.solve([label], host: host, size: Size(width: 390, height: 753))
        #expect(near(result.frames["text"]?.width, 350) && near(result.frames["text"]?.height, 42))
        var lines = ViewNode(.label, text: "First\nSecond\nThird")
        lines.layout = ViewLayout(xmlID: "l")
        lines.layout?.numberOfLines = 0
        let height: Double? = IntrinsicSize.of(lines).height
        #expect(height == 63.0)
        #expect(IntrinsicSize.of(lines).width == IntrinsicSize.textWidth("Second", fontSize: 17))
    }

    @Test func intrinsicSizesOfControls() {
        var label = ViewNode(.label, text: "Hello")
        label.layout = ViewLayout(xmlID: "l")
        label.layout?.fontSize = 20
        let size = IntrinsicSize.of(label)
        #expect(size.width == IntrinsicSize.textWidth("Hello", fontSize: 20) && size.height == 24)
        #expect(IntrinsicSize.of(ViewNode(.switch)).width == 51)
        #expect(IntrinsicSize.of(ViewNode(.slider)).width == nil)
        #expect(IntrinsicSize.of(ViewNode(.map)).height == nil)
        var image = ViewNode(.image)
        image.layout = ViewLayout(xmlID: "i")
        image.layout?.imageSize = Size(width: 24, height: 16)
        #expect(IntrinsicSize.of(image).width == 24)
    }
}
