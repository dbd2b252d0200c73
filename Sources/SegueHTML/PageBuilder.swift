import SegueCore
import SeguePageURL

/// The state of one page render: the buffer, which elements are placed, which layers are drawn.
///
/// Element placement is checked here, in one place: an element gets a live submit button (with
/// `data-element`) only when the layer being drawn takes taps, the id is in `screen.elements` and
/// it was not placed before. Anything left over is drawn at the end, so every element of
/// `screen.elements` appears exactly once.
struct PageBuilder {
    var w: HTMLWriter
    let screen: Screen
    let context: PageContext
    /// Element id → index in `screen.elements`.
    let elementIndex: [String: Int]
    /// Indexed like `screen.elements`.
    var placed: [Bool]
    /// Indexed like `screen.layers`: `currentContext` layers already drawn inside their context.
    var drawnLayers: [Bool]
    /// Whether the layer being drawn takes taps.
    var interactive = true
    /// Whether tables being drawn show editing controls.
    var editing = false
    /// The children of the custom container being drawn, not yet placed in a container view.
    var embeddedPanes: [EmbeddedPane] = []
    /// The view that receives the children the controller's code adds (`CodeChildren.swift`):
    /// its id, and the embed segues of the tree's container views (not its to take).
    var codeChildHost: (id: String, treeEmbeds: Set<String>)? = nil
    /// Whether a navigation bar title (the page's `<h1>`) was drawn.
    var hasHeading = false
    /// While drawing what a back swipe uncovers (`SwipeUnder`): nothing live, no heading, no
    /// view-transition names (they belong to the screen itself).
    var drawingUnder = false
    /// The forms of the search bars drawn (`NavigationSearchHTML.swift`), written after the page's form.
    var searchForms: [String] = []

    init(screen: Screen, context: PageContext, capacity: Int) {
        self.w = HTMLWriter(capacity: capacity)
        self.screen = screen
        self.context = context
        var index: [String: Int] = [:]
        index.reserveCapacity(screen.elements.count)
        for (i, element) in screen.elements.enumerated() where index[element.id] == nil {
            index[element.id] = i
        }
        self.elementIndex = index
        self.placed = Array(repeating: false, count: screen.elements.count)
        self.drawnLayers = Array(repeating: false, count: screen.layers.count)
    }

    // MARK: Taps

    enum Tap {
        /// Drawn as a live control; `enabled` false draws it `disabled`.
        case live(id: String, enabled: Bool)
        /// Drawn as inert text or a visual only.
        case inert
    }

    /// Claims an element for a live control, once. In a layer that takes no taps only what the
    /// screen still lists is live: the bar a popover from a bar button item leaves usable (its
    /// passthrough views); everything else under the popover is dropped from the list.
    mutating func claim(_ id: String?, enabled: Bool = true) -> Tap {
        guard let id, !drawingUnder, let i = elementIndex[id], !placed[i], interactive || screen.passthroughBar != nil else { return .inert }
        placed[i] = true
        return .live(id: id, enabled: enabled && screen.elements[i].enabled)
    }

    func elementTitle(_ id: String) -> String? {
        elementIndex[id].flatMap { screen.elements[$0].title }
    }

    /// `<button type="submit" name="element" value="ID" data-element="ID"[ disabled]` — the caller
    /// adds its class and closes the tag.
    mutating func openSubmit(_ id: String, enabled: Bool) {
        w.raw("<button type=\"submit\" name=\"element\"")
        w.attribute("value", id)
        w.attribute("data-element", id)
        w.flag("disabled", !enabled)
    }

    /// ` formaction="{actionPath}?{name}={value}"`, for controls with several parts (segments,
    /// stepper buttons) that post the same element.
    mutating func formAction(_ name: StaticString, _ value: Int) {
        w.raw(" formaction=\"")
        w.text(context.actionPath)
        w.raw(context.actionPath.utf8.contains(UInt8(ascii: "?")) ? "&amp;" : "?")
        w.raw(name)
        w.raw("=")
        w.int(value)
        w.raw("\"")
    }

    // MARK: Document

