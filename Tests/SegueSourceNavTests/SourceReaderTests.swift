import SegueCore
import Testing
@testable import SegueSourceNav

/// The Swift reader and the Objective-C tokenizer and reader, on small sources.
@Suite("Source readers")
struct SourceReaderTests {
    @Test("Swift: navigation calls, their destinations, styles, self calls and constants")
    func swiftCalls() throws {
        let facts = SwiftReader.read(source: """
            enum Keys { static let detail = "detail" }
            enum Route: String { case profile = "profileID"; case about }
            class FeedViewController: UIViewController {
                let board = UIStoryboard(name: "Other", bundle: nil)
                @IBAction func open(_ sender: Any) {
                    let vc = storyboard!.instantiateViewController(withIdentifier: Keys.detail) as! DetailViewController
                    vc.modalPresentationStyle = .formSheet
                    present(vc, animated: true)
                    helper()
                }
                func helper() {
                    navigationController?.pushViewController(board.instantiateInitialViewController()!, animated: true)
                    show(UINavigationController(rootViewController: AboutViewController()), sender: nil)
                    performSegue(withIdentifier: Route.profile.rawValue, sender: self)
                    tabBarController?.selectedIndex = 2
                    dismiss(animated: true)
                }
            }
            """, file: "Feed.swift")
        #expect(facts.constants["Keys.detail"] == "detail")
        #expect(facts.constants["Route.profile"] == "profileID")
        #expect(facts.constants["Route.about"] == "about")
        let cls = try #require(facts.classes.first { $0.name == "FeedViewController" })
        let open = try #require(cls.methods.first { $0.name == "open" })
        #expect(open.isAction && open.invokes == ["helper"])
        #expect(open.calls == [{
            var c = NavigationCall(action: .present, line: 8, destination: .storyboardID(.symbol("Keys.detail"), storyboard: .current))
            c.presentationStyle = .formSheet
            return c
        }()])
        let helper = try #require(cls.methods.first { $0.name == "helper" })
        #expect(helper.calls.map(\.action) == [.push, .show, .performSegue, .selectTab, .dismiss])
        #expect(helper.calls[0].destination == .initial(.named(.literal("Other"))))
        #expect(helper.calls[1].destination == .navigation(wrapping: .className("AboutViewController")))
        #expect(helper.calls[2].segue == .symbol("Route.profile"))
        #expect(helper.calls[3].tabIndex == 2)
    }

    @Test("Swift: code for another platform is skipped, as the iOS compiler skips it")
    func otherPlatformsCode() throws {
        let facts = SwiftReader.read(source: """
            #if os(macOS)
            class Preferences: NSViewController {
                func open() { presentAsSheet(Other()) }
            }
            #endif
            class Feed: UIViewController {
                @IBAction func open(_ sender: Any) {
                    #if os(macOS)
                    NSWorkspace.shared.open(url)
                    #elseif os(iOS)
                    present(Detail(), animated: true)
                    #endif
                    #if os(iOS)
                    navigationController?.pushViewController(Other(), animated: true)
                    #else
                    navigationController?.popViewController(animated: true)
                    #endif
                    #if DEBUG
                    show(Debug(), sender: nil)
                    #endif
                    #if false
                    present(Disabled(), animated: true)
                    #endif
                    #if targetEnvironment(macCatalyst)
                    present(CatalystAlert(), animated: true)
                    #else
                    navigationController?.pushViewController(AltIcons(), animated: true)
                    #endif
                }
            }
            """, file: "Feed.swift")
        #expect(facts.classes.map(\.name) == ["Feed"])
        let calls = try #require(facts.classes.first?.methods.first?.calls)
        #expect(calls.map(\.action) == [.present, .push, .show, .push])
        #expect(calls.last?.destination == .className("AltIcons"))
        // Objective-C: an `#if 0` block is no code.
        let objc = ObjCReader.read(source: """
            @implementation Settings
            - (void)open {
            #if 0
                m_fontPicker = [[FontPicker alloc] init];
            #if DEBUG
                [self presentViewController:m_fontPicker animated:YES completion:nil];
            #endif
            #else
                [self.navigationController pushViewController:[[About alloc] init] animated:YES];
            #endif
                [self performSegueWithIdentifier:@"next" sender:nil];
            }
            @end
            """, file: "Settings.m")
        let objcCalls = try #require(objc.classes.first?.methods.first?.calls)
        #expect(objcCalls.map(\.action) == [.push, .performSegue])
        #expect(objcCalls.first?.line == 9)
    }

    @Test("Swift: a property set to a cast or a default is read in the class's other methods")
    func assignmentsWithOperators() throws {
        let facts = SwiftReader.read(source: """
            class Launch: UIViewController {
                private var destination: TabBarController!
                override func viewDidLoad() {
                    self.destination = self.storyboard!.instantiateViewController(withIdentifier: "tabs") as? TabBarController
                    fallback = cached ?? Settings()
                }
            }
            """, file: "Launch.swift")
        let load = try #require(facts.classes.first?.methods.first)
        #expect(load.assigned["destination"] == .storyboardID(.literal("tabs"), storyboard: .current))
    }

    @Test("Swift: a navigation controller listed as a tab shows its root's bar item")
    func navigationTabShowsItsRootsItem() throws {
        let facts = SwiftReader.read(source: """
            class Tabs: UITabBarController {
                override func viewDidLoad() {
                    let news = NewsController()
                    news.tabBarItem = UITabBarItem(title: "News", image: UIImage(named: "mail"), tag: 0)
                    let newsNav = UINavigationController(rootViewController: news)
                    let settings = SettingsController()
                    settings.tabBarItem = UITabBarItem(title: "Settings", image: UIImage(systemName: "gear"), tag: 1)
                    viewControllers = [newsNav, UINavigationController(rootViewController: settings), AboutController()]
                }
            }
            """, file: "Tabs.swift")
        let load = try #require(facts.classes.first?.methods.first { $0.name == "viewDidLoad" })
        #expect(load.calls.first?.tabItems == [CodeTabItem(title: "News", image: "mail"), CodeTabItem(title: "Settings", image: "gear"), nil])
    }

    @Test("Swift: a tab bar controller's own tabs, assigned or set, keep every item of the list")
    func swiftTabs() throws {
        let facts = SwiftReader.read(source: """
            class Tabs: UITabBarController {
                override func viewDidLoad() {
                    let feed = UINavigationController(rootViewController: FeedController())
                    feed.title = "Feed"
                    feed.tabBarItem.image = UIImage(systemName: "newspaper")?.withRenderingMode(.alwaysTemplate)
                    viewControllers = [feed, SearchController()]
                    let tabs = [SearchController(), feed, wrap(AboutController(), title: "About")]
                    setViewControllers(tabs, animated: false)
                }
            }
            """, file: "Tabs.swift")
        let load = try #require(facts.classes.first?.methods.first { $0.name == "viewDidLoad" })
        #expect(load.calls.map(\.action) == [.setTabs, .setViewControllers])
        #expect(load.calls[0].tabs == [.navigation(wrapping: .className("FeedController")), .className("SearchController")])
        #expect(load.calls[0].tabItems == [CodeTabItem(title: "Feed", image: "newspaper"), nil])
        #expect(load.calls[1].tabs.prefix(2) == [.className("SearchController"), .navigation(wrapping: .className("FeedController"))])
        // A helper of the class given a controller: what it returns given that argument.
        guard case .returnedGiven("wrap", let arguments)? = load.calls[1].tabs.last else {
            Issue.record("the helper's tab is \(String(describing: load.calls[1].tabs.last))")
            return
        }
        // A string literal is kept as the storyboard ID it may name (a helper may instantiate it).
        #expect(arguments.count == 2 && arguments.first == .className("AboutController") && arguments[1] == .storyboardID(.literal("About"), storyboard: .current))
        #expect(load.calls[1].destination == load.calls[1].tabs.last)
    }

    @Test("Swift: a helper making a tab sets its item from its parameters; the call's arguments fill them")
    func swiftHelperTabItems() throws {
        let facts = SwiftReader.read(source: """
            class Tabs: UITabBarController {
                override func viewDidLoad() {
                    viewControllers = [make(title: "Feed", image: UIImage(systemName: "newspaper"), root: FeedController()),
                                       make(title: NSLocalizedString("Me", comment: ""), image: nil, root: MeController())]
                }
                func make(title: String, image: UIImage?, root: UIViewController) -> UINavigationController {
                    let nav = UINavigationController(rootViewController: root)
                    nav.tabBarItem.title = title
                    nav.tabBarItem.image = image
                    nav.tabBarItem.selectedImage = UIImage(named: "dot")
                    return nav
                }
                func template(unselected: String, root: UIViewController) -> UIViewController {
                    root.tabBarItem = UITabBarItem(title: "Tab", image: UIImage(named: unselected), selectedImage: nil)
                    return UINavigationController(rootViewController: root)
                }
            }
            """, file: "Tabs.swift")
        let methods = try #require(facts.classes.first?.methods)
        let load = try #require(methods.first { $0.name == "viewDidLoad" })
        #expect(load.calls.first?.tabArguments == [["Feed", "newspaper", nil], ["Me", nil, nil]])
        let make = try #require(methods.first { $0.name == "make" }?.returnedTabItem)
        #expect(make.selectedImage == "dot" && make.parameters.title == 0 && make.parameters.image == 1)
        #expect(make.filled(with: ["Feed", "newspaper", nil]) == CodeTabItem(title: "Feed", image: "newspaper", selectedImage: "dot"))
        // Set on the controller it wraps: the one item the method sets.
        let template = try #require(methods.first { $0.name == "template" }?.returnedTabItem)
        #expect(template.filled(with: ["home_unselected", nil]) == CodeTabItem(title: "Tab", image: "home_unselected"))
    }

    @Test("Swift: a builder's method, a declaration per branch, Swift 2 names, items with images and localized titles")
    func swiftBuildersBranchesAndOldNames() throws {
        let facts = SwiftReader.read(source: """
            class SceneDelegate: UIResponder {
                func changeRoot() { window?.rootViewController = TabBarController() }
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                    window?.rootViewController = AuthModuleBuilder.build()
                    self.rootViewController = Other()
                    show(PhotosBuilder().build(), sender: nil)
                    show(Screens.shared.make(), sender: nil)
                }
            }
            class Menu: UIViewController {
                override func viewDidLoad() {
                    navigationItem.rightBarButtonItems = [
                        UIBarButtonItem(image: UIImage(named: "camera")?.withRenderingMode(.alwaysOriginal), style: .plain, target: self, action: #selector(camera)),
                        UIBarButtonItem(title: "Log out".localized, style: .plain, target: self, action: #selector(logOut)),
                    ]
                }
                func open(_ kind: Int) {
                    if kind == 0 {
                        let vc = storyboard!.instantiateViewController(withIdentifier: "first")
                        navigationController?.pushViewController(vc, animated: true)
                    } else if kind == 1 {
                        let vc = storyboard!.instantiateViewControllerWithIdentifier("second")
                        navigationController?.pushViewController(vc, animated: true)
                    } else {
                        performSegueWithIdentifier("third", sender: self)
                        navigationController?.popViewControllerAnimated(true)
                        presentViewController(Help(), animated: true, completion: nil)
                    }
                }
            }
            """, file: "App.swift")
        let delegate = try #require(facts.classes.first { $0.name == "SceneDelegate" })
        let connect = try #require(delegate.methods.first { $0.name == "scene" })
        // The window's root only: `self.rootViewController` is a property of the class.
        #expect(connect.calls.filter { $0.action == .setRoot }.map(\.destination) == [.returnedBy(type: "AuthModuleBuilder", method: "build")])
        #expect(connect.calls.filter { $0.action == .show }.map(\.destination) == [
            .returnedBy(type: "PhotosBuilder", method: "build"), .returnedBy(type: "Screens", method: "make"),
        ])
        let menu = try #require(facts.classes.first { $0.name == "Menu" })
        let items = try #require(menu.methods.first { $0.name == "viewDidLoad" }?.barItems)
        #expect(items.map(\.image) == ["camera", nil] && items.map(\.title) == [nil, "Log out"])
        let open = try #require(menu.methods.first { $0.name == "open" })
        #expect(open.calls.map(\.action) == [.push, .push, .performSegue, .pop, .present])
        #expect(open.calls[0].destination == .storyboardID(.literal("first"), storyboard: .current))
        #expect(open.calls[1].destination == .storyboardID(.literal("second"), storyboard: .current))
        #expect(open.calls[2].segue == .literal("third") && open.calls[4].destination == .className("Help"))
    }

    @Test("Swift: String(describing:), generic helpers and a cast when the value is out of reach")
    func swiftHelpers() throws {
        let facts = SwiftReader.read(source: """
            class A: UIViewController {
                func tableView(_ t: UITableView, didSelectRowAt indexPath: IndexPath) {
                    let d = storyboard?.instantiateViewController(withIdentifier: String(describing: DetailViewController.self))
                    navigationController?.pushViewController(d!, animated: true)
                    present(viewController(of: SettingsViewController.self, from: "Main"), animated: true)
                    present(PhotoViewController.instantiate(), animated: true)
                    present(makeSomething() as! ProfileViewController, animated: true)
                    present(parameter, animated: true)
                }
            }
            """, file: "A.swift")
        let method = try #require(facts.classes.first?.methods.first)
        #expect(method.selector == "tableView:didSelectRowAt:")
        #expect(method.calls.map(\.destination) == [
            .storyboardID(.literal("DetailViewController"), storyboard: .current),
            .className("SettingsViewController"), .classFactory("PhotoViewController", method: "instantiate"), .className("ProfileViewController"),
            .property("parameter"),
        ])
    }

    @Test("Objective-C tokens: strings, comments, defines, lines; nothing breaks it")
    func objcTokens() {
        let t = ObjCTokenizer.tokenize("""
            #define kID @"detail"
            /* [self push]; */ NSString *s = @"a \\" [b]"; // [not a send]
            x == y
            """)
        #expect(t.defines == ["kID": "detail"])
        #expect(t.tokens.map(\.text) == ["NSString", "*", "s", "=", "a \\\" [b]", ";", "x", "==", "y"])
        #expect(t.tokens.last?.line == 3)
        for garbage in ["@\"unterminated", "/* open", "[[[[", "'", "#define", "@", "\u{0}\u{FF}é", "- (IBAction", "@implementation X - ( { [ ^"] {
            _ = ObjCReader.read(source: garbage, file: "g.m")
        }
    }

    @Test("Objective-C: methods, nested sends, blocks, casts, constants and styles")
    func objcReader() throws {
        let facts = ObjCReader.read(source: """
            #import "X.h"
            NSString * const kAbout = @"about";
            @interface SettingsViewController : UITableViewController
            @end
            @implementation SettingsViewController {
                int ivar;
            }
            - (IBAction)done:(id)sender { [self dismissViewControllerAnimated:YES completion:nil]; }
            - (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
                UIStoryboard *board = [UIStoryboard storyboardWithName:@"Settings" bundle:nil];
                AboutViewController *about = (AboutViewController *)[board instantiateViewControllerWithIdentifier:kAbout];
                about.modalPresentationStyle = UIModalPresentationPageSheet;
                [self presentViewController:about animated:YES completion:^{
                    [self.navigationController pushViewController:[[LegalViewController alloc] initWithNibName:@"Legal" bundle:nil] animated:YES];
                }];
                [self reload];
            }
            @end
            """, file: "S.m")
        #expect(facts.constants["kAbout"] == "about")
        let cls = try #require(facts.classes.first)
        #expect(cls.name == "SettingsViewController" && cls.superclass == "UITableViewController")
        #expect(cls.methods.map(\.selector) == ["done:", "tableView:didSelectRowAtIndexPath:"])
        #expect(cls.methods[0].isAction && cls.methods[0].calls.map(\.action) == [.dismiss])
        let select = cls.methods[1]
        #expect(select.invokes == ["reload"])
        #expect(select.calls.map(\.action) == [.push, .present])
        #expect(select.calls[0].destination == .className("LegalViewController"))
        #expect(select.calls[1].destination == .storyboardID(.symbol("kAbout"), storyboard: .named(.literal("Settings"))))
        #expect(select.calls[1].presentationStyle == .pageSheet)
        #expect(select.calls[1].line == 13)
    }

    @Test("a root set in a branch taken only on a pad is the pad's, in Swift and Objective-C")
    func idiomBranches() throws {
        let swift = SwiftReader.read(source: """
            class SceneDelegate: UIResponder {
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                    if UIDevice.current.userInterfaceIdiom == .phone {
                        window?.rootViewController = Phone()
                    } else {
                        window?.rootViewController = Columns()
                    }
                    if UIDevice.current.userInterfaceIdiom != .phone { window?.rootViewController = Columns() }
                    if padding > 0 { window?.rootViewController = Other() }
                }
            }
            """, file: "S.swift")
        let roots = try #require(swift.classes.first?.methods.first?.calls)
        #expect(roots.map(\.padOnly) == [false, true, true, false])
        let objc = ObjCReader.read(source: """
            @implementation AppDelegate
            - (void)launch {
                if (IS_IPHONE) self.window.rootViewController = phone; else self.window.rootViewController = columns;
                if (UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad) {
                    self.window.rootViewController = columns;
                }
                if (!IS_IPAD) {
                    self.window.rootViewController = phone;
                } else if (signedIn) {
                    self.window.rootViewController = columns;
                }
                self.window.rootViewController = last;
            }
            @end
            """, file: "A.m")
        let objcRoots = try #require(objc.classes.first?.methods.first?.calls)
        // Both branches on one line: which is which is not known by line, so neither is marked.
        #expect(objcRoots.map(\.padOnly) == [false, false, true, false, true, false])
        #expect(IdiomBranches.selectsPad("!isPhone") == true && IdiomBranches.selectsPad("isLoggedIn") == nil)
    }

    @Test("a split view delegate answering true to collapse its secondary keeps the primary, in Swift 2, Swift and Objective-C")
    func splitCollapseDelegates() throws {
        let swift = SwiftReader.read(source: """
            class Split: UISplitViewController {
                func splitViewController(splitViewController: UISplitViewController, collapseSecondaryViewController secondary: UIViewController, ontoPrimaryViewController primary: UIViewController) -> Bool {
                    return true;
                }
            }
            class Delegate: NSObject {
                func splitViewController(_ s: UISplitViewController, collapseSecondary secondary: UIViewController, onto primary: UIViewController) -> Bool {
                    guard let detail = secondary as? Detail else { return false }
                    return detail.item == nil
                }
            }
            class Never: NSObject {
                func splitViewController(_ s: UISplitViewController, collapseSecondary secondary: UIViewController, onto primary: UIViewController) -> Bool {
                    return false
                }
            }
            """, file: "S.swift")
        let methods = swift.classes.flatMap(\.methods)
        #expect(methods.map { SplitCollapse.isCollapseMethod($0) } == [true, true, true])
        // An expression (true while the detail shows nothing) can give true; only `false` cannot.
        #expect(methods.map(\.mayReturnTrue) == [true, true, false])
        let objc = ObjCReader.read(source: """
            @implementation AppDelegate
            - (BOOL)splitViewController:(UISplitViewController *)s collapseSecondaryViewController:(UIViewController *)c ontoPrimaryViewController:(UIViewController *)p {
                if (self.item == nil) { return YES; }
                return NO;
            }
            @end
            """, file: "A.m")
        let method = try #require(objc.classes.first?.methods.first)
        #expect(SplitCollapse.isCollapseMethod(method) && method.mayReturnTrue)
    }

    @Test("Objective-C: an app delegate's own rootViewController property, an instance variable read as its property, bar items' images")
    func objcPropertiesAndBarImages() throws {
        let facts = ObjCReader.read(source: """
            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                self.rootViewController = [[ListViewController alloc] initWithNibName:nil bundle:nil];
                nav = [[UINavigationController alloc] initWithRootViewController:rootViewController];
                self.window.rootViewController = nav;
                return YES;
            }
            @end
            @implementation DetailViewController
            - (void)viewDidLoad {
                UIImage *done = [UIImage imageNamed:@"OverlayWatched"];
                self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithImage:done style:UIBarButtonItemStylePlain target:self action:@selector(dismissAdd:)];
            }
            @end
            """, file: "A.m")
        let launch = try #require(facts.classes.first { $0.name == "AppDelegate" }?.methods.first)
        // `self.rootViewController` is the delegate's property: the window's root is `nav` alone.
        #expect(launch.calls.filter { $0.action == .setRoot }.map(\.destination) == [.navigation(wrapping: .className("ListViewController"))])
        let items = try #require(facts.classes.first { $0.name == "DetailViewController" }?.methods.first?.barItems)
        #expect(items.map(\.image) == ["OverlayWatched"] && items.map(\.title) == [nil] && items.map(\.slot) == [.right])
    }

    @Test("only a window's rootViewController is the app's root: not an ad banner's, not a navigation subclass's own stack")
    func onlyWindowsHaveTheRoot() throws {
        let swift = SwiftReader.read(source: """
            class FeedNav: BaseNavigationController {
                init(_ vc: UIViewController) { super.init(rootViewController: vc) }
            }
            class Feed: UIViewController {
                override func viewDidLoad() { bannerView.rootViewController = self }
            }
            class AppDelegate: UIResponder {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: Any?) -> Bool {
                    let w = UIWindow(frame: UIScreen.main.bounds)
                    w.rootViewController = Home()
                    UIApplication.shared.keyWindow?.rootViewController = Other()
                    return true
                }
            }
            """, file: "App.swift")
        let roots = swift.classes.flatMap { $0.methods.flatMap(\.calls) }.filter { $0.action == .setRoot }.map(\.destination)
        #expect(roots == [.className("Home"), .className("Other")])
        let objc = ObjCReader.read(source: """
            @implementation Feed
            - (void)viewDidLoad {
                self.bannerView.rootViewController = self;
                UIWindow *w = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
                w.rootViewController = [[Home alloc] init];
                _window.rootViewController = [[Other alloc] init];
            }
            @end
            """, file: "Feed.m")
        let objcRoots = objc.classes.flatMap { $0.methods.flatMap(\.calls) }.filter { $0.action == .setRoot }.map(\.destination)
        #expect(objcRoots == [.className("Home"), .className("Other")])
    }

    @Test("a side-menu container's root leads where its content does")
    func drawersLeadToTheirContent() throws {
        let swift = SwiftReader.read(source: """
            class AppDelegate: UIResponder {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: Any?) -> Bool {
                    let centerNav = AppNavigation(rootViewController: HomeViewController())
                    let drawer = DrawerController(centerViewController: centerNav, leftDrawerViewController: LeftViewController())
                    window?.rootViewController = drawer
                    return true
                }
            }
            """, file: "App.swift")
        let roots = swift.classes.flatMap { $0.methods.flatMap(\.calls) }.filter { $0.action == .setRoot }.map(\.destination)
        #expect(roots == [.navigation(wrapping: .className("HomeViewController"))])
        let objc = ObjCReader.read(source: """
            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                SWRevealViewController *reveal = [[SWRevealViewController alloc] initWithRearViewController:[[MenuViewController alloc] init] frontViewController:[[FeedViewController alloc] init]];
                self.window.rootViewController = reveal;
                return YES;
            }
            @end
            """, file: "A.m")
        let objcRoots = objc.classes.flatMap { $0.methods.flatMap(\.calls) }.filter { $0.action == .setRoot }.map(\.destination)
        #expect(objcRoots == [.className("FeedViewController")])
        #expect(ObjCBodyScanner.contentArgument("initWithCenterViewController:leftDrawerViewController:") == 0)
        #expect(ObjCBodyScanner.contentArgument("initWithNibName:bundle:") == nil)
    }

    @Test("a selection handler's branches on indexPath.row and .section keep their rows")
    func rowBranchesKeepTheirRows() throws {
        let swift = SwiftReader.read(source: """
            class Menu: UITableViewController {
                override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                    switch indexPath.row {
                    case 0: performSegue(withIdentifier: "map", sender: nil)
                    case 1, 2:
                        performSegue(withIdentifier: "cameras", sender: nil)
                    default:
                        performSegue(withIdentifier: "more", sender: nil)
                    }
                    switch (indexPath.section, indexPath.row) {
                    case (1, 0): performSegue(withIdentifier: "a", sender: nil)
                    case (2, _): performSegue(withIdentifier: "b", sender: nil)
                    default: break
                    }
                    if indexPath.section == 3 {
                        switch indexPath.row {
                        case 4: performSegue(withIdentifier: "c", sender: nil)
                        default: break
                        }
                    }
                }
            }
            """, file: "Menu.swift")
        let calls = try #require(swift.classes.first?.methods.first?.calls)
        #expect(calls.map(\.rowFilter) == [
            RowFilter(rows: [0]), RowFilter(rows: [1, 2]), nil,
            RowFilter(sections: [1], rows: [0]), RowFilter(sections: [2]),
            RowFilter(sections: [3], rows: [4]),
        ])
        let objc = ObjCReader.read(source: """
            @implementation Menu
            - (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
                switch (indexPath.row) {
                    case 0:
                        [self performSegueWithIdentifier:@"map" sender:nil];
                        break;
                    case 1: {
                        [self performSegueWithIdentifier:@"cameras" sender:nil];
                        break;
                    }
                    default:
                        [self performSegueWithIdentifier:@"more" sender:nil];
                }
                if (indexPath.section == 2) [self performSegueWithIdentifier:@"b" sender:nil];
            }
            @end
            """, file: "Menu.m")
        let objcCalls = try #require(objc.classes.first?.methods.first?.calls)
        #expect(objcCalls.map(\.rowFilter) == [RowFilter(rows: [0]), RowFilter(rows: [1]), nil, RowFilter(sections: [2])])
    }

    @Test("a helper named to set the window's root sets it; one that reads the root does not")
    func rootHelpers() throws {
        let swift = SwiftReader.read(source: """
            class Router {
                func login() {
                    window.set(rootViewController: HomeViewController(), options: .init())
                    AppDelegate.shared.switchRootViewController(rootViewController: LoginViewController())
                    let top = UiUtils.topViewController(rootViewController: window?.rootViewController)
                }
            }
            """, file: "Router.swift")
        let roots = swift.classes.flatMap { $0.methods.flatMap(\.calls) }.filter { $0.action == .setRoot }.map(\.destination)
        #expect(roots == [.className("HomeViewController"), .className("LoginViewController")])
    }

    @Test("a segue identifier held by a local is the local's value, never a constant sharing its name")
    func segueIdentifierLocals() throws {
        let swift = SwiftReader.read(source: """
            class Promotions { var identifier = "fall_extra_gems" }
            extension UIViewController {
                func perform<S: StoryboardSegueType>(segue: S, sender: Any? = nil) {
                    let identifier = segue.rawValue
                    performSegue(withIdentifier: identifier, sender: sender)
                }
            }
            class Feed: UIViewController {
                let showID = "show"
                func open() {
                    let id = showID
                    performSegue(withIdentifier: id, sender: nil)
                    let made = makeIdentifier()
                    performSegue(withIdentifier: made, sender: nil)
                }
            }
            """, file: "Segues.swift")
        let segues = swift.classes.flatMap { $0.methods.flatMap(\.calls) }.compactMap(\.segue)
        #expect(segues == [.parameter(0), .literal("show"), .symbol("makeIdentifier()")])
        // `X.className` (an extension's `String(describing: self)`) is the class's name.
        let index = AppIndex(facts: [swift], storyboard: Storyboard(name: "Main", initialViewController: nil, scenes: []))
        #expect(index.resolve(.symbol("PredictionTableViewController.className")) == "PredictionTableViewController")
    }

    @Test("the names closures and blocks give self are self, in Swift and Objective-C")
    func selfAliases() throws {
        let swift = SwiftReader.read(source: """
            class Home: UIViewController {
                override func viewDidLoad() {
                    button.touchUpCallback = { [weak self] in
                        guard let strongSelf = self else { return }
                        strongSelf.present(VerifyViewController(), animated: true)
                    }
                    load { [weak self] in self?.navigationController?.pushViewController(DetailViewController(), animated: true) }
                }
            }
            """, file: "Home.swift")
        let calls = swift.classes.flatMap { $0.methods.flatMap(\.calls) }
        #expect(calls.map(\.action) == [.present, .push])
        #expect(calls.map(\.destination) == [.className("VerifyViewController"), .className("DetailViewController")])
        // The button's stored callback runs on its tap, which the reading cannot tie to an element.
        #expect(calls.map(\.runsLater) == [true, false])
        var home = Scene(id: "home")
        home.className = "Home"
        var verify = Scene(id: "verify"), detail = Scene(id: "detail")
        verify.className = "VerifyViewController"
        detail.className = "DetailViewController"
        let result = NavigationAnalysis.analyze(facts: [swift], storyboard: Storyboard(name: "Main", initialViewController: "home",
                                                                                      scenes: [home, verify, detail]))
        let triggers = result.findings.sorted { $0.source < $1.source }.map(\.triggers)
        #expect(triggers == [[.code("viewDidLoad")], [.automatic("viewDidLoad")]])
        let objc = ObjCReader.read(source: """
            @implementation Home
            - (void)wire {
                __weak typeof(self) weakSelf = self;
                self.delegate = self;
                [self.api load:^{
                    __strong typeof(weakSelf) strongSelf = weakSelf;
                    [strongSelf.navigationController pushViewController:[[DetailViewController alloc] init] animated:YES];
                    [weakSelf performSegueWithIdentifier:@"done" sender:nil];
                }];
                [self.delegate finish];
            }
            @end
            """, file: "Home.m")
        let objcCalls = objc.classes.flatMap { $0.methods.flatMap(\.calls) }
        #expect(objcCalls.map(\.action) == [.push, .performSegue])
        #expect(objc.classes.first?.methods.first?.invokes.contains("finish") == false)
    }

    @Test("a table delegate method other than the selection is no row selection, though it shares the name")
    func tableDelegateMethodsByTheirSelector() throws {
        let swift = SwiftReader.read(source: """
            class Master: UITableViewController {
                override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                    open(url)
                }
                override func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: CGPoint) -> UIContextMenuConfiguration? {
                    UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in
                        UIMenu(children: [UIAction(title: "Configure...") { _ in self.performSegue(withIdentifier: "showPreferences", sender: self) }])
                    }
                }
                override func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) { showInfo() }
                func showInfo() { performSegue(withIdentifier: "info", sender: nil) }
                override func viewDidLoad() { tableView.reloadData() }
            }
            """, file: "Master.swift")
        let objc = ObjCReader.read(source: """
            @implementation Filters
            - (void)viewDidLoad { [[self tableView] reloadData]; }
            - (void)tableView:(UITableView *)tableView accessoryButtonTappedForRowWithIndexPath:(NSIndexPath *)indexPath {
                [self performSegueWithIdentifier:@"detail" sender:nil];
            }
            @end
            """, file: "Filters.m")
        var filters = Scene(id: "filters", kind: .tableViewController)
        filters.className = "Filters"
        filters.segues = [SegueSpec(id: "detail", kind: .show, destination: "info")]
        let accessory = NavigationAnalysis.analyze(facts: [objc], storyboard: Storyboard(name: "Main", initialViewController: "filters",
                                                                                         scenes: [filters, Scene(id: "info")]))
        // `[self tableView]` is the table's getter: no call of the accessory method.
        #expect(accessory.findings.map(\.triggers) == [[.code("tableView")]])
        var master = Scene(id: "master", kind: .tableViewController)
        master.className = "Master"
        master.segues = [SegueSpec(id: "showPreferences", kind: .show, destination: "prefs"), SegueSpec(id: "info", kind: .show, destination: "info")]
        let result = NavigationAnalysis.analyze(facts: [swift], storyboard: Storyboard(name: "Main", initialViewController: "master",
                                                                                      scenes: [master, Scene(id: "prefs"), Scene(id: "info")]))
        let triggers = Dictionary(uniqueKeysWithValues: result.findings.map { ($0.segue ?? "", $0.triggers) })
        #expect(triggers["showPreferences"] == [.code("tableView")])
        #expect(triggers["info"] == [.code("showInfo")])
    }

    @Test("self.storyboard of a class with a scene in each idiom's storyboard is the one with the identifier")
    func ownStoryboardOfEachIdiom() throws {
        let swift = SwiftReader.read(source: """
            class Dashboard: UIViewController {
                @IBAction func map(_ sender: Any) {
                    navigationController?.pushViewController(storyboard!.instantiateViewController(withIdentifier: "Map"), animated: true)
                }
            }
            """, file: "Dashboard.swift")
        var pad = Scene(id: "dashPad"), phone = Scene(id: "dash"), map = Scene(id: "map")
        pad.className = "Dashboard"
        pad.storyboardName = "Main-iPad"
        phone.className = "Dashboard"
        phone.storyboardName = "Main-iPhone"
        map.storyboardIdentifier = "Map"
        map.storyboardName = "Main-iPhone"
        let result = NavigationAnalysis.analyze(facts: [swift], storyboard: Storyboard(name: "Main-iPad", initialViewController: "dashPad",
                                                                                      scenes: [pad, phone, map]))
        #expect(result.unresolved.isEmpty)
        #expect(result.findings.map(\.destination) == ["map"])
    }

    @Test("a drawer whose content is set as a property shows that content, in Swift and Objective-C")
    func drawerContentProperties() throws {
        let objc = ObjCReader.read(source: """
            @implementation ZulipAppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                self.sidePanelController = [[JASidePanelController alloc] init];
                self.homeViewController = [[HomeViewController alloc] init];
                self.navController = [[UINavigationController alloc] initWithRootViewController:self.homeViewController];
                self.sidePanelController.centerPanel = self.navController;
                self.sidePanelController.leftPanel = [[LeftSidebarViewController alloc] init];
                [[self window] setRootViewController:self.sidePanelController];
                return YES;
            }
            @end
            """, file: "ZulipAppDelegate.m")
        let objcRoots = objc.classes.flatMap { $0.methods.flatMap(\.calls) }.filter { $0.action == .setRoot }.map(\.destination)
        #expect(objcRoots == [.navigation(wrapping: .className("HomeViewController"))])
        let swift = SwiftReader.read(source: """
            class SceneDelegate: UIResponder {
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                    let drawer = DrawerController()
                    drawer.centerViewController = UINavigationController(rootViewController: FeedViewController())
                    drawer.leftDrawerViewController = MenuViewController()
                    window?.rootViewController = drawer
                }
            }
            """, file: "SceneDelegate.swift")
        let swiftRoots = swift.classes.flatMap { $0.methods.flatMap(\.calls) }.filter { $0.action == .setRoot }.map(\.destination)
        #expect(swiftRoots == [.navigation(wrapping: .className("FeedViewController"))])
    }

    @Test("Objective-C: a factory an app's category adds to UIStoryboard returns what its code makes")
    func categoryFactoriesOnUIKitClasses() throws {
        let objc = ObjCReader.read(source: """
            @implementation UIStoryboard (Wheelmap)
            + (id)instantiatedPOIsListViewController {
                return [[UIStoryboard storyboardWithName:@"Main" bundle:nil] instantiateViewControllerWithIdentifier:@"POIsList"];
            }
            @end
            @implementation Dashboard
            - (IBAction)pressedContributeButton:(id)sender {
                WMPOIsListViewController *list = [UIStoryboard instantiatedPOIsListViewController];
                [self.navigationController pushViewController:list animated:YES];
            }
            - (IBAction)share:(id)sender {
                [self presentViewController:[UIActivityViewController sharedSheet] animated:YES completion:nil];
            }
            @end
            """, file: "Dashboard.m")
        var dashboard = Scene(id: "dashboard"), list = Scene(id: "list")
        dashboard.className = "Dashboard"
        list.storyboardIdentifier = "POIsList"
        let result = NavigationAnalysis.analyze(facts: [objc], storyboard: Storyboard(name: "Main", initialViewController: "dashboard",
                                                                                     scenes: [dashboard, list]))
        #expect(result.findings.map(\.destination) == ["list"])
        #expect(result.unresolved.isEmpty && result.systemControllers == 1)
    }

    @Test("a computed property's getter, a type's or the controller's own, leads where it returns")
    func computedPropertyGetters() throws {
        let swift = SwiftReader.read(source: """
            extension UIStoryboard {
                static var passwordNavigationViewController: PasswordNavigationViewController {
                    UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "passwordNavigation") as! PasswordNavigationViewController
                }
                struct Scene {
                    static var discover: DiscoverViewController {
                        get { return UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "discover") as! DiscoverViewController }
                    }
                }
            }
            class PasswordNavigationViewController: UIViewController {
                var settings: UIViewController { storyboard!.instantiateViewController(withIdentifier: "settings") }
                func showDir() {
                    let next = UIStoryboard.passwordNavigationViewController
                    navigationController?.pushViewController(next, animated: true)
                }
                @IBAction func discover(_ sender: Any) { navigationController?.pushViewController(UIStoryboard.Scene.discover, animated: true) }
                @IBAction func openSettings(_ sender: Any) { present(settings, animated: true) }
            }
            """, file: "Passwords.swift")
        var list = Scene(id: "list"), discover = Scene(id: "discoverScene"), settings = Scene(id: "settingsScene")
        list.className = "PasswordNavigationViewController"
        list.storyboardIdentifier = "passwordNavigation"
        discover.storyboardIdentifier = "discover"
        settings.storyboardIdentifier = "settings"
        let result = NavigationAnalysis.analyze(facts: [swift], storyboard: Storyboard(name: "Main", initialViewController: "list",
                                                                                      scenes: [list, discover, settings]))
        #expect(result.unresolved.isEmpty)
        #expect(result.findings.map(\.destination) == ["list", "discoverScene", "settingsScene"])
    }

    @Test("Objective-C: a popover controller made around a controller presents it as a popover")
    func popoverControllers() throws {
        let objc = ObjCReader.read(source: """
            @implementation Library
            - (void)showMenu:(id)sender {
                MenuViewController *viewController = [[MenuViewController alloc] init];
                _menuController = [[UIPopoverController alloc] initWithContentViewController:viewController];
                [_menuController presentPopoverFromBarButtonItem:sender permittedArrowDirections:UIPopoverArrowDirectionAny animated:YES];
            }
            @end
            """, file: "Library.m")
        let call = try #require(objc.classes.first?.methods.first?.calls.first)
        #expect(call.action == .present && call.presentationStyle == .popover && call.destination == .className("MenuViewController"))
        // A capitalized local is no class.
        let local = ObjCReader.read(source: """
            @implementation Client
            - (void)showInfo {
                SPLMSSPViewController *MSSPVC = [[SPLMSSPViewController alloc] init];
                [self presentViewController:[MSSPVC wrappedNavigationController] animated:YES completion:nil];
            }
            @end
            """, file: "Client.m")
        #expect(local.classes.first?.methods.first?.calls.first?.destination != .className("MSSPVC"))
        // A class's factory given arguments: what it returns, else an instance of the class.
        let factory = ObjCReader.read(source: """
            @implementation Levels
            - (void)showMessages { [self.navigationController pushViewController:[SgfMessagesController controllerWithDelegate:self] animated:YES]; }
            @end
            """, file: "Levels.m")
        #expect(factory.classes.first?.methods.first?.calls.first?.destination
            == .oneOf([.returnedBy(type: "SgfMessagesController", method: "controllerWithDelegate"), .className("SgfMessagesController")]))
    }

    @Test("a switch over an integer enumeration made from the index path keeps each case's rows")
    func enumerationRowBranchesKeepTheirRows() throws {
        let swift = SwiftReader.read(source: """
            class Settings: UITableViewController {
                override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                    switch Section(rawValue: indexPath.section) {
                    case .notifications: performSegue(withIdentifier: "n", sender: nil)
                    case .accounts, .help:
                        switch FeedsRow(rawValue: indexPath.row)! {
                        case .export: performSegue(withIdentifier: "e", sender: nil)
                        default: break
                        }
                    default: break
                    }
                    guard let row = Settings.FeedsRow(rawValue: indexPath.row) else { return }
                    switch (Section(rawValue: indexPath.section), row) {
                    case (.help, .add): performSegue(withIdentifier: "h", sender: nil)
                    default: break
                    }
                    switch Mixed(rawValue: indexPath.row) {
                    case .one: performSegue(withIdentifier: "m", sender: nil)
                    default: break
                    }
                }
                private enum Section: Int {
                    case notifications = 0
                    case accounts = 1
                    case help = 5
                }
                enum FeedsRow: Int { case add, export; case other }
            }
            enum Mixed: String { case one }
            """, file: "Settings.swift")
        let calls = try #require(swift.classes.first?.methods.first?.calls)
        #expect(calls.map(\.rowFilter) == [
            RowFilter(sections: [0]), RowFilter(sections: [1, 5], rows: [1]), RowFilter(sections: [5], rows: [0]), nil,
        ])
    }

    @Test("dismissing what a controller presents is no step of its own")
    func dismissingThePresentedIsNoStep() throws {
        let swift = SwiftReader.read(source: """
            class Tokens: UIViewController {
                func next(_ name: String) {
                    presentedViewController?.dismiss(animated: true, completion: nil)
                    self.presentedViewController?.dismiss(animated: true)
                    navigationController?.pushViewController(Scan(), animated: true)
                }
                @IBAction func close() { dismiss(animated: true) }
            }
            """, file: "Tokens.swift")
        #expect(swift.classes.first?.methods.map { $0.calls.map(\.action) } == [[.push], [.dismiss]])
        let objc = ObjCReader.read(source: """
            @implementation Tokens
            - (void)next {
                [self.presentedViewController dismissViewControllerAnimated:YES completion:nil];
                [[self presentedViewController] dismissViewControllerAnimated:YES completion:nil];
                [self.navigationController pushViewController:[[Scan alloc] init] animated:YES];
            }
            @end
            """, file: "Tokens.m")
        #expect(objc.classes.first?.methods.first?.calls.map(\.action) == [.push])
    }

    @Test("calls in a closure stored in a property are no steps of the method that stores it; what it shows is a step code takes")
    func storedClosuresRunLater() throws {
        let swift = SwiftReader.read(source: """
            class Search: UIViewController {
                func showDate() {
                    let vc = DatePicker()
                    vc.dismissHandler = { [weak self] in self?.dismiss(animated: true) }
                    vc.saveHandler = { date in
                        self.dismiss(animated: true)
                        self.refresh()
                    }
                    vc.helpHandler = { self.present(HelpViewController(), animated: true) }
                    present(UINavigationController(rootViewController: vc), animated: true)
                    UIView.animate(withDuration: 0.3) { self.layout() }
                }
            }
            """, file: "Search.swift")
        let method = try #require(swift.classes.first?.methods.first)
        #expect(method.calls.map(\.action) == [.present, .present])
        #expect(method.calls.map(\.runsLater) == [true, false])
        #expect(method.invokes == ["layout"])
    }

    @Test("Objective-C: [NSArray arrayWithObjects:…, nil] is a list, as @[…] is; share sheets are the system's")
    func objcArraysAndShareSheets() throws {
        let objc = ObjCReader.read(source: """
            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                UINavigationController *first = [[UINavigationController alloc] initWithRootViewController:[[FirstViewController alloc] init]];
                self.tabBarController = [[[UITabBarController alloc] init] autorelease];
                self.tabBarController.viewControllers = [NSArray arrayWithObjects:first, [[SecondViewController alloc] init], nil];
                return YES;
            }
            @end
            """, file: "A.m")
        let calls = try #require(objc.classes.first?.methods.first?.calls)
        #expect(calls.map(\.action) == [.setTabs])
        #expect(calls.first?.tabs == [.navigation(wrapping: .className("FirstViewController")), .className("SecondViewController")])
        #expect(NavigationAnalysis.isSystemClass("SLComposeViewController") && !NavigationAnalysis.isSystemClass("SLFeedViewController"))
    }
}
