import Foundation
import Testing
import SegueCore
import SegueServer
@testable import SegueStoryboard
import SegueTestSupport

/// Serving what can be served: entry scenes, broken files in a directory, code-built views,
/// reachability in taps.
@Suite("Serving")
struct ServingTests {
    func temporaryDirectory(_ files: [String: String]) throws -> String {
        let dir = Scratch.url.appendingPathComponent("segue-serve-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        return dir
    }

    static let noInitial = document(initial: nil, [
        scene("emptyNav", #"<navigationController id="emptyNav" sceneMemberID="viewController"/>"#),
        scene("detail", #"<viewController id="detail" title="Detail" sceneMemberID="viewController"/>"#),
        scene("nav", """
            <navigationController id="nav" sceneMemberID="viewController">
                <connections><segue destination="home" kind="relationship" relationship="rootViewController" id="r1"/></connections>
            </navigationController>
            """),
        scene("home", """
            <viewController id="home" title="Home" customClass="HomeViewController" sceneMemberID="viewController">
                <view key="view" id="v"><subviews>
                    <button id="b1"><rect key="frame" x="20" y="100" width="100" height="30"/><state key="normal" title="More"/>
                        <connections><segue destination="detail" kind="show" id="g1"/></connections>
                    </button>
                </subviews></view>
            </viewController>
            """),
        scene("code", #"<viewController id="code" customClass="MadeInCodeViewController" sceneMemberID="viewController"><view key="view" id="cv"/></viewController>"#),
    ].joined(separator: "\n"))

    @Test("a storyboard without an initial view controller is served from its first root container with children")
    func entryScene() throws {
        let sb = try importString(Self.noInitial)
        #expect(sb.initialViewController == nil)
        #expect(StoryboardReachability.entryScene(sb) == "nav")
        let serving = FlowSource.servingStoryboard(sb)
        #expect(serving.initialViewController == "nav")
        #expect(serving.diagnostics.last?.message.contains("serving from scene 'nav'") == true)
        #expect(FlowSource.servable(serving) == nil)
        // A storyboard that names one is unchanged.
        let named = FlowSource.servingStoryboard(try importString(document(initial: "detail", scene("detail", #"<viewController id="detail" sceneMemberID="viewController"/>"#))))
        #expect(named.initialViewController == "detail" && named.diagnostics.isEmpty)
    }

    @Test("reachability counts taps: relationships are free, triggered segues cost one, manual segues none")
    func reachability() throws {
        var sb = FlowSource.servingStoryboard(try importString(Self.noInitial))
        #expect(StoryboardReachability.taps(sb) == ["nav": 0, "home": 0, "detail": 1])
        #expect(StoryboardReachability.taps(sb, maxTaps: 0) == ["nav": 0, "home": 0])
        sb.initialViewController = "code"
        #expect(StoryboardReachability.taps(sb) == ["code": 0])
    }

    @Test("a custom class with an empty view says its content is made in code")
    func madeInCode() throws {
        let sb = try importString(Self.noInitial)
        let code = try #require(sb["code"])
        #expect(code.view.count == 1 && code.view[0].kind == .placeholder)
        #expect(code.view[0].text == "MadeInCodeViewController: content made in code")
        #expect(code.view[0].location?.line ?? 0 > 1)
        // A scene with views keeps them.
        #expect(sb["home"]?.view.first?.kind == .button)
    }

    @Test("a directory with a malformed storyboard still serves the others, with the error and its line")
    func brokenFileInADirectory() throws {
        let good = document(initial: "a", scene("a", #"<viewController id="a" title="A" sceneMemberID="viewController"/>"#))
        let dir = try temporaryDirectory(["Main.storyboard": good, "Broken.storyboard": String(good.prefix(300))])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sb = try FlowSource.load(path: dir)
        #expect(sb.initialViewController == "a")
        let error = try #require(sb.diagnostics.first { $0.severity == .error })
        #expect(error.location?.file.hasSuffix("Broken.storyboard") == true)
        #expect((error.location?.line ?? 0) >= 1)
        #expect(StoryboardCheck.check(sb).contains { $0.severity == .error && $0.location?.file.hasSuffix("Broken.storyboard") == true })
        // Nothing readable at all: an error, not a storyboard.
        let bad = try temporaryDirectory(["Only.storyboard": "<document"])
        defer { try? FileManager.default.removeItem(atPath: bad) }
        #expect(throws: FlowSource.LoadError.self) { try FlowSource.load(path: bad) }
    }

    @Test("a launch screen is never the main storyboard, and its scenes are not unreachable")
    func launchScreenIsNotTheApp() throws {
        func one(_ id: String, _ title: String) -> String {
            document(initial: id, scene(id, #"<viewController id="\#(id)" title="\#(title)" sceneMemberID="viewController"/>"#))
        }
        let launch = one("launch", "Launch").replacingOccurrences(of: "<document ", with: #"<document launchScreen="YES" "#)
        // An older app: the main storyboard split by idiom, and a launch screen.
        let dir = try temporaryDirectory(["LaunchScreen.storyboard": launch,
                                          "Main_iPad.storyboard": one("pad", "Pad"),
                                          "Main_iPhone.storyboard": one("phone", "Phone")])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sb = try FlowSource.load(path: dir)
        #expect(sb.name == "Main_iPhone" && sb.initialViewController == "phone")
        let unreachable = StoryboardCheck.check(sb).filter { $0.code == .unreachableScene || $0.code == .unreachableEntryScene }
        #expect(unreachable.map(\.message).allSatisfy { !$0.contains("launch") })
        #expect(unreachable.contains { $0.message.contains("Main_iPad:pad") })
        // With one other storyboard, that one is the app, without a word about choosing.
        let single = try temporaryDirectory(["LaunchScreen.storyboard": launch, "Root.storyboard": one("root", "Root")])
        defer { try? FileManager.default.removeItem(atPath: single) }
        let root = try FlowSource.load(path: single)
        #expect(root.name == "Root" && root.initialViewController == "root")
        #expect(!root.diagnostics.contains { $0.code == .noMainStoryboard })
    }
}

@Suite("Check rules")
struct CheckRulesTests {
    @Test("partialCurl with a sheet, empty containers and code-performed popovers are warnings, with lines")
    func rules() throws {
        let xml = document(initial: "home", [
            scene("home", """
                <viewController id="home" title="Home" sceneMemberID="viewController">
                    <view key="view" id="v"><subviews>
                        <button id="b1"><state key="normal" title="Curl"/>
                            <connections><segue destination="other" kind="presentation" modalPresentationStyle="pageSheet" modalTransitionStyle="partialCurl" id="curl"/></connections>
                        </button>
                    </subviews></view>
                    <connections><segue destination="other" kind="popoverPresentation" identifier="pop" id="pop"/></connections>
                </viewController>
                """),
            scene("other", #"<viewController id="other" storyboardIdentifier="other" sceneMemberID="viewController"/>"#),
            scene("emptyNav", #"<navigationController id="emptyNav" storyboardIdentifier="emptyNav" sceneMemberID="viewController"/>"#),
        ].joined(separator: "\n"))
        let sb = try importString(xml)
        let problems = StoryboardCheck.check(sb)
        let curl = try #require(problems.first { $0.message.contains("partialCurl") })
        // UIKit raises only when the segue runs: a warning, and the storyboard serves.
        #expect(curl.severity == .warning && (curl.location?.line ?? 0) > 1)
        #expect(curl.message.hasSuffix("performing it will be refused (illegal_transition)"))
        #expect(problems.contains { $0.severity == .warning && $0.message.contains("popover segue 'pop' is performed by code") })
        #expect(problems.contains { $0.severity == .warning && $0.message.contains("navigation controller without a root view controller") })
    }
}

@Suite("Preferred traits")
struct PreferredTraitsTests {
    @Test("iPad and Apple TV storyboards open at their device's size; others and flow files at the default")
    func traits() throws {
        let dir = Scratch.url.appendingPathComponent("segue-traits-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let pad = document(initial: nil, "").replacingOccurrences(of: "targetRuntime=\"iOS.CocoaTouch\"", with: "targetRuntime=\"iOS.CocoaTouch.iPad\"")
        try pad.write(toFile: dir + "/Main.storyboard", atomically: true, encoding: .utf8)
        try document(initial: nil, "").write(toFile: dir + "/Phone.storyboard", atomically: true, encoding: .utf8)
        #expect(FlowSource.preferredTraits(path: dir + "/Main.storyboard") == .padLandscape)
        #expect(FlowSource.preferredTraits(path: dir) == .padLandscape)
        #expect(FlowSource.preferredTraits(path: dir + "/Phone.storyboard") == nil)
        #expect(FlowSource.preferredTraits(path: dir + "/missing.storyboard") == nil)
    }
}

@Suite("Deep input")
struct DeepInputTests {
    func nested(views: Int) -> String {
        let open = (0..<views).map { #"<view id="v\#($0)"><subviews>"# }.joined()
        let close = String(repeating: "</subviews></view>", count: views)
        return document(initial: "a", scene("a", #"<viewController id="a" sceneMemberID="viewController"><view key="view" id="root"><subviews>"# + open + close + "</subviews></view></viewController>"))
    }

    @Test("nesting far deeper than Interface Builder writes is a located error, not a stack overflow")
    func tooDeep() throws {
        #expect(throws: StoryboardImportError.self) { try importString(nested(views: 5000)) }
        do {
            _ = try StoryboardImporter.parse(data: Array(nested(views: 5000).utf8), fileName: "Deep.storyboard")
        } catch {
            #expect(error.diagnostics.first?.message.contains("nested deeper than") == true)
            #expect((error.diagnostics.first?.location?.line ?? 0) >= 1)
        }
    }

    @Test("nesting just under the limit imports, checks and runs")
    func deepButAccepted() throws {
        let sb = try importString(nested(views: (DOMBuilder.maxDepth - 12) / 2))
        var depth = 0
        var node = sb["a"]?.view.first
        while let n = node { depth += 1; node = n.children.first }
        #expect(depth >= 70)
        _ = StoryboardCheck.check(sb)
        let window = Window(id: "deep", storyboard: sb)
        try window.launch()
        #expect(window.screen().layers.count == 1)
    }
}

@Suite("Containment cycles")
struct ContainmentCycleTests {
    static let xml = document(initial: "tab", [
        scene("tab", """
            <tabBarController id="tab" sceneMemberID="viewController"><connections>
                <segue destination="nav" kind="relationship" relationship="viewControllers" id="r1"/>
                <segue destination="home" kind="relationship" relationship="viewControllers" id="r3"/>
            </connections></tabBarController>
            """),
        scene("nav", """
            <navigationController id="nav" sceneMemberID="viewController"><connections>
                <segue destination="tab" kind="relationship" relationship="rootViewController" id="r2"/>
            </connections></navigationController>
            """),
        scene("home", #"<viewController id="home" title="Home" sceneMemberID="viewController"/>"#),
    ].joined(separator: "\n"))

    @Test("a scene containing itself is a check error with its line, and nothing to serve")
    func cycle() throws {
        let sb = try importString(Self.xml)
        let problems = StoryboardCheck.check(sb).filter { $0.message.contains("contains itself") }
        #expect(problems.count == 1)
        #expect(problems.first?.severity == .error && (problems.first?.location?.line ?? 0) > 1)
        #expect(problems.first?.message.contains("tab → nav → tab") == true)
        let refusal = try #require(FlowSource.servable(sb))
        #expect(refusal.message.contains("cannot be shown"))
    }
}
