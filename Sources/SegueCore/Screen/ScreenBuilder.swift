/// What a tap on an element does, resolved against the live controllers.
enum ElementTarget {
    case back(NavigationController)
    case barButton(owner: ViewController, item: BarButtonItemSpec)
    case row(owner: ViewController, row: TableRow)
    /// A cell's accessory button (its `accessoryTap`).
    case rowAccessory(owner: ViewController, row: TableRow)
    case node(owner: ViewController, node: ViewNode)
    case tab(TabBarController, index: Int)
    /// More list rows, its back button, Edit/Done and Configure moves (`TabBarScreen.swift`).
    case tabBar(TabBarTap)
    /// Delete and reorder controls of a table being edited (`TableEditing.swift`).
    case tableEdit(TableEdit)
    case alertAction(AlertController, index: Int)
    case alertField(AlertController, id: String)
    case page(PageViewController, forward: Bool)
    /// Presentation and split chrome (PresentationChrome.swift).
    case chrome(ChromeTarget)
    /// Cancel beside a navigation item's search bar: clears the field (`NavigationSearch.swift`).
    case searchCancel(owner: ViewController, field: String)
}

/// Builds the `Screen` (layers, panes, elements) of a window, and the element → target map that
/// taps resolve through. Element ids are the ids declared in the flow (`msg1`) when given, else
/// derived from the controller id (`c4.right.0`, `c2.back`, `c1.tab.2`).
struct ScreenBuilder {
    let window: Window
    var elements: [Element] = []
    private(set) var targets: [String: ElementTarget] = [:]
    /// Ids given out so far: a list while short (a screen has a few elements; comparing beats
    /// hashing), a set once long (big tables).
    private var usedIDs: [String] = []
    private var usedIDSet: Set<String>?
    var interactive = true
    /// The element a popover in front is anchored at: the bar holding it stays usable (UIKit adds
    /// a bar button item's bar to the popover's passthrough views).
    var passthroughAnchor: String?
    /// The bar kept usable for `passthroughAnchor`, once found.
    var passthroughBar: Screen.PassthroughBar?
    /// Whether to keep the element → target map (only a tap needs it).
    let recordsTargets: Bool
    /// Whether content panes get their resolved view nodes; without them only the elements are
    /// listed (STATE's `elements`), which skips filling in every label's template.
    var resolvesNodes = true
    /// The search text filtering the top controller's tables, while its pane is built.
    var searchFilter: SearchFilter?
    /// While a table being edited is listed: where each row's own elements are in `elements`,
    /// in the order rows are resolved (its edit controls then go around them, `TableEditing.swift`).
    var editedRowSpans: [Range<Int>]?
    /// Elements of navigation bars: chrome at the top of the screen. In a layer beneath the front
    /// one they are read before the front layer; the rest of that layer (a toolbar, a tab bar)
    /// after it.
    var topBarElementIDs: Set<String> = []
    /// Whether to note them (only a screen of several layers needs to).
    var notesTopBars = false

    init(window: Window, recordsTargets: Bool = false) {
        self.window = window
        self.recordsTargets = recordsTargets
        usedIDs.reserveCapacity(16)
        elements.reserveCapacity(16)
        if recordsTargets { targets.reserveCapacity(32) }
    }

    mutating func build(visible: [ViewController]? = nil) -> Screen {
        let (layers, passthroughBar) = buildLayers(visible: visible ?? window.visibleControllers)
        var screen = Screen(sessionID: window.id, version: window.version, path: window.canonicalPath,
                            traits: window.traits, layers: layers, elements: elements, passthroughBar: passthroughBar)
        screen.change = window.lastChange
        screen.era = window.era
        return screen
    }

