import SegueCore

/// What the source readers hand the analysis: per class, its methods and the navigation each
/// performs, in a form shared by Swift and Objective-C. Names stay symbolic here (a constant's
/// name, a class name); the analysis resolves them against the whole app.

/// A string as written: a literal, or a name whose value a constant or enum case holds.
public enum StringValue: Hashable, Sendable, CustomStringConvertible {
    case literal(String)
    /// A constant or enum case (`Identifiers.feed`, `.feed`, `kFeedID`), `.rawValue` dropped.
    case symbol(String)
    public var description: String {
        switch self {
        case .literal(let s): "\"\(s)\""
        case .symbol(let s): s
        }
    }
}

/// The storyboard a controller is instantiated from.
public enum StoryboardRef: Hashable, Sendable {
    /// `self.storyboard`: the storyboard of the scene the code runs in.
    case current
    /// `UIStoryboard(name:bundle:)` / `storyboardWithName:bundle:`.
    case named(StringValue)
    /// Anything else (a parameter, a property set elsewhere).
    case unknown(String)
}

/// A controller expression: what a navigation call shows.
public indirect enum ControllerExpr: Hashable, Sendable {
    /// `instantiateViewController(withIdentifier:)` on a storyboard.
    case storyboardID(StringValue, storyboard: StoryboardRef)
    /// `instantiateInitialViewController()` on a storyboard.
    case initial(StoryboardRef)
    /// `ClassName()`, `[[ClassName alloc] init…]`, `init(nibName:)`, `ClassName.instantiate()`,
    /// `storyboard.instantiate(ClassName.self)`.
    case className(String)
    /// `UINavigationController(rootViewController: …)`.
    case navigation(wrapping: ControllerExpr)
    /// What the reader could not follow, and why.
    case unresolved(String)
}

/// What a navigation call does.
public enum NavigationAction: String, Hashable, Sendable {
    case performSegue, push, show, showDetail, present, setViewControllers, pop, popToRoot, dismiss
    case selectTab, setRoot
    /// `tabBarController.viewControllers = [...]` (read for the launch root only).
    case setTabs
}

/// One navigating line of a method.
public struct NavigationCall: Hashable, Sendable {
    public var action: NavigationAction
    public var line: Int
    /// The controller shown (push, show, present, setViewControllers, setRoot).
    public var destination: ControllerExpr?
    /// The tabs of `viewControllers = [...]` (`setTabs`).
    public var tabs: [ControllerExpr] = []
    /// The segue identifier (`performSegue`).
    public var segue: StringValue?
    /// The tab index (`selectedIndex = N`).
    public var tabIndex: Int?
    /// `modalPresentationStyle` set on the destination with a literal before it is presented.
    public var presentationStyle: ModalPresentationStyle?

    public init(action: NavigationAction, line: Int, destination: ControllerExpr? = nil, segue: StringValue? = nil) {
        self.action = action
        self.line = line
        self.destination = destination
        self.segue = segue
    }
}

/// A method (or initializer) of a class, with the navigation it performs and the methods of its
/// own class it calls.
public struct MethodFacts: Hashable, Sendable {
    /// The method's base name (`showFeed`, `tableView`, `viewDidLoad`).
    public var name: String
    /// The full selector (`tableView:didSelectRowAtIndexPath:`, `tableView:didSelectRowAt:`).
    public var selector: String
    public var line: Int
    public var isAction: Bool
    public var calls: [NavigationCall] = []
    /// Methods called on `self` (base names).
    public var invokes: [String] = []

    public init(name: String, selector: String, line: Int, isAction: Bool) {
        self.name = name
        self.selector = selector
        self.line = line
        self.isAction = isAction
    }
}

/// A class (or an extension or category of it) in one file.
public struct ClassFacts: Hashable, Sendable {
    public var name: String
    public var superclass: String?
    public var methods: [MethodFacts] = []
    public init(name: String, superclass: String? = nil) {
        self.name = name
        self.superclass = superclass
    }
}

/// Everything one source file contributes.
public struct SourceFacts: Sendable {
    /// The path relative to the app's root.
    public var file: String
    public var classes: [ClassFacts] = []
    /// Constant name → literal: `let`, `static let` (also as `Type.name`), enum raw values
    /// (`Enum.case`), `#define`, `NSString * const`.
    public var constants: [String: String] = [:]
    public init(file: String) { self.file = file }
}
