/// Custom container view controllers (docs/Semantics.md, Split, page and custom containers): embed segues and the containment API.
///
/// A content controller becomes a custom container when it has children: through storyboard
/// container views (`embed` segues, set up while its view loads) or in code:
///
/// ```swift
/// final class RecipeController: ViewController {
///     override func handleAction(_ name: String, sender: Element?) -> Bool {
///         guard name == "flip", let shown = visibleChildren.first,
///               let other = children.first(where: { $0 !== shown }) else { return false }
///         try? transition(from: shown, to: other, animated: true)   // content ⇄ note
///         return true
///     }
/// }
/// ```
///
/// - `addChild(_:showingView:animated:)`: `C.willMove(P)`, then (with its view, parent visible)
///   `C.viewWillAppear{movingTo}`, `C.viewDidAppear{movingTo}`, then `C.didMove(P)`.
/// - `removeFromParent(animated:)`: `C.willMove(nil)`, disappear `{movingFrom}`, `C.didMove(nil)`.
/// - `transition(from:to:animated:)`: both must be children; F's view leaves, T's view enters.
/// - Manual forwarding: override `shouldAutomaticallyForwardAppearanceMethods` to return false;
///   the children then get appearance callbacks only through `beginAppearanceTransition` /
///   `endAppearanceTransition`.
///
/// Inconsistent hierarchies are refused with `illegal_transition` and change nothing:
/// adding a controller that already has a parent or a presenter, the root, the container itself
/// or one of its ancestors; adding to a built-in container (use its own API); transitions
/// between controllers that are not both children, or whose views are not out/in.
extension Window {
    /// Embed segues are set up while the parent's view loads, after `loadView` and before its
    /// `viewDidLoad`, one container view at a time in view order: `parent.shouldPerformSegue`
    /// (a refusal leaves the container empty; code may add a child later),
    /// `parent.prepareForSegue`, `child.willMove(parent)`, the child's `loadView` and
    /// `viewDidLoad` (its view goes into the container now, so it loads before the parent's
    /// `viewDidLoad`: the one exception to parent-first loading), `child.didMove(parent)`.
    ///
    /// An `embed` segue that no container view names still embeds its child: in a container
    /// view that fills the parent's view, after the placed ones, in the order the segues are
    /// declared.
    func loadEmbeddedChildren(of c: ViewController) {
        let embeds = c.placeEmbedContainers()
        for id in embeds where !c.children.contains(where: { $0.embedSegueID == id }) {
            guard let spec = c.sceneSegue(id), spec.kind == .embed, let destination = spec.destination,
                  storyboard[destination] != nil else {
                warn("container view of \(c.sceneID ?? c.id) embeds '\(id)', which is not an embed segue with a destination")
                continue
            }
            guard askShouldPerform(spec, source: c, sender: nil), let child = try? instantiate(sceneID: destination) else { continue }
            prepare(spec, source: c, destination: child, sender: nil)
            apply(TransitionPlan(before: [.willMove(child, to: c)], mutate: {
                c.linkChild(child)
                child.embedSegueID = id
                child.isViewInContainerView = true
                if !self.defersEmbeddedViewLoads { self.loadViewIfNeeded(child) }
            }, didCommit: [.didMove(child, to: c)]))
        }
    }
}

extension ViewController {
    /// The embed segues of the loaded view in view order, after appending a container view that
    /// fills the view for each embed segue of the scene no container view names. None without a
    /// scene. (Read here, in the controller, the scene is not copied: most views embed nothing.)
    final func placeEmbedContainers() -> [String] {
        guard scene != nil else { return [] }
        var embeds: [String] = []
        for node in view { node.forEach { if let e = $0.embed, !embeds.contains(e) { embeds.append(e) } } }
        for spec in scene?.segues ?? [] where spec.kind == .embed && !embeds.contains(spec.id) {
            var container = ViewNode(.container)
            container.embed = spec.id
            view.append(container)
            embeds.append(spec.id)
        }
        return embeds
    }

    /// The scene's segue named `identifier`, read without copying the scene.
    final func sceneSegue(_ identifier: String) -> SegueSpec? { scene?.segue(identifier) }

    var isBuiltInContainer: Bool {
        self is NavigationController || self is TabBarController || self is SplitViewController || self is PageViewController
    }

