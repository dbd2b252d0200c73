import Foundation
import Logging
import SegueCore
import SegueHTTP
import SegueJSON
import SegueStoryboard
import Testing
@testable import SegueAppFolder
@testable import SegueServer
import SeguePageURL
@testable import SegueSourceNav
import SegueTestSupport

/// The small app folders of `Tests/Fixtures/Apps` (written by `make-fixtures.py`), one per way an
/// app names its first screen.
func appFixture(_ name: String) -> String { repositoryRoot + "/Tests/Fixtures/Apps/" + name }

func loadApp(_ name: String, _ options: AppLoadOptions = AppLoadOptions()) throws -> AppImport {
    try #require(try AppLoader.load(path: appFixture(name), options: options))
}

/// The root scene a fresh window of this size launches.
func launchedRoot(_ storyboard: Storyboard, _ traits: Traits = .phonePortrait, locale: String? = nil) throws -> ViewController {
    let window = Window(id: "t", storyboard: storyboard, traits: traits)
    window.locale = locale
    try window.launch()
    return try #require(window.root)
}

/// Writes `files` (relative path → text) under `root`, making the folders they need.
func writeFiles(_ files: [String: String], under root: String) throws {
    for (path, text) in files {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}

@Suite("App folder")
struct AppFolderTests {
    @Test("the app's Info.plist is found below the folder; extensions' and tests' plists are not")
    func findsTheAppPlist() throws {
        let app = try #require(AppFolder.find(root: appFixture("LocalizedApp")))
        #expect(app.infoPlist.hasSuffix("LocalizedApp/Localized/Info.plist"))
        #expect(app.mainStoryboard == "Main")
        #expect(app.developmentRegion == "en")
        #expect(app.appFonts == ["Fonts/Brand-Regular.ttf"])
        #expect(app.root.hasSuffix("LocalizedApp"))
        #expect(!app.storyboards.contains { $0.contains("ShareExtension") })
        #expect(app.locales == ["de", "en", "fr"])
        #expect(AppFolder.applicationScore(["NSExtension": .dictionary([:]), "UIMainStoryboardFile": .string("X")]) == nil)
        #expect(AppFolder.applicationScore(["CFBundlePackageType": .string("BNDL")]) == nil)
        #expect(!AppFolder.isBundlePlist(["CLIENT_ID": .string("x"), "BUNDLE_ID": .string("org.app")], name: "GoogleService-Info.plist"))
        #expect(AppFolder.isBundlePlist([:], name: "Info.plist"))
    }

    @Test("of app targets side by side, the one named Info.plist wins, and a sample target's last; tests' sources are not read")
    func appTargetsSideBySide() throws {
        let root = Scratch.folder + "/targets-\(UUID().uuidString)"
        let keys = "<key>UIMainStoryboardFile</key><string>Main</string><key>CFBundleExecutable</key><string>X</string>"
        let plist = "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict>\(keys)</dict></plist>"
        let extra = "<key>UIApplicationSceneManifest</key><dict/>"
        let files = [
            "App/Info.plist": plist,
            "App/Beta-Info.plist": plist,
            "App/Samples-Info.plist": plist.replacingOccurrences(of: keys, with: keys + extra),
            "App/Feed.swift": "class Feed: UIViewController {}",
            "AppTests/FeedTests.swift": "class FeedTests { func test() { window.rootViewController = Feed() } }",
        ]
        try writeFiles(files, under: root)
        #expect(try #require(AppFolder.find(root: root)).infoPlist.hasSuffix("App/Info.plist"))
        #expect(SourceTree.sourceFiles(root: root) == ["App/Feed.swift"])
        #expect(SourceTree.isTestFolder("FreetimeTests") && SourceTree.isTestFolder("Specs") && !SourceTree.isTestFolder("Contests"))
    }

    @Test("the plist named for the repository's Xcode project wins over a variant's and a bundled example's")
    func theProjectsOwnPlistWins() throws {
        let root = Scratch.folder + "/projects-\(UUID().uuidString)"
        func plist(_ keys: String) -> String { "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict>\(keys)</dict></plist>" }
        let main = "<key>UIMainStoryboardFile</key><string>Main</string><key>CFBundleExecutable</key><string>X</string>"
        try writeFiles([
            "Beam.xcodeproj/project.pbxproj": "",
            "Beam/Info.plist": plist(main),
            // A library's example: a pad storyboard too, and in an Example folder.
            "Gallery/Example/Info.plist": plist(main + "<key>UIMainStoryboardFile~ipad</key><string>Main_iPad</string>"),
        ], under: root)
        #expect(try #require(AppFolder.find(root: root)).infoPlist.hasSuffix("/Beam/Info.plist"))
        let streets = Scratch.folder + "/streets-\(UUID().uuidString)"
        try writeFiles([
            "CycleStreets.xcodeproj/project.pbxproj": "",
            "CycleStreets-Info.plist": plist(main),
            "src/projects/stoke/AppDefaults/Info.plist": plist(main),
        ], under: streets)
        #expect(try #require(AppFolder.find(root: streets)).infoPlist.hasSuffix("/CycleStreets-Info.plist"))
    }

    @Test("an extension's storyboards are not the app's, whatever its folder is named")
    func extensionTargetsAreLeftOut() throws {
        let root = Scratch.folder + "/extension-\(UUID().uuidString)"
        let app = "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>"
        let today = "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>NSExtension</key><dict/></dict></plist>"
        let files = [
            "News/Info.plist": app, "News/Base.lproj/Main.storyboard": "<document/>",
            "Today/Info.plist": today, "Today/Base.lproj/MainInterface.storyboard": "<document/>",
        ]
        try writeFiles(files, under: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let found = try #require(AppFolder.find(root: root))
        #expect(found.storyboards.map { ($0 as NSString).lastPathComponent } == ["Main.storyboard"])
    }

    @Test("a Mac target's storyboards and sources are not the app's, in a Mac folder or by their runtime")
    func macTargetsAreLeftOut() throws {
        let root = Scratch.folder + "/mac-\(UUID().uuidString)"
        let app = "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>"
        let cocoa = "<?xml version=\"1.0\"?><document type=\"com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB\" targetRuntime=\"MacOSX.Cocoa\"/>"
        let touch = "<?xml version=\"1.0\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" targetRuntime=\"iOS.CocoaTouch\"/>"
        let files = [
            "App/iOS/Info.plist": app, "App/iOS/Base.lproj/Main.storyboard": touch, "App/iOS/Feed.swift": "class Feed: UIViewController {}",
            "App/Mac/Base.lproj/Main.storyboard": touch, "App/Mac/Preferences.swift": "class Preferences: NSViewController {}",
            "App/Shared/Base.lproj/Window.storyboard": cocoa, "App/Shared/Menu.xib": cocoa,
        ]
        try writeFiles(files, under: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let found = try #require(AppFolder.find(root: root))
        #expect(found.storyboards.map { String($0.dropFirst(root.count)) } == ["/App/iOS/Base.lproj/Main.storyboard"])
        #expect(found.xibs.isEmpty)
        #expect(SourceTree.sourceFiles(root: root) == ["App/iOS/Feed.swift"])
    }

    @Test("an app folder given as a symbolic link has its sources read")
    func symlinkedFolder() throws {
        let root = Scratch.folder + "/linked-\(UUID().uuidString)"
        try writeFiles(["App/Feed.swift": "class Feed: UIViewController {}", "App/Info.plist": "<plist/>"], under: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/App")
        #expect(SourceTree.sourceFiles(root: root + "/link") == ["Feed.swift"])
        #expect(SourceTree.read(root: root + "/link").map(\.file) == ["Feed.swift"])
    }

    @Test("of two storyboards of one name, the one nearest the app's Info.plist is the app's")
    func nearestStoryboardOfAName() throws {
        let root = Scratch.folder + "/nearest-\(UUID().uuidString)"
        let app = "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>"
        let files = [
            "Animation/Demo/Base.lproj/Main.storyboard": "<document/>",
            "Gulps/Info.plist": app, "Gulps/Base.lproj/Main.storyboard": "<document/>",
        ]
        try writeFiles(files, under: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let found = try #require(AppFolder.find(root: root))
        #expect(AppLoader.baseFiles(found.storyboards, app: found).map { String($0.dropFirst(root.count)) } == ["/Gulps/Base.lproj/Main.storyboard"])
        #expect(found.resolve("Main", ext: "storyboard")?.hasSuffix("/Gulps/Base.lproj/Main.storyboard") == true)
    }

    @Test("an app whose only scene is its launch screen and whose root cannot be read is not served as its launch screen")
    func launchScreenIsNeverServed() throws {
        let root = Scratch.folder + "/launch-only-\(UUID().uuidString)"
        let files = [
            "App/Info.plist": "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>CFBundleExecutable</key><string>X</string><key>UILaunchStoryboardName</key><string>LaunchScreen</string></dict></plist>",
            "App/Base.lproj/LaunchScreen.storyboard": """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" launchScreen="YES">
                <scenes><scene sceneID="s"><objects><viewController id="launch" sceneMemberID="viewController"><view key="view" id="v"/></viewController></objects></scene></scenes>
                </document>
                """,
            "App/AppDelegate.swift": "class AppDelegate { func application(_ a: UIApplication, didFinishLaunchingWithOptions o: [String: Any]?) -> Bool { window?.rootViewController = Library.make(); return true } }",
        ]
        try writeFiles(files, under: root)
        let (_, storyboard) = try #require(try FlowSource.loadAppWithCode(path: root))
        #expect(storyboard.initialViewController == nil)
        #expect(storyboard.launchScreenScenes.contains("launch"))
        #expect(FlowSource.servingStoryboard(storyboard).initialViewController == nil)
    }

    @Test("names resolve through Base.lproj, the development region's .lproj, then unlocalized copies")
    func nameResolution() throws {
        var app = AppFolder(root: "/a", infoPlist: "/a/App/Info.plist", info: ["CFBundleDevelopmentRegion": .string("English")])
        app.storyboards = ["/a/App/fr.lproj/Main.storyboard", "/a/App/Main.storyboard", "/a/App/en.lproj/Main.storyboard"]
        #expect(app.developmentRegion == "en")
        #expect(app.resolve("Main", ext: "storyboard") == "/a/App/en.lproj/Main.storyboard")
        app.storyboards.append("/a/App/Base.lproj/Main.storyboard")
        #expect(app.resolve("Main", ext: "storyboard") == "/a/App/Base.lproj/Main.storyboard")
        app.storyboards = ["/a/App/Main.storyboard", "/a/App/fr.lproj/Main.storyboard"]
        #expect(app.resolve("Main", ext: "storyboard") == "/a/App/Main.storyboard")
        #expect(app.resolve("Missing", ext: "storyboard") == nil)
    }

    @Test("UIMainStoryboardFile launches, not the storyboard first by name; the log says why")
    func mainStoryboard() throws {
        let loaded = try loadApp("LocalizedApp")
        #expect(loaded.storyboard.initialViewController == "nc")
        #expect(loaded.launch.reason == "UIMainStoryboardFile in Localized/Info.plist")
        #expect(loaded.launch.logLines[1] == "launching Main.storyboard (UIMainStoryboardFile in Localized/Info.plist): root scene nc")
        #expect(loaded.storyboard.launchNotice == nil)
        #expect(try launchedRoot(loaded.storyboard).scene?.id == "nc")
    }

    @Test("UIMainStoryboardFile~ipad is the root of pad windows (a binary Info.plist)")
    func padStoryboard() throws {
        let loaded = try loadApp("PadApp")
        #expect(loaded.storyboard.initialViewController == "phone")
        #expect(loaded.storyboard.padInitialViewController == "Pad:pad")
        #expect(try launchedRoot(loaded.storyboard, .phonePortrait).scene?.id == "phone")
        #expect(try launchedRoot(loaded.storyboard, .padLandscape).scene?.id == "Pad:pad")
        #expect(loaded.launch.logLines.contains { $0.hasPrefix("on iPad: Pad.storyboard") })
        // A pad session's URL restores its pad root.
        let pad = Window(id: "p", storyboard: loaded.storyboard, traits: .padLandscape)
        try pad.launch()
        let restored = Window(id: "r", storyboard: loaded.storyboard, traits: .padLandscape)
        try restored.restore(try #require(HierarchyPath.parse(pad.canonicalURL)))
        #expect(restored.root.scene?.id == "Pad:pad")
    }

    @Test("the scene manifest's UISceneStoryboardFile launches; the launch screen does not")
    func sceneManifest() throws {
        let loaded = try loadApp("SceneApp")
        #expect(loaded.storyboard.initialViewController == "main")
        #expect(loaded.launch.reason.hasPrefix("UISceneStoryboardFile"))
    }

    @Test("an app whose root is built in code launches a container nothing leads to, with a notice")
    func rootInCode() throws {
        let loaded = try loadApp("CodeRootApp")
        #expect(loaded.storyboard.initialViewController == "tabs")
        let notice = try #require(loaded.storyboard.launchNotice)
        #expect(notice.contains("builds its root view controller in code"))
        #expect(loaded.storyboard.diagnostics.filter { $0.code == .rootBuiltInCode }.count == 1)
        // The hook for the source analysis: a class it names wins.
        let told = try loadApp("CodeRootApp", AppLoadOptions(code: CodeFindings(rootScene: "FirstViewController")))
        #expect(told.storyboard.initialViewController == "first")
        #expect(told.storyboard.launchNotice?.contains("the root the app's code builds") == true)
        // What is launched is named after the root: its storyboard's name when the storyboard
        // holds it, else its class (a controller whose view is made in code), never the launch screen.
        #expect(loaded.storyboard.name == "Screens" && told.storyboard.name == "Screens")
        var made = Scene(id: "MadeInCode")
        made.className = "MadeInCode"
        let coded = try loadApp("CodeRootApp", AppLoadOptions(code: CodeFindings(rootScene: "MadeInCode", rootMadeScene: made)))
        #expect(coded.storyboard.initialViewController == "MadeInCode" && coded.storyboard.name == "MadeInCode")
    }

    @Test("--main overrides the Info.plist; a name that exists nowhere is a main_interface_not_found error")
    func mainOverride() throws {
        let loaded = try loadApp("LocalizedApp", AppLoadOptions(main: "Alpha"))
        #expect(loaded.storyboard.initialViewController == "alpha")
        #expect(loaded.launch.reason == "--main")
        let missing = try loadApp("LocalizedApp", AppLoadOptions(main: "Nowhere"))
        #expect(missing.storyboard.diagnostics.contains { $0.code == .mainInterfaceNotFound })
        #expect(missing.storyboard.initialViewController != nil)
    }

    @Test("a document-format MainWindow.xib: a tab bar of navigation controllers with nib-based views")
    func documentMainWindow() throws {
        let loaded = try loadApp("NibDocApp", AppLoadOptions(code: CodeFindings(nibNames: ["ProfileController": "ProfileCard"])))
        let sb = loaded.storyboard
        #expect(sb.initialViewController == "MainWindow:tabs")
        let tabs = try #require(sb["MainWindow:tabs"])
        #expect(tabs.kind == .tabBarController)
        #expect(tabs.viewControllers == ["MainWindow:nav-feed", "MainWindow:nav-settings"])
        #expect(sb["MainWindow:nav-feed"]?.rootViewController == "MainWindow:FeedController")
        #expect(sb["MainWindow:nav-feed"]?.tabBarItem?.title == "Feed")
        #expect(sb["MainWindow:nav-feed"]?.tabBarItem?.image == "feed.png")
        // nibName="Feed": Feed.xib's view on a phone, Feed~ipad.xib's on a pad.
        let feed = try #require(sb["MainWindow:FeedController"])
        #expect(feed.view.first?.text == "Latest news")
        #expect(feed.view.contains { $0.kind == .table })
        #expect(sb.padScenes["MainWindow:FeedController"]?.view.first?.text == "Latest news, wide")
        // A class's own ~iphone nib is its scene, its ~ipad one the pad's view.
        #expect(sb["LoginViewController"]?.view.first?.text == "Sign in")
        #expect(sb.padScenes["LoginViewController"]?.view.first?.text == "Sign in, wide")
        // No nibName: SettingsViewController loads SettingsView.xib (the class name without Controller).
        #expect(sb["MainWindow:SettingsViewController"]?.view.first?.kind == .switch)
        // Nib-based classes are scenes of their own, id the class name.
        #expect(sb["FeedController"]?.view.first?.text == "Latest news")
        #expect(sb["ProfileController"]?.view.first?.text == "Profile card")
        #expect(sb.nibScenes.contains("ProfileController"))
        // The pad window shows the pad nib's view.
        let window = Window(id: "w", storyboard: sb, traits: .padLandscape)
        try window.launch()
        let shown = window.allControllers.first { $0.scene?.id == "MainWindow:FeedController" }
        #expect(shown?.scene?.view.first?.text == "Latest news, wide")
    }

    @Test("init(nibName:) from the code names a nib for a controller without a view")
    func codeNibNames() {
        #expect(NibViews.candidateNibs(className: "App.FeedViewController", nibName: nil) == ["FeedView", "FeedViewController"])
        #expect(NibViews.candidateNibs(className: "Feed", nibName: "Other") == ["Other"])
        #expect(NibViews.candidateNibs(className: "Controller", nibName: nil) == ["Controller"])
    }

    @Test("an IB3 archive MainWindow.xib: controllers, relationships, items, views with frames; per-.lproj xibs translate")
    func archiveMainWindow() throws {
        let sb = try loadApp("ArchiveApp").storyboard
        #expect(sb.initialViewController == "MainWindow:20")
        let tabs = try #require(sb["MainWindow:20"])
        #expect(tabs.kind == .tabBarController)
        #expect(tabs.viewControllers == ["MainWindow:21", "MainWindow:WelcomeController"])
        let nav = try #require(sb["MainWindow:21"])
        #expect(nav.kind == .navigationController && nav.rootViewController == "MainWindow:InboxController")
        #expect(nav.tabBarItem?.title == "Inbox" && nav.tabBarItem?.image == "inbox.png")
        #expect(sb["MainWindow:InboxController"]?.navigationItem.title == "Inbox")
        // IBUINibName "Inbox": Inbox.xib's view (a base64 label and a grouped table).
        let inbox = try #require(sb["MainWindow:InboxController"])
        #expect(inbox.view.first?.text == "Messages")
        #expect(inbox.view.contains { $0.kind == .table })
        let welcome = try #require(sb["MainWindow:WelcomeController"])
        #expect(welcome.tabBarItem?.systemItem == .more)
        let label = try #require(welcome.view.first { $0.kind == .label })
        #expect(label.text == "Welcome aboard" && label.alignment == "center")
        #expect(label.frame == Rect(x: 20, y: 40, width: 280, height: 21))
        #expect(welcome.view.contains { $0.kind == .button && $0.text == "Go" })
        #expect(welcome.view.contains { $0.kind == .image && $0.image == "logo.png" })
        // de.lproj/MainWindow.xib (no Base): its texts are the German scenes.
        #expect(sb.locales == ["de", "en"])
        let german = try #require(sb.localizedScenes["de"]?["MainWindow:WelcomeController"])
        #expect(german.view.first { $0.kind == .label }?.text == "Willkommen an Bord")
        #expect(sb.localizedScenes["de"]?["MainWindow:21"]?.tabBarItem?.title == "Eingang")
    }

    @Test("storyboards localized per .lproj with no Base copy: the development region's is the app, the others translate it")
    func lprojStoryboards() throws {
        let sb = try loadApp("LprojApp").storyboard
        #expect(sb.locales == ["en", "fr"] && sb.initialViewController == "home")
        #expect(sb["home"]?.view.first { $0.kind == .label }?.text == "Hello")
        let french = try #require(sb.localizedScenes["fr"]?["home"])
        #expect(french.view.first { $0.kind == .label }?.text == "Bonjour")
        #expect(french.navigationItem.title == "Accueil")
    }

    @Test("Base.lproj storyboards take xx.lproj/NAME.strings (UTF-16 and UTF-8)")
    func stringsLocalization() throws {
        let sb = try loadApp("LocalizedApp").storyboard
        #expect(sb.developmentRegion == "en")
        let home = try #require(sb.localizedScenes["de"]?["home"])
        #expect(home.view.first { $0.kind == .label }?.text == "Hallo")
        #expect(home.view.first { $0.kind == .button }?.text == "Los geht\u{2019}s")
        #expect(home.view.first { $0.kind == .textField }?.placeholder == "Dein Name")
        #expect(home.navigationItem.title == "Start")
        #expect(sb.localizedScenes["fr"]?["home"]?.navigationItem.title == "Accueil")
        #expect(sb.scene("home", pad: false, locale: "de")?.navigationItem.title == "Start")
        #expect(sb.scene("home", pad: false, locale: "en")?.navigationItem.title == "Home")
        #expect(sb.bestLocale(for: ["de-CH", "en"]) == "de")
        #expect(sb.bestLocale(for: ["ja"]) == "en")
    }

    @Test("malformed plists and strings are located problems, never crashes")
    func malformedInput() {
        let bad = PropertyListReader.parse(data: Data("<?xml version=\"1.0\"?>\n<plist><dict><key>A</key>\n<string>x</dict></plist>".utf8), fileName: "Info.plist")
        guard case .failure(let problem) = bad else { Issue.record("parsed a malformed plist"); return }
        #expect(problem.code == .malformedPlist && problem.location?.file == "Info.plist")
        guard case .failure(let notDict) = PropertyListReader.parse(data: Data("<plist><array/></plist>".utf8), fileName: "x") else { return }
        #expect(notDict.code == .malformedPlist)
        guard case .failure = PropertyListReader.parse(data: Data([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xFF]), fileName: "b") else {
            Issue.record("parsed a truncated binary plist"); return
        }
        let strings = StringsFile.parse(data: Data("\"a\" = \"1\";\n\"b\" = \"2\"\n\"c\" = \"3\";".utf8), fileName: "x.strings")
        #expect(strings.entries == ["a": "1"])
        #expect(strings.problem?.code == .malformedStrings && strings.problem?.location?.line == 3)
        let utf16 = StringsFile.parse(data: Data([0xFF, 0xFE] + Array("\"k\"=\"v\";".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }), fileName: "y")
        #expect(utf16.entries == ["k": "v"] && utf16.problem == nil)
    }

    @Test("check reports xib problems as file:line: message [code]")
    func checkReportsXibs() {
        let result = segue(["check", appFixture("NibDocApp")])
        #expect(result.status == 1)
        #expect(result.out.contains("NibDocApp/Broken.xib:5: "))
        #expect(result.out.contains("[malformed_xml]"))
    }

    @Test("a folder without an app Info.plist is served as a set of storyboards, as before")
    func plainFolder() throws {
        #expect(AppFolder.find(root: repositoryRoot + "/Examples") == nil)
        #expect(AppFolder.find(root: appFixture("PadApp/Phone.storyboard")) == nil)
    }
}

@Suite("App sessions")
struct AppSessionTests {
    static func app(_ fixture: String, defaultLocale: String? = nil) throws -> SegueApp {
        let storyboard = try FlowSource.load(path: appFixture(fixture))
        var configuration = SegueApp.Configuration()
        configuration.defaultLocale = defaultLocale
        return SegueApp(storyboard: storyboard, assets: StaticAssets(directory: nil), configuration: configuration, logger: silentLogger)
    }

    /// A new session over the API: its id, its STATE's `locale`, and the answer's text.
    static func create(_ app: SegueApp, headers: [(name: String, value: String)] = []) throws -> (id: String, locale: String?, text: String) {
        let response = app.respond(to: HTTPRequest(method: .POST, path: "/api/v1/sessions",
                                                   headers: [("content-type", "application/json")] + headers, body: Array("{}".utf8)))
        #expect(response.status == 201)
        guard case .object(let top) = try JSONValue.parse(response.body), case .string(let id)? = top["id"],
              case .object(let state)? = top["state"] else { throw ActionError(.invalidRequest, "unexpected answer") }
        var locale: String?
        if case .string(let l)? = state["locale"] { locale = l }
        return (id, locale, String(decoding: response.body, as: UTF8.self))
    }

    @Test("the session's language follows Accept-Language, else --locale, else the development region; STATE says which")
    func sessionLocale() throws {
        let app = try Self.app("LocalizedApp")
        let german = try Self.create(app, headers: [("accept-language", "fr;q=0.5, de-DE, en;q=0.1")])
        #expect(german.locale == "de")
        #expect(german.text.contains("\"Start\""))
        let none = try Self.create(app, headers: [("accept-language", "ja")])
        #expect(none.locale == "en")
        #expect(none.text.contains("\"Home\""))
        let fallback = try Self.create(try Self.app("LocalizedApp", defaultLocale: "fr"), headers: [("accept-language", "ja")])
        #expect(fallback.locale == "fr")
        #expect(SegueApp.acceptedLanguages("en;q=0.2, *, de-AT;q=0.9, fr;q=0") == ["de-AT", "en"])
    }

    @Test("a session keeps its language when rebuilt from storage")
    func localeSurvivesRebuild() throws {
        let app = try Self.app("LocalizedApp")
        let id = try Self.create(app, headers: [("accept-language", "de")]).id
        let stored = try #require(try app.storage.load(session: id))
        #expect(stored.header.locale == "de")
        #expect(app.window(for: stored.header).locale == "de")
    }

    @Test("a page of an app built in code says so once, outside the screen's elements")
    func noticeOnPage() throws {
        let app = try Self.app("CodeRootApp")
        let start = app.respond(to: HTTPRequest(method: .GET, path: "/"))
        let cookie = String(try #require(start.header("set-cookie")).prefix { $0 != ";" })
        let page = app.respond(to: HTTPRequest(method: .GET, path: try #require(start.header("location")), headers: [("cookie", cookie)]))
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(page.status == 200)
        #expect(html.components(separatedBy: "class=\"app-notice\"").count == 2)
    }
}

@Suite("App folder resources")
struct AppFolderResourceTests {
    @Test("a font the app's Info.plist declares in UIAppFonts but lacks is reported")
    func declaredFontsAreChecked() throws {
        let path = appFixture("LocalizedApp")
        let storyboard = try loadApp("LocalizedApp").storyboard
        let resources = try #require(FlowSource.resources(path: path, storyboard: storyboard, logger: Logger(label: "test")))
        #expect(resources.problems.contains { $0.code == .missingFile && $0.path.hasSuffix("Brand-Regular.ttf") })
    }
}
