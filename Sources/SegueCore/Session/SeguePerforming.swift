/// Segues (docs/Semantics.md, Segues and unwinds): control-triggered and programmatic, and the unwind search.
extension Window {
    /// What a segue will do, decided before anything happens so a refusal changes nothing.
    enum SeguePlan {
        case push(NavigationController)
        case present(ModalPresentationStyle?, ModalTransitionStyle?)
        case replaceDetail(SplitViewController)
    }

    /// Performs segue `identifier` of `source`'s scene. `userInitiated` (a tap) asks
    /// `shouldPerformSegue` first; `performSegue` does not.
    public func performSegue(_ identifier: String, from source: ViewController, sender: Element?,
                             userInitiated: Bool, animated: Bool = true) throws(ActionError) {
        guard let spec = source.scene?.segue(identifier) else {
            throw ActionError(.unknownSegue, "scene '\(source.sceneID ?? source.id)' has no segue '\(identifier)'"
                + NearestName.suggestion(for: identifier, in: source.scene?.segues.map(\.id) ?? []))
        }
        if spec.kind == .unwind {
            try performUnwind(spec, from: source, sender: sender, userInitiated: userInitiated, animated: animated)
            return
        }
        guard spec.kind != .embed, spec.kind != .relationship else {
            throw ActionError.illegal("\(spec.kind.rawValue) segues are not performed by actions")
        }
        guard let destinationID = spec.destination, let destinationScene = storyboard[destinationID] else {
            throw ActionError(.unknownScene, "segue '\(identifier)' has no destination scene '\(spec.destination ?? "")'")
        }
        let plan = try plan(spec, from: source, destination: destinationScene)
        // A refused presentation (an illegal style) changes nothing; one that turns out to be a
        // no-op (the source already presents, or is not in the window) is known only when the
        // segue performs: everything before `perform` still happens, then it warns.
        var noOpReason: String?
        if case .present(let style, let transitionStyle) = plan {
            noOpReason = try planPresentation(of: PresentedDestination(destinationScene), from: source,
                                              style: style, transitionStyle: transitionStyle).noOpReason
        }
        // Code navigation is no segue: UIKit asks nothing and prepares nothing.
        if userInitiated, !spec.isCodeNavigation, !askShouldPerform(spec, source: source, sender: sender) { return }
        let destination = try instantiate(sceneID: destinationID)
        if !spec.isCodeNavigation { prepare(spec, source: source, destination: destination, sender: sender) }
        if let noOpReason {
            warn("segue '\(identifier)': \(noOpReason)")
            return
        }
        let animates = animated && spec.animates
        switch plan {
        case .push(let nav):
            try nav.pushViewController(destination, animated: animates)
        case .present(let style, let transitionStyle):
            // Popovers (and action sheets shown as popovers) point at the sender.
            let anchor = sender?.id
            try present(destination, from: source, style: style, transitionStyle: transitionStyle, anchor: anchor, animated: animates)
        case .replaceDetail(let split):
            try split.showDetail(destination, animated: animates)
        }
    }

    func plan(_ spec: SegueSpec, from source: ViewController, destination: Scene) throws(ActionError) -> SeguePlan {
        let nav = source as? NavigationController ?? source.navigationController
        let presentation = SeguePlan.present(spec.modalPresentationStyle, spec.modalTransitionStyle)
        switch spec.kind {
        case .show, .custom:
            if let nav, destination.kind != .navigationController { return .push(nav) }
            return presentation
        case .showDetail, .replace:
            if let split = source as? SplitViewController ?? source.splitViewControllerAncestor { return .replaceDetail(split) }
            if spec.kind == .replace {
                throw ActionError.illegal("replace segue '\(spec.id)' needs a split view controller, and '\(source.sceneID ?? source.id)' has none")
            }
            if let nav, destination.kind != .navigationController { return .push(nav) }
            return presentation
        case .presentation, .modal:
            return presentation
        case .popover, .popoverPresentation:
            return .present(.popover, spec.modalTransitionStyle)
        case .push:
            guard let nav else {
                throw ActionError.illegal("push segue '\(spec.id)' needs a navigation controller, and '\(source.sceneID ?? source.id)' has none")
            }
            guard destination.kind != .navigationController else {
                throw ActionError.illegal("push segue '\(spec.id)' cannot push a navigation controller")
            }
            return .push(nav)
        case .embed, .relationship, .unwind:
            throw ActionError.illegal("\(spec.kind.rawValue) segues are not performed by actions")
        }
    }

