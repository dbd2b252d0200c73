import Foundation
import SegueTestSupport

/// A small app folder made at test time: a storyboard that uses images, colours and fonts, an
/// asset catalog (scales, dark, `~ipad`, template, SVG, PDF, a colour set, a malformed entry),
/// loose images with suffixes, a font file whose name differs from its PostScript name, and a
/// symbolic link pointing outside the folder.
enum ArtFixture {
    static let png: [UInt8] = Array(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!)

    /// A distinct PNG per tag (bytes after the end chunk, which decoders ignore).
    static func png(_ tag: String) -> [UInt8] { png + Array(tag.utf8) }

    static let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>"#

    static let pdf = """
    %PDF-1.4
    1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
    2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
    3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 20 20] /Contents 4 0 R >> endobj
    4 0 obj << /Length 21 >> stream
    0 0 1 rg 2 2 16 16 re f
    endstream endobj
    trailer << /Root 1 0 R >>
    %%EOF
    """

    /// A font file holding only a `name` table (enough for the name reader).
    static func font(family: String, style: String, postScript: String) -> [UInt8] {
        let names = [(1, family), (2, style), (4, family + " " + style), (6, postScript)]
        var strings: [UInt8] = []
        var records: [UInt8] = []
        func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v >> 16) + u16(v & 0xFFFF) }
        for (id, text) in names {
            let utf16 = text.utf16.flatMap { u16(Int($0)) }
            records += u16(3) + u16(1) + u16(0x409) + u16(id) + u16(utf16.count) + u16(strings.count)
            strings += utf16
        }
        let table = u16(0) + u16(names.count) + u16(6 + records.count) + records + strings
        let header = u32(0x00010000) + u16(1) + u16(16) + u16(0) + u16(0)
        let record = Array("name".utf8) + u32(0) + u32(12 + 16) + u32(table.count)
        return header + record + table
    }

    static func imageSet(_ images: String, properties: String = "") -> String {
        #"{"images":[\#(images)],"info":{"author":"xcode","version":1}\#(properties.isEmpty ? "" : ",\"properties\":{\(properties)}")}"#
    }

    /// Writes the app under a fresh folder and answers its path.
    static func make() throws -> String {
        let root = Scratch.folder + "/art-app-\(UUID().uuidString)"
        let fm = FileManager.default
        func write(_ relative: String, _ bytes: [UInt8]) throws {
            let path = root + "/" + relative
            try fm.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        func text(_ relative: String, _ s: String) throws { try write(relative, Array(s.utf8)) }
        let cat = "ArtApp/Assets.xcassets"
        try text("ArtApp/Info.plist", "<plist><dict></dict></plist>")
        try text(cat + "/Contents.json", #"{"info":{"version":1,"author":"xcode"}}"#)
        try text(cat + "/logo.imageset/Contents.json", imageSet("""
            {"idiom":"universal","filename":"logo.png","scale":"1x"},{"idiom":"universal","filename":"logo@2x.png","scale":"2x"},\
            {"idiom":"universal","filename":"logo@3x.png","scale":"3x"},\
            {"idiom":"universal","filename":"logo-dark@2x.png","scale":"2x","appearances":[{"appearance":"luminosity","value":"dark"}]},\
            {"idiom":"ipad","filename":"logo~ipad.png","scale":"1x"}
            """))
        for name in ["logo.png", "logo@2x.png", "logo@3x.png", "logo-dark@2x.png", "logo~ipad.png"] { try write(cat + "/logo.imageset/" + name, png(name)) }
        try text(cat + "/star-template.imageset/Contents.json", imageSet(#"{"idiom":"universal","filename":"star.png","scale":"2x"}"#,
                                                                          properties: #""template-rendering-intent":"template""#))
        try write(cat + "/star-template.imageset/star.png", png("star"))
        try text(cat + "/vector.imageset/Contents.json", imageSet(#"{"idiom":"universal","filename":"vector.svg"}"#))
        try text(cat + "/vector.imageset/vector.svg", svg)
        try text(cat + "/paper.imageset/Contents.json", imageSet(#"{"idiom":"universal","filename":"paper.pdf"}"#))
        try text(cat + "/paper.imageset/paper.pdf", pdf)
        // A second PDF (other bytes): the two are converted side by side.
        try text(cat + "/note.imageset/Contents.json", imageSet(#"{"idiom":"universal","filename":"note.pdf"}"#))
        try text(cat + "/note.imageset/note.pdf", pdf + "\n% note\n")
        try text(cat + "/broken.imageset/Contents.json", #"{"images": [ {"idiom": "#)
        try text(cat + "/Brand.colorset/Contents.json", """
            {"colors":[{"idiom":"universal","color":{"color-space":"srgb","components":{"red":"0xFF","green":"0.500","blue":"0","alpha":"1.000"}}},\
            {"idiom":"universal","appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"color-space":"srgb","components":{"red":"10","green":"20","blue":"30","alpha":"1"}}}],\
            "info":{"version":1,"author":"xcode"}}
            """)
        // Named in another case than its file's (a Mac's disk ignores it).
        try text(cat + "/HackTheBox.imageset/Contents.json", imageSet(#"{"idiom":"universal","filename":"HackTheBox.png","scale":"2x"}"#))
        try write(cat + "/HackTheBox.imageset/hackthebox.png", png("htb"))
        try text(cat + "/AccentColor.colorset/Contents.json", #"{"colors":[{"idiom":"universal"}],"info":{"author":"xcode","version":1}}"#)
        try text(cat + "/Unreadable.colorset/Contents.json", #"{"colors":[{"idiom":"universal","color":{"color-space":"srgb"}}]}"#)
        try text(cat + "/AppIcon.appiconset/Contents.json", imageSet(#"{"idiom":"iphone","size":"60x60","scale":"3x","filename":"icon180.png"}"#))
        try write(cat + "/AppIcon.appiconset/icon180.png", png("icon"))
        try write("ArtApp/Images/arrow-left.png", png("arrow"))
        try write("ArtApp/Images/arrow-left@2x.png", png("arrow2"))
        try write("ArtApp/Images/banner~ipad.png", png("banner-pad"))
        try write("ArtApp/Images/banner.png", png("banner"))
        // A loose PDF is no image UIKit finds by name (only a catalog's PDF is drawn).
        try text("ArtApp/Skins/skin.pdf", pdf)
        try write("ArtApp/Fonts/weird-name.ttf", font(family: "Fixture Sans", style: "Bold", postScript: "FixtureSans-Bold"))
        try fm.createDirectory(atPath: Scratch.folder + "/art-outside", withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: URL(fileURLWithPath: Scratch.folder + "/art-outside/secret.png"))
        try? fm.createSymbolicLink(atPath: root + "/ArtApp/Images/escape.png", withDestinationPath: Scratch.folder + "/art-outside/secret.png")
        try text("ArtApp/Base.lproj/Main.storyboard", storyboard)
        return root
    }

    static let storyboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="nav">
        <scenes>
            <scene sceneID="s1">
                <objects>
                    <navigationController id="nav" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" contentMode="scaleToFill" barStyle="black" id="bar">
                            <rect key="frame" x="0.0" y="0.0" width="390" height="44"/>
                            <color key="tintColor" name="Brand"/>
                            <color key="barTintColor" red="0.1" green="0.2" blue="0.3" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                        </navigationBar>
                        <connections>
                            <segue destination="home" kind="relationship" relationship="rootViewController" id="r1"/>
                        </connections>
                    </navigationController>
                </objects>
            </scene>
            <scene sceneID="s2">
                <objects>
                    <viewController id="home" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="root">
                            <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
                            <subviews>
                                <imageView contentMode="scaleAspectFit" image="logo" id="img1">
                                    <rect key="frame" x="20" y="100" width="100" height="100"/>
                                </imageView>
                                <imageView contentMode="scaleAspectFit" image="star-template" id="img2">
                                    <rect key="frame" x="140" y="100" width="40" height="40"/>
                                    <color key="tintColor" systemColor="systemRedColor"/>
                                </imageView>
                                <imageView contentMode="scaleAspectFit" image="paper" id="img3">
                                    <rect key="frame" x="200" y="100" width="40" height="40"/>
                                </imageView>
                                <imageView contentMode="scaleAspectFit" image="vector" id="img4">
                                    <rect key="frame" x="260" y="100" width="40" height="40"/>
                                </imageView>
                                <imageView contentMode="scaleAspectFit" image="gear" catalog="system" id="img5">
                                    <rect key="frame" x="20" y="220" width="30" height="30"/>
                                    <preferredSymbolConfiguration key="preferredSymbolConfiguration" scale="large" weight="bold"/>
                                </imageView>
                                <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="btn1">
                                    <rect key="frame" x="60" y="220" width="30" height="30"/>
                                    <state key="normal" image="arrow-left.png"/>
                                </button>
                                <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="btn2">
                                    <rect key="frame" x="100" y="220" width="30" height="30"/>
                                    <state key="normal" image="no-such-art"/>
                                </button>
                                <label opaque="NO" text="Hello" textAlignment="center" lineBreakMode="tailTruncation" numberOfLines="2" adjustsFontSizeToFit="NO" id="lbl1">
                                    <rect key="frame" x="20" y="300" width="300" height="40"/>
                                    <fontDescription key="fontDescription" name="FixtureSans-Bold" family="Fixture Sans" pointSize="22"/>
                                    <color key="textColor" name="Brand"/>
                                </label>
                                <label opaque="NO" text="Body" id="lbl2">
                                    <rect key="frame" x="20" y="350" width="300" height="20"/>
                                    <fontDescription key="fontDescription" type="system" weight="semibold" pointSize="17"/>
                                    <color key="textColor" white="0.5" alpha="0.5" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                                </label>
                                <label opaque="NO" text="Styled" id="lbl3">
                                    <rect key="frame" x="20" y="380" width="300" height="20"/>
                                    <fontDescription key="fontDescription" style="UICTFontTextStyleHeadline"/>
                                    <color key="textColor" red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="displayP3"/>
                                </label>
                                <button opaque="NO" contentMode="scaleToFill" enabled="NO" buttonType="custom" id="btn3">
                                    <rect key="frame" x="140" y="220" width="30" height="30"/>
                                    <state key="normal" image="logo"/>
                                    <state key="disabled" image="paper"/>
                                </button>
                                <button opaque="NO" contentMode="scaleToFill" buttonType="custom" id="btn4">
                                    <rect key="frame" x="180" y="220" width="30" height="30"/>
                                    <state key="normal" image="logo"/>
                                    <state key="highlighted" backgroundImage="vector"/>
                                </button>
                                <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" id="btn5">
                                    <rect key="frame" x="220" y="220" width="120" height="40"/>
                                    <state key="normal" title="Help" image="paper" backgroundImage="logo"/>
                                    <state key="highlighted" backgroundImage="vector"/>
                                </button>
                                <label opaque="NO" text="A title too long for its box" adjustsFontSizeToFit="YES" minimumFontSize="11" id="lbl5">
                                    <rect key="frame" x="20" y="440" width="80" height="20"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="22"/>
                                </label>
                                <label opaque="NO" text="Missing font" id="lbl4">
                                    <rect key="frame" x="20" y="410" width="300" height="20"/>
                                    <fontDescription key="fontDescription" name="NoSuchFont-Regular" family="No Such Font" pointSize="15"/>
                                </label>
                            </subviews>
                            <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                            <color key="tintColor" red="0" green="0.5" blue="0" alpha="1" colorSpace="calibratedRGB"/>
                        </view>
                        <navigationItem key="navigationItem" title="Home" id="item">
                            <barButtonItem key="rightBarButtonItem" title="Go home" image="arrow-left" id="bb1"/>
                            <barButtonItem key="leftBarButtonItem" image="preferences.png" id="bb2">
                                <accessibility key="accessibilityConfiguration" label="Settings"/>
                            </barButtonItem>
                        </navigationItem>
                    </viewController>
                </objects>
            </scene>
        </scenes>
        <resources>
            <image name="gear" catalog="system" width="16" height="16"/>
            <image name="logo" width="100" height="100"/>
            <namedColor name="Brand"><color red="1" green="0.5" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></namedColor>
            <systemColor name="systemBackgroundColor"><color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/></systemColor>
        </resources>
    </document>
    """
}
