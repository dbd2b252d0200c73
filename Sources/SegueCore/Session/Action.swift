/// Actions and their dispatch: the actions of the JSON API (docs/API.md), decoded, and
/// `Window.perform`, which hands each to the code that does it (taps in `Taps.swift`, alerts in
/// `Alerts.swift`, values in `FormValues.swift`, editing in `Editing.swift`, traits in
/// `Traits.swift`, what code does (bars, custom containers) in `CodeActions.swift`, targets found by `TargetLookup.swift`, stacks, tabs and presentations by their
/// containers) and reports the events it caused. Every action takes `animated` (default true).
public enum Action: Sendable, Hashable {
    /// A user's tap on an element, optionally with form values typed before it.
    case tap(element: String, values: [String: FieldValue])
    case performSegue(identifier: String, controller: String?)
    case push(scene: String, navigationController: String?)
    case pop(navigationController: String?)
    case popToRoot(navigationController: String?)
    case popTo(controller: String, navigationController: String?)
    /// Replaces a navigation stack with the scenes listed, bottom to top. A controller already in
    /// the stack is kept for a scene that names it (first match, in order); other scenes are
    /// instantiated.
    case setViewControllers(scenes: [String], navigationController: String?)
    case present(scene: String, style: ModalPresentationStyle?, transitionStyle: ModalTransitionStyle?, controller: String?)
    case dismiss(controller: String?)
    case selectTab(index: Int, controller: String?)
    /// Extension: while customizing (Edit on More), drop tab `from` on position `to` (they swap).
    case moveTab(from: Int, to: Int, controller: String?)
    case setTraits(Traits)
    case turnPage(forward: Bool, controller: String?)
    case showPage(index: Int, controller: String?)
    case memoryWarning
    case setEditing(Bool, controller: String?)
    /// Extension: type into a text field or set a switch without tapping anything else.
    case setValues([String: FieldValue])
    /// What code does (see `CodeActions.swift`): bar visibility at run time.
    case setToolbarHidden(Bool, navigationController: String?)
    case setNavigationBarHidden(Bool, navigationController: String?)
    /// Custom containers driven from outside: `addChild` of a new controller of `scene` to
    /// `controller` (default: the frontmost visible content controller's outermost custom
    /// container), with its view or not.
    case addChild(scene: String, controller: String?, showingView: Bool)
    case removeFromParent(controller: String)
    /// `transition(from:to:)` between two children of a custom container, by index.
    case transition(controller: String?, fromIndex: Int, toIndex: Int)
    /// Manual appearance forwarding, on a child of a container that forwards it itself.
    case beginAppearanceTransition(controller: String, isAppearing: Bool)
    case endAppearanceTransition(controller: String)

    /// The contract's name for the action.
    public var name: String {
        switch self {
        case .tap: "tap"
        case .performSegue: "performSegue"
        case .push: "push"
        case .pop: "pop"
        case .popToRoot: "popToRoot"
        case .popTo: "popTo"
        case .setViewControllers: "setViewControllers"
        case .present: "present"
        case .dismiss: "dismiss"
        case .selectTab: "selectTab"
        case .moveTab: "moveTab"
        case .setTraits: "setTraits"
        case .turnPage: "turnPage"
        case .showPage: "showPage"
        case .memoryWarning: "memoryWarning"
        case .setEditing: "setEditing"
        case .setValues: "setValues"
        case .setToolbarHidden: "setToolbarHidden"
        case .setNavigationBarHidden: "setNavigationBarHidden"
        case .addChild: "addChild"
        case .removeFromParent: "removeFromParent"
        case .transition: "transition"
        case .beginAppearanceTransition: "beginAppearanceTransition"
        case .endAppearanceTransition: "endAppearanceTransition"
        }
    }
}

/// What an action did: the events it caused and UIKit's no-op warnings.
public struct ActionOutcome: Sendable {
    public var events: [Event]
    public var warnings: [String]
    public var changed: Bool
}

extension Window {
    /// Performs one action. On error nothing changed and no event was recorded.
    public func perform(_ action: Action, animated: Bool = true) throws(ActionError) -> ActionOutcome {
        guard isLaunched else { throw ActionError.illegal("the session has not launched") }
        warnings = []
        let firstSeq = log.lastSeq
        let before = ScreenChange.Before(self)
        let changedValues = try apply(action, animated: animated)
        let events = Array(log.events(after: firstSeq))
        lastChange = ScreenChange.from(events, before: before, in: self)
        let changed = changedValues || !events.isEmpty
        if changed { version += 1 }
        checkInvariants()
        return ActionOutcome(events: events, warnings: warnings, changed: changed)
    }

    /// Returns true when the action changed state without events (form values, traits).
    private func apply(_ action: Action, animated: Bool) throws(ActionError) -> Bool {
        switch action {
        case .tap(let element, let values):
            return try tap(element, values: values, animated: animated)
        case .push, .pop, .popToRoot, .popTo, .setViewControllers:
            try applyStackAction(action, animated: animated)
        case .performSegue, .present, .dismiss:
            return try applyPresentationAction(action, animated: animated)
        case .selectTab, .moveTab:
            return try applyTabAction(action, animated: animated)
        case .setTraits(let newTraits):
            return setTraits(newTraits)
        case .turnPage(let forward, let controllerID):
            try pageViewController(controllerID).turn(forward: forward, animated: animated)
        case .showPage(let index, let controllerID):
            try pageViewController(controllerID).show(index: index, animated: animated)
        case .memoryWarning:
            for c in allControllers {
                record(c, .didReceiveMemoryWarning)
                c.didReceiveMemoryWarning()
            }
        case .setEditing(let editing, let controllerID):
            setEditing(editing, on: try controllerOrFrontmost(controllerID), animated: animated)
        case .setValues(let values):
            return try setValues(values)
        case .setToolbarHidden, .setNavigationBarHidden, .addChild, .removeFromParent, .transition,
             .beginAppearanceTransition, .endAppearanceTransition:
            return try applyCodeAction(action, animated: animated)
        }
        return false
    }