    /// The layers of the screen, back to front, with `elements` in reading order.
    private mutating func buildLayers(visible: [ViewController]) -> ([Layer], Screen.PassthroughBar?) {
        let tops = visible.filter { $0.parent == nil }
        var layers: [Layer] = []
        var layerElements: [[Element]] = []
        // The front layer takes taps; a layer under a context presentation keeps its chrome usable.
        var interactiveFrom = tops.count - 1
        while interactiveFrom > 0, let style = tops[interactiveFrom].presentedStyle,
              layerAppearance(tops[interactiveFrom], style: style) == .currentContext {
            interactiveFrom -= 1
        }
        if let front = tops.last, let style = front.presentedStyle, layerAppearance(front, style: style) == .popover {
            passthroughAnchor = front.popoverAnchor
        }
        notesTopBars = tops.count > 1
        for (index, top) in tops.enumerated() {
            interactive = index >= interactiveFrom
            let before = elements.count
            let appearance = top.presentedStyle.map { layerAppearance(top, style: $0) } ?? .fullScreen
            let curl = registerCurl(top, appearance: appearance)
            let pane = pane(for: top)
            let outside = registerOutsideTap(top, appearance: appearance) ?? registerGrabber(top)
            if tops.count > 1 { layerElements.append(Array(elements[before...])) }
            layers.append(Layer(
                controllerID: top.id, appearance: appearance, presentationStyle: top.presentedStyle,
                transitionStyle: top.presentedTransition,
                contextControllerID: appearance == .currentContext ? top.presentingStorage?.id : nil,
                anchorElementID: appearance == .popover ? top.popoverAnchor : nil, isDimmed: false, isInteractive: interactive, pane: pane,
                dismissElementID: curl ?? outside))
            var depth = 0
            var presenter = top.presentingViewController
            while let p = presenter { depth += 1; presenter = p.presentingViewController }
            layers[layers.count - 1].depth = depth
        }
        // Dim every layer under a sheet, popover or alert.
        for i in layers.indices.dropLast() {
            let above = layers[(i + 1)...]
            layers[i].isDimmed = above.contains { [.formSheet, .pageSheet, .alert, .card].contains($0.appearance) }
            layers[i].recess = above.count { $0.appearance == .card }
        }
        // Reading order, top to bottom: the chrome of the layers beneath that sits above the
        // front layer (outermost first: a navigation bar kept usable around a context, the bar
        // a popover points from), the front layer, then the chrome below it (innermost first:
        // a toolbar, a tab bar).
        guard layerElements.count > 1 else { return (layers, passthroughBar) }
        var ordered: [Element] = []
        var below: [Element] = []
        for layer in layerElements.dropLast() {
            ordered += layer.filter { topBarElementIDs.contains($0.id) }
            below.insert(contentsOf: layer.filter { !topBarElementIDs.contains($0.id) }, at: 0)
        }
        ordered += layerElements.last ?? []
        elements = ordered + below
        return (layers, passthroughBar)
    }

    /// The elements alone, in reading order (what ``build()`` lists, without resolving views).
    mutating func buildElements(visible: [ViewController]? = nil) -> [Element] {
        resolvesNodes = false
        _ = buildLayers(visible: visible ?? window.visibleControllers)
        return elements
    }

    func layerAppearance(_ top: ViewController, style: ModalPresentationStyle) -> Layer.Appearance {
        if let alert = top as? AlertController {
            return alert.alert.preferredStyle == .actionSheet && window.traits.horizontalSizeClass == .regular ? .popover : .alert
        }
        if window.coversWindow(top) { return .fullScreen }
        if window.isCard(top) { return .card }
        switch style {
        case .formSheet: return .formSheet
        case .pageSheet: return .pageSheet
        case .popover: return .popover
        case .currentContext, .overCurrentContext:
            return top.presentingStorage?.parent == nil ? .overFullScreen : .currentContext
        default: return .overFullScreen
        }
    }

    // MARK: - Panes

