import SegueCore

/// What the source readers hand the analysis: per class, its methods and the navigation each
/// performs, in a form shared by Swift and Objective-C. Names stay symbolic here (a constant's
/// name, a class name); the analysis resolves them against the whole app.

/// A string as written: a literal, or a name whose value a constant or enum case holds.
public enum StringValue: Hashable, Sendable, Codable, CustomStringConvertible {
    case literal(String)
    /// A constant or enum case (`Identifiers.feed`, `.feed`, `kFeedID`), `.rawValue` dropped.
    case symbol(String)
    /// The method's parameter at this index (`func open(_ id: String)`): followed to the calls
    /// that pass it a literal.
    case parameter(Int)
    public var description: String {
        switch self {
        case .literal(let s): "\"\(s)\""
        case .symbol(let s): s
        case .parameter(let k): "parameter \(k + 1)"
        }
    }
}

/// The storyboard a controller is instantiated from.
public enum StoryboardRef: Hashable, Sendable, Codable {
    /// `self.storyboard`: the storyboard of the scene the code runs in.
    case current
    /// `UIStoryboard(name:bundle:)` / `storyboardWithName:bundle:`.
    case named(StringValue)
    /// Anything else (a parameter, a property set elsewhere).
    case unknown(String)
}

/// A controller expression: what a navigation call shows.
public indirect enum ControllerExpr: Hashable, Sendable, Codable {
    /// `instantiateViewController(withIdentifier:)` on a storyboard.
    case storyboardID(StringValue, storyboard: StoryboardRef)
    /// `instantiateInitialViewController()` on a storyboard.
    case initial(StoryboardRef)
    /// `ClassName()`, `[[ClassName alloc] init…]`, `init(nibName:)`, `ClassName.instantiate()`,
    /// `storyboard.instantiate(ClassName.self)`.
    case className(String)
    /// A class method that makes an instance of its class (`X.instantiate()`, `[X instantiateFromStoryboard]`):
    /// that class's controller; the method's own returns say whether it wraps it in a navigation
    /// controller (``NavigationAnalysis/madeNavigation(_:index:)``).
    case classFactory(String, method: String)
    /// `UINavigationController(rootViewController: …)`, or a container of the app's made around
    /// a controller the same way (`DrawerController(rootViewController: …)`).
    case navigation(wrapping: ControllerExpr)
    /// The method's parameter at this index: resolved at each place the method is called.
    case parameter(Int)
    /// A property of the class (`self.historyVC`) that one of its methods sets.
    case property(String)
    /// A name the method assigns more than once (in branches): any of these values.
    case oneOf([ControllerExpr])
    /// A scene already resolved where the value was made (a method's own alternative to a
    /// parameter it shows, resolved in its class before the parameter is followed to its callers).
    case scene(String)
    /// What a method returns (`makeRoot()`, `[Manager.shared checkStatus]`): its first return
    /// that resolves. `onSelf`: the method is the calling class's own (else any class's).
    case returned(method: String, onSelf: Bool)
    /// What a method of another type of the app returns (`AuthModuleBuilder.build()`,
    /// `PhotosBuilder().build()`, `Screens.shared.makeFeed()`): its first return that resolves.
    case returnedBy(type: String, method: String)
    /// What a method of the calling class returns given these arguments, one per argument, in
    /// order (`wrap(FeedController(), title: "Feed")`): a return that is one of its parameters,
    /// or a navigation controller made around one, is the argument in that place.
    case returnedGiven(method: String, arguments: [ControllerExpr])
    /// What the reader could not follow, and why.
    case unresolved(String)
}

extension ControllerExpr {
    /// Whether the expression names something the analysis can follow (not `.unresolved`).
    /// Whether the expression makes a controller where it is written (a class, a scene of a
    /// storyboard, a navigation controller around one), as opposed to naming one made elsewhere.
    var makesController: Bool {
        switch self {
        case .className, .classFactory, .storyboardID, .initial, .scene: true
        case .navigation(let inner): inner.makesController
        default: false
        }
    }

