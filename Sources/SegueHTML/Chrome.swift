import SegueCore

/// Containers and their chrome: navigation bar, toolbar, tab bar, split columns, page view, alert.
extension PageBuilder {
    // MARK: Navigation

    mutating func navigation(_ p: NavigationPane) {
        w.raw("<div class=\"pane pane-navigation")
        if p.toolbar != nil { w.raw(" has-toolbar") }
        if isChanging(p.controllerID) { w.raw(" is-changing") }
        w.raw("\"")
        w.attribute("data-controller", p.controllerID)
        w.raw(">")
        if let bar = p.bar { navigationBar(bar, controllerID: p.controllerID) }
        w.raw("<div class=\"pane-body\"")
        transitionName(p.controllerID, "body")
        w.raw(">")
        if let bar = p.bar, bar.showsLargeTitle || bar.search != nil { largeTitleArea(bar, controllerID: p.controllerID) }
        if let search = p.bar?.search {
            // What a search filters: replaced in place as the text is typed (`controls.js`).
            w.raw("<div class=\"search-results\"")
            w.attribute("data-search", search.elementID)
            w.raw(">")
            searchNoResults(search)
            pane(p.top)
            w.raw("</div>")
        } else {
            pane(p.top)
        }
        w.raw("</div>")
        if let items = p.toolbar { toolbar(items, look: p.toolbarAppearance) }
        if let under = p.under { swipeUnder(under, controllerID: p.controllerID) }
        w.raw("</div>")
    }

    /// What a back swipe uncovers, hidden until a drag shows it (`Public/segue.js`): the screen
    /// below with its bar, drawn inert.
    mutating func swipeUnder(_ under: SwipeUnder, controllerID: String) {
        let saved = (interactive, drawingUnder)
        interactive = false
        drawingUnder = true
        defer { (interactive, drawingUnder) = saved }
        w.raw("<div class=\"nav-under\" hidden inert aria-hidden=\"true\">")
        if let bar = under.bar { navigationBar(bar, controllerID: controllerID) }
        w.raw("<div class=\"pane-body\">")
        pane(under.pane)
        w.raw("</div></div>")
    }

    /// `[back ‹ Title][left items]   **Title**   [right items]`, with the prompt above.
    mutating func navigationBar(_ bar: NavigationBar, controllerID: String) {
        w.raw(bar.prompt == nil ? "<header class=\"navbar" : "<header class=\"navbar has-prompt")
        if bar.showsLargeTitle { w.raw(" has-large-title") }
        // The bar's tint and bar tint reach its items; a `black` bar style makes it dark.
        if let style = bar.appearance?.barStyle, style == "black" || style == "blackOpaque" { w.raw(" app-bar-black") }
        // At compact height (a phone in landscape) the compact appearances stand in, as in UIKit.
        let look = bar.appearance.map { isCompactHeight ? $0.compactHeight : $0 }
        // A scroll-edge appearance shows while the content rests against the bar (`modern.js`
        // sets `is-scrolled` once it moves under it; without script the page keeps this look).
        if look?.scrollEdgeBar != nil { w.raw(" has-edge-look") }
        w.raw("\"")
        if let look { barStyle(look) }
        w.raw(">")
        barBackgroundArt(look)
        if bar.prompt != nil { w.raw("<p class=\"navbar-prompt\">") }
        if let prompt = bar.prompt {
            w.text(prompt)
            w.raw("</p>")
        }
        w.raw("<div class=\"navbar-row\"><div class=\"navbar-leading\"")
        transitionName(controllerID, "leading")
        w.raw(">")
        if let back = bar.backButton { barItem(back, isBack: true) }
        for item in bar.leftItems { barItem(item) }
        // The title is the page's heading; a bar without one keeps the slot, not an empty heading.
        if !bar.titleView.isEmpty {
            titleView(bar, controllerID: controllerID)
        } else if let title = bar.title, !title.isEmpty, bar.showsLargeTitle {
            // The large title below is the heading; this one shows once it collapses.
            w.raw("</div><div class=\"navbar-title\" aria-hidden=\"true\"")
            transitionName(controllerID, "title")
            w.raw(">")
            w.text(title)
            w.raw("</div>")
        } else if let title = bar.title, !title.isEmpty {
            hasHeading = hasHeading || !drawingUnder
            w.raw(drawingUnder ? "</div><div class=\"navbar-title\"" : "</div><h1 class=\"navbar-title\"")
            transitionName(controllerID, "title")
            w.raw(">")
            w.text(title)
            w.raw(drawingUnder ? "</div>" : "</h1>")
        } else {
            w.raw("</div><div class=\"navbar-title\"")
            transitionName(controllerID, "title")
            w.raw("></div>")
        }
        w.raw("<div class=\"navbar-trailing\"")
        transitionName(controllerID, "trailing")
        w.raw(">")
        for item in bar.rightItems { barItem(item) }
        w.raw("</div></div></header>")
    }