    mutating func pane(for c: ViewController) -> Pane {
        if let p = c.presentedStorage, window.coversPresenter(p), !window.coversWindow(p) {
            return .coveredContext(controllerID: c.id)
        }
        // Under an overCurrentContext presentation the context's own controls are covered (not
        // tappable) while the chrome around the context (a tab bar) stays usable.
        if let p = c.presentedStorage, p.presentedStyle == .overCurrentContext, !window.coversWindow(p), c.parent != nil {
            let saved = interactive
            interactive = false
            defer { interactive = saved }
            return containerOrContentPane(c)
        }
        if c.isEditing, !c.isContainer, c.kind == .tableViewController { return .content(editingContentPane(c)) }
        return containerOrContentPane(c)
    }

    mutating func containerOrContentPane(_ c: ViewController) -> Pane {
        switch c {
        case let nav as NavigationController: return .navigation(navigationPane(nav))
        case let tabs as TabBarController: return .tabs(tabPane(tabs))
        case let split as SplitViewController: return .split(splitPane(split))
        case let pages as PageViewController: return .pages(pagePane(pages))
        case let alert as AlertController: return .alert(alertPane(alert))
        default: return .content(contentPane(c))
        }
    }

    mutating func navigationPane(_ nav: NavigationController) -> NavigationPane {
        guard let top = nav.topViewController else {
            return NavigationPane(controllerID: nav.id, bar: nil, top: .content(ContentPane(controllerID: nav.id, sceneID: nil, kind: .viewController, title: nil, nodes: [], isEditing: false)), toolbar: nil)
        }
        var bar: NavigationBar?
        var searchPlaceholder: String?
        let firstBarElement = elements.count
        var barStart = beginPassthroughBar()
        if nav.showsNavigationBar {
            bar = navigationBar(nav, top: top)
            searchPlaceholder = window.era == .modern ? top.scene?.navigationItem.searchBarPlaceholder : nil
            bar?.searchPlaceholder = searchPlaceholder
        }
        endPassthroughBar(barStart, .top)
        if notesTopBars { for element in elements[firstBarElement...] { topBarElementIDs.insert(element.id) } }
        var search = searchPlaceholder.map { beginSearch(on: top, placeholder: $0) }
        let topPane = pane(for: top)
        if search != nil { endSearch(&search!) }
        bar?.search = search
        var toolbar: [BarItem]?
        barStart = beginPassthroughBar()
        if nav.showsToolbar, !nav.hidesBottomBar {
            toolbar = barItems(top.toolbarItems, owner: top, slot: "toolbar")
        }
        endPassthroughBar(barStart, .bottom)
        var result = NavigationPane(controllerID: nav.id, bar: bar, top: topPane, toolbar: toolbar)
        guard resolvesNodes else { return result }
        result.under = swipeUnder(nav)
        result.toolbarAppearance = nav.scene?.toolbarAppearance
        return result
    }

    /// The navigation bar over `top`: its back button and items, registered as elements. Listing
    /// elements alone (no `resolvesNodes`), the items are registered and no bar is made (nil).
    private mutating func navigationBar(_ nav: NavigationController, top: ViewController) -> NavigationBar? {
        // The items are read in place: a copy of a navigation item copies every bar item in it.
        var back: BarItem?
        let stack = nav.displayedStack
        let showsBack = stack.count >= 2 && !top.navigationItem.hidesBackButton
            && (top.navigationItem.leftBarButtonItems.isEmpty || top.navigationItem.leftItemsSupplementBackButton)
        if showsBack {
            let below = stack[stack.count - 2]
            let title = below.navigationItem.backButtonTitle(controllerTitle: below.title)
            let id = register(ElementID.back(nav.chromeName), role: .backButton, title: title, controller: nav, target: .back(nav))
            if resolvesNodes {
                back = BarItem(elementID: id, role: .backButton, title: title)
                back?.showsTitle = below.navigationItem.backButtonShowsTitle
            }
        }
        let left = barItems(top.navigationItem.leftBarButtonItems, owner: top, slot: "left")
        // A title view's controls are read between the left and right items, as they show.
        var titleCounter = 0
        let titleView = top.navigationItem.titleView.map { resolveAll($0.nodes, owner: top, counter: &titleCounter) } ?? []
        // UIKit lists right items rightmost first; draw (and read) them left to right.
        let right = barItems(top.navigationItem.rightBarButtonItems, owner: top, slot: "right", rightmostFirst: true)
        guard resolvesNodes else { return nil }
        let item = top.navigationItem
        var bar = NavigationBar(title: item.title ?? top.title, prompt: item.prompt, backButton: back, leftItems: left, rightItems: right)
        bar.appearance = nav.scene?.barAppearance
        bar.showsLargeTitle = window.showsLargeTitle(in: nav, stack: stack) && titleView.isEmpty
        bar.titleView = titleView
        return bar
    }