    public var isFollowable: Bool {
        if case .unresolved = self { return false }
        return true
    }
}

/// A tab's bar item as code sets it (``SwiftTabItems``): its title and images by name (an asset
/// catalog's image or an SF Symbol).
public struct CodeTabItem: Hashable, Sendable, Codable {
    public var title: String?
    public var image: String?
    public var selectedImage: String?
    /// In a helper that makes a tab (`makeTab(title: "Feed", image: "house", root: FeedVC())`):
    /// the parameters a field is set from, filled in at each call with the argument in that place.
    public var parameters = Parameters()
    public init(title: String? = nil, image: String? = nil, selectedImage: String? = nil) {
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }

    public struct Parameters: Hashable, Sendable, Codable {
        public var title: Int?
        public var image: Int?
        public var selectedImage: Int?
        var isEmpty: Bool { title == nil && image == nil && selectedImage == nil }
    }

    /// The item with its parameters replaced by the call's `arguments` (each a string literal or
    /// an image's name, nil for anything else).
    public func filled(with arguments: [String?]) -> CodeTabItem {
        func argument(_ k: Int?) -> String? { k.flatMap { arguments.indices.contains($0) ? arguments[$0] : nil } }
        var item = CodeTabItem(title: title ?? argument(parameters.title), image: image ?? argument(parameters.image),
                               selectedImage: selectedImage ?? argument(parameters.selectedImage))
        item.parameters = Parameters()
        return item
    }
}

/// What a navigation call does.
public enum NavigationAction: String, Hashable, Sendable, Codable {
    case performSegue, push, show, showDetail, present, setViewControllers, pop, popToRoot, dismiss
    case selectTab, setRoot
    /// `addChild(_:)` / `addChildViewController:`: a child shown inside the controller's view.
    case addChild
    /// `tabBarController.viewControllers = [...]` (read for the launch root only).
    case setTabs
}

/// One navigating line of a method.
public struct NavigationCall: Hashable, Sendable, Codable {
    public var action: NavigationAction
    public var line: Int
    /// The controller shown (push, show, present, setViewControllers, setRoot).
    public var destination: ControllerExpr?
    /// The tabs of `viewControllers = [...]` (`setTabs`).
    public var tabs: [ControllerExpr] = []
    /// Each tab's bar item as the method set it before listing the tab (nil where it set none).
    public var tabItems: [CodeTabItem?] = []
    /// For each tab made by a call (`makeTab(title: "Feed", image: UIImage(named: "feed"), …)`),
    /// the call's arguments as strings (literals, images' names; nil for others); else empty.
    public var tabArguments: [[String?]] = []
    /// The segue identifier (`performSegue`).
    public var segue: StringValue?
    /// The tab index (`selectedIndex = N`).
    public var tabIndex: Int?
    /// `modalPresentationStyle` set on the destination with a literal before it is presented.
    public var presentationStyle: ModalPresentationStyle?
    /// Made in a branch taken only on a pad (``IdiomBranches``).
    public var padOnly = false
    /// A root set on a window the name of which says it is not the app's main one (a privacy
    /// cover's, a lock screen's: `appCoverWindow.rootViewController = …`).
    public var onOtherWindow = false
    /// Made in a branch taken only for some rows of a selection (``RowBranches``).
    public var rowFilter: RowFilter?
    /// Made in a branch taken only for the cells of these outlets (`if cell == passcodeCell`):
    /// the rows of a static table the storyboard connects to them.
    public var cellOutlets: Set<String>?
    /// The alert the method made and presents here (`present(alert, animated: true)`).
    public var alert: CodeAlert?
    /// Made in the handler of an alert action (``CodeAlert/Action/key``): it runs when a person
    /// chooses that action, not as the method runs.
    public var alertHandler: String?
    /// Made in a closure stored on an object (`button.touchUpCallback = { … }`): it runs on that
    /// object's event, which the reading cannot tie to an element: a step only code takes.
    public var runsLater = false
    /// For a menu shown as an action sheet (``SwiftMenus``): the action of the bar item whose
    /// tap shows it (`menu-LINE` for a menu made in place, else the method that makes it).
    public var menuAction: String?

