/// `UIPageViewController`: one instance per page shown, from the ordered `pages` of its scene
/// (docs/Semantics.md, Split, page and custom containers).
///
/// A `pageCurl` view with a `mid` spine shows two pages at once (a spread) and needs an even
/// number of pages; the `scroll` style ignores the spine and shows page dots. Turning beyond the
/// ends does nothing (a warning). A turn the user makes (a tap, a swipe, the `turnPage` action)
/// tells the delegate it starts (`pageViewControllerWillTransitionTo`, naming the incoming page)
/// before the new page is added or appears, and that it ended
/// (`pageViewControllerDidFinishAnimating`); a jump (`showPage`, `setViewControllers`) goes to any
/// page and reports neither.
open class PageViewController: ViewController {
    /// Index of the first displayed page in the scene's `pages`.
    public internal(set) var currentIndex = 0
    open override var kind: SceneKind { .pageViewController }
    open override var isContainer: Bool { true }
    open override func forEachVisibleChild(_ body: (ViewController) -> Void) { children.forEach(body) }
    public var pageSceneIDs: [String] { scene?.pages ?? [] }
    public var spec: PageViewSpec { scene?.pageView ?? PageViewSpec() }
    /// Pages shown at once: two with a `mid` spine on a `pageCurl` view (or a spine per
    /// orientation that is `mid` in the interface's orientation).
    public var pagesPerView: Int { pagesPerView(in: window?.traits ?? .phonePortrait) }
    public func pagesPerView(in traits: Traits) -> Int { scene?.pagesPerView(in: traits) ?? spec.pagesPerView }
    /// The spine now: per orientation when the scene says so
    /// (`spineLocationForInterfaceOrientation`), else the declared one.
    public var spineLocation: PageViewSpec.SpineLocation {
        let traits = window?.traits ?? .phonePortrait
        return scene?.spineLocationForInterfaceOrientation.map { traits.orientation == .landscape ? $0.landscape : $0.portrait } ?? spec.spineLocation
    }
    /// `scroll` views show page dots.
    public var showsPageDots: Bool { spec.transitionStyle == .scroll }

    override func installRelationshipChildren(_ children: [ViewController]) {
        installChildren(children)
    }

    /// Turns one page (a view's worth). Beyond the ends it does nothing (a warning).
    public func turn(forward: Bool, animated: Bool) throws(ActionError) {
        let target = currentIndex + (forward ? pagesPerView : -pagesPerView)
        guard target >= 0, target < pageSceneIDs.count else {
            window?.warn("no page \(forward ? "after" : "before") page \(currentIndex) of \(id); the turn does nothing")
            return
        }
        try show(index: target, animated: animated, finished: true)
    }

    /// Jumps to any page (`setViewControllers`). With a `mid` spine the index must start a spread
    /// (even); out of range is an error.
    public func show(index: Int, animated: Bool, finished: Bool = false) throws(ActionError) {
        guard let window else { throw ActionError.illegal("page view controller is not in a window") }
        guard let plan = try pagePlan(showing: index, finished: finished, window: window) else { return }
        window.run(plan, animated: animated)
    }

    /// The turn to the page at `index`, its pages instantiated; nil (a warning) when it is
    /// already shown, an error when the index is out of range or does not start a spread.
    func pagePlan(showing index: Int, finished: Bool, window: Window) throws(ActionError) -> TransitionPlan? {
        guard pageSceneIDs.indices.contains(index) else {
            throw ActionError(.invalidRequest, "page index \(index) is out of range 0..<\(pageSceneIDs.count)")
        }
        guard index % pagesPerView == 0 else {
            throw ActionError(.invalidRequest, "a mid spine shows pages in pairs; page index \(index) does not start a spread (use an even index)")
        }
        guard index != currentIndex else {
            window.warn("page \(index) is already shown")
            return nil
        }
        var fresh: [ViewController] = []
        for id in pageSceneIDs[index..<min(index + pagesPerView, pageSceneIDs.count)] {
            fresh.append(try window.instantiate(sceneID: id))
        }
        return pagePlan(fresh, at: index, finished: finished)
    }

    /// A page turn: the new pages enter `{movingTo}` and the old leave `{movingFrom}`, with
    /// containment calls; a finished turn (a swipe) tells the delegate before and after.
    func pagePlan(_ fresh: [ViewController], at index: Int, finished: Bool) -> TransitionPlan {
        let old = children
        let first = finished ? fresh.first : nil
        return TransitionPlan(
            before: (first.map { [.delegate(self, .pageViewControllerWillTransitionTo, child: $0, value: nil)] } ?? [])
                + fresh.map { .willMove($0, to: self) } + old.map { .willMove($0, to: nil) },
            reasons: fresh.map { ($0, .movingToParent) } + old.map { ($0, .movingFromParent) },
            mutate: {
                self.linkChildren(fresh)
                self.currentIndex = index
            },
            didCommit: old.map { .didMove($0, to: nil) } + fresh.map { .didMove($0, to: self) }
                + (first.map { [.delegate(self, .pageViewControllerDidFinishAnimating, child: $0, value: true)] } ?? []))
    }
}

extension Scene {
    /// Pages a page view of this scene shows at once in `traits`: a spine per orientation
    /// (`spineLocationForInterfaceOrientation`) decides whatever the transition style (two for
    /// `mid`); else the page view's own spine does.
    public func pagesPerView(in traits: Traits) -> Int {
        guard let spines = spineLocationForInterfaceOrientation else { return (pageView ?? PageViewSpec()).pagesPerView }
        return (traits.orientation == .landscape ? spines.landscape : spines.portrait) == .mid ? 2 : 1
    }
}

extension PageViewSpec {
    /// Pages shown at once: two with a `mid` spine on a `pageCurl` view, else one.
    public var pagesPerView: Int { transitionStyle == .pageCurl && spineLocation == .mid ? 2 : 1 }
}