    /// A bar's items, registered as elements; listing elements alone, they are registered and
    /// none is made (an empty list).
    mutating func barItems(_ specs: [BarButtonItemSpec], owner: ViewController, slot: StaticString,
                                   rightmostFirst: Bool = false) -> [BarItem] {
        var items: [BarItem] = []
        if resolvesNodes { items.reserveCapacity(specs.count) }
        for k in specs.indices {
            let index = rightmostFirst ? specs.count - 1 - k : k
            if let item = barItem(specs[index], owner: owner, slot: slot, index: index) { items.append(item) }
        }
        return items
    }

    /// Starts a bar under a popover: its items are listed tentatively (see `endPassthroughBar`).
    /// Returns where the bar's elements start, or nil when the bar is not under a popover.
    mutating func beginPassthroughBar() -> Int? {
        guard !interactive, passthroughAnchor != nil else { return nil }
        interactive = true
        return elements.count
    }

    /// Keeps a bar's items usable when the popover in front is anchored at one of them (a
    /// passthrough bar); otherwise drops them again, as every element under a popover.
    mutating func endPassthroughBar(_ start: Int?, _ position: Screen.PassthroughBar) {
        guard let start else { return }
        interactive = false
        let added = elements[start...]
        guard !added.contains(where: { $0.id == passthroughAnchor }) else {
            passthroughBar = position
            return
        }
        for e in added { targets[e.id] = nil }
        elements.removeSubrange(start...)
    }

    /// Whether a tap's wiring can run on `owner`: a custom `action:` (not a built-in one) needs a
    /// registered subclass whose `handleAction` takes it; the kind's default class handles none.
    func isRunnable(_ tap: TapTarget?, on owner: ViewController) -> Bool {
        guard case .action(let name)? = tap, BuiltInAction(rawValue: name) == nil else { return true }
        return type(of: owner) != ControllerRegistry.defaultClass(for: owner.kind)
    }

    /// A bar button item; without a declared id its element id is `{controller}.{slot}.{index}`.
    /// Listing elements alone (no `resolvesNodes`), it is registered and not made (nil).
    mutating func barItem(_ spec: BarButtonItemSpec, owner: ViewController, slot: StaticString, index: Int) -> BarItem? {
        let enabled = spec.enabled && isRunnable(spec.tap, on: owner)
        var title = spec.displayTitle ?? spec.image ?? ""
        var bold = spec.style == .done || (spec.systemItem?.isBold ?? false)
        let isEdit = spec.tap == .action(BuiltInAction.edit.rawValue) || (spec.systemItem == .edit && spec.tap == nil)
        var system = spec.systemItem
        if isEdit {
            title = owner.isEditing ? "Done" : (spec.title ?? "Edit")
            bold = owner.isEditing
            if system == .edit || system == .done { system = owner.isEditing ? .done : .edit }
        }
        if spec.systemItem?.isSpace ?? false {
            return resolvesNodes ? BarItem(elementID: nil, role: .barButton, title: "", systemItem: spec.systemItem, isEnabled: false) : nil
        }
        // The item a tap reaches is disabled when nothing can run its action (made only for taps).
        func tapped() -> ElementTarget {
            var item = spec
            item.enabled = enabled
            return .barButton(owner: owner, item: item)
        }
        let id = register(spec.id ?? ElementID.barItem(owner.id, slot: slot, index: index), role: .barButton, title: title, controller: owner,
                          target: tapped(), enabled: enabled)
        guard resolvesNodes else { return nil }
        var item = BarItem(elementID: id, role: .barButton, title: title, image: spec.image, systemItem: system,
                           isBold: bold, isEnabled: enabled)
        item.tintColor = spec.tintColor
        item.accessibilityLabel = spec.accessibilityLabel
        return item
    }