    /// Adds a child (custom containers). With `showingView` its view goes into this controller's
    /// view at once, so it appears when this controller is on screen.
    public func addChild(_ child: ViewController, showingView: Bool = true, animated: Bool = false) throws(ActionError) {
        guard let window else { throw ActionError.illegal("\(id) is not in a window") }
        guard !isBuiltInContainer else {
            throw ActionError.illegal("\(id) is a \(kind.rawValue); use its own API (push, tabs, showDetail, pages) instead of addChild")
        }
        guard child !== self else { throw ActionError.illegal("a controller cannot be its own child") }
        let inHierarchy = "\(child.id.isEmpty ? "the child" : child.id) is already in a hierarchy; call removeFromParent first"
        try window.checkDetached(child, inHierarchy)
        guard child.presentedStorage == nil else { throw ActionError.illegal(inHierarchy) }
        var node: ViewController? = self
        while let n = node {
            if n === child { throw ActionError.illegal("\(child.id) is an ancestor of \(id); containment cannot form a cycle") }
            node = n.parent
        }
        window.run(TransitionPlan(
            attaching: [child], before: [.willMove(child, to: self)], reasons: [(child, .movingToParent)],
            mutate: {
                self.linkChild(child)
                child.isViewInContainerView = showingView
            },
            didCommit: [.didMove(child, to: self)]), animated: animated)
    }

    /// Removes this controller from its custom container (its view leaves too). Without a parent
    /// it does nothing (a warning), as UIKit.
    public func removeFromParent(animated: Bool = false) throws(ActionError) {
        guard let window else { throw ActionError.illegal("\(id) is not in a window") }
        guard let parent else {
            window.warn("\(id) has no parent; removeFromParent does nothing")
            return
        }
        guard !parent.isBuiltInContainer else {
            throw ActionError.illegal("\(id) is a child of a \(parent.kind.rawValue); use its own API (pop, tabs, showDetail, pages)")
        }
        window.run(TransitionPlan(
            before: [.willMove(self, to: nil)], reasons: [(self, .movingFromParent)],
            mutate: {
                parent.unlinkChild(self)
                self.isViewInContainerView = false
                self.embedSegueID = nil
            },
            didCommit: [.didMove(self, to: nil)]), animated: animated)
    }

    /// `transition(from:to:duration:options:animations:completion:)`: swaps the view of one child
    /// for another's. Both must already be children, `from`'s view shown and `to`'s not.
    public func transition(from: ViewController, to: ViewController, animated: Bool = true) throws(ActionError) {
        guard let window else { throw ActionError.illegal("\(id) is not in a window") }
        guard !isBuiltInContainer else { throw ActionError.illegal("\(id) is a \(kind.rawValue); transition(from:to:) is for custom containers") }
        guard from.parent === self, to.parent === self else {
            let stranger = from.parent === self ? to : from
            throw ActionError.illegal("transition(from:to:) needs two children of \(id); \(stranger.id.isEmpty ? "a controller" : stranger.id) is not one")
        }
        guard from !== to else { throw ActionError.illegal("transition(from:to:) needs two different children") }
        guard from.isViewInContainerView, !to.isViewInContainerView else {
            throw ActionError.illegal("transition(from: \(from.id), to: \(to.id)): \(from.id)'s view must be shown and \(to.id)'s not")
        }
        window.run(TransitionPlan(mutate: {
            from.isViewInContainerView = false
            to.isViewInContainerView = true
            // The shown child comes where the old one was, so reading order is stable.
            if let i = self.children.firstIndex(where: { $0 === from }), let j = self.children.firstIndex(where: { $0 === to }), j > i {
                self.children.swapAt(i, j)
            }
        }), animated: animated)
    }

    /// Manual appearance forwarding: starts an appearance (or disappearance) of this child.
    /// Only for children of a container whose `shouldAutomaticallyForwardAppearanceMethods` is
    /// false; elsewhere, and for unbalanced calls, a warning and nothing else.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        guard let window else { return }
        guard !shouldBeTrackedForAppearance else {
            window.warn("\(id): appearance is forwarded automatically; beginAppearanceTransition does nothing")
            return
        }
        guard pendingAppearanceTransition == nil else {
            window.warn("\(id): unbalanced calls to begin/end appearance transitions")
            return
        }
        if (isAppearing && appearance == .appeared) || (!isAppearing && appearance == .disappeared) {
            window.warn("\(id) is already \(appearance.rawValue)")
            return
        }
        pendingAppearanceTransition = (isAppearing, animated)
        window.sendManualAppearance(self, isAppearing ? .viewWillAppear : .viewWillDisappear, animated: animated)
    }

    /// Ends the appearance transition `beginAppearanceTransition` started.
    public func endAppearanceTransition() {
        guard let window else { return }
        guard let (appearing, animated) = pendingAppearanceTransition else {
            window.warn("\(id): endAppearanceTransition without beginAppearanceTransition")
            return
        }
        pendingAppearanceTransition = nil
        window.sendManualAppearance(self, appearing ? .viewDidAppear : .viewDidDisappear, animated: animated)
    }
}
