/// What turns with the interface beyond the rotation trio (docs/Semantics.md, Traits, rotation
/// and memory): a presented controller's preferred orientation and the way back after its
/// dismissal, a page view's spine per orientation, and the iOS 7 split view delegate's
/// will-hide/will-show.
extension Window {
    /// After a presentation: a full-screen presented controller that now decides the orientation
    /// turns the interface to its `preferredInterfaceOrientationForPresentation` (when its mask
    /// allows it), else to one it supports; it remembers the orientation it turned from, so its
    /// dismissal can turn back.
    func rotateForPresentation(of presented: ViewController) {
        guard isLaunched else { return }
        let before = traits
        if orientationDecider === presented, let preferred = presented.preferredInterfaceOrientationForPresentation {
            let wanted: Traits.Orientation = preferred == .landscapeLeft || preferred == .landscapeRight ? .landscape : .portrait
            if wanted != traits.orientation, supports(wanted, decider: presented, idiom: traits.idiom, forced: true) {
                applyTraits(traits.turned)
            }
        }
        rotateToSupportedOrientationIfNeeded()
        if traits != before { presented.orientationBeforePresentation = before }
    }

    /// The orientation a dismissed chain turned the interface from, if any of it did.
    func orientationBefore(dismissing presented: ViewController) -> Traits? {
        var node: ViewController? = presented
        while let n = node {
            if let before = n.orientationBeforePresentation { return before }
            node = n.presentedStorage
        }
        return nil
    }

    /// After a dismissal: back to the orientation the dismissed presentation turned the
    /// interface from, when the controller that now decides allows it (as UIKit turns back to
    /// the device's orientation); else to one the decider supports.
    func rotateAfterDismissal(turnedFrom before: Traits?) {
        guard isLaunched else { return }
        if let before, before.orientation != traits.orientation,
           supports(before.orientation, decider: orientationDecider, idiom: traits.idiom, forced: true) {
            applyTraits(traits.turned)
            return
        }
        rotateToSupportedOrientationIfNeeded()
    }

    /// The iOS 7 split view delegate, as the interface turns on a pad: going to portrait the
    /// primary column hides (`splitViewControllerWillHide`), going back to landscape it shows
    /// again (`splitViewControllerWillShow`); logged on the split view controller, naming the
    /// primary. Column-style split views (iOS 14) have no such delegate calls.
    func sendSplitRotationDelegates(rotating: [ViewController], to new: Traits) {
        let old = traits
        guard old.horizontalSizeClass == .regular, new.horizontalSizeClass == .regular, old.orientation != new.orientation else { return }
        for case let split as SplitViewController in rotating where split.supplementaryStorage == nil && split.compactStorage == nil {
            guard let primary = split.primaryViewController, split.secondaryViewController != nil else { continue }
            send([.delegate(split, new.orientation == .portrait ? EventName.splitViewControllerWillHide : .splitViewControllerWillShow,
                            child: primary, value: nil)])
        }
    }

    /// Page views whose spine follows the orientation: each on screen is asked for its spine
    /// (`pageViewControllerSpineLocation`, logged with the new orientation); where the number
    /// of pages shown changes (one with a `min`/`max` spine, a spread of two with `mid`), the
    /// pages change within the rotation: the spread that holds the current page, or its first
    /// page, with containment events before and after and appearance events inside it.
    func spineChangePlan(rotating: [ViewController], to new: Traits) -> TransitionPlan? {
        var changes: [SpineChange] = []
        for case let pages as PageViewController in rotating where pages.scene?.spineLocationForInterfaceOrientation != nil {
            send([.asked(pages, .pageViewControllerSpineLocation, orientation: new.orientation)])
            let perView = pages.pagesPerView(in: new)
            guard perView != pages.children.count || pages.currentIndex % perView != 0 else { continue }
            let index = pages.currentIndex - pages.currentIndex % perView
            var change = SpineChange(pages: pages, index: index)
            for id in pages.pageSceneIDs[index..<min(index + perView, pages.pageSceneIDs.count)] {
                let shown = change.shown
                if let kept = pages.children.first(where: { c in c.sceneID == id && !shown.contains { $0 === c } }) {
                    change.shown.append(kept)
                } else if let made = try? instantiate(sceneID: id) {
                    change.shown.append(made)
                    change.added.append(made)
                }
            }
            change.removed = pages.children.filter { c in !change.shown.contains { $0 === c } }
            changes.append(change)
        }
        guard !changes.isEmpty else { return nil }
        return TransitionPlan(
            before: changes.flatMap { change in
                change.added.map { HierarchyCall.willMove($0, to: change.pages) } + change.removed.map { .willMove($0, to: nil) }
            },
            reasons: changes.flatMap { $0.added.map { ($0, AppearanceReason.movingToParent) } + $0.removed.map { ($0, .movingFromParent) } },
            mutate: {
                for change in changes {
                    change.pages.linkChildren(change.shown)
                    change.pages.currentIndex = change.index
                }
            },
            didCommit: changes.flatMap { change in
                change.removed.map { HierarchyCall.didMove($0, to: nil) } + change.added.map { .didMove($0, to: change.pages) }
            })
    }

    /// One page view's pages changing with its spine.
    struct SpineChange {
        var pages: PageViewController
        var index: Int
        var shown: [ViewController] = []
        var added: [ViewController] = []
        var removed: [ViewController] = []
    }
}
