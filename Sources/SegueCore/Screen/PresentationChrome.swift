/// Chrome that belongs to presentations and split views rather than to a controller's own items:
/// the area outside a popover (a tap there dismisses it), the curl of a `partialCurl`
/// presentation (a tap dismisses), the split view's display-mode button and collapsed back button.
public enum ChromeTarget {
    /// A tap outside a popover. For an action sheet shown as a popover, UIKit runs its cancel
    /// action (if any) as it dismisses.
    case outsidePopover(ViewController)
    /// A tap on the page curl of a `partialCurl` presentation.
    case curl(ViewController)
    /// Pad portrait: the bar button titled with the primary's title.
    case showPrimary(SplitViewController)
    /// Pad portrait overlay: a tap on the dimmed secondary.
    case hidePrimary(SplitViewController)
    /// Collapsed: back from the secondary to the primary.
    case collapsedBack(SplitViewController)
    /// A modern sheet's grabber: dragging the sheet down (`dismissSheet`).
    case sheetGrabber(ViewController)
}

extension ScreenBuilder {
    /// The curl element of a full-screen `partialCurl` layer: it comes first in reading order.
    mutating func registerCurl(_ top: ViewController, appearance: Layer.Appearance) -> String? {
        guard top.presentingStorage != nil, top.presentedTransition == .partialCurl, appearance == .fullScreen,
              let presenter = top.presentingStorage else { return nil }
        return register(ElementID.curl(top.id), role: .button, title: "Dismiss", controller: presenter, target: .chrome(.curl(top)))
    }

    /// The area outside a popover bubble.
    mutating func registerOutsideTap(_ top: ViewController, appearance: Layer.Appearance) -> String? {
        guard appearance == .popover, let presenter = top.presentingStorage else { return nil }
        return register(ElementID.outside(top.chromeName), role: .button, title: "Dismiss", controller: presenter,
                        target: .chrome(.outsidePopover(top)))
    }

    mutating func splitPane(_ split: SplitViewController) -> SplitPane {
        let mode = split.displayMode
        var result = SplitPane(controllerID: split.id, columns: [])
        result.displayMode = mode
        result.isCollapsed = split.isCollapsed
        result.hasSupplementary = !split.isCollapsed && split.supplementaryViewController != nil
        let title = split.primaryTitle
        if split.isCollapsed, let compact = split.compactViewController {
            result.columns = [pane(for: compact)]
            return result
        }
        if split.isCollapsed {
            guard let shown = split.collapsedShownColumn else { return result }
            if shown === split.secondaryViewController, split.primaryViewController != nil, collapsedBackShows(on: shown) {
                let id = register(ElementID.back(split.chromeName), role: .backButton, title: title, controller: split,
                                  target: .chrome(.collapsedBack(split)))
                let item = BarItem(elementID: id, role: .backButton, title: title)
                var column = pane(for: shown)
                if !inject(item, asBack: true, into: &column) { result.barItems = [item] }
                result.columns = [column]
            } else {
                result.columns = [pane(for: shown)]
            }
            return result
        }
        switch mode {
        case .allVisible:
            result.columns = split.visibleChildren.map { pane(for: $0) }
        case .primaryHidden:
            guard let secondary = split.secondaryViewController else { return result }
            let id = register(ElementID.showPrimary(split.id), role: .barButton, title: title, controller: split,
                              target: .chrome(.showPrimary(split)))
            result.showPrimaryElementID = id
            let item = BarItem(elementID: id, role: .barButton, title: title)
            // The split's item goes into the first column shown (the supplementary, if any).
            let shown = [split.supplementaryViewController, secondary].compactMap { $0 }
            var columns = shown.map { pane(for: $0) }
            if !inject(item, asBack: false, into: &columns[0]) { result.barItems = [item] }
            result.columns = columns
        case .primaryOverlay:
            guard let primary = split.primaryViewController, let secondary = split.secondaryViewController else { return result }
            result.isPrimaryOverlay = true
            let primaryPane = pane(for: primary)
            // The secondary is under a dimming view: drawn, not tappable; a tap on it hides the overlay.
            let wasInteractive = interactive
            interactive = false
            let underPanes = [split.supplementaryViewController, secondary].compactMap { $0 }.map { pane(for: $0) }
            interactive = wasInteractive
            result.hidePrimaryElementID = register(ElementID.hidePrimary(split.id), role: .button, title: "Hide \(title)",
                                                   controller: split, target: .chrome(.hidePrimary(split)))
            result.columns = [primaryPane] + underPanes
        }
        return result
    }

    /// Collapsed, the secondary's root gets a back button to the primary, as a navigation stack
    /// would: not above the secondary's own root (its back button pops), not when its item
    /// hides the back button or replaces it with left items.
    func collapsedBackShows(on secondary: ViewController) -> Bool {
        guard let nav = secondary as? NavigationController, nav.showsNavigationBar, let top = nav.topViewController else { return true }
        if nav.children.count > 1 { return false }
        let item = top.navigationItem
        return !item.hidesBackButton && (item.leftBarButtonItems.isEmpty || item.leftItemsSupplementBackButton)
    }

    /// Puts a split item into the navigation bar of a column at its root: as the back button
    /// (collapsed) or the first left item (pad portrait). False when there is no such bar.
    func inject(_ item: BarItem, asBack: Bool, into column: inout Pane) -> Bool {
        guard case .navigation(var nav) = column, var bar = nav.bar else { return false }
        if asBack {
            guard bar.backButton == nil else { return false }
            bar.backButton = item
        } else {
            bar.leftItems.insert(item, at: 0)
        }
        nav.bar = bar
        column = .navigation(nav)
        return true
    }
}

extension Window {
    func run(_ chrome: ChromeTarget, sender: Element, animated: Bool) throws(ActionError) {
        switch chrome {
        case .outsidePopover(let presented):
            if let alert = presented as? AlertController,
               let cancel = alert.alert.actions.firstIndex(where: { $0.style == .cancel }) {
                try runAlertAction(alert, index: cancel, sender: sender, animated: animated)
            } else {
                dismissPresented(presented, animated: animated)
            }
        case .curl(let presented):
            dismissPresented(presented, animated: animated)
        case .showPrimary(let split):
            split.setPrimaryOverlay(true, animated: animated)
        case .hidePrimary(let split):
            split.setPrimaryOverlay(false, animated: animated)
        case .collapsedBack(let split):
            split.showPrimaryCollapsed(animated: animated)
        case .sheetGrabber(let sheet):
            try dismissSheet(sheet.id, animated: animated)
        }
    }
}
