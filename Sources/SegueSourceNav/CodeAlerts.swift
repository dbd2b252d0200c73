import SegueCore

/// An alert or action sheet a method makes and presents (`UIAlertController(title:message:
/// preferredStyle:)`, `alertControllerWithTitle:message:preferredStyle:`), with its actions as
/// they were added before it was presented. Presenting it shows an alert scene made for it
/// (``AlertScenes``), whose actions run what their handlers do.
public struct CodeAlert: Hashable, Sendable, Codable {
    /// Texts as written: literals (a localized string's key), or constants resolved against the
    /// whole app (``AppIndex/resolve(_:)``).
    public struct Action: Hashable, Sendable, Codable {
        public var title: StringValue?
        /// `default`, `cancel` or `destructive`.
        public var style: String
        /// Where the `UIAlertAction` is made (`LINE:COLUMN`): the navigation its handler does
        /// carries it (``NavigationCall/alertHandler``).
        public var key: String
        /// The methods of `self` its handler calls, whose navigation it runs too.
        public var invokes: [String] = []
        public init(title: StringValue?, style: String, key: String) {
            self.title = title
            self.style = style
            self.key = key
        }
    }
    public var title: StringValue?
    public var message: StringValue?
    public var isActionSheet = false
    public var actions: [Action] = []
    /// The placeholder of each text field added (nil where none is set).
    public var textFields: [String?] = []
    public init(title: StringValue?, message: StringValue?, isActionSheet: Bool) {
        self.title = title
        self.message = message
        self.isActionSheet = isActionSheet
    }

    /// The most actions and text fields one alert keeps: a bound on what malformed code makes.
    static let limit = 32
}

/// The scenes made for the alerts an app's code presents, and the steps their actions take.
/// Presenting one is a step to its scene (an `alertController` scene with the alert's title,
/// message, text fields and actions); what an action's handler does, written there or in a
/// method of the class it calls, is a step of the alert scene that choosing the action runs
/// from the presenter, as UIKit runs a handler once the alert is gone.
enum AlertScenes {
    /// The keys of the actions of the alerts `method` presents: their handlers' calls are the
    /// actions' steps, not the method's.
    static func handled(in method: AppIndex.Method, of cls: String, index: AppIndex) -> Set<String> {
        Set(method.facts.calls.filter { isShown($0, of: cls, index: index) }.compactMap(\.alert).flatMap { $0.actions.map(\.key) })
    }

    /// Whether an alert is shown: always, unless it is a menu no bar item of the class (made in
    /// code, or an outlet given it) shows; such a menu's actions' handlers are code's steps.
    static func isShown(_ call: NavigationCall, of cls: String, index: AppIndex) -> Bool {
        guard let action = call.menuAction else { return true }
        return (index.methods[cls] ?? []).contains { method in
            method.facts.barItems.contains { $0.action == action } || method.facts.outletActions.contains { $0.action == action }
        }
    }

    /// Records the alert `call` presents: its scene, the step presenting it, and its actions'
    /// steps. An alert presented where no scene runs the code, or by an extension of UIKit's
    /// own class (a `showAlert` helper every screen has), stays a system controller.
    static func record(_ call: NavigationCall, alert: CodeAlert, in method: AppIndex.Method, of cls: String, scenes: [String],
                       index: AppIndex, into result: inout InferenceResult) {
        guard !scenes.isEmpty, !NavigationAnalysis.isSystemClass(cls) else { result.systemControllers += 1; return }
        let basename = method.file.split(separator: "/").last.map(String.init) ?? method.file
        let id = "code-alert-\(basename)-\(call.line)"
        if !result.alertScenes.contains(where: { $0.id == id }) { result.alertScenes.append(scene(id, alert, index: index)) }
        var shown = NavigationFinding(identifier: "code:\(basename):\(call.line)", source: "\(method.file):\(call.line)", className: cls,
                                      method: method.facts.name,
                                      triggers: call.menuAction.map { [.action($0)] } ?? NavigationAnalysis.triggers(of: method.facts, in: cls, index: index),
                                      action: .present, scenes: scenes)
        shown.destination = id
        shown.rowFilter = call.rowFilter
        shown.cellOutlets = call.cellOutlets
        result.findings.append(shown)
        for (k, action) in alert.actions.enumerated() {
            var steps = InferenceResult()
            for (owner, handlerCall) in calls(of: action, in: method, of: cls, index: index) {
                NavigationAnalysis.record(handlerCall, in: owner, of: cls, scenes: scenes, index: index, into: &steps)
            }
            for var step in steps.findings {
                step.scenes = [id]
                step.triggers = [.alertAction(k)]
                step.rowFilter = nil
                step.cellOutlets = nil
                result.findings.append(step)
            }
            result.unresolved += steps.unresolved
            result.systemControllers += steps.systemControllers
        }
    }

    /// The navigation an action's handler does: its own calls, then those of the methods of the
    /// class it calls (`{ _ in self.deleteItem() }`), with the method each is in.
    static func calls(of action: CodeAlert.Action, in method: AppIndex.Method, of cls: String, index: AppIndex) -> [(AppIndex.Method, NavigationCall)] {
        var found = method.facts.calls.filter { $0.alertHandler == action.key }.map { (method, $0) }
        for name in action.invokes {
            for invoked in index.methods[cls] ?? [] where invoked.facts.name == name && invoked.facts.name != method.facts.name {
                found += invoked.facts.calls.filter { $0.alertHandler == nil && $0.alert == nil }.map { (invoked, $0) }
            }
        }
        return found
    }

    /// The alert's scene. A text no constant holds is left out; an action's title that cannot be
    /// read is its style's usual word, as a button needs one; an alert with no action read gets
    /// an OK.
    static func scene(_ id: String, _ alert: CodeAlert, index: AppIndex) -> Scene {
        var spec = AlertSpec()
        spec.title = alert.title.flatMap(index.resolve)
        spec.message = alert.message.flatMap(index.resolve)
        spec.preferredStyle = alert.isActionSheet ? .actionSheet : .alert
        spec.textFields = alert.textFields.enumerated().map { k, placeholder in AlertSpec.TextField(id: "textField\(k + 1)", placeholder: placeholder) }
        spec.actions = alert.actions.map { action in
            let style = AlertSpec.Action.Style(rawValue: action.style) ?? .default
            let fallback = switch style { case .cancel: "Cancel"; case .destructive: "Delete"; case .default: "OK" }
            return AlertSpec.Action(title: action.title.flatMap(index.resolve) ?? fallback, style: style)
        }
        // Actions added where the reading cannot see them (a convenience initializer's loop):
        // an OK that closes the alert, so a session never stands before one it cannot leave.
        if spec.actions.isEmpty { spec.actions = [AlertSpec.Action(title: "OK", style: .default)] }
        var scene = Scene(id: id, kind: .alertController)
        scene.title = spec.title
        scene.alert = spec
        return scene
    }
}
