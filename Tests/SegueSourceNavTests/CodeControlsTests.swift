import Testing
import SegueCore
import SegueStoryboard
@testable import SegueSourceNav

@Suite("Bar items made in code")
struct CodeBarItemScreenTests {
    @Test("the items set as the view loads are on screen; those another method swaps in later are not, nor repeats")
    func itemsSetAsTheViewLoads() throws {
        let source = """
            @implementation Lists
            - (void)viewDidLoad {
                self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithImage:[UIImage imageNamed:@"plus"] style:UIBarButtonItemStylePlain target:self action:@selector(createList:)];
            }
            - (void)setEditing:(BOOL)editing animated:(BOOL)animated {
                self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Create" style:UIBarButtonItemStyleDone target:self action:@selector(saveList:)];
            }
            - (void)cancelAdding:(id)sender {
                self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithImage:[UIImage imageNamed:@"plus"] style:UIBarButtonItemStylePlain target:self action:@selector(createList:)];
                self.navigationItem.leftBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Settings" style:UIBarButtonItemStylePlain target:self action:@selector(showSettings:)];
            }
            @end
            """
        var lists = Scene(id: "lists")
        lists.className = "Lists"
        let result = NavigationAnalysis.analyze(facts: [ObjCReader.read(source: source, file: "Lists.m")],
                                                storyboard: Storyboard(name: "Main", initialViewController: "lists", scenes: [lists]))
        let items = try #require(result.barItems["Lists"])
        #expect(items.map(\.action) == ["createList", "showSettings"])
        #expect(items.map(\.slot) == [.right, .left])
    }
}