    public init(action: NavigationAction, line: Int, destination: ControllerExpr? = nil, segue: StringValue? = nil) {
        self.action = action
        self.line = line
        self.destination = destination
        self.segue = segue
    }
}

/// A call of a method of the app that hands it values (`show(vc)`, `[delegate replaceRoot:vc]`),
/// kept so that a controller passed as an argument can be followed into the method.
public struct HandOff: Hashable, Sendable, Codable {
    /// The called method's base name (`show`, `replaceRoot`).
    public var method: String
    public var onSelf: Bool
    public var line: Int
    /// The arguments, as controllers.
    public var arguments: [ControllerExpr]
    public init(method: String, onSelf: Bool, line: Int, arguments: [ControllerExpr]) {
        self.method = method
        self.onSelf = onSelf
        self.line = line
        self.arguments = arguments
    }
}

/// An instance made with arguments: its class, its initializer's base name (`initWithController`,
/// Swift's `init`) and the arguments, as controllers.
public struct InitCall: Hashable, Sendable, Codable {
    public var className: String
    public var method: String
    public var arguments: [ControllerExpr]
    public init(className: String, method: String, arguments: [ControllerExpr]) {
        self.className = className
        self.method = method
        self.arguments = arguments
    }
}

/// An action method attached in code to a view an outlet of the class names.
public struct OutletAction: Hashable, Sendable, Codable {
    public var outlet: String
    public var action: String
    public init(outlet: String, action: String) {
        self.outlet = outlet
        self.action = action
    }
}

/// A nib a controller is created with: `initWithNibName:@"Feed" bundle:nil`, `init(nibName:)`.
public struct NibLoad: Hashable, Sendable, Codable {
    /// The controller's class; nil for the class whose method it is (`[super initWithNibName:…]`).
    public var className: String?
    public var nib: StringValue
    public init(className: String?, nib: StringValue) {
        self.className = className
        self.nib = nib
    }
}

/// A bar button item the code makes with the class itself as its target
/// (`UIBarButtonItem(title:style:target: self, action: #selector(close))`,
/// `[[UIBarButtonItem alloc] initWithBarButtonSystemItem:… target:self action:@selector(close)]`):
/// the element a person taps to run `action`.
public struct CodeBarItem: Hashable, Sendable, Codable {
    /// Where the code puts it: the navigation item's left or right side, or the toolbar.
    public enum Slot: String, Hashable, Sendable, Codable { case left, right, toolbar }
    /// The action method's base name (`close`, `cancelPressed`).
    public var action: String
    /// A literal title (`"Cancel"`, `NSLocalizedString("Cancel", …)`'s key), when there is one.
    public var title: String?
    /// A system item (`done`, `cancel`), when it is one.
    public var systemItem: String?
    /// An image by name (an asset catalog's image or an SF Symbol), when the code gives one.
    public var image: String?
    /// Right unless an assignment to a left item or the toolbar items says otherwise.
    public var slot: Slot = .right
    public var line: Int
    public init(action: String, title: String? = nil, systemItem: String? = nil, line: Int) {
        self.action = action
        self.title = title
        self.systemItem = systemItem
        self.line = line
    }
}