    /// A custom title view in the bar's middle, its controls live as content's are; the title
    /// (when there is one) stays the page's heading, for assistive technology alone.
    mutating func titleView(_ bar: NavigationBar, controllerID: String) {
        w.raw("</div><div class=\"navbar-title navbar-title-view\"")
        transitionName(controllerID, "title")
        w.raw(">")
        if let title = bar.title, !title.isEmpty, !drawingUnder {
            hasHeading = true
            w.raw("<h1 class=\"visually-hidden\">")
            w.text(title)
            w.raw("</h1>")
        }
        nodes(bar.titleView)
        w.raw("</div>")
    }

    /// The toolbar at the foot of a navigation controller, drawn in its appearances as a
    /// navigation bar is (its compact ones at compact height); its scroll-edge look shows while
    /// the content is scrolled to its end, as a tab bar's does.
    mutating func toolbar(_ items: [BarItem], look: ViewAppearance?) {
        let look = look.map { isCompactHeight ? $0.compactHeight : $0 }
        w.raw("<div class=\"toolbar")
        if let style = look?.barStyle, style == "black" || style == "blackOpaque" { w.raw(" app-bar-black") }
        if look?.scrollEdgeBar != nil { w.raw(" has-edge-look") }
        w.raw("\" role=\"toolbar\"")
        if let look { barStyle(look) }
        w.raw(">")
        barBackgroundArt(look)
        for item in items { barItem(item) }
        w.raw("</div>")
    }

    /// One bar button: a back button (chevron and title), a glyph (icon with the title as its
    /// alternative text), a custom image, or words.
    mutating func barItem(_ item: BarItem, isBack: Bool = false) {
        if let system = item.systemItem, system.isSpace {
            w.raw(system == .flexibleSpace ? "<span class=\"bar-space-flexible\"></span>" : "<span class=\"bar-space-fixed\"></span>")
            return
        }
        let glyph = item.systemItem.flatMap { $0.isTextual ? nil : $0 }
        // An item with an image shows the image, as UIKit does (a title beside it names it for
        // assistive technology only).
        let imageOnly = glyph == nil && !isBack ? item.image.flatMap { $0.isEmpty ? nil : $0 } : nil
        let imageLabel = item.title.isEmpty || item.title == imageOnly ? nil : item.title
        let tap = claim(item.elementID, enabled: item.isEnabled)
        var enabled = item.isEnabled
        switch tap {
        case .live(let id, let isEnabled):
            openSubmit(id, enabled: isEnabled)
            enabled = isEnabled
        case .inert:
            w.raw("<span")
            w.flag("aria-disabled=\"true\"", !item.isEnabled)
            // Under a popover, bar items are inert but still what the popover points at.
            w.attribute("data-item", item.elementID)
        }
        w.raw(" class=\"bar-button")
        if isBack { w.raw(" bar-back") }
        if item.isBold || item.systemItem?.isBold == true { w.raw(" is-bold") }
        if item.systemItem == .cancel { w.raw(" is-cancel") }
        if glyph != nil || imageOnly != nil { w.raw(" has-icon") }
        if !enabled { w.raw(" is-disabled") }
        w.raw("\"")
        if let tint = item.tintColor { styled(AppStyleRules.tintCSS(tint, context.resources)) }
        w.raw(">")
        if isBack {
            w.raw(Icons.chevronLeft)
            w.raw(item.showsTitle ? "<span class=\"bar-title\">" : "<span class=\"visually-hidden\">")
            w.text(item.title.isEmpty ? "Back" : item.title)
            w.raw("</span>")
        } else if let glyph {
            icon(glyph.rawValue, alt: item.title.isEmpty ? glyph.title : item.title, class: "bar-icon")
        } else if let image = imageOnly {
            // Never the file name as text: the image, or a neutral glyph, named for assistive technology.
            art(image, label: item.accessibilityLabel ?? imageLabel ?? Self.humanised(image), extraClass: "bar-icon", asTemplate: true)
        } else {
            w.text(item.title.isEmpty ? (item.systemItem?.title ?? "") : item.title)
        }
        if case .live = tap { w.raw("</button>") } else { w.raw("</span>") }
    }

