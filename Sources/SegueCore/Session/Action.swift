/// The actions of the JSON API (docs/API.md), decoded. Every action takes `animated` (default true).
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
    /// A person drags a sheet down (modern era): the front sheet, or the one `controller` is in.
    case dismissSheet(controller: String?)
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
        case .dismissSheet: "dismissSheet"
        case .selectTab: "selectTab"
        case .moveTab: "moveTab"
        case .setTraits: "setTraits"
        case .turnPage: "turnPage"
        case .showPage: "showPage"
        case .memoryWarning: "memoryWarning"
        case .setEditing: "setEditing"
        case .setValues: "setValues"
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
        case .performSegue(let identifier, let controllerID):
            let source = try controllerOrFrontmost(controllerID)
            try performSegue(identifier, from: source, sender: nil, userInitiated: false, animated: animated)
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
        case .dismissSheet(let controllerID):
            try dismissSheet(controllerID, animated: animated)
        case .selectTab(let index, let controllerID):
            // Under a presentation that covers the tab bar the switch sends no events, yet the
            // state (and its URL) changed.
            let tabs = try tabBarController(controllerID)
            let before = (tabs.selectedIndex, tabs.selectedViewController.map(ObjectIdentifier.init))
            try tabs.select(index: index, userInitiated: false, animated: false)
            return tabs.selectedIndex != before.0 || tabs.selectedViewController.map(ObjectIdentifier.init) != before.1
        case .moveTab(let from, let to, let controllerID):
            return try tabBarController(controllerID).moveTab(from: from, to: to)
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

    // MARK: - Tap

    private func tap(_ elementID: String, values: [String: FieldValue], animated: Bool) throws(ActionError) -> Bool {
        let saved = values.isEmpty ? [] : visibleContentControllers.map { ($0, $0.values) }
        let changed = values.isEmpty ? false : try setValues(values)
        do throws(ActionError) {
            guard let (element, target) = resolveElement(elementID) else {
                throw ActionError(.unknownElement, "no element '\(elementID)' on screen" + NearestName.suggestion(for: elementID, in: elements.map(\.id)))
            }
            guard element.enabled else {
                warn("element '\(elementID)' is disabled; the tap does nothing")
                return changed
            }
            return try run(target, element: element, animated: animated) || changed
        } catch {
            for (c, v) in saved { c.values = v }
            throw error
        }
    }

    private func run(_ target: ElementTarget, element: Element, animated: Bool) throws(ActionError) -> Bool {
        switch target {
        case .back(let nav):
            nav.popViewController(animated: animated)
        case .barButton(let owner, let item):
            if let tap = item.tap { try run(tap, owner: owner, sender: element, animated: animated) }
            else if item.systemItem == .edit { setEditing(!owner.isEditing, on: owner, animated: animated) }
            else { warn("bar button '\(element.id)' is not wired to anything") }
        case .row(let owner, let row):
            if let tap = row.tap { try run(tap, owner: owner, sender: element, animated: animated) }
        case .rowAccessory(let owner, let row):
            if let tap = row.accessoryTap { try run(tap, owner: owner, sender: element, animated: animated) }
        case .node(let owner, let node):
            if node.kind == .switch, let id = element.id as String? {
                // The state set by a tap, else the declared one (`isOn` of the node tapped).
                let isOn = if case .bool(let b) = owner.values[id] { b } else { node.isOn ?? false }
                owner.values[id] = .bool(!isOn)
                if let tap = node.tap { try run(tap, owner: owner, sender: element, animated: animated) }
                return true
            }
            if let tap = node.tap { try run(tap, owner: owner, sender: element, animated: animated) }
        case .tab(let tabs, let index):
            try tabs.select(index: index, userInitiated: true, animated: false, popAnimated: animated)
        case .tabBar(let tap):
            return try tap.run(animated: animated)
        case .tableEdit(let edit):
            return edit.run()
        case .alertAction(let alert, let index):
            try runAlertAction(alert, index: index, sender: element, animated: animated)
        case .alertField:
            break
        case .page(let pages, let forward):
            try pages.turn(forward: forward, animated: animated)
        case .chrome(let chrome):
            try run(chrome, sender: element, animated: animated)
        }
        return false
    }

    /// Runs `segue:` or `action:` wiring for `owner`.
    func run(_ tap: TapTarget, owner: ViewController, sender: Element?, animated: Bool) throws(ActionError) {
        switch tap {
        case .segue(let identifier):
            try performSegue(identifier, from: owner, sender: sender, userInitiated: true, animated: animated)
        case .action(let name):
            switch BuiltInAction(rawValue: name) {
            case .dismiss:
                dismiss(from: owner, animated: animated)
            case .pop:
                guard let nav = owner.navigationController else { throw ActionError.illegal("'\(owner.sceneID ?? owner.id)' has no navigation controller to pop") }
                nav.popViewController(animated: animated)
            case .popToRoot:
                guard let nav = owner.navigationController else { throw ActionError.illegal("'\(owner.sceneID ?? owner.id)' has no navigation controller") }
                nav.popToRootViewController(animated: animated)
            case .edit:
                setEditing(!owner.isEditing, on: owner, animated: animated)
            case nil:
                guard owner.handleAction(name, sender: sender) else {
                    throw ActionError.illegal("no handler for action '\(name)' on '\(owner.sceneID ?? owner.id)'")
                }
            }
        }
    }

    /// Choosing an alert action dismisses the alert, then runs the action's wiring from the
    /// controller that presented it.
    func runAlertAction(_ alert: AlertController, index: Int, sender: Element, animated: Bool) throws(ActionError) {
        let action = alert.alert.actions[index]
        let caller = alert.presentationCaller ?? alert.presentingStorage
        if case .segue(let id)? = action.tap, let caller, alert.scene?.segue(id) == nil, caller.scene?.segue(id) == nil {
            throw ActionError(.unknownSegue, "no segue '\(id)' for alert action '\(action.title)'")
        }
        dismiss(from: alert, animated: animated)
        guard let tap = action.tap, let caller else { return }
        if case .segue(let id) = tap, let spec = alert.scene?.segue(id) {
            // A segue declared on the alert scene runs from the presenter, like a handler would.
            try performDeclaredSegue(spec, from: caller, sender: sender, animated: animated)
        } else if case .segue(let id) = tap {
            // The presenter's own segue, as a handler's `performSegue`: no shouldPerformSegue.
            try performSegue(id, from: caller, sender: sender, userInitiated: false, animated: animated)
        } else {
            try run(tap, owner: caller, sender: sender, animated: animated)
        }
    }

    func performDeclaredSegue(_ spec: SegueSpec, from source: ViewController, sender: Element?, animated: Bool) throws(ActionError) {
        guard let destinationID = spec.destination, let scene = storyboard[destinationID] else {
            if spec.kind == .unwind { try performUnwind(spec, from: source, sender: sender, userInitiated: false, animated: animated); return }
            throw ActionError(.unknownScene, "segue '\(spec.id)' has no destination")
        }
        let plan = try plan(spec, from: source, destination: scene)
        let destination = try instantiate(sceneID: destinationID)
        prepare(spec, source: source, destination: destination, sender: sender)
        switch plan {
        case .push(let nav): try nav.pushViewController(destination, animated: animated && spec.animates)
        case .present(let style, let t): try present(destination, from: source, style: style, transitionStyle: t, animated: animated && spec.animates)
        case .replaceDetail(let split): try split.showDetail(destination, animated: animated)
        }
    }

    // MARK: - Values, editing, traits

    /// Sets form values on the visible controllers that own those element ids.
    func setValues(_ values: [String: FieldValue]) throws(ActionError) -> Bool {
        var builder = ScreenBuilder(window: self, recordsTargets: true)
        _ = builder.build()
        var changes: [(ViewController, String, FieldValue)] = []
        for (id, value) in values.sorted(by: { $0.key < $1.key }) {
            switch builder.targets[id] {
            case .node(let owner, let node)?: changes.append((owner, id, try Self.checked(value, for: node, id: id)))
            case .alertField(let alert, _)?: changes.append((alert, id, value))
            default: throw ActionError(.unknownElement, "no control '\(id)' that takes a value on screen")
            }
        }
        var changed = false
        for (owner, id, value) in changes where owner.values[id] != value {
            owner.values[id] = value
            changed = true
        }
        return changed
    }

    /// A value as the control `node` keeps it: a switch takes a boolean, a slider or stepper a
    /// number, a segmented control a segment index (numbers arrive as text, as form fields do).
    static func checked(_ value: FieldValue, for node: ViewNode, id: String) throws(ActionError) -> FieldValue {
        switch node.kind {
        case .switch:
            switch value {
            case .bool: break
            case .text("true"), .text("1"), .text("on"): return .bool(true)
            case .text("false"), .text("0"), .text("off"): return .bool(false)
            default: throw ActionError(.invalidRequest, "switch '\(id)' takes true or false")
            }
        case .slider, .stepper:
            guard case .text(let t) = value, let v = Double(t), v.isFinite else {
                throw ActionError(.invalidRequest, "\(node.kind.rawValue) '\(id)' takes a finite number")
            }
            // Kept within the control's range, as UIKit clamps `value`.
            let clamped = node.clampedValue(v)
            if clamped != v { return .text(Self.decimal(clamped)) }
        case .segmentedControl:
            guard case .text(let t) = value, let i = Int(t), node.segments.indices.contains(i) else {
                throw ActionError(.invalidRequest, "segmented control '\(id)' takes a segment index 0..<\(node.segments.count)")
            }
        case .textField, .textView, .searchBar:
            guard case .text = value else { throw ActionError(.invalidRequest, "'\(id)' takes text") }
        default:
            // A button, a label, an image: nothing a person can type into or set.
            throw ActionError(.invalidRequest, "\(node.kind.rawValue) '\(id)' takes no value")
        }
        return value
    }

    /// A number as a control value's text: an integer plainly, else Swift's shortest form.
    static func decimal(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    func setEditing(_ editing: Bool, on c: ViewController, animated: Bool) {
        guard c.isEditing != editing else {
            warn("\(c.id) is already \(editing ? "editing" : "not editing")")
            return
        }
        record(c, .setEditing) {
            $0.value = editing
            $0.animated = animated
        }
        c.setEditing(editing, animated: animated)
        c.isEditing = editing
    }

    /// A viewport change. An orientation flip the deciding controller refuses changes nothing
    /// (a warning): the interface stays as it was, traits included. Otherwise the traits change:
    /// `traitCollectionDidChange` to every controller when the idiom or a size class changes,
    /// layout events for the visible ones, and the rotation trio when the orientation flips.
    func setTraits(_ newTraits: Traits) -> Bool {
        guard newTraits != traits else { return false }
        if newTraits.orientation != traits.orientation, !allowsRotation(to: newTraits) {
            warn("\(orientationDecider.id) does not support \(newTraits.orientation.rawValue); the interface does not rotate")
            return false
        }
        applyTraits(newTraits)
        return true
    }

    /// Changes the traits with their events (the rotation trio when the orientation flips).
    func applyTraits(_ newTraits: Traits) {
        let previous = traits
        let rotates = newTraits.orientation != previous.orientation
        let traitsChange = newTraits.differsInTraits(from: previous)
        let rotating = rotates ? visibleControllers : []
        for c in rotating {
            record(c, .willRotateToInterfaceOrientation) { $0.orientation = newTraits.orientation.rawValue; $0.animated = true }
            c.willRotate(to: newTraits.orientation)
        }
        transition(animated: true, mutate: {
            for case let split as SplitViewController in allControllers { split.traitsWillChange(from: previous, to: newTraits) }
            traits = newTraits
        }, beforeCommit: {
            // Every controller hears of a trait change, covered ones and unselected tabs included,
            // so none is later told of a change from traits it never had.
            let visible = visibleControllers
            for c in allControllers {
                if traitsChange {
                    record(c, .traitCollectionDidChange)
                    c.traitCollectionDidChange(previous)
                }
                if visible.contains(where: { $0 === c }) { sendLayout(c) }
            }
            // The trio is whole for every controller that heard willRotate, one that leaves the
            // window as a presentation adapts included (UIKit runs the animation and completion
            // it registered); one that enters the window during the rotation hears none of it.
            for c in rotating {
                record(c, .willAnimateRotationToInterfaceOrientation) { $0.orientation = newTraits.orientation.rawValue; $0.animated = true }
            }
        })
        for c in rotating {
            record(c, .didRotateFromInterfaceOrientation) { $0.orientation = previous.orientation.rawValue }
            c.didRotate(from: previous.orientation)
        }
    }

    /// The controller that decides the interface orientation: the topmost presented controller
    /// that covers the window (`overFullScreen` counts, though its presenter stays visible), else
    /// the root.
    var orientationDecider: ViewController {
        var decider: ViewController = root
        for c in allControllers where c.presentingStorage != nil && !(c is AlertController)
            && (coversWindow(c) || c.presentedStyle == .overFullScreen) {
            decider = c
        }
        return decider
    }

    /// Only the deciding controller's orientation mask counts.
    func allowsRotation(to newTraits: Traits) -> Bool {
        supports(newTraits.orientation, decider: orientationDecider, idiom: newTraits.idiom)
    }

    /// Whether the deciding controller lets the interface take `orientation`. `shouldAutorotate`
    /// only holds back autorotation (the device turning); a rotation forced by what the
    /// controller supports (`forced`) happens whatever it answers.
    func supports(_ orientation: Traits.Orientation, decider: ViewController, idiom: Traits.Idiom, forced: Bool = false) -> Bool {
        guard forced || decider.shouldAutorotate else { return false }
        let mask = decider.supportedInterfaceOrientations
            ?? (idiom == .pad ? InterfaceOrientation.allCases : [.portrait, .landscapeLeft, .landscapeRight])
        return Self.mask(mask, allows: orientation)
    }

    /// Whether an orientation mask has an orientation of the kind (either landscape, either portrait).
    static func mask(_ mask: [InterfaceOrientation], allows orientation: Traits.Orientation) -> Bool {
        orientation == .landscape
            ? mask.contains(.landscapeLeft) || mask.contains(.landscapeRight)
            : mask.contains(.portrait) || mask.contains(.portraitUpsideDown)
    }

    /// At launch (or restoration) the interface takes an orientation the deciding controller
    /// supports, with no events: UIKit sends none for the initial rotation. A root that allows
    /// only landscape starts in landscape whatever the viewport.
    func settleLaunchOrientation() {
        let decider = orientationDecider
        guard let mask = decider.supportedInterfaceOrientations,
              !Self.mask(mask, allows: traits.orientation), Self.mask(mask, allows: traits.turned.orientation) else { return }
        traits = traits.turned
    }

    /// After a presentation or a dismissal: when the controller that now decides does not
    /// support the current orientation (a presented controller allows only landscape; it is
    /// dismissed and the root is portrait only), the interface turns to one it supports, with
    /// the rotation events.
    func rotateToSupportedOrientationIfNeeded() {
        guard isLaunched else { return }
        let decider = orientationDecider
        guard !supports(traits.orientation, decider: decider, idiom: traits.idiom, forced: true),
              supports(traits.turned.orientation, decider: decider, idiom: traits.idiom, forced: true),
              decider.supportedInterfaceOrientations != nil else { return }
        applyTraits(traits.turned)
    }

    // MARK: - Finding targets

    func controllerOrFrontmost(_ id: String?) throws(ActionError) -> ViewController {
        if let id {
            guard let c = controller(id: id) else { throw ActionError(.unknownController, "no controller '\(id)'") }
            return c
        }
        guard let c = frontmostController else { throw ActionError.illegal("nothing is visible") }
        return c
    }

    /// The given navigation controller, or the one of the frontmost visible controller: in the
    /// front layer only (a stack under a sheet or popover is not the frontmost, as one under a
    /// full-screen presentation is not).
    func navigationController(_ id: String?) throws(ActionError) -> NavigationController {
        if let id {
            guard let c = controller(id: id) else { throw ActionError(.unknownController, "no controller '\(id)'") }
            guard let nav = c as? NavigationController ?? c.navigationController else {
                throw ActionError.illegal("\(id) is not a navigation controller")
            }
            return nav
        }
        let visible = visibleControllers
        let front = visible.last { $0.parent == nil }
        for c in visible.reversed() where front == nil || c.topLevel === front {
            if let nav = c as? NavigationController ?? c.navigationController { return nav }
        }
        throw ActionError.illegal("the frontmost controller has no navigation controller")
    }

    func tabBarController(_ id: String?) throws(ActionError) -> TabBarController {
        if let id {
            guard let c = controller(id: id) else { throw ActionError(.unknownController, "no controller '\(id)'") }
            guard let tabs = c as? TabBarController ?? c.tabBarController else { throw ActionError.illegal("\(id) is not a tab bar controller") }
            return tabs
        }
        for c in visibleControllers.reversed() {
            if let tabs = c as? TabBarController ?? c.tabBarController { return tabs }
        }
        // Programmatic selection does not need the bar on screen (a modal may cover it).
        for case let tabs as TabBarController in allControllers { return tabs }
        throw ActionError.illegal("there is no tab bar controller")
    }

    func pageViewController(_ id: String?) throws(ActionError) -> PageViewController {
        if let id {
            guard let c = controller(id: id) else { throw ActionError(.unknownController, "no controller '\(id)'") }
            guard let pages = c as? PageViewController ?? c.parent as? PageViewController else { throw ActionError.illegal("\(id) is not a page view controller") }
            return pages
        }
        for c in visibleControllers.reversed() {
            if let pages = c as? PageViewController ?? c.parent as? PageViewController { return pages }
        }
        throw ActionError.illegal("no page view controller is visible")
    }
}