    mutating func pagePane(_ pages: PageViewController) -> PagePane {
        var panes = pages.children.map { pane(for: $0) }
        if panes.isEmpty {
            // No pages in the storyboard: a data source in code provides them. Say so.
            let text = pages.scene?.className.map { "\($0): pages made in code" } ?? "No pages"
            panes = [.content(ContentPane(controllerID: pages.id, sceneID: pages.sceneID, kind: .viewController, title: nil,
                                          nodes: [ViewNode(.placeholder, text: text)], isEditing: false))]
        }
        let count = pages.pageSceneIDs.count
        var previous: String?, next: String?
        if pages.currentIndex > 0 {
            previous = register(ElementID.previousPage(pages.id), role: .pageControl, title: "Previous", controller: pages, target: .page(pages, forward: false))
        }
        if pages.currentIndex + pages.pagesPerView < count {
            next = register(ElementID.nextPage(pages.id), role: .pageControl, title: "Next", controller: pages, target: .page(pages, forward: true))
        }
        return PagePane(controllerID: pages.id, pages: panes, pageCount: count, currentIndex: pages.currentIndex,
                        transitionStyle: pages.spec.transitionStyle, orientation: pages.spec.navigationOrientation,
                        previousElementID: previous, nextElementID: next)
    }

    mutating func alertPane(_ alert: AlertController) -> AlertPane {
        let spec = alert.alert
        let fields = spec.textFields.map { field in
            let id = register(field.id, role: .textField, title: field.placeholder, controller: alert, target: .alertField(alert, id: field.id))
            return AlertPane.Field(elementID: id, placeholder: field.placeholder, text: alert.text(of: field.id) ?? "")
        }
        // An action sheet shown as a popover (regular width) draws no Cancel button: a tap
        // outside the popover cancels (`registerOutsideTap`).
        let inPopover = layerAppearance(alert, style: .popover) == .popover
        let actions = spec.actions.enumerated().filter { !(inPopover && $0.element.style == .cancel) }.map { index, action in
            let id = register(action.id ?? ElementID.alertAction(alert.id, index: index), role: .alertAction, title: action.title,
                              controller: alert, target: .alertAction(alert, index: index))
            return AlertPane.Action(elementID: id, title: action.title, style: action.style)
        }
        return AlertPane(controllerID: alert.id, title: alert.title, message: spec.message, style: spec.preferredStyle,
                         textFields: fields, actions: actions)
    }

    mutating func contentPane(_ c: ViewController) -> ContentPane {
        var counter = 0
        let resolved = resolveAll(c.view, owner: c, counter: &counter)
        let nodes = resolvesNodes ? resolved : []
        var content = ContentPane(controllerID: c.id, sceneID: c.sceneID, kind: c.kind,
                                  title: c.navigationItem.title ?? c.title, nodes: nodes, isEditing: c.isEditing)
        content.appearance = c.scene?.viewAppearance
        for child in c.visibleChildren {
            content.children.append(EmbeddedPane(embedSegue: child.embedSegueID, pane: pane(for: child)))
        }
        return content
    }

