import Testing
import SegueCore
@testable import SegueSourceNav

/// Titles a controller's code gives itself, and code navigation reaching every copy of a scene.
@Suite("Titles set in code")
struct CodeTitleTests {
    @Test("Swift and Objective-C titles set as the controller is made or loads are read")
    func titlesAreRead() throws {
        let swift = SwiftReader.read(source: """
            class Profile: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    title = "My profile"
                    navigationItem.title = NSLocalizedString("profile.title", comment: "")
                }
                func edit() { self.title = "Editing \\(name)" }
            }
            """, file: "Profile.swift")
        let load = try #require(swift.classes.first?.methods.first)
        #expect(load.setsTitle == "My profile" && load.setsNavigationTitle == "profile.title")
        #expect(swift.classes.first?.methods.last?.setsTitle == nil)
        // An app's own localizing helpers are given the key.
        let helpers = SwiftReader.read(source: """
            class Settings: UIViewController {
                override func viewDidLoad() { title = String.localized("menu_settings") }
                init() { title = LocalizedString.getValue("addVault.title") }
                func edit() { navigationItem.title = String(localizationKey: "Done_Editing") }
            }
            """, file: "Settings.swift")
        #expect(helpers.classes.first?.methods.map(\.setsTitle) == ["menu_settings", "addVault.title", nil])
        #expect(helpers.classes.first?.methods.last?.setsNavigationTitle == "Done_Editing")
        let objc = ObjCReader.read(source: """
            @implementation Feed
            - (id)initWithStyle:(UITableViewStyle)style {
                if ((self = [super initWithStyle:style])) { self.title = NSLocalizedString(@"Feed", nil); }
                return self;
            }
            - (void)viewDidLoad { [self setTitle:@"Ignored"]; self.navigationItem.title = @"News"; }
            @end
            """, file: "Feed.m")
        let methods = try #require(objc.classes.first?.methods)
        #expect(methods.map(\.setsTitle) == ["Feed", "Ignored"])
        #expect(methods.map(\.setsNavigationTitle) == [nil, "News"])
    }

    @Test("a title set as the controller is made is its own and its bar's; one set as it loads, its bar's")
    func titlesReachTheScenes() throws {
        let source = """
            class Feed: UITableViewController {
                required init?(coder: NSCoder) { super.init(coder: coder); title = "Feed" }
            }
            class Profile: UIViewController {
                override func viewDidLoad() { title = "Profile" }
            }
            """
        var feed = Scene(id: "feed")
        feed.className = "Feed"
        feed.navigationItem.title = "Title"
        var profile = Scene(id: "profile")
        profile.className = "Profile"
        var board = Storyboard(name: "Main", initialViewController: "feed", scenes: [feed, profile])
        var translated = profile
        translated.navigationItem.title = "Titel"
        board.localizedScenes["de"] = ["profile": translated]
        let result = NavigationAnalysis.analyze(facts: [SwiftReader.read(source: source, file: "App.swift")], storyboard: board)
        #expect(result.titles["Feed"] == CodeTitle(title: "Feed"))
        #expect(result.titles["Profile"] == CodeTitle(navigationTitle: "Profile"))
        let applied = CodeNavigationApplier.apply(result, to: board)
        #expect(applied["feed"]?.title == "Feed" && applied["feed"]?.navigationItem.title == "Feed")
        #expect(applied["profile"]?.title == nil && applied["profile"]?.navigationItem.title == "Profile")
        #expect(applied.localizedScenes["de"]?["profile"]?.navigationItem.title == "Profile")
    }

    @Test("a step read from code is wired in every language's copy of its scene")
    func stepsReachLocalizedCopies() throws {
        let source = """
            class Feed: UIViewController {
                @IBAction func compose(_ sender: Any) { present(Composer(), animated: true) }
            }
            class Composer: UIViewController {}
            """
        var feed = Scene(id: "feed")
        feed.className = "Feed"
        var button = ViewNode(.button, id: "composeButton", text: "Compose")
        button.actions = ["compose:"]
        feed.view = [button]
        var composer = Scene(id: "composer")
        composer.className = "Composer"
        var board = Storyboard(name: "Main", initialViewController: "feed", scenes: [feed, composer])
        var german = feed
        german.view[0].text = "Verfassen"
        board.localizedScenes["de"] = ["feed": german]
        let result = NavigationAnalysis.analyze(facts: [SwiftReader.read(source: source, file: "Feed.swift")], storyboard: board)
        let applied = CodeNavigationApplier.apply(result, to: board)
        #expect(applied["feed"]?.view.first?.tap == .segue("code:Feed.swift:2"))
        let copy = try #require(applied.localizedScenes["de"]?["feed"])
        #expect(copy.view.first?.tap == .segue("code:Feed.swift:2") && copy.view.first?.text == "Verfassen")
        #expect(copy.segues.map(\.destination) == ["composer"])
    }
}
