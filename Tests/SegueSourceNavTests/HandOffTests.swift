import Testing
import SegueCore
import SegueStoryboard
@testable import SegueSourceNav

/// Controllers passed as arguments to the app's own methods and returned by them, in a fixture
/// app of Swift and Objective-C sources written for these tests.
@Suite("Controllers handed over")
struct HandOffTests {
    @Test("a controller passed to a method that shows it is a step of the caller, at the calling line")
    func passedAsArgument() throws {
        let (_, result) = try FixtureAppTests.analyzed("HandOffApp")
        func step(_ source: String) -> NavigationFinding? { result.findings.first { $0.source == source } }
        // `delegate.replaceRoot(delegate.makeInbox())`: the root swapped from the login screen.
        let signIn = try #require(step("Sources/LoginViewController.swift:7"))
        #expect(signIn.action == .setRoot && signIn.destination == "InboxNav" && signIn.triggers == [.action("signIn")])
        #expect(signIn.scenes == ["login"])
        // `open(makeProfile())` from a row selection: a push of what the helper returns.
        let row = try #require(step("Sources/InboxViewController.swift:5"))
        #expect(row.action == .push && row.destination == "profile" && row.triggers == [.rowSelection])
        // Objective-C: `[self presentModally:[[SettingsController alloc] initWithNibName:…]]`.
        let settings = try #require(step("Sources/ProfileViewController.m:6"))
        #expect(settings.action == .present && settings.destination == "settings" && settings.triggers == [.action("showSettings")])
    }

    @Test("a parameter no call passes a controller stays unresolved, with its reason")
    func unpassedParameter() throws {
        let (_, result) = try FixtureAppTests.analyzed("HandOffApp")
        let refresh = try #require(result.unresolved.first { $0.source == "Sources/InboxViewController.swift:17" })
        #expect(refresh.reason.contains("parameter of refresh"))
        // The helpers' own lines are not steps: only their callers are.
        #expect(!result.findings.contains { $0.source == "Sources/InboxViewController.swift:9" })
        #expect(!result.unresolved.contains { $0.source == "Sources/InboxViewController.swift:9" })
    }

    @Test("the nib a controller is created with is read, literal or constant")
    func nibNames() throws {
        let (_, result) = try FixtureAppTests.analyzed("HandOffApp")
        #expect(result.nibNames == ["SettingsController": "SettingsPanel"])
        let swift = SwiftReader.read(source: """
            class A: UIViewController {
                init() { super.init(nibName: "APanel", bundle: nil) }
                func make() -> UIViewController { B(nibName: Nibs.b, bundle: nil) }
            }
            enum Nibs { static let b = "BPanel" }
            """, file: "A.swift")
        #expect(NavigationAnalysis.nibNames(facts: [swift]) == ["A": "APanel", "B": "BPanel"])
    }

    @Test("the returned controller can be the app's root: the reach follows it")
    func reach() throws {
        let (storyboard, result) = try FixtureAppTests.analyzed("HandOffApp")
        let after = CodeNavigation.augment(storyboard, result: result).storyboard
        #expect(SceneReach.reached(storyboard, from: "login").count == 1)
        #expect(SceneReach.reached(after, from: "login") == ["login", "InboxNav", "inbox", "profile", "settings"])
    }
}

