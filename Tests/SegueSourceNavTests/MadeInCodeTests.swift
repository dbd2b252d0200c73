import Testing
import SegueCore
import SegueStoryboard
@testable import SegueSourceNav

/// Controllers the code shows that no storyboard or nib describes, and containers of the app's
/// own the code puts a controller into before showing them (fixture `MadeInCodeApp`).
@Suite("Controllers made in code")
struct MadeInCodeTests {
    @Test("a controller with no scene that the code pushes gets a scene, and its own navigation is followed")
    func madeScene() throws {
        let (storyboard, result) = try FixtureAppTests.analyzed("MadeInCodeApp")
        #expect(result.madeScenes.map(\.id) == ["HelpScreen", "SettingsViewController", "EditNavigationController"])
        let settings = try #require(result.madeScenes.first { $0.id == "SettingsViewController" })
        #expect(settings.kind == .tableViewController && settings.className == "SettingsViewController")
        #expect(settings.title == nil && settings.view.isEmpty)
        let help = try #require(result.madeScenes.first { $0.id == "HelpScreen" })
        #expect(help.view.map(\.text) == ["HelpScreen: view made in code (Sources/EditNavigationController.m)"])
        func step(_ source: String) -> NavigationFinding? { result.findings.first { $0.source == source } }
        let open = try #require(step("Sources/FeedViewController.swift:5"))
        #expect(open.action == .push && open.destination == "SettingsViewController" && open.scenes == ["feed"])
        // The made scene runs its class's code: its bar item made in code pushes About.
        let about = try #require(step("Sources/FeedViewController.swift:33"))
        #expect(about.scenes == ["SettingsViewController"] && about.destination == "about" && about.triggers == [.action("showAbout")])
        #expect(!result.unresolved.contains { $0.source.hasPrefix("Sources/FeedViewController.swift") })

        let after = CodeNavigation.augment(storyboard, result: result).storyboard
        #expect(after["SettingsViewController"]?.navigationItem.rightBarButtonItems.map(\.title) == ["About"])
        let reached = SceneReach.reached(after, from: "feedNav")
        #expect(reached.isSuperset(of: ["feed", "SettingsViewController", "about", "login", "terms"]))
        // Reach counts the app's own scenes only: the made ones are not navigable.
        let measure = try #require(SceneReach.measure(storyboard, result: result))
        #expect(measure.navigable == ["feedNav", "feed", "login", "terms", "about"])
        #expect(measure.before == ["feedNav", "feed"] && measure.after == measure.navigable)
    }

    @Test("a controller whose superclass is generic, the app's or a library's, is a controller")
    func genericSuperclasses() throws {
        let facts = SwiftReader.read(source: """
            class ListViewController<Item>: UIKit.UITableViewController {}
            class VaultListViewController: ListViewController<VaultCell> {
                @IBAction func showLibrary(_ sender: Any) { navigationController?.pushViewController(LibraryViewController(), animated: true) }
            }
            class BaseViewController: ASDKViewController<ASDisplayNode> {}
            class LibraryViewController: BaseViewController {
                override func viewDidLoad() { title = "Library" }
            }
            """, file: "Lists.swift")
        #expect(facts.classes.first { $0.name == "VaultListViewController" }?.superclass == "ListViewController")
        #expect(facts.classes.first { $0.name == "ListViewController" }?.superclass == "UITableViewController")
        var nav = Scene(id: "nav", kind: .navigationController)
        nav.rootViewController = "vaults"
        var vaults = Scene(id: "vaults", kind: .tableViewController)
        vaults.className = "VaultListViewController"
        let result = NavigationAnalysis.analyze(facts: [facts], storyboard: Storyboard(name: "Main", initialViewController: "nav", scenes: [nav, vaults]))
        #expect(result.madeScenes.map(\.id) == ["LibraryViewController"])
        #expect(result.findings.contains { $0.destination == "LibraryViewController" && $0.scenes == ["vaults"] })
    }

    @Test("a container storing the controller its initializer is given shows it, in Objective-C and Swift")
    func initializerArguments() throws {
        let objc = ObjCReader.read(source: """
            @implementation ContainerViewController
            - (instancetype)initWithController:(UIViewController *)controller {
                self = [super init];
                if (self) { self.rootViewController = controller; }
                return self;
            }
            - (void)viewDidLoad {
                [super viewDidLoad];
                [self addChildViewController:self.rootViewController];
            }
            @end
            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                ContainerViewController *container = [[ContainerViewController alloc] initWithController:[[AccountsViewController alloc] init]];
                self.window.rootViewController = container;
                return YES;
            }
            @end
            @interface ContainerViewController : UIViewController
            @end
            """, file: "App.m")
        let swift = SwiftReader.read(source: """
            class Frame: UIViewController {
                let content: UIViewController
                init(content: UIViewController) {
                    self.content = content
                    super.init(nibName: nil, bundle: nil)
                }
                override func viewDidLoad() { addChild(content) }
            }
            class Feed: UIViewController {
                @IBAction func open(_ sender: Any) { present(Frame(content: AccountsViewController()), animated: true) }
            }
            """, file: "Frame.swift")
        var accounts = Scene(id: "accounts"), feed = Scene(id: "feed")
        accounts.className = "AccountsViewController"
        feed.className = "Feed"
        for facts in [objc, swift] {
            let board = Storyboard(name: "Main", initialViewController: "feed", scenes: [feed, accounts])
            let result = NavigationAnalysis.analyze(facts: [facts], storyboard: board)
            let embed = result.findings.first { $0.action == .addChild }
            #expect(embed?.destination == "accounts", "\(facts.file)")
        }
    }