    mutating func document() {
        w.raw("<!DOCTYPE html>\n<html lang=\"en\"")
        w.attribute("data-viewport", "\(screen.traits.width)x\(screen.traits.height)")
        change()
        head()
        w.raw("<body class=\"")
        w.raw(screen.traits.idiom == .pad ? "idiom-pad" : "idiom-phone")
        w.raw(screen.traits.horizontalSizeClass == .regular ? " width-regular" : " width-compact")
        if screen.traits.verticalSizeClass == .compact { w.raw(" height-compact") }
        w.raw(screen.era == .modern ? " era-modern" : " era-ios7")
        w.raw("\"")
        w.attribute("data-era", screen.era.rawValue)
        w.attribute("data-session", screen.sessionID)
        w.attribute("data-version", screen.version)
        w.attribute("data-viewport", "\(screen.traits.width)x\(screen.traits.height)")
        w.raw("><form class=\"screen\" method=\"post\"")
        w.attribute("action", context.actionPath)
        w.raw(">")
        stateFields()
        // Enter in a text field submits with the form's first submit button; make that one a
        // disabled guard so Enter never taps the back button.
        w.raw("<button type=\"submit\" class=\"implicit-submit-guard\" disabled hidden aria-hidden=\"true\" tabindex=\"-1\"></button>")
        // The app's screen is the page's main landmark.
        w.raw("<main class=\"screen-main\">")
        layers()
        leftoverElements()
        // A screen without a navigation bar still has a heading: its title, for assistive
        // technology only.
        if !hasHeading {
            w.raw("<h1 class=\"visually-hidden\">")
            if let title = screen.title, !title.isEmpty { w.text(title) } else { w.raw("Segue") }
            w.raw("</h1>")
        }
        w.raw("</main></form>")
        searchFormElements()
        w.raw("<span id=\"segue-end\" hidden></span>")
        footer()
        w.raw("</body></html>")
    }