    /// Logs and asks `shouldPerformSegue`; a refusal is a warning (the event stays in the log).
    func askShouldPerform(_ spec: SegueSpec, source: ViewController, sender: Element?) -> Bool {
        let allowed = source.shouldPerformSegue(withIdentifier: spec.codeIdentifier, sender: sender)
        record(source, .shouldPerformSegue) {
            $0.segue = spec.codeIdentifier
            $0.sender = sender?.id
            $0.value = allowed
        }
        if !allowed { warn("shouldPerformSegue refused segue '\(spec.id)'") }
        return allowed
    }

    func prepare(_ spec: SegueSpec, source: ViewController, destination: ViewController, sender: Element?) {
        record(source, .prepareForSegue) {
            $0.segue = spec.codeIdentifier
            $0.destination = destination.id
            $0.sender = sender?.id
        }
        pass(spec.passes, from: source, to: destination, sender: sender)
        source.prepare(for: StoryboardSegue(identifier: spec.codeIdentifier, kind: spec.kind, source: source, destination: destination), sender: sender)
    }

    // MARK: - Unwind

    func performUnwind(_ spec: SegueSpec, from source: ViewController, sender: Element?,
                       userInitiated: Bool, animated: Bool) throws(ActionError) {
        guard let action = spec.action else { throw ActionError(.invalidRequest, "unwind segue '\(spec.id)' names no action") }
        guard let destination = unwindDestination(for: action, from: source, sender: sender) else {
            throw ActionError(.unwindNotFound, "no controller from '\(source.sceneID ?? source.id)' outward handles unwind action '\(action)'")
        }
        if userInitiated, !askShouldPerform(spec, source: source, sender: sender) { return }
        prepare(spec, source: source, destination: destination, sender: sender)
        record(destination, .unwind) {
            $0.action = action
            $0.segue = spec.codeIdentifier
        }
        destination.performUnwindAction(action, segue: StoryboardSegue(identifier: spec.codeIdentifier, kind: .unwind, source: source, destination: destination))
        unwindTransition(from: source, to: destination, animated: animated && spec.animates)
    }

    /// The one transition of an unwind: the destination's stacks are popped to it (the popped
    /// controllers get `willMove(nil)`/`didMove(nil)`, appearance events only where they were on
    /// screen) and everything presented above the destination's top-level controller, or by a
    /// controller that is popped, is dismissed (`isBeingDismissed`), so the destination is
    /// revealed directly. With nothing to dismiss the pop is animated like a back tap. A tab
    /// switch on the way joins the transition, a tab listed in More included (pushed onto the
    /// More navigation controller within it), and so do the pops that bring back a tab shown
    /// inside More (what was pushed above it) and the primary of a collapsed split view (its
    /// secondary leaves the one stack). Every presentation the source sits in that does not hold
    /// the destination is dismissed as well, wherever it was presented from (a context in
    /// another tab included): the unwind releases the source and everything between it and the
    /// destination.
    func unwindTransition(from source: ViewController, to destination: ViewController, animated: Bool) {
        let (pops, switches) = unwindContainerPlans(to: destination)
        var plan = TransitionPlan.simultaneous(unwindDismissals(from: source, to: destination) + pops)
        for p in switches { plan.append(p) }
        if !plan.isEmpty { run(plan, animated: animated) }
        rotateToSupportedOrientationIfNeeded()
    }

    /// The presentations an unwind dismisses: what the destination's top level presents, what
    /// any controller between the destination and its top level presents over its own area
    /// (outermost first), and every presentation holding the source that does not hold the
    /// destination; each chain once.
    private func unwindDismissals(from source: ViewController, to destination: ViewController) -> [TransitionPlan] {
        var presenters: [ViewController] = []
        var up: ViewController? = destination
        while let n = up {
            if n.presentedStorage != nil { presenters.append(n) }
            up = n.parent
        }
        var dismissed = presenters.reversed().compactMap(\.presentedStorage)
        // The presentations holding the source, outward (through the controller each was
        // presented from), that do not hold the destination.
        var outward: ViewController? = source
        while let n = outward {
            if n.presentingStorage != nil, !destination.isInside(n) { dismissed.append(n) }
            outward = n.parent ?? n.presentationCaller ?? n.presentingStorage
        }
        // Each chain once: one inside another goes with it.
        return dismissed.enumerated().compactMap { index, presented in
            let inEarlier = dismissed[..<index].contains(where: { $0 === presented || presented.isInside($0) })
            let inLater = dismissed[(index + 1)...].contains(where: { $0 !== presented && presented.isInside($0) })
            return inEarlier || inLater ? nil : dismissalPlan(presented)
        }
    }