@Suite("Actions attached to outlets in code")
struct OutletActionTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch" initialViewController="login">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="login" customClass="Login" sceneMemberID="viewController">
                            <view key="view" id="v1">
                                <subviews>
                                    <button buttonType="system" id="btn"><state key="normal" title="Sign in"/></button>
                                    <imageView image="logo" id="logo"/>
                                </subviews>
                            </view>
                            <connections>
                                <outlet property="signInButton" destination="btn" id="o1"/>
                                <outlet property="logoView" destination="logo" id="o2"/>
                            </connections>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects><viewController storyboardIdentifier="Home" id="home" customClass="Home" sceneMemberID="viewController"/></objects>
                </scene>
            </scenes>
        </document>
        """

    @Test("a target added to a storyboard outlet wires the element to the action's step, in Swift and Objective-C")
    func targetOnAnOutlet() throws {
        let board = try StoryboardImporter.parse(data: Array(Self.xml.utf8), fileName: "Main.storyboard")
        #expect(board["login"]?.outlets == ["signInButton": "btn", "logoView": "logo"])
        let swift = SwiftReader.read(source: """
            class Login: UIViewController {
                @IBOutlet weak var signInButton: UIButton!
                override func viewDidLoad() {
                    signInButton.addTarget(self, action: #selector(signIn), for: .touchUpInside)
                }
                @objc func signIn() {
                    present(storyboard!.instantiateViewController(withIdentifier: "Home"), animated: true)
                }
            }
            """, file: "Login.swift")
        let swiftResult = NavigationAnalysis.analyze(facts: [swift], storyboard: board)
        #expect(swiftResult.findings.first?.triggers == [.action("signIn")])
        let swiftApplied = CodeNavigationApplier.apply(swiftResult, to: board)
        #expect(swiftApplied["login"]?.view.first?.tap == .segue("code:Login.swift:7"))
        let objc = ObjCReader.read(source: """
            @implementation Login
            - (void)viewDidLoad {
                [self.logoView addGestureRecognizer:[[UITapGestureRecognizer alloc] initWithTarget:self action:@selector(showHome:)]];
            }
            - (void)showHome:(id)sender {
                [self presentViewController:[self.storyboard instantiateViewControllerWithIdentifier:@"Home"] animated:YES completion:nil];
            }
            @end
            """, file: "Login.m")
        let objcApplied = CodeNavigationApplier.apply(NavigationAnalysis.analyze(facts: [objc], storyboard: board), to: board)
        #expect(objcApplied["login"]?.view.last?.tap == .segue("code:Login.m:6"))
    }
}

/// Bar button items connected to code that navigates nowhere Segue follows: enabled, as UIKit's are.
@Suite("Bar items that run code")
struct CodeRunItemTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch" initialViewController="nav">
            <scenes>
                <scene sceneID="s0">
                    <objects>
                        <navigationController id="nav" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" id="bar"/>
                            <connections><segue destination="main" kind="relationship" relationship="rootViewController" id="r"/></connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="main" customClass="Main" sceneMemberID="viewController">
                            <view key="view" id="v1"/>
                            <navigationItem key="navigationItem" title="Orbot" id="ni">
                                <barButtonItem key="leftBarButtonItem" title="Logs" id="logs">
                                    <connections><action selector="toggleLogs:" destination="main" id="a1"/></connections>
                                </barButtonItem>
                                <barButtonItem key="rightBarButtonItem" title="Save" enabled="NO" id="save">
                                    <connections><action selector="save:" destination="main" id="a2"/></connections>
                                </barButtonItem>
                            </navigationItem>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    @Test("an item whose action the class's code has is enabled; its tap changes nothing and says why; one the document disables stays so")
    func codeRunItems() throws {
        let board = try StoryboardImporter.parse(data: Array(Self.xml.utf8), fileName: "Main.storyboard")
        #expect(board["main"]?.navigationItem.leftBarButtonItems.first?.enabled == false)
        let swift = SwiftReader.read(source: """
            class Main: UIViewController {
                @IBAction func toggleLogs(_ sender: Any) { logContainer.isHidden.toggle() }
                @IBAction func save(_ sender: Any) { store.save() }
            }
            """, file: "Main.swift")
        let applied = CodeNavigationApplier.apply(NavigationAnalysis.analyze(facts: [swift], storyboard: board), to: board)
        #expect(applied["main"]?.navigationItem.leftBarButtonItems.first?.enabled == true)
        #expect(applied["main"]?.navigationItem.rightBarButtonItems.first?.enabled == false)
        let window = Window(id: "logs", storyboard: applied, traits: .phonePortrait)
        try window.launch()
        let outcome = try window.perform(.tap(element: "logs", values: [:]), animated: false)
        #expect(outcome.warnings == ["bar button 'logs' runs the app's 'toggleLogs:', which changes nothing Segue follows"])
        #expect(window.visibleContentControllers.compactMap(\.sceneID) == ["main"])
    }
}

/// A static table's rows told apart by the outlets their cells are connected to.
@Suite("Rows chosen by their cells' outlets")
struct CellOutletRowTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch" initialViewController="settings">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <tableViewController id="settings" customClass="Settings" sceneMemberID="viewController">
                            <tableView key="view" style="grouped" dataMode="static" id="tv">
                                <sections>
                                    <tableViewSection id="sec1">
                                        <cells>
                                            <tableViewCell textLabel="l1" id="pgp"><tableViewCellContentView key="contentView" id="cv1"><subviews><label text="PGP Key" id="l1"/></subviews></tableViewCellContentView></tableViewCell>
                                        </cells>
                                    </tableViewSection>
                                    <tableViewSection id="sec2">
                                        <cells>
                                            <tableViewCell textLabel="l2" id="about"><tableViewCellContentView key="contentView" id="cv2"><subviews><label text="About" id="l2"/></subviews></tableViewCellContentView></tableViewCell>
                                            <tableViewCell textLabel="l3" id="passcode"><tableViewCellContentView key="contentView" id="cv3"><subviews><label text="Passcode Lock" id="l3"/></subviews></tableViewCellContentView></tableViewCell>
                                        </cells>
                                    </tableViewSection>
                                </sections>
                            </tableView>
                            <connections>
                                <outlet property="pgpKeyTableViewCell" destination="pgp" id="o1"/>
                                <outlet property="passcodeTableViewCell" destination="passcode" id="o2"/>
                                <segue destination="pgpScene" kind="show" identifier="pgpSegue" id="g1"/>
                                <segue destination="lockScene" kind="show" identifier="lockSegue" id="g2"/>
                            </connections>
                        </tableViewController>
                    </objects>
                </scene>
                <scene sceneID="s2"><objects><viewController id="pgpScene" sceneMemberID="viewController"/></objects></scene>
                <scene sceneID="s3"><objects><viewController id="lockScene" sceneMemberID="viewController"/></objects></scene>
            </scenes>
        </document>
        """

    @Test("if cell == outlet wires the row of that outlet's cell, in Swift and Objective-C")
    func cellOutletBranches() throws {
        let board = try StoryboardImporter.parse(data: Array(Self.xml.utf8), fileName: "Main.storyboard")
        let swift = SwiftReader.read(source: """
            class Settings: UITableViewController {
                @IBOutlet weak var passcodeTableViewCell: UITableViewCell!
                @IBOutlet weak var pgpKeyTableViewCell: UITableViewCell!
                override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                    let cell = tableView.cellForRow(at: indexPath)
                    if cell == passcodeTableViewCell {
                        performSegue(withIdentifier: "lockSegue", sender: nil)
                    } else if cell == pgpKeyTableViewCell {
                        performSegue(withIdentifier: "pgpSegue", sender: nil)
                    }
                }
            }
            """, file: "Settings.swift")
        let objc = ObjCReader.read(source: """
            @implementation Settings
            - (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
                UITableViewCell *cell = [tableView cellForRowAtIndexPath:indexPath];
                if (cell == self.passcodeTableViewCell) [self performSegueWithIdentifier:@"lockSegue" sender:nil];
                else if (cell == _pgpKeyTableViewCell) [self performSegueWithIdentifier:@"pgpSegue" sender:nil];
            }
            @end
            """, file: "Settings.m")
        for facts in [swift, objc] {
            #expect(facts.classes.first?.methods.first?.calls.map(\.cellOutlets) == [["passcodeTableViewCell"], ["pgpKeyTableViewCell"]])
            let applied = CodeNavigationApplier.apply(NavigationAnalysis.analyze(facts: [facts], storyboard: board), to: board)
            let sections = try #require(applied["settings"]?.view.first?.sections)
            #expect(sections.map { $0.rows.map(\.tap) } == [[.segue("pgpSegue")], [nil, .segue("lockSegue")]])
        }
    }
}