@Suite("Roots set up by a helper of the delegate")
struct CoordinatorRootTests {
    @Test("a coordinator's navigation controller around a controller with no scene: a scene is made for it")
    func madeInCode() throws {
        let (storyboard, result) = try FixtureAppTests.analyzed("CoordinatorApp")
        #expect(result.launchRoot == .madeInCode(className: "HomeViewController", inNavigation: true, source: "AppCoordinator.m:11"))
        let launched = LaunchRootReader.applying(try #require(result.launchRoot), to: storyboard)
        #expect(launched.initialViewController == "code-root" && launched["code-root"]?.rootViewController == "HomeViewController")
        #expect(launched["HomeViewController"]?.className == "HomeViewController")
        #expect(launched["HomeViewController"]?.title == nil)
        #expect(launched["HomeViewController"]?.view.map(\.text) == ["HomeViewController: view made in code (AppCoordinator.m:11)"])
    }
}

@Suite("Hand-offs that repeat")
struct RepeatedHandOffTests {
    @Test("a method that passes its own parameter to itself is followed once, however often it does")
    func recursion() throws {
        // Each call of `show` from `show` would be followed to every other one, two levels deep:
        // 60 × 60 × 60 sites for each of its 60 presentations.
        let body = String(repeating: "        show(vc)\n        present(vc, animated: true)\n", count: 60)
        let source = """
            class DetailViewController: UIViewController {
                func show(_ vc: UIViewController) {
            \(body)    }
                @IBAction func openLegal(_ sender: Any) { show(LegalViewController()) }
            }
            """
        let facts = SwiftReader.read(source: source, file: "Detail.swift")
        var detail = Scene(id: "detail")
        detail.className = "DetailViewController"
        var legal = Scene(id: "legal")
        legal.className = "LegalViewController"
        let storyboard = Storyboard(name: "Main", initialViewController: "detail", scenes: [detail, legal])
        let clock = ContinuousClock()
        let started = clock.now
        let result = NavigationAnalysis.analyze(facts: [facts], storyboard: storyboard)
        #expect(clock.now - started < .seconds(2))
        // The one controller passed in, presented at the line that passes it.
        #expect(result.findings.map(\.destination) == ["legal"])
        #expect(result.findings.first?.source == "Detail.swift:124")
    }
}

@Suite("Routers")
struct RouterTests {
    /// A storyboard of `count` scenes of classes `Screen0`…, and a `list` scene of class `List`.
    func storyboard(_ count: Int) -> Storyboard {
        var scenes = (0..<count).map { k -> Scene in
            var scene = Scene(id: "s\(k)")
            scene.className = "Screen\(k)"
            return scene
        }
        var list = Scene(id: "list")
        list.className = "List"
        scenes.append(list)
        return Storyboard(name: "Main", initialViewController: "list", scenes: scenes)
    }

    func source(_ count: Int) -> String {
        let cases = (0..<count).map { "        case .r\($0): return Screen\($0)()" }.joined(separator: "\n")
        return """
            class List: UIViewController {
                func controller(for route: Route) -> UIViewController {
                    switch route {
            \(cases)
                    }
                }
                @IBAction func open(_ sender: Any) { navigationController?.pushViewController(controller(for: .r1), animated: true) }
            }
            """
    }

    @Test("a method returning a few controllers gives a step to each; a router returning many, none")
    func routersAreNotFannedOut() throws {
        // An onboarding's `next()` choosing among seven screens: a step to each.
        let few = NavigationAnalysis.analyze(facts: [SwiftReader.read(source: source(7), file: "List.swift")], storyboard: storyboard(7))
        #expect(few.findings.compactMap(\.destination) == (0..<7).map { "s\($0)" })
        let many = NavigationAnalysis.analyze(facts: [SwiftReader.read(source: source(20), file: "List.swift")], storyboard: storyboard(20))
        #expect(many.findings.isEmpty)
        #expect(many.unresolved.count == 1)
        #expect(many.unresolved.first?.reason.hasSuffix("controllers: which one this call shows is not known") == true)
    }
}

@Suite("Storyboard IDs handed to a helper")
struct StoryboardIDHandOffTests {
    @Test("a helper instantiating the storyboard ID it is given leads, at each call, to that ID's scene")
    func identifierParameter() throws {
        let source = """
            class Tokens: UIViewController {
                private func next(_ name: String, sender: AnyObject?) -> UIViewController {
                    let vc = storyboard!.instantiateViewController(withIdentifier: name)
                    navigationController?.pushViewController(vc, animated: true)
                    return vc
                }
                @IBAction func scanClicked(_ sender: Any) { _ = next("scan", sender: nil) }
                @IBAction func addClicked(_ sender: Any) { _ = self.next("new", sender: nil) }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    emptyState.addToken = { self.scanClicked(self) }
                }
            }
            """
        var tokens = Scene(id: "tokens")
        tokens.className = "Tokens"
        var scan = Scene(id: "scanScene")
        scan.storyboardIdentifier = "scan"
        var new = Scene(id: "newScene")
        new.storyboardIdentifier = "new"
        let storyboard = Storyboard(name: "Main", initialViewController: "tokens", scenes: [tokens, scan, new])
        let result = NavigationAnalysis.analyze(facts: [SwiftReader.read(source: source, file: "Tokens.swift")], storyboard: storyboard)
        #expect(result.findings.map(\.destination) == ["scanScene", "newScene"])
        #expect(result.findings.map(\.source) == ["Tokens.swift:7", "Tokens.swift:8"])
        // The empty state's stored closure runs on its button, not as the view loads.
        #expect(result.findings.allSatisfy { finding in !finding.triggers.contains { if case .automatic = $0 { true } else { false } } })
        #expect(result.unresolved.isEmpty)
    }
}

@Suite("Launch roots written other ways")
struct LaunchRootFormsTests {
    func root(swift: String = "", objc: String = "") -> LaunchRoot? {
        var facts: [SourceFacts] = []
        if !swift.isEmpty { facts.append(SwiftReader.read(source: swift, file: "App.swift")) }
        if !objc.isEmpty { facts.append(ObjCReader.read(source: objc, file: "AppDelegate.m")) }
        let storyboard = Storyboard(name: "Main", initialViewController: nil, scenes: [])
        return NavigationAnalysis.analyze(facts: facts, storyboard: storyboard).launchRoot
    }