    /// `<head>`: the title, the stylesheets (the app's own too) and the scripts.
    mutating func head() {
        w.raw("><head><meta charset=\"utf-8\">")
        w.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1, viewport-fit=cover\">")
        // No favicon: an empty icon keeps browsers from asking for /favicon.ico on every page.
        w.raw("<meta name=\"color-scheme\" content=\"light dark\"><link rel=\"icon\" href=\"data:,\"><title>")
        if let title = screen.title, !title.isEmpty { w.text(title) } else { w.raw("Segue") }
        w.raw("</title><link rel=\"stylesheet\" href=\"")
        w.text(context.assetsPath)
        w.raw("/segue.css\">")
        // The app's named colours and fonts (`AppStylesheet`), a served file of its own.
        if let sheet = context.resources?.stylesheetURL {
            w.raw("<link rel=\"stylesheet\"")
            w.attribute("href", sheet)
            w.raw(">")
        }
        w.raw("<script src=\"")
        w.text(context.assetsPath)
        // Blocking and tiny: hides a page drawn for another window size until it is reported.
        w.raw("/viewport.js\"></script>")
        // The first frame (the one a view transition captures) waits until the screen is parsed.
        w.raw("<link rel=\"expect\" href=\"#segue-end\" blocking=\"render\"><script defer src=\"")
        w.text(context.assetsPath)
        w.raw("/segue.js\"></script><script defer src=\"")
        w.text(context.assetsPath)
        w.raw("/controls.js\"></script>")
        // The modern era's gestures, and a row's swipe to delete in either era.
        w.raw("<script defer src=\"")
        w.text(context.assetsPath)
        w.raw("/modern.js\"></script>")
        w.raw("</head>")
    }

    /// The hidden fields every form of the page posts: the CSRF token, and the version and URL
    /// of the state it was drawn from.
    mutating func stateFields() {
        w.hiddenInput("csrf", context.csrfToken)
        w.hiddenInput("version", screen.version)
        w.hiddenInput("url", screen.url)
    }

    /// Outside the device screen: the session so far as a flow test (not a tappable element)
    /// and the developer link, in the page's footer.
    mutating func footer() {
        w.raw("<footer class=\"page-tools\">")
        if screen.elements.isEmpty, context.recordedTestPath != nil {
            // A screen with nothing to tap (a launch screen, a scene only code leaves): the way on.
            w.raw("<p class=\"dead-end\">Nothing on this screen can be tapped (in an app, code moves on from it): open a scene from the <a href=\"/scenes\">scenes list</a> or the <a href=\"/map\">map</a>.</p>")
        }
        if let path = context.recordedTestPath {
            w.raw("<a class=\"recorded-test\" download")
            w.attribute("href", path)
            w.raw(">Download as a test</a>")
        }
        DevPanel.writePageLink(sessionID: screen.sessionID, context: context, into: &w)
        w.raw("</footer>")
    }

    /// ` data-change="push"` and friends on `<html>`: what the action that led to this page did,
    /// so the stylesheet plays the matching motion (05-motion.css). Nothing when nothing moves.
    mutating func change() {
        let change = screen.change
        guard change.kind != .none else { return }
        w.attribute("data-change", change.kind.rawValue)
        if let style = change.transitionStyle { w.attribute("data-change-transition", style.rawValue) }
        // The layer that moves: the one presented, or the one dismissed (above what is left).
        if change.kind == .present || change.kind == .dismiss {
            let deepest = screen.layers.map(\.depth).max() ?? 0
            w.attribute("data-change-depth", min(4, max(1, change.depth ?? (change.kind == .present ? deepest : deepest + 1))))
        }
    }

    /// Whether `controllerID` is the container the last action pushed, popped or turned a page in.
    func isChanging(_ controllerID: String) -> Bool {
        screen.change.controllerID == controllerID && screen.change.kind != .present && screen.change.kind != .dismiss
    }

    /// ` data-vt="NAME"`: the element's view-transition name (the stylesheet reads it), unique in
    /// the page and the same for the same part of the same controller on the next page.
    mutating func transitionName(_ controllerID: String, _ part: StaticString) {
        guard !drawingUnder else { return }
        w.raw(" data-vt=\"")
        w.text(controllerID)
        w.raw("-")
        w.raw(part)
        w.raw("\"")
    }

    /// Elements the panes did not place (a model the renderer does not know how to draw):
    /// still tappable, so the page never loses one.
    mutating func leftoverElements() {
        guard placed.contains(false) else { return }
        w.raw("<div class=\"extra-elements\" role=\"group\" aria-label=\"More Actions\">")
        for (i, element) in screen.elements.enumerated() where !placed[i] && elementIndex[element.id] == i {
            placed[i] = true
            openSubmit(element.id, enabled: element.enabled)
            w.raw(" class=\"extra-element role-")
            w.text(element.role.rawValue)
            w.raw("\">")
            w.text(element.title ?? element.id)
            w.raw("</button>")
        }
        w.raw("</div>")
    }

    // MARK: Layers

    /// Back to front, from the last full-screen layer up (a full-screen presentation covers
    /// everything under it, so those are not drawn at all).
    mutating func layers() {
        let layers = screen.layers
        var start = 0
        for (i, layer) in layers.enumerated() where layer.appearance == .fullScreen { start = i }
        for i in start..<layers.count where !drawnLayers[i] {
            layer(i)
        }
    }

    mutating func layer(_ i: Int) {
        drawnLayers[i] = true
        let layer = screen.layers[i]
        let saved = interactive
        interactive = layer.isInteractive
        defer { interactive = saved }

        w.raw("<section class=\"layer layer-")
        w.text(layer.appearance.rawValue)
        if layer.isDimmed { w.raw(" is-dimmed") }
        if !layer.isInteractive { w.raw(" is-inert") }
        if layer.recess > 0 { w.raw(" is-recessed") }
        w.raw("\"")
        if layer.recess > 0 { w.attribute("data-recess", layer.recess) }
        w.attribute("data-controller", layer.controllerID)
        w.attribute("data-layer", i)
        w.raw(" data-vt=\"layer-")
        w.int(layer.depth)
        w.raw("\"")
        if let style = layer.presentationStyle { w.attribute("data-presentation", style.rawValue) }
        if let transition = layer.transitionStyle { w.attribute("data-transition", transition.rawValue) }
        if let context = layer.contextControllerID { w.attribute("data-context", context) }
        switch layer.appearance {
        case .formSheet, .pageSheet, .card:
            w.raw(" role=\"dialog\" aria-modal=\"true\"")
            w.attribute("aria-label", layer.pane.title ?? "Sheet")
            w.raw("><div class=\"sheet ")
            switch layer.appearance {
            case .formSheet: w.raw("sheet-form\">")
            case .card: w.raw("sheet-card\">")
            default: w.raw("sheet-page\">")
            }
            sheetGrabber(layer.dismissElementID)
            pane(layer.pane)
            w.raw("</div>")
        case .popover:
            popover(layer, index: i)
        case .fullScreen, .overFullScreen, .currentContext, .alert:
            w.raw(">")
            if layer.transitionStyle == .partialCurl, layer.dismissElementID != nil {
                w.raw("<div class=\"page-curl\">")
                outsideTap(layer.dismissElementID, class: "page-curl-button")
                w.raw("</div>")
            }
            pane(layer.pane)
        }
        if layer.isDimmed {
            w.raw("<div class=\"dimming\" aria-hidden=\"true\" data-vt=\"dimming-")
            w.int(layer.depth)
            w.raw("\"></div>")
        }
        w.raw("</section>")
    }

    /// A popover layer's attributes and body. A popover from a bar button item leaves that bar
    /// usable: the outside-tap area stops short of it, and the bar's items stay live in the
    /// layer beneath.
    mutating func popover(_ layer: Layer, index i: Int) {
        switch screen.passthroughBar {
        case .top?: w.raw(" data-passthrough=\"top\"")
        case .bottom?: w.raw(" data-passthrough=\"bottom\"")
        case nil: break
        }
        w.raw(" role=\"dialog\"")
        w.attribute("aria-label", layer.pane.title ?? "Popover")
        w.raw("><div class=\"popover ")
        w.raw(layer.anchorElementID.map { anchorPlacement(of: $0, below: i) } ?? "anchor-none")
        w.raw("\"")
        w.attribute("data-anchor", layer.anchorElementID)
        w.raw("><span class=\"popover-arrow\" aria-hidden=\"true\"></span><div class=\"popover-body\">")
        pane(layer.pane)
        w.raw("</div></div>")
        outsideTap(layer.dismissElementID, class: "popover-outside")
    }

    /// A controller's area taken over by `currentContext` presentations: drawn here, in place.
    mutating func coveredContext(_ controllerID: String) {
        w.raw("<div class=\"context-area\"")
        w.attribute("data-controller", controllerID)
        w.raw(">")
        for (j, layer) in screen.layers.enumerated()
        where !drawnLayers[j] && layer.appearance == .currentContext && layer.contextControllerID == controllerID {
            self.layer(j)
        }
        w.raw("</div>")
    }

    // MARK: Panes

    mutating func pane(_ pane: Pane) {
        // An overCurrentContext layer is drawn over its context's area, inside it.
        if case .coveredContext = pane {} else if hasContextLayer(over: pane.controllerID) {
            w.raw("<div class=\"context-area has-over\"")
            w.attribute("data-controller", pane.controllerID)
            w.raw(">")
            drawPane(pane)
            for (j, layer) in screen.layers.enumerated()
            where !drawnLayers[j] && layer.appearance == .currentContext && layer.contextControllerID == pane.controllerID {
                self.layer(j)
            }
            w.raw("</div>")
            return
        }
        drawPane(pane)
    }

    func hasContextLayer(over controllerID: String) -> Bool {
        screen.layers.indices.contains { j in
            !drawnLayers[j] && screen.layers[j].appearance == .currentContext && screen.layers[j].contextControllerID == controllerID
        }
    }

    mutating func drawPane(_ pane: Pane) {
        switch pane {
        case .content(let p): content(p)
        case .navigation(let p): navigation(p)
        case .tabs(let p): tabs(p)
        case .split(let p): split(p)
        case .pages(let p): pages(p)
        case .alert(let p): alert(p)
        case .coveredContext(let id): coveredContext(id)
        }
    }

    /// Where a popover bubble sits without script: near the bar its anchor is in.
    func anchorPlacement(of elementID: String, below layerIndex: Int) -> StaticString {
        var i = layerIndex - 1
        while i >= 0 {
            if let placement = Self.placement(of: elementID, in: screen.layers[i].pane) { return placement }
            i -= 1
        }
        return "anchor-none"
    }

    static func placement(of id: String, in pane: Pane) -> StaticString? {
        switch pane {
        case .navigation(let p):
            if let bar = p.bar {
                if bar.backButton?.elementID == id || bar.leftItems.contains(where: { $0.elementID == id }) {
                    return "anchor-top-leading"
                }
                if bar.rightItems.contains(where: { $0.elementID == id }) { return "anchor-top-trailing" }
            }
            if p.toolbar?.contains(where: { $0.elementID == id }) == true { return "anchor-bottom" }
            return placement(of: id, in: p.top)
        case .tabs(let p):
            if p.items.contains(where: { $0.elementID == id }) { return "anchor-bottom" }
            return placement(of: id, in: p.selected)
        case .split(let p):
            if p.showPrimaryElementID == id { return "anchor-top-leading" }
            for column in p.columns { if let found = placement(of: id, in: column) { return found } }
            return nil
        case .pages(let p):
            for page in p.pages { if let found = placement(of: id, in: page) { return found } }
            return nil
        case .content(let p):
            var found = false
            for node in p.nodes where !found {
                node.forEach { n in
                    if n.id == id || n.sections.contains(where: { $0.rows.contains { $0.id == id } }) { found = true }
                }
            }
            return found ? "anchor-content" : nil
        case .alert, .coveredContext:
            return nil
        }
    }
}