    /// Applies current values and templates, and gives tappable nodes and rows their element ids.
    /// Without `resolvesNodes` (STATE's element list) it registers the same elements, in the same
    /// order with the same ids and titles, and skips what only the drawn node needs: templates of
    /// text nobody taps, and copies of rows and children.
    mutating func resolve(_ node: ViewNode, owner: ViewController, counter: inout Int) -> ViewNode {
        var n = node
        counter += 1
        let index = counter
        let isElement = switch node.kind {
        case .textField, .textView, .searchBar, .switch: true
        case .table: false
        default: node.tap != nil
        }
        if resolvesNodes || isElement, let text = n.text, Template.hasMarker(text) {
            n.text = Template.render(text) { owner.passedValues[$0] ?? (owner.text(of: $0)) }
        }
        // A custom `action:` that nothing can handle is inert, like an unwired control. A value
        // control (switch, slider, and a segmented control or stepper that is not wired to a
        // segue or a handled action) still moves, as UIKit's do: only the action is dropped.
        let runnable = isRunnable(n.tap, on: owner)
        let dropsTap = !runnable && Self.isValueControl(n.kind)
        if dropsTap {
            n.tap = nil
        } else if !runnable {
            n.enabled = false
        }
        // What a tap on a value control reaches (made only when taps are resolved).
        func valueTarget() -> ElementTarget {
            var target = node
            if dropsTap { target.tap = nil }
            return .node(owner: owner, node: target)
        }
        switch n.kind {
        case .textField, .textView, .searchBar:
            let id = n.id ?? ElementID.view(owner.id, index: index)
            if case .text(let t) = owner.values[id] { n.text = t }
            n.id = register(id, role: .textField, title: n.placeholder ?? n.text, controller: owner,
                            target: .node(owner: owner, node: node), enabled: n.enabled, holding: n)
        case .switch:
            let id = n.id ?? ElementID.view(owner.id, index: index)
            if case .bool(let b) = owner.values[id] { n.isOn = b }
            n.id = register(id, role: .switch, title: n.text, controller: owner, target: valueTarget(), enabled: n.enabled, holding: n)
        case .slider, .segmentedControl, .stepper:
            resolveValueControl(node, into: &n, owner: owner, index: index, target: valueTarget)
        case .button:
            if n.tap != nil {
                n.id = register(n.id ?? ElementID.view(owner.id, index: index), role: .button, title: n.text ?? n.image,
                                controller: owner, target: .node(owner: owner, node: node), enabled: n.enabled)
            }
        case .table:
            resolveTable(node, into: &n, owner: owner, table: index, counter: &counter)
            return n
        default:
            if n.tap != nil {
                n.id = register(n.id ?? ElementID.view(owner.id, index: index), role: .button, title: n.text,
                                controller: owner, target: .node(owner: owner, node: node), enabled: n.enabled)
            }
        }
        n.children = resolveAll(n.children, owner: owner, counter: &counter)
        return n
    }