    @Test("a root a method of the delegate returns is its first return that resolves")
    func returnedByAMethod() {
        let launched = root(swift: """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                    let window = UIWindow(windowScene: scene as! UIWindowScene)
                    window.rootViewController = getRootController()
                    self.window = window
                }
                private func getRootController() -> UIViewController {
                    if !UserDefaults.standard.bool(forKey: "onboarded") {
                        return OnboardingViewController()
                    }
                    return UINavigationController(rootViewController: LoginViewController())
                }
            }
            class OnboardingViewController: UIPageViewController {}
            class LoginViewController: UIViewController {}
            """)
        #expect(launched == .madeInCode(className: "OnboardingViewController", inNavigation: false, source: "App.swift:5"))
    }

    @Test("the main scene delegate wins over a second window's; an ApplicationDelegate is the app's delegate")
    func delegateNames() {
        let scenes = root(swift: """
            class MiniPlayerSceneDelegate: UIResponder, UIWindowSceneDelegate {
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                    window?.rootViewController = PopupPlayerVC()
                }
            }
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                    window?.rootViewController = LoginVC()
                }
            }
            class PopupPlayerVC: UIViewController {}
            class LoginVC: UIViewController {}
            """)
        #expect(scenes == .madeInCode(className: "LoginVC", inNavigation: false, source: "App.swift:8"))
        let named = root(swift: """
            class ApplicationDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    window?.rootViewController = BoardViewController()
                    return true
                }
            }
            class BoardViewController: UIViewController {}
            """)
        #expect(named == .madeInCode(className: "BoardViewController", inNavigation: false, source: "App.swift:3"))
    }

    @Test("a root set on a cover or lock window is not the app's while the app's window has one")
    func otherWindows() {
        let launched = root(swift: """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                    let window = UIWindow(windowScene: scene as! UIWindowScene)
                    window.rootViewController = HomeViewController()
                    self.window = window
                    let cover = UIWindow(windowScene: scene as! UIWindowScene)
                    cover.rootViewController = CoverViewController()
                    lockWindow.rootViewController = LockViewController()
                }
            }
            class HomeViewController: UIViewController {}
            class CoverViewController: UIViewController {}
            class LockViewController: UIViewController {}
            """)
        #expect(launched == .madeInCode(className: "HomeViewController", inNavigation: false, source: "App.swift:5"))
        #expect(LaunchRootReader.namesOtherWindow("self.appCoverWindow") && LaunchRootReader.namesOtherWindow("lockWindow!"))
        #expect(!LaunchRootReader.namesOtherWindow("self.window!") && !LaunchRootReader.namesOtherWindow("UIApplication.shared.keyWindow")
                && !LaunchRootReader.namesOtherWindow("_window"))
    }

    @Test("a root held in a property of the delegate is what its lazy getter makes")
    func lazyGetterRoot() {
        let launched = root(objc: """
            @interface Login : UIViewController
            @end
            @implementation Login
            - (void)viewDidLoad { }
            @end
            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                [self.window setRootViewController:self.loginViewController];
                return YES;
            }
            - (UINavigationController *)loginViewController {
                if (!_loginViewController) {
                    Login *login = [[Login alloc] init];
                    _loginViewController = [[UINavigationController alloc] initWithRootViewController:login];
                }
                return _loginViewController;
            }
            @end
            """)
        #expect(launched == .madeInCode(className: "Login", inNavigation: true, source: "AppDelegate.m:8"))
    }

    @Test("an instance variable given a new window is the app's window")
    func windowInstanceVariable() {
        let launched = root(objc: """
            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                _window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
                _navigationController = [[UINavigationController alloc] initWithRootViewController:[[WelcomeScreen alloc] init]];
                [_window setRootViewController:_navigationController];
                return YES;
            }
            @end
            @interface WelcomeScreen : UIViewController
            @end
            @implementation WelcomeScreen
            - (void)viewDidLoad { }
            @end
            """)
        #expect(launched == .madeInCode(className: "WelcomeScreen", inNavigation: true, source: "AppDelegate.m:5"))
    }