    /// `<img class=… src="{assets}/icons/{name}.svg" alt=…>`.
    mutating func icon(_ name: String, alt: String, class cls: StaticString) {
        w.raw("<img class=\"")
        w.raw(cls)
        w.raw("\" src=\"")
        w.text(context.assetsPath)
        w.raw("/icons/")
        w.text(name)
        w.raw(".svg\"")
        w.attribute("alt", alt)
        w.raw(" width=\"28\" height=\"28\">")
    }

    /// A bar's look as inline custom properties: its tint, its bar tint (the bar's background),
    /// its title colour.
    mutating func barStyle(_ look: ViewAppearance) {
        styled(AppStyleRules.barCSS(look, context.resources))
    }

    /// Whether the screen is of compact height (a phone in landscape), where navigation bars and
    /// toolbars draw their compact appearances. A tab bar has none (UIKit's `UITabBar` keeps its
    /// standard and scroll-edge appearances at every height).
    var isCompactHeight: Bool { screen.traits.verticalSizeClass == .compact }

    // MARK: Tabs

    mutating func tabs(_ p: TabPane) {
        w.raw("<div class=\"pane pane-tabs")
        if p.isBarHidden { w.raw(" is-bar-hidden") }
        w.raw("\"")
        w.attribute("data-controller", p.controllerID)
        w.raw("><div class=\"pane-body\">")
        pane(p.selected)
        w.raw("</div>")
        if !p.isBarHidden {
            let black = p.barAppearance?.barStyle == "black"
            w.raw(black ? "<nav class=\"tabbar app-bar-black" : "<nav class=\"tabbar")
            w.raw(p.barAppearance?.scrollEdgeBar != nil ? " has-edge-look\" aria-label=\"Tab Bar\"" : "\" aria-label=\"Tab Bar\"")
            if let look = p.barAppearance { barStyle(look) }
            w.raw(">")
            barBackgroundArt(p.barAppearance)
            for item in p.items { tabItem(item) }
            w.raw("</nav>")
        }
        w.raw("</div>")
    }

    mutating func tabItem(_ item: TabItem) {
        let tap = claim(item.elementID, enabled: item.isEnabled)
        var enabled = item.isEnabled
        switch tap {
        case .live(let id, let isEnabled):
            openSubmit(id, enabled: isEnabled)
            enabled = isEnabled
        case .inert:
            w.raw("<span")
        }
        w.raw(item.isSelected ? " class=\"tab is-selected" : " class=\"tab")
        if !enabled { w.raw(" is-disabled") }
        w.raw("\"")
        if item.isSelected { w.raw(" aria-current=\"page\"") }
        if item.isImageOnly, let image = item.image { w.attribute("aria-label", Self.humanised(image)) }
        w.raw("><span class=\"tab-icon\">")
        if let system = item.systemItem {
            icon(system.rawValue, alt: "", class: "tab-glyph")
        } else if let image = item.image, let selected = item.selectedImage, item.isSelected {
            art(selected, label: nil, extraClass: "tab-glyph", asTemplate: image != selected)
        } else if let image = item.image, resolvesArt(image) {
            art(image, label: nil, extraClass: "tab-glyph", asTemplate: true)
        } else {
            w.raw("<span class=\"tab-glyph tab-glyph-generic\" aria-hidden=\"true\"")
            w.attribute("data-image", item.image)
            w.raw("></span>")
        }
        w.raw("</span>")
        if !item.isImageOnly {
            w.raw("<span class=\"tab-title\">")
            w.text(item.title.isEmpty ? (item.systemItem?.title ?? "") : item.title)
            w.raw("</span>")
        }
        if let badge = item.badgeValue {
            w.raw("<span class=\"badge\">")
            w.text(badge)
            w.raw("</span>")
        }
        if case .live = tap { w.raw("</button>") } else { w.raw("</span>") }
    }