    /// A table's elements, top to bottom: the table header view, the rows of each section (a
    /// switch row, a tappable row, or the controls of a cell that is not tappable itself, and an
    /// accessory button), the table footer view.
    /// `table` is the table's pre-order position in the owner's view (as ``TableEdit`` counts).
    mutating func resolveTable(_ node: ViewNode, into n: inout ViewNode, owner: ViewController, table: Int, counter: inout Int) {
        let header = resolveAll(Array(node.children.prefix(node.tableHeaderCount)), owner: owner, counter: &counter)
        noteTable(owner: owner)
        var hidden: [(section: Int, row: Int)] = []
        defer { if resolvesNodes { n.hideRows(hidden) } }
        for s in node.sections.indices {
            for r in node.sections[s].rows.indices {
                guard showsRow(node.sections[s].rows[r], owner: owner) else { hidden.append((s, r)); continue }
                let rowStart = elements.count
                defer { editedRowSpans?.append(rowStart..<elements.count) }
                var row = node.sections[s].rows[r]
                if row.tap != nil || row.accessoryTap != nil || resolvesNodes, let text = row.text, Template.hasMarker(text) {
                    row.text = Template.render(text) { owner.passedValues[$0] }
                }
                if row.accessory == .switch {
                    row.id = registerSwitchRow(&row, section: s, index: r, owner: owner)
                } else if row.tap != nil {
                    // The target (made only for taps) is the row as it is before its id is set.
                    row.id = register(row.id ?? ElementID.row(owner.id, section: s, index: r), role: .row, title: row.text,
                                      controller: owner, target: .row(owner: owner, row: row),
                                      enabled: isRunnable(row.tap, on: owner))
                } else if !row.content.isEmpty {
                    // A cell that is not tappable itself: its own controls are (a button with
                    // a segue, a switch, a text field in a custom cell).
                    row.content = resolveAll(row.content, owner: owner, counter: &counter)
                }
                if let accessoryTap = row.accessoryTap {
                    // The accessory button, at the row's right: an element of its own.
                    row.accessoryElementID = register(ElementID.accessory(ofRow: row.id ?? ElementID.row(owner.id, section: s, index: r)), role: .button,
                                                      title: "More Info" + (row.text.map { ": \($0)" } ?? ""), controller: owner,
                                                      target: .rowAccessory(owner: owner, row: row),
                                                      enabled: isRunnable(accessoryTap, on: owner))
                }
                registerSwipeActions(&row, rowID: row.id ?? "\(owner.id).row.\(s).\(r)", owner: owner,
                                     place: TableRowPlace(table: table, section: s, row: r))
                if resolvesNodes { n.sections[s].rows[r] = row }
            }
        }
        n.children = header + resolveAll(Array(node.children.dropFirst(node.tableHeaderCount)), owner: owner, counter: &counter)
    }

    /// A slider, segmented control or stepper: its value as a person set it, within the range the
    /// flow declares; one wired to a segue or an action is a button for it.
    mutating func resolveValueControl(_ node: ViewNode, into n: inout ViewNode, owner: ViewController, index: Int,
                                      target valueTarget: () -> ElementTarget) {
        // A segmented control or stepper wired to a segue or action is a button for it.
        if n.kind != .slider, n.tap != nil {
            n.id = register(n.id ?? ElementID.view(owner.id, index: index), role: .button, title: n.text,
                            controller: owner, target: .node(owner: owner, node: node), enabled: n.enabled)
            return
        }
        // The value a person set is kept in the session (`setValues`, a form's `field.ID`).
        let id = n.id ?? ElementID.view(owner.id, index: index)
        // Clamped to the range of the control as the flow declares it (a stored value may
        // predate a narrower range); the range is pinned so drawing it does not move.
        if case .text(let t) = owner.values[id], let v = Double(t), v.isFinite { n.value = v }
        if let range = node.valueRange, n.kind != .segmentedControl {
            n.minimumValue = range.lowerBound
            n.maximumValue = range.upperBound
            n.value = n.value.map(node.clampedValue)
        }
        let role: ElementRole = n.kind == .slider ? .slider : n.kind == .stepper ? .stepper : .segmentedControl
        n.id = register(id, role: role, title: n.text, controller: owner, target: valueTarget(), enabled: n.enabled, holding: n)
    }

    /// A row whose accessory is a switch: the row is the switch's element (role `switch`), so a
    /// tap anywhere on it toggles it, then runs the row's action if it has one (UIKit's
    /// valueChanged). `row` gets the current state.
    mutating func registerSwitchRow(_ row: inout TableRow, section: Int, index: Int, owner: ViewController) -> String {
        let id = row.id ?? ElementID.row(owner.id, section: section, index: index)
        var declared = ViewNode(.switch, id: id, text: row.text)
        declared.isOn = row.isOn ?? false
        declared.tap = isRunnable(row.tap, on: owner) ? row.tap : nil
        var shown = declared
        if case .bool(let b) = owner.values[id] { shown.isOn = b }
        row.isOn = shown.isOn
        return register(id, role: .switch, title: row.text, controller: owner,
                        target: .node(owner: owner, node: declared), holding: shown)
    }