    @Test("a view controller made in code is the root whatever its class is called")
    func anyName() {
        let launched = root(swift: """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    window?.rootViewController = RootView()
                    return true
                }
            }
            class RootView: UIViewController {}
            """)
        #expect(launched == .madeInCode(className: "RootView", inNavigation: false, source: "App.swift:3"))
    }

    @Test("Objective-C: setRootViewController: and a window taking a controller's view set the root")
    func objcForms() {
        let classes = "@interface Home : UIViewController\n@end\n@implementation Home\n- (void)viewDidLoad { }\n@end\n"
        let setter = root(objc: classes + """
            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                UINavigationController *nav = [[UINavigationController alloc] initWithRootViewController:[[Home alloc] init]];
                [self.window setRootViewController:nav];
                return YES;
            }
            @end
            """)
        #expect(setter == .madeInCode(className: "Home", inNavigation: true, source: "AppDelegate.m:9"))
        let subview = root(objc: classes + """
            @implementation AppDelegate
            - (void)applicationDidFinishLaunching:(UIApplication *)application {
                self.navigationController = [[UINavigationController alloc] initWithRootViewController:[[Home alloc] init]];
                [window addSubview:[navigationController view]];
            }
            @end
            """)
        #expect(subview == .madeInCode(className: "Home", inNavigation: true, source: "AppDelegate.m:9"))
        // A login screen's view put over the first one is no root; nor is a window the method
        // makes for an error message.
        let covered = root(objc: classes + """
            @interface Login : UIViewController
            @end
            @implementation Login
            @end
            @implementation AppDelegate
            + (void)presentError {
                UIWindow *window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
                [window setRootViewController:[[Login alloc] init]];
            }
            - (void)applicationDidFinishLaunching:(UIApplication *)application {
                self.navigationController = [[UINavigationController alloc] initWithRootViewController:[[Home alloc] init]];
                [window addSubview:navigationController.view];
                [window addSubview:[[Login alloc] init].view];
            }
            @end
            """)
        #expect(covered == .madeInCode(className: "Home", inNavigation: true, source: "AppDelegate.m:17"))
    }
}

@Suite("Storyboard IDs a helper returns")
struct ReturnedStoryboardIDTests {
    @Test("a helper returning the scene of the storyboard ID it is given leads to that scene")
    func returnedIdentifier() throws {
        let source = """
            class Feed: UIViewController {
                private func viewController(for identifier: String) -> UIViewController {
                    let storyboard = UIStoryboard(name: "Main", bundle: nil)
                    return storyboard.instantiateViewController(identifier: identifier)
                }
                @IBAction func openPost(_ sender: Any) {
                    if let nav = viewController(for: "PostNav") as? UINavigationController {
                        present(nav, animated: true)
                    }
                }
            }
            """
        var feed = Scene(id: "feed")
        feed.className = "Feed"
        var post = Scene(id: "postNav", kind: .navigationController)
        post.storyboardIdentifier = "PostNav"
        let storyboard = Storyboard(name: "Main", initialViewController: "feed", scenes: [feed, post])
        let result = NavigationAnalysis.analyze(facts: [SwiftReader.read(source: source, file: "Feed.swift")], storyboard: storyboard)
        #expect(result.findings.map(\.destination) == ["postNav"])
        #expect(result.unresolved.isEmpty)
    }
}

@Suite("Objective-C properties set elsewhere")
struct ObjCPropertyTests {
    @Test("an instance variable set in another method, and a lazy getter's controller, are followed")
    func ivarsAndLazyGetters() throws {
        let source = """
            @implementation RootViewController
            - (void)viewDidLoad {
                self.title = @"Apps";
                settingsController = [[SettingsViewController alloc] initWithNibName:@"SettingsViewController" bundle:nil];
            }
            - (IBAction)showSettings:(id)sender {
                [self.navigationController pushViewController:settingsController animated:YES];
            }
            - (IASKAppSettingsViewController *)appSettingsViewController {
                if (!_appSettingsViewController) {
                    _appSettingsViewController = [[IASKAppSettingsViewController alloc] initWithNibName:@"IASKAppSettingsView" bundle:nil];
                }
                return _appSettingsViewController;
            }
            - (IBAction)showAppSettings:(id)sender {
                UINavigationController *nav = [[UINavigationController alloc] initWithRootViewController:self.appSettingsViewController];
                [self presentViewController:nav animated:YES completion:nil];
            }
            @end
            """
        let storyboard = classedStoryboard([("root", "RootViewController"), ("settings", "SettingsViewController"), ("appSettings", "IASKAppSettingsViewController")])
        let result = NavigationAnalysis.analyze(facts: [ObjCReader.read(source: source, file: "Root.m")], storyboard: storyboard)
        #expect(result.findings.map(\.destination) == ["settings", "appSettings"])
        #expect(result.unresolved.isEmpty)
    }
}