    /// Push, pop, pop to, pop to root and set stack.
    private func applyStackAction(_ action: Action, animated: Bool) throws(ActionError) {
        switch action {
        case .push(let sceneID, let navID):
            let nav = try navigationController(navID)
            guard let scene = storyboard[sceneID] else { throw ActionError(.unknownScene, "no scene '\(sceneID)'" + NearestName.suggestion(for: sceneID, in: storyboard.scenes.keys)) }
            guard scene.kind != .navigationController else { throw ActionError.illegal("pushing a navigation controller is not supported") }
            if let more = nav as? MoreNavigationController, more.tabs?.tabShownInMore == nil {
                throw ActionError.illegal("the More navigation controller shows its list; choose a row first")
            }
            try nav.pushViewController(try instantiate(sceneID: sceneID), animated: animated)
        case .pop(let navID):
            try navigationController(navID).popViewController(animated: animated)
        case .popToRoot(let navID):
            try navigationController(navID).popToRootViewController(animated: animated)
        case .popTo(let controllerID, let navID):
            guard let target = controller(id: controllerID) else {
                throw ActionError(.unknownController, "no controller '\(controllerID)'")
            }
            // Like push and pop: the frontmost visible controller's navigation controller unless
            // one is named; a controller in another stack (an unselected tab's) is not in it (`illegal_transition`).
            let nav = try navigationController(navID)
            try nav.popToViewController(target, animated: animated)
        case .setViewControllers(let sceneIDs, let navID):
            try setStack(sceneIDs, navigationController: navID, animated: animated)
        default: break
        }
    }

    /// Segues in code, presentations and dismissals; true when the state changed without events.
    private func applyPresentationAction(_ action: Action, animated: Bool) throws(ActionError) -> Bool {
        switch action {
        case .performSegue(let identifier, let controllerID):
            let source = try controllerOrFrontmost(controllerID)
            try performSegue(identifier, from: source, sender: nil, userInitiated: false, animated: animated)
        case .present(let sceneID, let style, let transitionStyle, let controllerID):
            let caller = try controllerOrFrontmost(controllerID)
            guard let scene = storyboard[sceneID] else { throw ActionError(.unknownScene, "no scene '\(sceneID)'" + NearestName.suggestion(for: sceneID, in: storyboard.scenes.keys)) }
            // Decided on the scene first, so a refused or ignored presentation makes no controller.
            let plan = try planPresentation(of: PresentedDestination(scene), from: caller, style: style, transitionStyle: transitionStyle)
            if let reason = plan.noOpReason {
                warn(reason)
                return false
            }
            try present(try instantiate(sceneID: sceneID), from: caller, style: style, transitionStyle: transitionStyle, animated: animated)
        case .dismiss(let controllerID):
            // A presentation off screen (over an unselected tab's context) leaves without events,
            // yet the state (and its URL) changed.
            let presentedBefore = presentedControllerCount
            if let controllerID {
                guard let c = controller(id: controllerID) else { throw ActionError(.unknownController, "no controller '\(controllerID)'") }
                dismiss(from: c, animated: animated)
            } else {
                dismiss(from: nil, animated: animated)
            }
            return presentedControllerCount != presentedBefore
        default: break
        }
        return false
    }

    /// Tab selection in code and rearranging; true when the state changed without events.
    private func applyTabAction(_ action: Action, animated: Bool) throws(ActionError) -> Bool {
        switch action {
        case .selectTab(let index, let controllerID):
            // Under a presentation that covers the tab bar the switch sends no events, yet the
            // state (and its URL) changed.
            let tabs = try tabBarController(controllerID)
            let before = (tabs.selectedIndex, tabs.selectedViewController.map(ObjectIdentifier.init))
            try tabs.select(index: index, userInitiated: false, animated: false)
            return tabs.selectedIndex != before.0 || tabs.selectedViewController.map(ObjectIdentifier.init) != before.1
        case .moveTab(let from, let to, let controllerID):
            return try tabBarController(controllerID).moveTab(from: from, to: to)
        default: break
        }
        return false
    }

    /// The `setViewControllers` action: checks every scene before anything changes.
    private func setStack(_ sceneIDs: [String], navigationController navID: String?, animated: Bool) throws(ActionError) {
        let nav = try navigationController(navID)
        guard !(nav is MoreNavigationController) else {
            throw ActionError.illegal("the More navigation controller's stack belongs to its tab bar controller")
        }
        guard !sceneIDs.isEmpty else { throw ActionError(.invalidRequest, "'scenes' must name at least one scene") }
        for id in sceneIDs {
            guard let scene = storyboard[id] else { throw ActionError(.unknownScene, "no scene '\(id)'") }
            guard scene.kind != .navigationController else {
                throw ActionError.illegal("scene '\(id)' is a navigation controller, which cannot be in a navigation stack")
            }
        }
        var pool = nav.children
        var stack: [ViewController] = []
        for id in sceneIDs {
            if let i = pool.firstIndex(where: { $0.sceneID == id }) { stack.append(pool.remove(at: i)) }
            else { stack.append(try instantiate(sceneID: id)) }
        }
        if stack.elementsEqual(nav.children, by: ===) {
            warn("the stack of \(nav.id) already is \(sceneIDs.joined(separator: ", ")); setViewControllers does nothing")
            return
        }
        try nav.setViewControllers(stack, animated: animated)
    }
}