    /// Controls whose value changes when a person uses them, wired or not.
    static func isValueControl(_ kind: ViewNode.Kind) -> Bool {
        kind == .switch || kind == .slider || kind == .segmentedControl || kind == .stepper
    }

    /// ``resolve(_:owner:counter:)`` for each node; without `resolvesNodes` the nodes come back as
    /// they were (only their elements are registered).
    mutating func resolveAll(_ nodes: [ViewNode], owner: ViewController, counter: inout Int) -> [ViewNode] {
        if resolvesNodes { return nodes.map { resolve($0, owner: owner, counter: &counter) } }
        for i in nodes.indices { listElements(nodes[i], owner: owner, counter: &counter) }
        return nodes
    }

    /// Without `resolvesNodes`: registers the elements under `node` as ``resolve(_:owner:counter:)``
    /// does, numbering every node the same way, without copying the nodes that are no element
    /// (labels, images, plain containers: most of a view).
    mutating func listElements(_ node: ViewNode, owner: ViewController, counter: inout Int) {
        let mayBeElement = switch node.kind {
        case .textField, .textView, .searchBar, .switch, .slider, .segmentedControl, .stepper, .table: true
        default: node.tap != nil
        }
        if mayBeElement {
            _ = resolve(node, owner: owner, counter: &counter)
            return
        }
        counter += 1
        for i in node.children.indices { listElements(node.children[i], owner: owner, counter: &counter) }
    }

    private func isUsed(_ id: String) -> Bool {
        if let usedIDSet { return usedIDSet.contains(id) }
        return usedIDs.contains(id)
    }

    private mutating func markUsed(_ id: String) {
        if usedIDSet != nil {
            usedIDSet!.insert(id)
            return
        }
        usedIDs.append(id)
        if usedIDs.count > 24 { usedIDSet = Set(usedIDs) }
    }

    /// Registers an element (when its layer is interactive) and returns its unique id.
    mutating func register(_ proposed: String, role: ElementRole, title: String?, controller: ViewController,
                           target: @autoclosure () -> ElementTarget, enabled: Bool = true, holding control: ViewNode? = nil) -> String {
        var id = proposed
        if isUsed(id) {
            // Made unique by where the controller is (not its id, which restoring the page's
            // URL may change): the same scene twice on screen keeps its ids from page to page.
            id = "\(proposed)@\(controller.placeInWindow)"
            // The same node more than once in one controller (sample rows of a prototype cell).
            var k = 2
            while isUsed(id) { id = "\(proposed)@\(controller.id).\(k)"; k += 1 }
        }
        markUsed(id)
        if interactive {
            let element = Element(id: id, role: role, title: title, controller: controller.id, enabled: enabled)
            elements.append(control.map(element.holding) ?? element)
            if recordsTargets { targets[id] = target() }
        }
        return id
    }
}

extension Window {
    /// What a person sees now.
    public func screen() -> Screen {
        var builder = ScreenBuilder(window: self)
        return builder.build()
    }

    /// Tappable elements now, in reading order (the same as `screen().elements`, for less work).
    public var elements: [Element] { elements(visible: visibleControllers) }

    /// ``elements``, the window's ``visibleControllers`` at hand.
    public func elements(visible: [ViewController]) -> [Element] {
        var builder = ScreenBuilder(window: self)
        return builder.buildElements(visible: visible)
    }

    func resolveElement(_ id: String) -> (Element, ElementTarget)? {
        var builder = ScreenBuilder(window: self, recordsTargets: true)
        _ = builder.build()
        let id = builder.targets[id] == nil ? builder.chromeID(numbered: id) ?? id : id
        guard let target = builder.targets[id], let element = builder.elements.first(where: { $0.id == id }) else { return nil }
        return (element, target)
    }
}