    /// What the containers between the destination and the window's root change to show it:
    /// the pops of the stacks above it (More's above a tab shown inside it included), and the
    /// tab switches and collapsed split views' primaries that join the transition after them.
    private func unwindContainerPlans(to destination: ViewController) -> (pops: [TransitionPlan], switches: [TransitionPlan]) {
        var pops: [TransitionPlan] = []
        var switches: [TransitionPlan] = []
        var node = destination
        while let parent = node.parent {
            if let nav = parent as? NavigationController, let index = nav.displayedStack.firstIndex(where: { $0 === node }),
               index < nav.displayedStack.count - 1 {
                pops.append(nav.popPlan(to: index))
            } else if let tabs = parent as? TabBarController, let index = tabs.viewControllers.firstIndex(where: { $0 === node }),
                      index != tabs.selectedIndex {
                // A tab listed in More is pushed onto the More navigation controller within it.
                switches.append(tabs.selectionPlan(to: index, window: self))
            } else if let tabs = parent as? TabBarController, tabs.pushedInMore(above: node) != nil, let more = tabs.moreStorage {
                pops.append(more.popPlan(to: 1))  // back to the tab shown inside More
            } else if let split = parent as? SplitViewController, node === split.primaryViewController,
                      let plan = split.primaryCollapsedPlan(window: self) {
                switches.append(plan)  // the secondary leaves the one stack
            }
            node = parent
        }
        return (pops, switches)
    }

    /// The unwind search: from the source outward through parents and presenting
    /// controllers; the containers the era's rule names ask their children (a navigation
    /// controller from its top, a tab bar controller its selected tab first), skipping the
    /// source (see `UnwindSearch.swift`).
    public func unwindDestination(for action: String, from source: ViewController, sender: Element?) -> ViewController? {
        var node: ViewController? = source
        while let n = node {
            if let found = n.unwindCandidate(for: action, from: source, sender: sender, rule: unwindSearchRule) { return found }
            node = n.parent ?? n.presentingStorage
        }
        return nil
    }
}

extension ViewController {
    /// Whether this controller is `other` or lies inside it: among its children, or presented
    /// by it or by something inside it (what dismissing `other` takes along).
    func isInside(_ other: ViewController) -> Bool {
        var node: ViewController? = self
        while let n = node {
            if n === other { return true }
            node = n.parent ?? n.presentingStorage
        }
        return false
    }

    var splitViewControllerAncestor: SplitViewController? {
        var node = parent
        while let n = node {
            if let split = n as? SplitViewController { return split }
            node = n.parent
        }
        return nil
    }
}

/// `{{name}}` substitution for segue data passing and view templates.
public enum Template {
    /// Whether `text` holds a `{{` marker: a byte scan, since every screen build asks this of
    /// every text (String.contains(String) is many times slower).
    @inlinable
    public static func hasMarker(_ text: String) -> Bool {
        // Over the bytes in place (every row's text is checked as a screen is built): walking
        // the UTF-8 view costs several times as much per byte.
        if let found = text.utf8.withContiguousStorageIfAvailable(hasMarker) { return found }
        return Array(text.utf8).withUnsafeBufferPointer(hasMarker)
    }

    @usableFromInline static func hasMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 2 else { return false }
        for i in 1..<bytes.count where bytes[i] == 0x7B && bytes[i - 1] == 0x7B { return true }
        return false
    }

    public static func render(_ template: String, lookup: (String) -> String?) -> String {
        guard hasMarker(template) else { return template }
        // A byte scan (`{{` and `}}` are ASCII, so slicing at them keeps UTF-8 whole).
        let bytes = Array(template.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x7B, i + 1 < bytes.count, bytes[i + 1] == 0x7B {
                var j = i + 2
                while j + 1 < bytes.count, !(bytes[j] == 0x7D && bytes[j + 1] == 0x7D) { j += 1 }
                guard j + 1 < bytes.count else {   // no closing braces: the rest stays as written
                    out.append(contentsOf: bytes[i...])
                    break
                }
                let name = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)[...].trimmingSpaces
                if let value = lookup(name) { out.append(contentsOf: value.utf8) }
                i = j + 2
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension Substring {
    var trimmingSpaces: String {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}

extension Window {
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
}
