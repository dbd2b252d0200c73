import Foundation
import SegueCore
import SegueSourceNav
import SegueTestSupport
import Testing
@testable import SegueAppFolder
@testable import SegueServer

/// App folders whose delegate builds the root in code: the launch follows the sources.
@Suite("Code-built roots")
struct CodeRootLaunchTests {
    static func loaded(_ fixture: String) throws -> (app: AppImport, storyboard: Storyboard) {
        try #require(try FlowSource.loadAppWithCode(path: repositoryRoot + "/Tests/Fixtures/" + fixture))
    }

    @Test("a navigation controller the scene delegate makes around a scene is the root, named by its line")
    func navigationRoot() throws {
        let (app, storyboard) = try Self.loaded("CodeRootApp")
        #expect(storyboard.initialViewController == "code-root")
        #expect(storyboard["code-root"]?.kind == .navigationController)
        #expect(storyboard["code-root"]?.rootViewController == "home")
        #expect(storyboard.launchNotice?.contains("the root the app's code builds at SceneDelegate.swift:9") == true)
        #expect(app.launch.logLines.contains { $0.contains("root scene code-root") })
        #expect(try launchedRoot(storyboard).scene?.id == "code-root")
    }

    @Test("a tab bar the app delegate fills with scenes is the root")
    func tabsRoot() throws {
        let (_, storyboard) = try Self.loaded("CodeTabsApp")
        #expect(storyboard.initialViewController == "code-root")
        #expect(storyboard["code-root"]?.viewControllers == ["home", "inbox"])
        #expect(storyboard.launchNotice?.contains("AppDelegate.m:10") == true)
    }

    @Test("a tab bar controller of the app's own filling its tabs is the root, though the main storyboard names no initial scene")
    func tabBarSubclassRoot() throws {
        let (app, storyboard) = try Self.loaded("CodeTabBarApp")
        #expect(storyboard.initialViewController == "MainTabBarController")
        let tabs = try #require(storyboard["MainTabBarController"])
        #expect(tabs.kind == .tabBarController)
        #expect(tabs.viewControllers == ["code-nav-HomeController", "code-nav-SearchController", "profile", "InboxController"])
        #expect(storyboard["InboxController"]?.tabBarItem?.title == "Inbox")
        #expect(storyboard["code-nav-HomeController"]?.rootViewController == "HomeController")
        #expect(storyboard.launchNotice?.contains("the root the app's code builds at SceneDelegate.swift:9") == true)
        #expect(app.launch.logLines.contains { $0.contains("root scene MainTabBarController") })
        #expect(try launchedRoot(storyboard).scene?.id == "MainTabBarController")
        // The made scenes run their classes' code: Home's bar item pushes Detail.
        #expect(storyboard["HomeController"]?.segues.contains { $0.destination == "DetailController" && $0.kind == .push } == true)
        // Reach counts the app's own scenes: the one storyboard scene, a tab of the root.
        let analyzed = try #require(try FlowSource.analyzeApp(path: repositoryRoot + "/Tests/Fixtures/CodeTabBarApp"))
        let reach = try #require(SceneReach.measure(analyzed.app.storyboard, result: analyzed.result))
        #expect(reach.navigable == ["profile"] && reach.after == ["profile"])
    }

    @Test("an app with no storyboard or nib launches the root its code builds, its scenes made from the code")
    func interfaceAllInCode() throws {
        let (app, storyboard) = try Self.loaded("CodeOnlyApp")
        #expect(storyboard.initialViewController == "AppTabBarController")
        #expect(storyboard["AppTabBarController"]?.viewControllers == ["code-nav-ListController", "SettingsController"])
        #expect(storyboard["code-nav-ListController"]?.tabBarItem?.title == "List")
        #expect(storyboard["code-nav-ListController"]?.tabBarItem?.image == "list.bullet")
        #expect(storyboard["SettingsController"]?.tabBarItem?.title == "Settings")
        #expect(storyboard["ListController"]?.kind == .tableViewController)
        #expect(app.launch.logLines.contains { $0.contains("root scene AppTabBarController") })
        let root = try launchedRoot(storyboard)
        #expect(root.scene?.id == "AppTabBarController" && root.children.count == 2)
        // The tab bar controller's own `setViewControllers` is its tabs, not a step.
        let analyzed = try #require(try FlowSource.analyzeApp(path: repositoryRoot + "/Tests/Fixtures/CodeOnlyApp"))
        #expect(analyzed.result.findings.map(\.source) == ["AppTabBarController.swift:16"])
        #expect(analyzed.result.launchScenes.contains("AppTabBarController"))
    }