/// A method (or initializer) of a class, with the navigation it performs and the methods of its
/// own class it calls.
public struct MethodFacts: Hashable, Sendable, Codable {
    /// The method's base name (`showFeed`, `tableView`, `viewDidLoad`).
    public var name: String
    /// The full selector (`tableView:didSelectRowAtIndexPath:`, `tableView:didSelectRowAt:`).
    public var selector: String
    public var line: Int
    public var isAction: Bool
    public var calls: [NavigationCall] = []
    /// Methods called on `self` (base names).
    public var invokes: [String] = []
    /// Calls with arguments (on `self` or another object), for controllers passed as arguments.
    public var handOffs: [HandOff] = []
    /// Instances of the app's classes it makes with arguments (`[[Container alloc]
    /// initWithController:root]`, `Container(controller: root)`): what their initializers store.
    public var initCalls: [InitCall] = []
    /// The controllers the method returns, in source order.
    public var returns: [ControllerExpr] = []
    /// The bar item the method sets on the controller it returns (a helper making a tab), its
    /// fields possibly set from the method's parameters.
    public var returnedTabItem: CodeTabItem?
    /// Nibs controllers are created with.
    public var nibLoads: [NibLoad] = []
    /// Properties of the class the method sets to controllers (`self.historyVC = …`).
    public var assigned: [String: ControllerExpr] = [:]
    /// Bar button items it makes with `self` as their target.
    public var barItems: [CodeBarItem] = []
    /// Types of the app's the method makes an instance of (`AppCoordinator(navigationController:)`):
    /// followed from the launch to find what a coordinator pushes first.
    public var instantiates: [String] = []
    /// Whether some `return` of the method can give `true`: the literal (`YES`), or an
    /// expression that is not the literal `false` (`return secondary is EmptyViewController`).
    public var mayReturnTrue = false
    /// The title the method gives its controller (`title = "Settings"`, `self.title = @"…"`,
    /// `[self setTitle:…]`) and its navigation item (`navigationItem.title = …`): literals, a
    /// localized string's key.
    public var setsTitle: String?
    public var setsNavigationTitle: String?
    /// Actions the method attaches to the class's outlets (`loginButton.addTarget(self, action:
    /// #selector(login), for: .touchUpInside)`, a tap recognizer added to one): outlet → method.
    public var outletActions: [OutletAction] = []

    public init(name: String, selector: String, line: Int, isAction: Bool) {
        self.name = name
        self.selector = selector
        self.line = line
        self.isAction = isAction
    }
}

extension MethodFacts {
    /// The most of each kind of fact one method keeps (calls, methods called on `self`,
    /// hand-offs, returns, nib loads, bar items), and the most values one name can be given
    /// (``ControllerExpr/oneOf(_:)``). Far above real apps: the most in the 1,925 source files of
    /// 12 shared apps is 281 hand-offs and 114 calls on `self` in one method; a bound on what
    /// malformed code can make a reader keep, encode and the analysis follow.
    public static let limit = 1_000
    public static let valuesLimit = 16

    /// The facts cut to ``limit`` each, `invokes` without repeats.
    public mutating func bound() {
        var seen: Set<String> = []
        var distinct: [String] = []
        for name in invokes where distinct.count < Self.limit && seen.insert(name).inserted { distinct.append(name) }
        invokes = distinct
        calls = Array(calls.prefix(Self.limit))
        handOffs = Array(handOffs.prefix(Self.limit))
        returns = Array(returns.prefix(Self.limit))
        nibLoads = Array(nibLoads.prefix(Self.limit))
        barItems = Array(barItems.prefix(Self.limit))
        instantiates = Array(instantiates.prefix(Self.limit))
    }
}

/// A class (or an extension or category of it) in one file.
public struct ClassFacts: Hashable, Sendable, Codable {
    public var name: String
    public var superclass: String?
    public var methods: [MethodFacts] = []
    public init(name: String, superclass: String? = nil) {
        self.name = name
        self.superclass = superclass
    }
}

/// Everything one source file contributes.
public struct SourceFacts: Sendable, Codable, Equatable {
    /// The path relative to the app's root.
    public var file: String
    public var classes: [ClassFacts] = []
    /// Constant name → literal: `let`, `static let` (also as `Type.name`), enum raw values
    /// (`Enum.case`), `#define`, `NSString * const`.
    public var constants: [String: String] = [:]
    /// Class → the class it inherits from, for every class the file declares, with or without
    /// its implementation (an Objective-C header's `@interface X : Y`).
    public var superclasses: [String: String] = [:]
    /// Why the file was not read (nothing else is filled in then); nil when it was.
    public var unreadReason: String?
    /// A SwiftUI app's entry (`@main struct MetatextApp: App`), as `Name at file:line`: its
    /// screens are SwiftUI views, no view controllers.
    public var swiftUIApp: String?
    public init(file: String) { self.file = file }
}
