import Testing
import SegueCore
@testable import SegueSourceNav

/// Alerts and action sheets an app's code makes and presents: a scene each, its actions running
/// what their handlers do once the alert is gone.
@Suite("Alerts made in code")
struct CodeAlertTests {
    static let source = """
        class ListViewController: UITableViewController {
            @IBAction func deleteTapped(_ sender: Any) {
                let alert = UIAlertController(title: "Delete \\(name)?", message: "This cannot be undone.", preferredStyle: .actionSheet)
                alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { _ in
                    self.navigationController?.popViewController(animated: true)
                })
                let open = UIAlertAction(title: "Open", style: .default, handler: { _ in self.openDetail() })
                alert.addAction(open)
                alert.addAction(UIAlertAction(title: NSLocalizedString("Cancel", comment: ""), style: .cancel))
                alert.addTextField { $0.placeholder = "Reason" }
                present(alert, animated: true)
            }
            func openDetail() {
                performSegue(withIdentifier: "showDetail", sender: nil)
            }
        }
        """

    func storyboard() -> Storyboard {
        var nav = Scene(id: "nav", kind: .navigationController)
        nav.rootViewController = "list"
        var list = Scene(id: "list")
        list.className = "ListViewController"
        var button = ViewNode(.button, id: "deleteButton", text: "Delete")
        button.actions = ["deleteTapped:"]
        list.view = [button]
        list.segues = [SegueSpec(id: "showDetail", kind: .show, destination: "detail")]
        return Storyboard(name: "Main", initialViewController: "nav", scenes: [nav, list, Scene(id: "detail")])
    }

    @Test("the alert is read with its title, message, style, text fields and actions")
    func alertIsRead() throws {
        let facts = SwiftReader.read(source: Self.source, file: "List.swift")
        let present = try #require(facts.classes.first?.methods.first?.calls.first { $0.action == .present })
        let alert = try #require(present.alert)
        #expect(alert.title == .literal("Delete …?") && alert.message == .literal("This cannot be undone.") && alert.isActionSheet)
        #expect(alert.actions.map(\.title) == [.literal("Delete"), .literal("Open"), .literal("Cancel")])
        #expect(alert.actions.map(\.style) == ["destructive", "default", "cancel"])
        #expect(alert.actions[1].invokes == ["openDetail"])
        #expect(alert.textFields == ["Reason"])
        // The handler's pop runs when its action is chosen, not as the method runs.
        let pop = try #require(facts.classes.first?.methods.first?.calls.first { $0.action == .pop })
        #expect(pop.alertHandler == alert.actions[0].key)
        #expect(facts.classes.first?.methods.first?.invokes.contains("openDetail") == false)
    }

    @Test("presenting it is a step to its scene; its actions are steps of that scene")
    func stepsAndScene() throws {
        let board = storyboard()
        let result = NavigationAnalysis.analyze(facts: [SwiftReader.read(source: Self.source, file: "List.swift")], storyboard: board)
        let alertID = "code-alert-List.swift-11"
        let scene = try #require(result.alertScenes.first)
        #expect(scene.id == alertID && scene.kind == .alertController && scene.alert?.preferredStyle == .actionSheet)
        let shown = try #require(result.findings.first { $0.destination == alertID })
        #expect(shown.scenes == ["list"] && shown.triggers == [.action("deleteTapped")] && shown.action == .present)
        let chosen = result.findings.filter { $0.scenes == [alertID] }
        #expect(chosen.map(\.action) == [.pop, .performSegue])
        #expect(chosen.map(\.triggers) == [[.alertAction(0)], [.alertAction(1)]])
        // Neither is a step of the list itself wired to its button.
        #expect(!result.findings.contains { $0.scenes == ["list"] && $0.action == .pop })
        #expect(result.unresolved.isEmpty)
    }

