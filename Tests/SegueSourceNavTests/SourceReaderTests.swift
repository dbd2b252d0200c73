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
        #expect(arguments.count == 2 && arguments.first == .className("AboutController") && arguments[1].isFollowable == false)
        #expect(load.calls[1].destination == load.calls[1].tabs.last)
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
}