    // MARK: Split

    mutating func split(_ p: SplitPane) {
        w.raw("<div class=\"pane pane-split split-")
        w.text(p.displayMode.rawValue)
        if p.isPrimaryOverlay { w.raw(" is-primary-overlay") }
        if p.isCollapsed { w.raw(" is-collapsed") }
        if p.hasSupplementary { w.raw(" has-supplementary") }
        w.raw("\"")
        w.attribute("data-controller", p.controllerID)
        w.attribute("data-columns", p.columns.count)
        w.raw(">")
        // Items for a column without a navigation bar of its own (otherwise they are in its bar).
        if !p.barItems.isEmpty {
            w.raw("<header class=\"navbar split-bar\"><div class=\"navbar-row\"><div class=\"navbar-leading\">")
            for item in p.barItems { barItem(item, isBack: item.role == .backButton) }
            w.raw("</div></div></header>")
        }
        // Column order: primary (when shown), supplementary (triple-column splits), secondary.
        let showsPrimary = p.displayMode == .allVisible ? p.columns.count >= 2 : p.isPrimaryOverlay
        for (i, column) in p.columns.enumerated() {
            let isPrimary = i == 0 && showsPrimary
            let isSupplementary = p.hasSupplementary && i == (showsPrimary ? 1 : 0)
            w.raw(isPrimary ? "<div class=\"split-column split-primary\">"
                  : isSupplementary ? "<div class=\"split-column split-supplementary\">" : "<div class=\"split-column split-secondary\">")
            pane(column)
            if !isPrimary, p.isPrimaryOverlay { outsideTap(p.hidePrimaryElementID, class: "split-dimming") }
            w.raw("</div>")
        }
        w.raw("</div>")
    }

    /// A tap on an area rather than a control: outside a popover, the dimmed secondary under the
    /// primary overlay, the curl of a `partialCurl` presentation.
    mutating func outsideTap(_ elementID: String?, class name: StaticString) {
        guard case .live(let id, let enabled) = claim(elementID) else { return }
        let title = elementTitle(id) ?? "Dismiss"
        openSubmit(id, enabled: enabled)
        w.raw(" class=\"")
        w.raw(name)
        w.raw("\"")
        w.attribute("aria-label", title)
        w.raw("><span class=\"visually-hidden\">")
        w.text(title)
        w.raw("</span></button>")
    }

    // MARK: Pages

    mutating func pages(_ p: PagePane) {
        w.raw("<div class=\"pane pane-pages pages-")
        w.text(p.transitionStyle.rawValue)
        w.raw(" pages-")
        w.text(p.orientation.rawValue)
        if isChanging(p.controllerID) { w.raw(" is-changing") }
        w.raw("\"")
        w.attribute("data-controller", p.controllerID)
        w.attribute("data-page-count", p.pageCount)
        w.attribute("data-page-index", p.currentIndex)
        w.raw(p.pages.count > 1 ? "><div class=\"pages-viewport is-spread\"" : "><div class=\"pages-viewport\"")
        transitionName(p.controllerID, "pages")
        w.raw(">")
        for (i, page) in p.pages.enumerated() {
            w.raw("<div class=\"page\"")
            w.attribute("data-page", p.currentIndex + i)
            w.raw(">")
            pane(page)
            w.raw("</div>")
        }
        w.raw("</div><div class=\"page-controls\">")
        pageButton(p.previousElementID, isNext: false)
        if p.transitionStyle == .scroll, p.pageCount > 0 {
            w.raw("<span class=\"page-dots\" role=\"img\"")
            w.raw(" aria-label=\"Page ")
            w.int(p.currentIndex + 1)
            w.raw(" of ")
            w.int(p.pageCount)
            w.raw("\">")
            for i in 0..<min(p.pageCount, 40) {
                w.raw(i == p.currentIndex ? "<span class=\"page-dot is-current\"></span>" : "<span class=\"page-dot\"></span>")
            }
            w.raw("</span>")
        }
        pageButton(p.nextElementID, isNext: true)
        w.raw("</div></div>")
    }