    @Test("a person taps the button, sees the sheet, and each action does what its handler does")
    func runsInASession() throws {
        let board = storyboard()
        let augmented = CodeNavigation.augment(board, result: NavigationAnalysis.analyze(
            facts: [SwiftReader.read(source: Self.source, file: "List.swift")], storyboard: board)).storyboard
        let alert = try #require(augmented["code-alert-List.swift-11"]?.alert)
        #expect(alert.actions.map(\.tap) == [.action("pop"), .segue("showDetail"), nil])
        let window = Window(id: "alerts", storyboard: augmented, traits: .phonePortrait)
        try window.launch()
        func scenes() -> [String] { window.visibleContentControllers.compactMap(\.sceneID) }
        _ = try window.perform(.tap(element: "deleteButton", values: [:]), animated: false)
        #expect(scenes() == ["list", "code-alert-List.swift-11"])
        let alertURL = try #require(HierarchyPath.parse(window.canonicalURL))
        let open = try #require(window.elements.first { $0.title == "Open" })
        _ = try window.perform(.tap(element: open.id, values: [:]), animated: false)
        #expect(scenes() == ["detail"])
        // The alert reached by its URL, restored or browsed back to, runs its handlers from the
        // list that made it, not from the navigation controller presenting it.
        let restored = Window(id: "restored", storyboard: augmented, traits: .phonePortrait)
        _ = try restored.restore(alertURL)
        _ = try restored.perform(.tap(element: try #require(restored.elements.first { $0.title == "Open" }).id, values: [:]), animated: false)
        #expect(restored.visibleContentControllers.compactMap(\.sceneID) == ["detail"])
        let browsed = Window(id: "browsed", storyboard: augmented, traits: .phonePortrait)
        try browsed.launch()
        _ = try browsed.navigate(to: alertURL, animated: false)
        _ = try browsed.perform(.tap(element: try #require(browsed.elements.first { $0.title == "Open" }).id, values: [:]), animated: false)
        #expect(browsed.visibleContentControllers.compactMap(\.sceneID) == ["detail"])
    }

    @Test("Objective-C: the alert, its actions' handler blocks and the methods they call")
    func objectiveC() throws {
        let source = """
            @implementation ListViewController
            - (IBAction)deleteTapped:(id)sender {
                UIAlertController *alert = [UIAlertController alertControllerWithTitle:NSLocalizedString(@"Delete?", nil) message:@"This cannot be undone." preferredStyle:UIAlertControllerStyleActionSheet];
                [alert addAction:[UIAlertAction actionWithTitle:@"Delete" style:UIAlertActionStyleDestructive handler:^(UIAlertAction *action) {
                    [self.navigationController popViewControllerAnimated:YES];
                }]];
                UIAlertAction *open = [UIAlertAction actionWithTitle:@"Open" style:UIAlertActionStyleDefault handler:^(UIAlertAction *action) { [self openDetail]; }];
                [alert addAction:open];
                [alert addAction:[UIAlertAction actionWithTitle:@"Cancel" style:UIAlertActionStyleCancel handler:nil]];
                [self presentViewController:alert animated:YES completion:nil];
            }
            - (void)openDetail {
                [self performSegueWithIdentifier:@"showDetail" sender:nil];
            }
            @end
            """
        let facts = ObjCReader.read(source: source, file: "List.m")
        let method = try #require(facts.classes.first?.methods.first)
        let alert = try #require(method.calls.first { $0.action == .present }?.alert)
        #expect(alert.title == .literal("Delete?") && alert.message == .literal("This cannot be undone.") && alert.isActionSheet)
        #expect(alert.actions.map(\.title) == [.literal("Delete"), .literal("Open"), .literal("Cancel")])
        #expect(alert.actions.map(\.style) == ["destructive", "default", "cancel"])
        #expect(alert.actions[1].invokes == ["openDetail"] && !method.invokes.contains("openDetail"))
        let result = NavigationAnalysis.analyze(facts: [facts], storyboard: storyboard())
        let alertID = "code-alert-List.m-10"
        #expect(result.findings.first { $0.destination == alertID }?.triggers == [.action("deleteTapped")])
        let chosen = result.findings.filter { $0.scenes == [alertID] }
        #expect(chosen.map(\.action) == [.pop, .performSegue])
        #expect(chosen.map(\.triggers) == [[.alertAction(0)], [.alertAction(1)]])
    }

    @Test("an alert kept in a property, cleared by its own action, is the alert presented")
    func alertInAProperty() throws {
        let facts = SwiftReader.read(source: """
            class Root: UIViewController {
                var lockAlert: UIAlertController?
                @IBAction func lock(_ sender: Any) {
                    self.lockAlert = UIAlertController(title: "Locked", message: nil, preferredStyle: .alert)
                    self.lockAlert?.addAction(UIAlertAction(title: "OK", style: .default) { _ in self.lockAlert = nil })
                    self.present(self.lockAlert!, animated: true)
                }
            }
            """, file: "Root.swift")
        let alert = try #require(facts.classes.first?.methods.first?.calls.first?.alert)
        #expect(alert.title == .literal("Locked") && alert.actions.map(\.title) == [.literal("OK")])
    }

    @Test("an alert of the app's own subclass, actions made with .init and a helper's ready-made action")
    func subclassAndImplicitActions() throws {
        let facts = SwiftReader.read(source: """
            class Paths: UIViewController {
                @IBAction func info(_ sender: Any) {
                    let sheet = BeamAlertController(title: "Info", message: nil, preferredStyle: .actionSheet)
                    sheet.addAction(.init(title: "App Info", style: .default) { _ in self.showAppInfo() })
                    sheet.addAction(.init(title: "Cancel", style: .cancel))
                    sheet.addAction(.cancel())
                    present(sheet, animated: true)
                }
            }
            """, file: "Paths.swift")
        let method = try #require(facts.classes.first?.methods.first)
        let alert = try #require(method.calls.first?.alert)
        #expect(alert.title == .literal("Info") && alert.isActionSheet)
        #expect(alert.actions.map(\.title) == [.literal("App Info"), .literal("Cancel"), .literal("Cancel")])
        #expect(alert.actions.map(\.style) == ["default", "cancel", "cancel"])
        #expect(alert.actions[0].invokes == ["showAppInfo"] && !method.invokes.contains("showAppInfo"))
    }

    @Test("a text with a fallback or two branches shows a text a person could see, never a value's name")
    func textsFromExpressions() throws {
        let facts = SwiftReader.read(source: """
            class Topic: UIViewController {
                @IBAction func leave(_ sender: Any) {
                    let alert = UIAlertController(title: sub.pub?.fn ?? NSLocalizedString("Unknown", comment: ""),
                                                  message: isGroup ? "Delete the group?" : "Delete messages?", preferredStyle: .alert)
                    alert.addAction(UIAlertAction(title: user.name, style: .default))
                    alert.addAction(UIAlertAction(title: Strings.ok, style: .default))
                    present(alert, animated: true)
                }
            }
            """, file: "Topic.swift")
        let alert = try #require(facts.classes.first?.methods.first?.calls.first?.alert)
        #expect(alert.title == .literal("Unknown") && alert.message == .literal("Delete the group?"))
        #expect(alert.actions.map(\.title) == [nil, .symbol("Strings.ok")])
        // An alert whose actions a convenience initializer adds is left with an OK.
        let scene = AlertScenes.scene("x", CodeAlert(title: nil, message: nil, isActionSheet: true),
                                      index: AppIndex(facts: [], storyboard: Storyboard(name: "Main", initialViewController: nil, scenes: [])))
        #expect(scene.alert?.actions.map(\.title) == ["OK"])
    }

    @Test("a bar button item's menu is an action sheet its tap shows; each action does what its handler does")
    func barItemMenus() throws {
        let source = """
            class QrPage: UIViewController {
                override func viewDidLoad() {
                    let more = UIBarButtonItem(title: "More", menu: makeMenu())
                    navigationItem.rightBarButtonItems = [UIBarButtonItem(image: UIImage(systemName: "ellipsis.circle"), menu: UIMenu(title: "Share", children: [
                        UIAction(title: "New Contact") { _ in self.navigationController?.pushViewController(NewContactController(), animated: true) },
                        UIMenu(title: "", options: .displayInline, children: [UIAction(title: "Delete", attributes: .destructive) { _ in self.wipe() }]),
                    ])), more]
                }
                func makeMenu() -> UIMenu {
                    UIMenu(children: [UIAction(title: "Help") { _ in self.performSegue(withIdentifier: "help", sender: nil) }])
                }
                func wipe() { navigationController?.popViewController(animated: true) }
                override func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: CGPoint) -> UIContextMenuConfiguration? {
                    UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in
                        UIMenu(children: [UIAction(title: "Open") { _ in self.performSegue(withIdentifier: "help", sender: nil) }])
                    }
                }
            }
            """
        let facts = SwiftReader.read(source: source, file: "QrPage.swift")
        #expect(facts.classes.first?.methods.first?.barItems.map(\.action) == ["makeMenu", "menu-4"])
        var nav = Scene(id: "nav", kind: .navigationController)
        nav.rootViewController = "qr"
        var qr = Scene(id: "qr")
        qr.className = "QrPage"
        qr.segues = [SegueSpec(id: "help", kind: .show, destination: "help")]
        var contact = Scene(id: "contact")
        contact.className = "NewContactController"
        let board = Storyboard(name: "Main", initialViewController: "nav", scenes: [nav, qr, contact, Scene(id: "help")])
        let result = NavigationAnalysis.analyze(facts: [facts], storyboard: board)
        let sheet = try #require(result.alertScenes.first { $0.id == "code-alert-QrPage.swift-4" })
        #expect(sheet.alert?.preferredStyle == .actionSheet && sheet.alert?.title == "Share")
        #expect(sheet.alert?.actions.map(\.title) == ["New Contact", "Delete"] && sheet.alert?.actions.map(\.style) == [.default, .destructive])
        #expect(result.findings.first { $0.destination == sheet.id }?.triggers == [.action("menu-4")])
        #expect(result.findings.first { $0.destination == "code-alert-QrPage.swift-10" }?.triggers == [.action("makeMenu")])
        // The context menu's action stays a step code takes; no menu scene is made for it.
        #expect(result.alertScenes.count == 2)
        #expect(result.findings.contains { $0.source == "QrPage.swift:15" && $0.triggers == [.code("tableView")] })
        // A person taps the item, sees the sheet, picks an action.
        let window = Window(id: "menus", storyboard: CodeNavigation.augment(board, result: result).storyboard, traits: .phonePortrait)
        try window.launch()
        let item = try #require(window.elements.first { $0.role == .barButton && $0.title != "More" })
        _ = try window.perform(.tap(element: item.id, values: [:]), animated: false)
        #expect(window.visibleContentControllers.compactMap(\.sceneID) == ["qr", sheet.id])
        _ = try window.perform(.tap(element: try #require(window.elements.first { $0.title == "New Contact" }).id, values: [:]), animated: false)
        #expect(window.visibleContentControllers.compactMap(\.sceneID) == ["contact"])
    }

    @Test("a menu given to an outlet is shown by the outlet's tap")
    func outletMenus() throws {
        let facts = SwiftReader.read(source: """
            class Main: UIViewController {
                @IBOutlet weak var settingsBt: UIBarButtonItem!
                override func viewDidLoad() {
                    let menu = UIMenu(children: [UIAction(title: "Bridges") { _ in self.performSegue(withIdentifier: "bridges", sender: nil) }])
                    settingsBt.menu = menu
                }
            }
            """, file: "Main.swift")
        let method = try #require(facts.classes.first?.methods.first)
        #expect(method.outletActions == [OutletAction(outlet: "settingsBt", action: "menu-4")])
        #expect(method.calls.first { $0.alert != nil }?.menuAction == "menu-4")
    }

    @Test("texts held in locals or constants are read; an action whose title cannot be read says what it does")
    func textsFromLocalsAndConstants() throws {
        let objc = """
            #define STR_CANCEL NSLocalizedString(@"Cancel it", nil)
            #define kTitle @"Saved"
            @implementation Editor
            - (IBAction)save:(id)sender {
                NSString *message = NSLocalizedString(@"Your note is saved.", nil);
                UIAlertController *alert = [UIAlertController alertControllerWithTitle:kTitle message:message preferredStyle:UIAlertControllerStyleAlert];
                [alert addAction:[UIAlertAction actionWithTitle:STR_CANCEL style:UIAlertActionStyleCancel handler:nil]];
                [alert addAction:[UIAlertAction actionWithTitle:[self buttonTitle] style:UIAlertActionStyleDestructive handler:nil]];
                [self presentViewController:alert animated:YES completion:nil];
            }
            @end
            """
        let swift = """
            enum Strings { static let ok = "Fine" }
            class Viewer: UIViewController {
                @IBAction func share(_ sender: Any) {
                    let title = NSLocalizedString("Shared", comment: "")
                    let alert = UIAlertController(title: title, message: nil, preferredStyle: .alert)
                    alert.addAction(UIAlertAction(title: Strings.ok, style: .default))
                    alert.addAction(.cancel)
                    present(alert, animated: true)
                }
            }
            """
        var editor = Scene(id: "editor")
        editor.className = "Editor"
        var viewer = Scene(id: "viewer")
        viewer.className = "Viewer"
        let board = Storyboard(name: "Main", initialViewController: "editor", scenes: [editor, viewer])
        let result = NavigationAnalysis.analyze(facts: [ObjCReader.read(source: objc, file: "Editor.m"), SwiftReader.read(source: swift, file: "Viewer.swift")], storyboard: board)
        let saved = try #require(result.alertScenes.first { $0.id.hasPrefix("code-alert-Editor") }?.alert)
        #expect(saved.title == "Saved" && saved.message == "Your note is saved.")
        #expect(saved.actions.map(\.title) == ["Cancel it", "Delete"])
        let shared = try #require(result.alertScenes.first { $0.id.hasPrefix("code-alert-Viewer") }?.alert)
        #expect(shared.title == "Shared" && shared.message == nil)
        #expect(shared.actions.map(\.title) == ["Fine", "Cancel"] && shared.actions.map(\.style) == [.default, .cancel])
    }

    @Test("Objective-C before iOS 8: a UIAlertView or UIActionSheet shown is an alert scene with its buttons")
    func alertViews() throws {
        let facts = ObjCReader.read(source: """
            @implementation Editor
            - (IBAction)discard:(id)sender {
                UIAlertView *alert = [[UIAlertView alloc] initWithTitle:@"Discard?" message:@"Your changes will be lost." delegate:self cancelButtonTitle:@"Keep" otherButtonTitles:@"Discard", @"Save Copy", nil];
                [alert show];
            }
            - (IBAction)share:(id)sender {
                UIActionSheet *sheet = [[UIActionSheet alloc] initWithTitle:nil delegate:self cancelButtonTitle:@"Cancel" destructiveButtonTitle:@"Delete" otherButtonTitles:@"Mail", nil];
                [sheet showFromBarButtonItem:sender animated:YES];
            }
            @end
            """, file: "Editor.m")
        let alerts = try #require(facts.classes.first?.methods.compactMap { $0.calls.first?.alert })
        #expect(alerts.count == 2)
        #expect(alerts[0].title == .literal("Discard?") && !alerts[0].isActionSheet)
        #expect(alerts[0].actions.map(\.title) == [.literal("Discard"), .literal("Save Copy"), .literal("Keep")])
        #expect(alerts[0].actions.map(\.style) == ["default", "default", "cancel"])
        #expect(alerts[1].isActionSheet && alerts[1].title == nil)
        #expect(alerts[1].actions.map(\.style) == ["destructive", "default", "cancel"])
    }
}