@Suite("Children in navigation controllers made in code")
struct MadeNavigationChildTests {
    @Test("a child added inside a navigation controller made for it is embedded in one, so it can push")
    func childInNavigation() throws {
        let source = """
            class AppViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let nav = UINavigationController(rootViewController: HomeViewController())
                    addChild(nav)
                    view.addSubview(nav.view)
                    loggedOut.addChild(SignInViewController())
                }
            }
            """
        let storyboard = classedStoryboard([("app", "AppViewController"), ("home", "HomeViewController"), ("signIn", "SignInViewController")])
        let result = NavigationAnalysis.analyze(facts: [SwiftReader.read(source: source, file: "App.swift")], storyboard: storyboard)
        #expect(result.findings.map(\.action) == [.addChild])
        let applied = CodeNavigationApplier.apply(result, to: storyboard)
        let embed = try #require(applied["app"]?.segues.first { $0.kind == .embed })
        #expect(embed.destination == "code-nav-home" && applied["code-nav-home"]?.rootViewController == "home")
    }
}

@Suite("Pages set in code")
struct CodePagesTests {
    @Test("a page view controller setting its first page as its view loads shows that page")
    func firstPage() throws {
        let source = """
            class Walkthrough: UIPageViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    if let first = storyboard?.instantiateViewController(withIdentifier: "Content") {
                        setViewControllers([first], direction: .forward, animated: true, completion: nil)
                    }
                }
            }
            """
        var pager = Scene(id: "pager", kind: .pageViewController)
        pager.className = "Walkthrough"
        var content = Scene(id: "content")
        content.storyboardIdentifier = "Content"
        let storyboard = Storyboard(name: "Main", initialViewController: "pager", scenes: [pager, content])
        let result = NavigationAnalysis.analyze(facts: [SwiftReader.read(source: source, file: "Walkthrough.swift")], storyboard: storyboard)
        let applied = CodeNavigationApplier.apply(result, to: storyboard)
        #expect(applied["pager"]?.pages == ["content"])
        #expect(applied["pager"]?.segues.isEmpty == true)
        let window = Window(id: "w", storyboard: applied)
        try window.launch()
        #expect(window.visibleContentControllers.map(\.sceneID) == ["content"])
    }
}

/// A storyboard of plain scenes with these ids and classes, the first one initial.
func classedStoryboard(_ scenes: [(id: String, cls: String)]) -> Storyboard {
    Storyboard(name: "Main", initialViewController: scenes.first?.id, scenes: scenes.map { id, cls in
        var scene = Scene(id: id)
        scene.className = cls
        return scene
    })
}

@Suite("System controllers made by the app's helpers")
struct SystemHelperTests {
    @Test("an alert a method returns and Safari from a factory on its own type are the system's, not unresolved")
    func helpersOfSystemControllers() throws {
        let source = """
            class Accounts: UIViewController {
                private lazy var addAlert = makeAddAlert()
                private func makeAddAlert() -> UIAlertController {
                    let alert = UIAlertController(title: "Add", message: nil, preferredStyle: .actionSheet)
                    return alert
                }
                @IBAction func add(_ sender: Any) { present(addAlert, animated: true) }
                @IBAction func help(_ sender: Any) { present(SFSafariViewController.instance(for: helpURL), animated: true) }
                @IBAction func login(_ sender: Any) { present(AuthHelper.unauthenticatedAlert(), animated: true) }
            }
            enum AuthHelper {
                static func unauthenticatedAlert() -> UIAlertController {
                    UIAlertController(title: "Not logged in", message: nil, preferredStyle: .alert)
                }
            }
            """
        let result = NavigationAnalysis.analyze(facts: [SwiftReader.read(source: source, file: "Accounts.swift")],
                                                storyboard: classedStoryboard([("accounts", "Accounts")]))
        #expect(result.unresolved.isEmpty)
        #expect(result.systemControllers == 3)
    }
}
