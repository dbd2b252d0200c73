import SegueCore

/// What modern-era pages draw besides iOS 7's chrome: a sheet's grabber (dragged down by
/// `sheet.js`, a form post without script) and the large title with its search bar, which
/// scroll with the content and leave the bar's small title once they pass under it.
extension PageBuilder {
    /// The grabber at the top of a modern sheet: a person drags the sheet down by it; as a
    /// button it dismisses the sheet as the drag would (`dismissSheet`).
    mutating func sheetGrabber(_ elementID: String?) {
        guard case .live(let id, let enabled) = claim(elementID) else { return }
        openSubmit(id, enabled: enabled)
        w.raw(" class=\"sheet-grabber\" aria-label=\"Dismiss\"><span class=\"sheet-grabber-bar\" aria-hidden=\"true\"></span></button>")
    }

    /// The large title (the page's heading) and the search bar, at the top of the content.
    mutating func largeTitleArea(_ bar: NavigationBar, controllerID: String) {
        w.raw("<div class=\"large-title-area\"")
        if let look = bar.appearance { styled(AppStyleRules.largeTitleCSS(look, context.resources)) }
        w.raw(">")
        if bar.showsLargeTitle, let title = bar.title, !title.isEmpty {
            hasHeading = true
            w.raw("<h1 class=\"large-title\"")
            transitionName(controllerID, "large-title")
            w.raw(">")
            w.text(title)
            w.raw("</h1>")
        }
        if let search = bar.search { navigationSearch(search) }
        w.raw("</div>")
    }
}

extension PageBuilder {
    /// A row with swipe actions: the row over its actions, leading ones at the left edge and
    /// trailing ones at the right (the first at the edge). `modern.js` slides the row aside with
    /// a sideways drag; keyboard focus on an action shows it; without script they sit beside it.
    mutating func swipeRow(_ row: TableRow) {
        w.raw("<div class=\"cell-swipe\">")
        swipeActions(row.leadingSwipeActions, trailing: false)
        var plain = row
        plain.leadingSwipeActions = []
        plain.trailingSwipeActions = []
        tableRow(plain)
        swipeActions(row.trailingSwipeActions, trailing: true)
        w.raw("</div>")
    }

    private mutating func swipeActions(_ actions: [SwipeAction], trailing: Bool) {
        guard !actions.isEmpty else { return }
        w.raw(trailing ? "<div class=\"swipe-actions swipe-trailing\">" : "<div class=\"swipe-actions swipe-leading\">")
        // Drawn inwards from the edge: trailing actions right to left, so reversed in the markup.
        let ordered = trailing ? Array(actions.reversed()) : actions
        for action in ordered {
            let cls: StaticString = action.style == SwipeAction.Style.destructive ? "swipe-action is-destructive" : "swipe-action"
            if case .live(let id, let enabled) = claim(action.elementID) {
                openSubmit(id, enabled: enabled)
                w.raw(" class=\"")
                w.raw(cls)
                w.raw("\">")
                w.text(action.title)
                w.raw("</button>")
            } else {
                w.raw("<span class=\"")
                w.raw(cls)
                w.raw("\">")
                w.text(action.title)
                w.raw("</span>")
            }
        }
        w.raw("</div>")
    }
}