    @Test("an app with no storyboard or nib and no root its code builds is refused, saying so")
    func noInterfaceAtAll() throws {
        let folder = NSTemporaryDirectory() + "segue-no-interface-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleExecutable</key><string>Empty</string></dict></plist>
            """
        try plist.write(toFile: folder + "/Info.plist", atomically: true, encoding: .utf8)
        try "class Helper {}\n".write(toFile: folder + "/Helper.swift", atomically: true, encoding: .utf8)
        #expect {
            _ = try FlowSource.loadAppWithCode(path: folder)
        } throws: { error in
            (error as? FlowSource.LoadError)?.diagnostics.contains { $0.message.contains("the app has no storyboard or xib with a view controller") } == true
        }
        // A SwiftUI app says so first.
        try "import SwiftUI\n@main\nstruct NotesApp: App {\n    var body: some Scene { WindowGroup { ContentView() } }\n}\n"
            .write(toFile: folder + "/NotesApp.swift", atomically: true, encoding: .utf8)
        #expect {
            _ = try FlowSource.loadAppWithCode(path: folder)
        } throws: { error in
            (error as? FlowSource.LoadError)?.diagnostics.first?.message
                == "this is a SwiftUI app (@main struct NotesApp at NotesApp.swift:3): its screens are SwiftUI views, which Segue does not read"
        }
    }

    @Test("a coordinator's root around a controller with no scene: a scene is made and runs its class's code")
    func madeInCodeRoot() throws {
        let (app, storyboard) = try Self.loaded("CoordinatorApp")
        #expect(storyboard.initialViewController == "code-root")
        #expect(storyboard["code-root"]?.rootViewController == "HomeViewController")
        #expect(storyboard.launchNotice?.contains("AppCoordinator.m:11") == true)
        #expect(app.launch.logLines.contains { $0.contains("root scene code-root") })
        // Its class's action pushes the controller its code creates.
        #expect(storyboard["HomeViewController"]?.segues.contains { $0.destination == "about" && $0.kind == .push } == true)
    }

    @Test("the nib code creates a controller with gives the view of its scene that has none")
    func nibNamedInCode() throws {
        let (_, storyboard) = try Self.loaded("CoordinatorApp")
        let about = try #require(storyboard["about"])
        #expect(about.view.contains { $0.id == "credits" && $0.text == "Made by the fixture" })
        // Without the sources' nib name, UIKit's own lookup (About, AboutController) finds nothing.
        let plain = try #require(try FlowSource.loadApp(path: repositoryRoot + "/Tests/Fixtures/CoordinatorApp"))
        #expect(plain.storyboard["about"]?.view.contains { $0.id == "credits" } != true)
    }

    /// An app whose main nib has a window (with or without a root outlet) and a navigation
    /// controller, and whose delegate sets the window's root in code.
    static func nibApp(windowRoot: Bool) throws -> String {
        let root = Scratch.folder + "/nib-root-\(UUID().uuidString)"
        let outlet = windowRoot ? #"<connections><outlet property="rootViewController" destination="nav" id="o1"/></connections>"# : ""
        let files = [
            "Info.plist": #"<?xml version="1.0"?><plist version="1.0"><dict><key>NSMainNibFile</key><string>MainWindow</string><key>CFBundleExecutable</key><string>X</string></dict></plist>"#,
            "MainWindow.xib": """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14490.70" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none">
                    <objects>
                        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="UIApplication"/>
                        <window opaque="NO" contentMode="scaleToFill" id="win">\(outlet)</window>
                        <navigationController id="nav"><viewController key="rootViewController" title="Welcome" id="welcome"/></navigationController>
                    </objects>
                </document>
                """,
            "AppDelegate.swift": """
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        window?.rootViewController = UINavigationController(rootViewController: HomeController())
                        return true
                    }
                }
                class HomeController: UIViewController {}
                """,
        ]
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (path, text) in files { try text.write(toFile: root + "/" + path, atomically: true, encoding: .utf8) }
        return root
    }

    @Test("a main nib whose window has no root gives way to the root the app delegate sets")
    func nibWindowWithoutRoot() throws {
        let bare = try Self.nibApp(windowRoot: false)
        defer { try? FileManager.default.removeItem(atPath: bare) }
        let storyboard = try #require(try FlowSource.loadAppWithCode(path: bare)).storyboard
        #expect(storyboard.initialViewController == "code-root")
        #expect(storyboard["code-root"]?.rootViewController == "HomeController")
        #expect(storyboard.launchNotice?.contains("its window has none") == true)
        let rooted = try Self.nibApp(windowRoot: true)
        defer { try? FileManager.default.removeItem(atPath: rooted) }
        let kept = try #require(try FlowSource.loadAppWithCode(path: rooted)).storyboard
        #expect(kept.initialViewController != "code-root" && kept[kept.initialViewController ?? ""]?.kind == .navigationController)
    }

    @Test("a main storyboard whose initial scene shows nothing gives way to the root the scene delegate builds at launch")
    func emptyMainStoryboard() throws {
        let (app, storyboard) = try Self.loaded("TemplateStoryboardApp")
        // `SignInBuilder.build()` returns a navigation controller around a controller made in
        // code; `changeRoot()`, earlier in the file, swaps the root later and is not the launch.
        #expect(storyboard.initialViewController == "code-root")
        #expect(storyboard["code-root"]?.rootViewController == "SignInController")
        #expect(storyboard.launchNotice?.contains("shows nothing") == true)
        #expect(storyboard.launchNotice?.contains("SceneDelegate.swift:14") == true)
        #expect(app.launch.logLines.contains { $0.contains("root scene code-root") })
        // The template scene stays what `instantiateInitialViewController()` gives.
        #expect(storyboard.entryScenes.contains("template"))
        // A builder's product is followed: SignIn's action pushes what `FeedBuilder.build()` makes.
        #expect(storyboard["SignInController"]?.segues.contains { $0.destination == "FeedController" && $0.kind == .push } == true)
        #expect(try launchedRoot(storyboard).scene?.id == "code-root")
    }

    @Test("an initial scene with a view, a segue or a bar item of its own shows something: it stays the launch")
    func initialSceneWithContent() throws {
        let analyzed = try #require(try FlowSource.analyzeApp(path: repositoryRoot + "/Tests/Fixtures/TemplateStoryboardApp"))
        var storyboard = analyzed.app.storyboard
        #expect(FlowSource.showsNothing("template", in: storyboard, result: analyzed.result))
        #expect(!FlowSource.showsNothing("code-root", in: storyboard, result: analyzed.result))
        let empty = try #require(storyboard["template"])
        for change in [{ (s: inout Scene) in s.view = [ViewNode(.label, text: "Welcome")] },
                       { (s: inout Scene) in s.segues = [SegueSpec(id: "next", kind: .show, destination: "FeedController")] },
                       { (s: inout Scene) in s.navigationItem.rightBarButtonItems = [BarButtonItemSpec(title: "Add")] }] {
            var scene = empty
            change(&scene)
            storyboard.scenes["template"] = scene
            #expect(!FlowSource.showsNothing("template", in: storyboard, result: analyzed.result))
        }
    }

    @Test("the root the app delegate sets on a phone is launched, not the pad's; a property of its own is none")
    func lastRootOfTheLaunch() throws {
        let (_, storyboard) = try Self.loaded("PadBranchApp")
        // `self.rootViewController = …` sets the delegate's property; the window's root is the
        // navigation controller made around it (named by its instance variable), in the phone's
        // branch, though the pad's comes last.
        #expect(storyboard.initialViewController == "code-root")
        #expect(storyboard["code-root"]?.rootViewController == "ListViewController")
        #expect(storyboard["ListViewController"]?.kind == .tableViewController)
        #expect(storyboard.launchNotice?.contains("AppDelegate.m:12") == true)
    }

    @Test("an empty navigation controller handed to a coordinator: the first controller the launch's coordinators push is its root")
    func coordinatorFillsTheRoot() throws {
        let (_, storyboard) = try Self.loaded("CoordinatorLaunchApp")
        // AppCoordinator's `start()` makes ListCoordinator, whose `start()` pushes ListController;
        // DetailCoordinator, which the launch never makes, is not followed.
        #expect(storyboard.initialViewController == "code-root")
        #expect(storyboard["code-root"]?.rootViewController == "ListController")
        #expect(storyboard["ListController"]?.kind == .tableViewController)
        #expect(storyboard.launchNotice?.contains("Coordinators.swift:27") == true)
        #expect(try launchedRoot(storyboard).scene?.id == "code-root")
    }

    @Test("an app whose sources build no readable root keeps the loader's guess")
    func noSources() throws {
        let (app, storyboard) = try #require(try FlowSource.loadAppWithCode(path: appFixture("CodeRootApp")))
        #expect(storyboard.initialViewController == "tabs")
        #expect(app.storyboard.launchNotice?.contains("code builds at") == false)
    }
}