    mutating func pageButton(_ elementID: String?, isNext: Bool) {
        guard let elementID else { return }
        let label: StaticString = isNext ? "Next Page" : "Previous Page"
        switch claim(elementID) {
        case .live(let id, let enabled):
            openSubmit(id, enabled: enabled)
            w.raw(isNext ? " class=\"page-button page-next\"" : " class=\"page-button page-previous\"")
            w.raw(" aria-label=\"")
            w.raw(label)
            w.raw("\">")
            w.raw(isNext ? Icons.chevronRight : Icons.chevronLeft)
            w.raw("</button>")
        case .inert:
            w.raw(isNext ? "<span class=\"page-button page-next\"" : "<span class=\"page-button page-previous\"")
            w.raw(" aria-label=\"")
            w.raw(label)
            w.raw("\">")
            w.raw(isNext ? Icons.chevronRight : Icons.chevronLeft)
            w.raw("</span>")
        }
    }

    // MARK: Alert

    /// An alert (centred box; two actions side by side) or action sheet (bottom; cancel apart).
    mutating func alert(_ p: AlertPane) {
        let isSheet = p.style == .actionSheet
        w.raw(isSheet ? "<div class=\"alert-container alert-style-actionSheet\"" : "<div class=\"alert-container alert-style-alert\"")
        w.attribute("data-controller", p.controllerID)
        transitionName(p.controllerID, "alert")
        w.raw("><div class=\"alert\" role=\"alertdialog\" aria-modal=\"true\"")
        if p.title != nil {
            w.raw(" aria-labelledby=\"alert-title-")
            w.text(p.controllerID)
            w.raw("\"")
        }
        if p.message != nil {
            w.raw(" aria-describedby=\"alert-message-")
            w.text(p.controllerID)
            w.raw("\"")
        }
        w.raw(">")
        if p.title != nil || p.message != nil || !p.textFields.isEmpty {
            w.raw("<div class=\"alert-content\">")
            if let title = p.title {
                w.raw("<h2 class=\"alert-title\" id=\"alert-title-")
                w.text(p.controllerID)
                w.raw("\">")
                w.text(title)
                w.raw("</h2>")
            }
            if let message = p.message {
                w.raw("<p class=\"alert-message\" id=\"alert-message-")
                w.text(p.controllerID)
                w.raw("\">")
                w.text(message)
                w.raw("</p>")
            }
            for field in p.textFields {
                w.raw("<input class=\"alert-field\" type=\"text\"")
                fieldAttributes(field.elementID)
                w.attribute("value", field.text)
                w.attribute("placeholder", field.placeholder)
                w.attribute("aria-label", field.placeholder ?? "Text Field")
                w.raw(">")
            }
            w.raw("</div>")
        }
        let horizontal = !isSheet && p.actions.count == 2
        w.raw(horizontal ? "<div class=\"alert-actions is-horizontal\">" : "<div class=\"alert-actions\">")
        for action in p.actions where !(isSheet && action.style == .cancel) { alertAction(action) }
        w.raw("</div></div>")
        if isSheet, p.actions.contains(where: { $0.style == .cancel }) {
            w.raw("<div class=\"alert alert-cancel-group\"><div class=\"alert-actions\">")
            for action in p.actions where action.style == .cancel { alertAction(action) }
            w.raw("</div></div>")
        }
        w.raw("</div>")
    }

    mutating func alertAction(_ action: AlertPane.Action) {
        let tap = claim(action.elementID)
        switch tap {
        case .live(let id, let enabled): openSubmit(id, enabled: enabled)
        case .inert: w.raw("<span")
        }
        w.raw(" class=\"alert-action action-")
        w.text(action.style.rawValue)
        w.raw("\">")
        w.text(action.title)
        if case .live = tap { w.raw("</button>") } else { w.raw("</span>") }
    }

    /// ` name="field.ID" data-element="ID"` for a live text input, else ` disabled`.
    mutating func fieldAttributes(_ elementID: String?) {
        switch claim(elementID) {
        case .live(let id, let enabled):
            w.raw(" name=\"field.")
            w.text(id)
            w.raw("\"")
            w.attribute("data-element", id)
            w.flag("disabled", !enabled)
        case .inert:
            w.raw(" disabled")
        }
    }
}