    @Test("a container the method makes and puts a controller into leads where that controller does")
    func containerChild() throws {
        let (_, result) = try FixtureAppTests.analyzed("MadeInCodeApp")
        func step(_ source: String) -> NavigationFinding? { result.findings.first { $0.source == source } }
        // Swift: `card.embed(child: login)`, then `present(card, …)`.
        let signIn = try #require(step("Sources/FeedViewController.swift:12"))
        #expect(signIn.action == .present && signIn.destination == "login")
        // Objective-C: a navigation controller made around Terms, added to the card, the card presented.
        let terms = try #require(step("Sources/LoginViewController.m:12"))
        #expect(terms.action == .present && terms.destination == "terms" && terms.inMadeNavigation)
        // Neither the container nor the child it was given is a step of its own.
        #expect(!result.findings.contains { $0.action == .addChild })
        #expect(!result.madeScenes.contains { $0.id == "CardContainerController" })
    }

    @Test("a navigation controller made in code: its own first push is its root; one filled before it is shown leads there")
    func navigationMadeInCode() throws {
        let (_, result) = try FixtureAppTests.analyzed("MadeInCodeApp")
        func step(_ source: String) -> NavigationFinding? { result.findings.first { $0.source == source } }
        // `EditNavigationController` pushes About as its view loads: a navigation scene rooted there.
        let navigation = try #require(result.madeScenes.first { $0.id == "EditNavigationController" })
        #expect(navigation.kind == .navigationController && navigation.rootViewController == "about")
        #expect(step("Sources/LoginViewController.m:17")?.destination == "EditNavigationController")
        #expect(step("Sources/EditNavigationController.m:7") == nil)
        #expect(!result.unresolved.contains { $0.source == "Sources/EditNavigationController.m:7" })
        // A navigation controller made, pushed onto, then presented: the pushed controller, in it.
        // `HelpScreen` inherits from UIViewController in its header only, which is enough.
        let help = try #require(step("Sources/LoginViewController.m:23"))
        #expect(help.action == .present && help.destination == "HelpScreen" && help.inMadeNavigation)
        #expect(step("Sources/LoginViewController.m:22") == nil)
        #expect(!result.unresolved.contains { $0.source.hasPrefix("Sources/LoginViewController.m") })
    }

    @Test("a tab bar controller of the app's own that fills its own tabs gets a scene with them")
    func tabBarMadeInCode() throws {
        let (_, result) = try FixtureAppTests.analyzed("CodeTabBarApp")
        func made(_ id: String) throws -> Scene { try #require(result.madeScenes.first { $0.id == id }) }
        // Swift, `viewControllers = [...]` in `viewDidLoad`: two navigation controllers made
        // around controllers with no scene (one by a helper given the controller), and a
        // storyboard scene as it is.
        let tabs = try made("MainTabBarController")
        #expect(tabs.kind == .tabBarController && tabs.className == "MainTabBarController")
        #expect(tabs.viewControllers == ["code-nav-HomeController", "code-nav-SearchController", "profile", "InboxController"])
        #expect(try made("code-nav-HomeController").rootViewController == "HomeController")
        // The bar items the code sets on the tabs it lists, and those a helper making a tab sets
        // from its parameters, filled in with the arguments of the call.
        let home = try made("code-nav-HomeController").tabBarItem
        #expect(home?.title == "Home" && home?.image == "house")
        let inbox = try made("InboxController").tabBarItem
        #expect(inbox?.title == "Inbox" && inbox?.image == "tray" && inbox?.selectedImage == nil)
        let search = try made("code-nav-SearchController").tabBarItem
        #expect(search?.title == "Search" && search?.image == "magnifyingglass")
        #expect(try made("code-nav-HomeController").kind == .navigationController)
        #expect(try made("SearchController").kind == .tableViewController)
        // Objective-C, `setViewControllers:animated:`; presented by a storyboard scene's action.
        #expect(try made("SettingsTabBarController").viewControllers == ["code-nav-AccountViewController"])
        let settings = try #require(result.findings.first { $0.source == "ProfileViewController.m:5" })
        #expect(settings.action == .present && settings.destination == "SettingsTabBarController" && settings.scenes == ["profile"])
        // The scene delegate's root is the made tab bar controller.
        #expect(result.launchRoot == .scene("MainTabBarController", source: "SceneDelegate.swift:9"))
        #expect(LaunchRootReader.madeScenes(for: try #require(result.launchRoot), among: result.madeScenes).map(\.id).sorted()
            == ["HomeController", "InboxController", "MainTabBarController", "SearchController", "code-nav-HomeController",
                "code-nav-SearchController"])
        // The lines that fill the tabs are the scenes' own, not steps.
        #expect(!result.findings.contains { $0.source.hasPrefix("MainTabBarController.swift:12") })
        #expect(result.unresolved.isEmpty)
    }
}