@Suite("Helpers of UIKit's own classes and other objects")
struct UIKitExtensionHelperTests {
    @Test("an extension of UIViewController runs where the app calls it; a delegate's picker dismissing is no step; a coordinator is named as such")
    func helpersRunWhereCalled() throws {
        let source = """
            extension UIViewController {
                func presentLogin() { present(Login(), animated: true) }
            }
            class Feed: UIViewController {
                @IBAction func signIn(_ sender: Any) { presentLogin() }
                func imagePickerController(_ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [String: Any]) {
                    picker.dismiss(animated: true)
                }
            }
            class Other: UIViewController {}
            final class Router: Coordinator {
                func go() { navigationController.pushViewController(Login(), animated: true) }
            }
            class AppNavigation: UINavigationController {
                func reveal() { present(Login(), animated: true) }
            }
            """
        func scene(_ id: String, _ cls: String) -> Scene {
            var s = Scene(id: id)
            s.className = cls
            return s
        }
        let board = Storyboard(name: "Main", initialViewController: "feed", scenes: [scene("feed", "Feed"), scene("other", "Other"), scene("login", "Login")])
        let result = NavigationAnalysis.analyze(facts: [SwiftReader.read(source: source, file: "App.swift")], storyboard: board)
        #expect(result.findings.map(\.scenes) == [["feed"]])
        #expect(result.findings.first?.triggers == [.action("signIn")] && result.findings.first?.destination == "login")
        #expect(result.unresolved.map(\.reason) == [
            "class AppNavigation is the class of no scene",
            "Router is no view controller and no screen's code hands it this call: which screen it shows from is not known",
        ])
    }
}

@Suite("Navigation of other controllers")
struct OtherControllersNavigationTests {
    @Test("a push onto another controller's navigation controller, and a held page view controller's page turn, are no steps")
    func othersNavigationIsNoStep() throws {
        let swift = SwiftReader.read(source: """
            class Tabs: UITabBarController {
                func picker(_ picker: UIViewController, didPick item: Item) {
                    picker.navigationController?.pushViewController(Confirm(), animated: true)
                    pageViewController.setViewControllers([Page()], direction: .forward, animated: false)
                    navigationController?.pushViewController(Detail(), animated: true)
                }
            }
            """, file: "Tabs.swift")
        #expect(swift.classes.first?.methods.first?.calls.map(\.action) == [.push])
        let objc = ObjCReader.read(source: """
            @implementation Tabs
            - (void)recorder:(Recorder *)recorder didFinish:(id)sound {
                [recorder.navigationController pushViewController:[[Confirm alloc] init] animated:YES];
                [self.navigationController pushViewController:[[Detail alloc] init] animated:YES];
            }
            @end
            """, file: "Tabs.m")
        #expect(objc.classes.first?.methods.first?.calls.map(\.destination) == [.className("Detail")])
    }
}


@Suite("Tabs selected in code")
struct CodeTabSelectionTests {
    @Test("a tab bar controller selecting a tab as its view loads starts on that tab; later selections stay steps")
    func selectedAsTheViewLoads() throws {
        let source = """
            class Tabs: UITabBarController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    self.selectedIndex = 2
                }
                func showInbox() { selectedIndex = 0 }
            }
            """
        var tabs = Scene(id: "tabs", kind: .tabBarController)
        tabs.className = "Tabs"
        tabs.viewControllers = ["a", "b", "c"]
        let board = Storyboard(name: "Main", initialViewController: "tabs", scenes: [tabs, Scene(id: "a"), Scene(id: "b"), Scene(id: "c")])
        let result = NavigationAnalysis.analyze(facts: [SwiftReader.read(source: source, file: "Tabs.swift")], storyboard: board)
        let applied = CodeNavigationApplier.apply(result, to: board)
        #expect(applied["tabs"]?.selectedIndex == 2)
        let window = Window(id: "tabs", storyboard: applied, traits: .phonePortrait)
        try window.launch()
        #expect(window.visibleContentControllers.compactMap(\.sceneID) == ["c"])
    }
}
