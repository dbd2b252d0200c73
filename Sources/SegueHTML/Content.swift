import SegueCore

/// A content controller's view tree as semantic HTML.
extension PageBuilder {
    mutating func content(_ p: ContentPane) {
        let tableEditing = p.isEditing && p.kind == .tableViewController
        w.raw("<div class=\"pane pane-content content-")
        w.text(p.kind.rawValue)
        if tableEditing { w.raw(" is-editing") }
        w.raw("\"")
        w.attribute("data-controller", p.controllerID)
        w.attribute("data-scene", p.sceneID)
        appStyle(p.appearance, text: false)
        w.raw(">")
        let saved = editing
        let savedEmbedded = embeddedPanes
        embeddedPanes = p.children
        let savedHost = codeChildHost
        codeChildHost = Self.codeChildHost(p.nodes, children: p.children)
        editing = tableEditing
        if let configure = p.configure { configureSheet(configure) }
        nodes(p.nodes)
        editing = saved
        // Children added in code (not through a container view) follow the view.
        if !embeddedPanes.isEmpty {
            w.raw("<div class=\"container container-children\">")
            let rest = embeddedPanes
            embeddedPanes = []
            for child in rest { pane(child.pane) }
            w.raw("</div>")
        }
        embeddedPanes = savedEmbedded
        codeChildHost = savedHost
        w.raw("</div>")
    }

    /// Siblings: imported storyboard views in the flow layout of their frames
    /// (`ContentStoryboardViews.swift`), others in order.
    mutating func nodes(_ nodes: [ViewNode]) {
        flowNodes(nodes)
    }

    mutating func node(_ n: ViewNode) {
        switch n.kind {
        case .label: label(n)
        case .button: button(n)
        case .textField: textField(n)
        case .textView: textView(n)
        case .image: image(n)
        case .switch: toggle(n)
        case .slider: slider(n)
        case .segmentedControl: segmented(n)
        case .stepper: stepper(n)
        case .activityIndicator, .progress, .pageControl: indicator(n)
        case .table: table(n)
        case .collection: collection(n)
        case .stack:
            w.raw(n.axis == .horizontal ? "<div class=\"stack stack-horizontal\">" : "<div class=\"stack stack-vertical\">")
            stackChildren(n.children, vertical: n.axis != .horizontal)  // arranged order, not frames
            w.raw("</div>")
        case .scroll:
            w.raw("<div class=\"scroll\">")
            nodes(n.children)
            w.raw("</div>")
        case .spacer:
            w.raw("<div class=\"spacer\"></div>")
        case .container where n.embed != nil && embeddedPanes.contains { $0.embedSegue == n.embed }:
            embeddedContainer(n)
        case .container, .view:
            containerView(n)
        case .searchBar:
            searchBar(n)
        case .datePicker, .picker:
            wheels(n)
        case .map, .web, .placeholder:
            placeholderBox(n)
        }
    }

    /// An activity indicator, a progress bar, or a page control's dots (turning pages is the
    /// app's code, which a page control only reports to).
    mutating func indicator(_ n: ViewNode) {
        switch n.kind {
        case .activityIndicator:
            w.raw("<span class=\"activity-indicator\" role=\"progressbar\"")
            w.attribute("aria-label", n.text ?? "Loading")
            w.raw("></span>")
        case .progress:
            w.raw("<progress class=\"progress\" max=\"1\" value=\"")
            w.number(n.shownValue)
            w.raw("\"")
            w.attribute("aria-label", n.text)
            w.raw("></progress>")
        default:
            let count = max(n.pageCount ?? 0, 0)
            let current = Int(saturating: n.shownValue)
            w.raw("<span class=\"page-control\" role=\"img\"")
            w.attribute("aria-label", count == 0 ? "No pages" : "Page \(current + 1) of \(count)")
            w.raw(">")
            for page in 0..<min(count, 20) { w.raw(page == current ? "<span class=\"dot current\"></span>" : "<span class=\"dot\"></span>") }
            w.raw("</span>")
        }
    }

    /// A container view that an embed segue fills: the embedded controller's pane.
    mutating func embeddedContainer(_ n: ViewNode) {
        let index = embeddedPanes.firstIndex { $0.embedSegue == n.embed }!
        let child = embeddedPanes.remove(at: index)
        w.raw("<div class=\"container container-embed\"")
        w.attribute("data-embed", n.embed)
        w.raw(">")
        let saved = embeddedPanes
        pane(child.pane)
        embeddedPanes = saved
        w.raw("</div>")
    }

    /// A plain view or an unembedded container: its children, or a placeholder when it has none.
    mutating func containerView(_ n: ViewNode) {
        if n.children.isEmpty {
            if let host = codeChildHost, n.frame == nil, let embed = n.embed, !host.treeEmbeds.contains(embed) {
                return  // a child added in code, drawn in its host view
            } else if let host = codeChildHost, Self.hostKey(n) == host.id {
                codeChildren(n, treeEmbeds: host.treeEmbeds)
            } else if n.kind == .view, n.frame != nil {
                emptyView(n)
            } else {
                placeholderBox(n)
            }
        } else {
            w.raw(n.kind == .container ? "<div class=\"container\"" : "<div class=\"view\"")
            appStyle(n.appearance)
            w.raw(">")
            nodes(n.children)
            w.raw("</div>")
        }
    }

    /// A label's text style as a class: `label-title`, `label-headline`, `label-body`, …
    mutating func styleClass(_ prefix: StaticString, _ style: String?, default fallback: StaticString) {
        w.raw(prefix)
        if let style, !style.isEmpty { w.text(style) } else { w.raw(fallback) }
    }

    mutating func label(_ n: ViewNode) {
        if case .live(let id, let enabled) = claim(n.id, enabled: n.enabled) {
            openSubmit(id, enabled: enabled)
            w.raw(" class=\"label-link ")
            styleClass("label-", n.style, default: "body")
            w.raw("\"")
            appStyle(n.appearance, text: true)
            w.raw(">")
            w.text(n.text)
            w.raw("</button>")
        } else {
            w.raw("<p class=\"label ")
            styleClass("label-", n.style, default: "body")
            w.raw("\"")
            appStyle(n.appearance, text: true)
            w.raw(">")
            w.text(n.text)
            w.raw("</p>")
        }
    }

    mutating func button(_ n: ViewNode) {
        if case .live(let id, let enabled) = claim(n.id, enabled: n.enabled) {
            openSubmit(id, enabled: enabled)
            w.raw(" class=\"button ")
            styleClass("button-", n.style, default: "plain")
            w.raw("\"")
            appStyle(n.appearance, text: true)
            w.raw(">")
            buttonFace(n)
            w.raw("</button>")
        } else {
            w.raw("<span class=\"button ")
            styleClass("button-", n.style, default: "plain")
            w.raw(" button-inert\"")
            w.flag("aria-disabled=\"true\"", !n.enabled)
            w.attribute("data-item", n.id)  // what a popover above may point at
            appStyle(n.appearance, text: true)
            w.raw(">")
            buttonFace(n)
            w.raw("</span>")
        }
    }

    /// A button's background image, image (never its file name as text) and title, as UIKit
    /// lays them out: the background image fills the button's bounds, the image and the title
    /// sit on top of it, side by side. Each is its state's: the disabled one for a disabled
    /// button, the selected one for a selected button, else the normal one; a highlighted one
    /// shows while the button is pressed.
    mutating func buttonFace(_ n: ViewNode) {
        let title = n.text.flatMap { $0.isEmpty || $0 == n.image ? nil : $0 }
        let images = Self.buttonImages(n)
        if let background = images.background {
            // Decoration behind the face, unless it is all the button shows.
            let label = title == nil && images.image == nil ? (n.appearance?.accessibilityLabel ?? Self.humanised(background)) : nil
            let pressed = images.pressedBackground.flatMap { $0 == background ? nil : $0 }
            art(background, label: label, extraClass: "button-background" + (pressed == nil ? "" : " button-unpressed"), appearance: n.appearance)
            if let pressed { art(pressed, label: nil, extraClass: "button-background button-pressed", appearance: n.appearance) }
        }
        if let image = images.image {
            let label = title == nil ? (n.appearance?.accessibilityLabel ?? Self.humanised(image)) : nil
            let pressed = images.pressedImage.flatMap { $0 == image ? nil : $0 }
            art(image, label: label, extraClass: "button-image" + (pressed == nil ? "" : " button-unpressed"), appearance: n.appearance)
            if let pressed { art(pressed, label: nil, extraClass: "button-image button-pressed", appearance: n.appearance) }
        }
        if let title {
            w.raw(images.background == nil ? "" : "<span class=\"button-title\">")
            w.text(title)
            w.raw(images.background == nil ? "" : "</span>")
        } else if images.shown == nil {
            w.raw("Button")
        }
    }

    /// The images of a button in its state, as UIKit picks them: a state without its own image
    /// (or background image) shows the normal one; `pressed…` are the `highlighted` state's own.
    struct ButtonImages: Equatable, Sendable {
        var image: String?
        var pressedImage: String?
        var background: String?
        var pressedBackground: String?
        /// What a button drawn as a picture alone shows: its image, else its background image.
        var shown: String? { image ?? background }
        /// What that picture becomes while pressed.
        var pressed: String? { pressedImage ?? pressedBackground }
    }

    nonisolated static func buttonImages(_ n: ViewNode) -> ButtonImages {
        let a = n.appearance
        let state: String? = !n.enabled ? "disabled" : (a?.isSelected == true ? "selected" : nil)
        // The importer gives a button's normal background image as its image when it has no
        // normal image of its own.
        let normalImage = n.image == a?.backgroundImage ? nil : n.image
        let normalBackground = a?.backgroundImage
        return ButtonImages(
            image: state.flatMap { a?.stateImages[$0] } ?? normalImage,
            pressedImage: n.enabled ? a?.stateImages["highlighted"] : nil,
            background: state.flatMap { a?.stateBackgroundImages[$0] } ?? normalBackground,
            pressedBackground: n.enabled ? a?.stateBackgroundImages["highlighted"] : nil)
    }

    /// A `UITextField` as a row of a form, as Mail's compose sheet draws them: an optional
    /// caption (`detail`, e.g. "To:") before the field, a hairline below.
    mutating func textField(_ n: ViewNode) {
        if let caption = n.detail {
            w.raw("<label class=\"text-field-row\"><span class=\"text-field-caption\">")
            w.text(caption)
            w.raw("</span>")
        }
        w.raw("<input class=\"text-field\"")
        switch n.style {
        case "secure", "password": w.raw(" type=\"password\"")
        case "email": w.raw(" type=\"email\"")
        case "number": w.raw(" type=\"number\"")
        default: w.raw(" type=\"text\"")
        }
        fieldAttributes(n.id, enabled: n.enabled)
        w.attribute("value", n.text ?? "")
        w.attribute("placeholder", n.placeholder)
        if n.detail == nil { w.attribute("aria-label", n.placeholder ?? "Text Field") }
        w.raw(">")
        if n.detail != nil { w.raw("</label>") }
    }

    /// A `UISearchBar`: the magnifier, the field, and Cancel (shown while the field is being
    /// edited; the page script clears the field with it).
    mutating func searchBar(_ n: ViewNode) {
        w.raw("<div class=\"search-bar\" role=\"search\"><span class=\"search-icon\" aria-hidden=\"true\"></span>")
        w.raw("<input class=\"search-field\" type=\"search\"")
        fieldAttributes(n.id, enabled: n.enabled)
        w.attribute("value", n.text ?? "")
        w.attribute("placeholder", n.placeholder ?? "Search")
        w.attribute("aria-label", n.placeholder ?? "Search")
        w.raw("><button type=\"button\" class=\"search-cancel\">Cancel</button></div>")
    }

    /// A `UIPickerView` or `UIDatePicker` as iOS draws them: wheels of rows with the chosen row
    /// in a band across the middle. A picker's rows are its `segments`; a date picker shows a
    /// fixed sample day (the page is the same for everyone at any time).
    mutating func wheels(_ n: ViewNode) {
        let isDate = n.kind == .datePicker
        w.raw("<div class=\"picker-wheels\" role=\"img\"")
        w.attribute("aria-label", n.text ?? (isDate ? "Date Picker" : "Picker View"))
        w.raw("><span class=\"picker-band\" aria-hidden=\"true\"></span>")
        let columns: [[String]]
        if isDate {
            columns = [["Mon Jun 2", "Tue Jun 3", "Wed Jun 4", "Thu Jun 5", "Fri Jun 6"],
                       ["7", "8", "9", "10", "11"], ["28", "29", "30", "31", "32"], ["", "", "AM", "PM", ""]]
        } else {
            let rows = n.segments
            let chosen = Int(saturating: n.shownValue)
            columns = [(-2...2).map { rows.indices.contains(chosen + $0) ? rows[chosen + $0] : "" }]
        }
        for column in columns {
            w.raw("<span class=\"picker-column\" aria-hidden=\"true\">")
            for (i, row) in column.enumerated() {
                w.raw(i == 2 ? "<span class=\"picker-row is-chosen\">" : (i == 1 || i == 3) ? "<span class=\"picker-row is-near\">" : "<span class=\"picker-row\">")
                w.text(row)
                w.raw("</span>")
            }
            w.raw("</span>")
        }
        w.raw("</div>")
    }

    mutating func textView(_ n: ViewNode) {
        w.raw("<textarea class=\"text-view\" rows=\"5\"")
        fieldAttributes(n.id, enabled: n.enabled)
        w.attribute("placeholder", n.placeholder)
        w.attribute("aria-label", n.placeholder ?? "Text View")
        w.raw(">")
        w.text(n.text)
        w.raw("</textarea>")
    }

    /// ` name="field.ID" data-element="ID"` when live, else ` disabled` (the value is shown but
    /// neither editable nor posted).
    mutating func fieldAttributes(_ elementID: String?, enabled: Bool) {
        switch claim(elementID, enabled: enabled) {
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

    mutating func image(_ n: ViewNode) {
        let name = n.image ?? n.text ?? "Image"
        let tap = claim(n.id, enabled: n.enabled)
        if case .inert = tap, n.kind == .image, n.image == nil, n.text == nil, n.frame != nil {
            emptyView(n)  // an image view whose image the code sets: nothing yet, as in UIKit
            return
        }
        if case .live(let id, let enabled) = tap {
            openSubmit(id, enabled: enabled)
            w.raw(" class=\"image-button\">")
        }
        // The app's image (or a neutral glyph): never its name as text. An image-only button
        // drawn here has the button's title, if any, as its caption.
        let states: (shown: String?, pressed: String?) = n.kind == .button
            ? (Self.buttonImages(n).shown, Self.buttonImages(n).pressed) : (n.image ?? n.appearance?.backgroundImage, nil)
        if let image = states.shown, context.resources != nil || resolvesArt(image) {
            let caption = n.text.flatMap { $0.isEmpty || $0 == image ? nil : $0 }
            let pressed = states.pressed.flatMap { $0 == image ? nil : $0 }
            art(image, label: n.appearance?.accessibilityLabel ?? caption ?? Self.humanised(image),
                extraClass: "image-art" + (pressed == nil ? "" : " button-unpressed"), appearance: n.appearance)
            if let pressed { art(pressed, label: nil, extraClass: "image-art button-pressed", appearance: n.appearance) }
            if case .live = tap { w.raw("</button>") }
            return
        }
        w.raw("<span class=\"image-placeholder\" role=\"img\"")
        // A caption (`text` besides `image`) names what the picture shows.
        let caption = n.image != nil ? n.text : nil
        w.attribute("aria-label", caption ?? name)
        w.attribute("data-image", n.image)
        w.raw("><span class=\"image-name\">")
        w.text(name)
        w.raw("</span>")
        if let caption {
            w.raw("<span class=\"image-caption\">")
            w.text(caption)
            w.raw("</span>")
        }
        w.raw("</span>")
        if case .live = tap { w.raw("</button>") }
    }

    /// A `UISwitch`: a submit button with `role="switch"`; a tap toggles it on the server. One
    /// that only changes its value (`data-control="value"`) is toggled by the page script in
    /// place, without loading a page.
    mutating func toggle(_ n: ViewNode) {
        w.raw("<div class=\"switch-row\">")
        if let text = n.text {
            w.raw("<span class=\"switch-label\">")
            w.text(text)
            w.raw("</span>")
        }
        switchButton(n, tap: claim(n.id, enabled: n.enabled))
        w.raw("</div>")
    }

    /// The switch itself: a live submit button, or an inert picture of it.
    mutating func switchButton(_ n: ViewNode, tap: Tap) {
        let isOn = n.isOn ?? false
        switch tap {
        case .live(let id, let enabled):
            openSubmit(id, enabled: enabled)
            if n.tap == nil { w.raw(" data-control=\"value\"") }
        case .inert:
            w.raw("<span")
            w.flag("aria-disabled=\"true\"", true)
        }
        w.raw(isOn ? " role=\"switch\" aria-checked=\"true\" class=\"switch is-on\"" : " role=\"switch\" aria-checked=\"false\" class=\"switch\"")
        w.attribute("aria-label", n.text ?? "Switch")
        w.raw("><span class=\"switch-knob\"></span>")
        if case .live = tap { w.raw("</button>") } else { w.raw("</span>") }
    }

    /// A `UISlider`: a range input whose value is kept in the session. It posts with the next
    /// tap; the page script sends it as soon as it is let go of.
    mutating func slider(_ n: ViewNode) {
        let range = n.valueRange ?? 0...1
        let value = n.shownValue
        w.raw("<div class=\"slider-row\">")
        if let text = n.text {
            w.raw("<span class=\"slider-label\">")
            w.text(text)
            w.raw("</span>")
        }
        w.raw("<input class=\"slider\" type=\"range\" min=\"")
        w.number(range.lowerBound)
        w.raw("\" max=\"")
        w.number(range.upperBound)
        w.raw("\" step=\"any\"")
        switch claim(n.id, enabled: n.enabled) {
        case .live(let id, let enabled):
            w.raw(" name=\"field.")
            w.text(id)
            w.raw("\"")
            w.attribute("data-element", id)
            w.flag("disabled", !enabled)
            w.raw(" data-control=\"value\"")
        case .inert:
            w.raw(" disabled")
        }
        w.raw(" value=\"")
        w.number(value)
        // The filled part of the track, to the nearest 5 % (the stylesheet draws it).
        w.raw("\" data-fill=\"")
        let span = range.upperBound - range.lowerBound
        let fraction = span > 0 && span.isFinite ? (value - range.lowerBound) / span : 0
        w.int(Int(saturating: (min(max(fraction, 0), 1) * 20).rounded()) * 5)
        w.raw("\"")
        w.attribute("aria-label", n.text ?? "Slider")
        w.raw("></div>")
    }

    /// Whether the element `id` is on screen with `role` (a control that only keeps a value).
    func hasRole(_ id: String, _ role: ElementRole) -> Bool {
        elementIndex[id].map { screen.elements[$0].role == role } ?? false
    }

    /// A `UISegmentedControl`. Unwired, each segment posts its index as the control's value
    /// (`field.ID=N`); wired to a segue or action, every segment taps the control's element.
    mutating func segmented(_ n: ViewNode) {
        let selected = Int(saturating: n.shownValue)
        let tap = claim(n.id, enabled: n.enabled)
        w.raw("<div class=\"segmented\" role=\"group\"")
        w.attribute("aria-label", n.text ?? "Segmented Control")
        var keepsValue = false
        if case .live(let id, _) = tap {
            w.attribute("data-element", id)
            keepsValue = hasRole(id, .segmentedControl)
            if keepsValue { w.raw(" data-control=\"value\"") }
        }
        w.raw(">")
        for (i, segment) in n.segments.enumerated() {
            if case .live(let id, let enabled) = tap {
                if keepsValue {
                    w.raw("<button type=\"submit\" name=\"field.")
                    w.text(id)
                    w.raw("\" value=\"")
                    w.int(i)
                    w.raw("\"")
                } else {
                    w.raw("<button type=\"submit\" name=\"element\"")
                    w.attribute("value", id)
                    formAction("segment", i)
                }
                w.flag("disabled", !enabled)
                w.raw(i == selected ? " class=\"segment is-selected\" aria-pressed=\"true\">" : " class=\"segment\" aria-pressed=\"false\">")
                w.text(segment)
                w.raw("</button>")
            } else {
                w.raw(i == selected ? "<span class=\"segment is-selected\">" : "<span class=\"segment\">")
                w.text(segment)
                w.raw("</span>")
            }
        }
        w.raw("</div>")
    }

    /// A `UIStepper`. Unwired, minus and plus post the next value as the control's value
    /// (`field.ID=V`, one `stepValue` away, within its minimum and maximum, disabled at either
    /// end as UIKit does); wired, they tap its element.
    mutating func stepper(_ n: ViewNode) {
        let tap = claim(n.id, enabled: n.enabled)
        w.raw("<div class=\"stepper\" role=\"group\"")
        w.attribute("aria-label", n.text ?? "Stepper")
        var keepsValue = false
        if case .live(let id, _) = tap {
            w.attribute("data-element", id)
            keepsValue = hasRole(id, .stepper)
            if keepsValue { w.raw(" data-control=\"value\"") }
        }
        w.raw(">")
        if let text = n.text {
            w.raw("<span class=\"stepper-label\">")
            w.text(text)
            w.raw("</span>")
        }
        let value = n.shownValue
        let range = n.valueRange ?? 0...100
        if n.value != nil || keepsValue {
            w.raw("<output class=\"stepper-value\">")
            w.number(value)
            w.raw("</output>")
        }
        w.raw("<span class=\"stepper-buttons\">")
        for step in [-1, 1] {
            if case .live(let id, let enabled) = tap {
                if keepsValue {
                    let next = n.clampedValue(value + Double(step) * n.stepperStep)
                    w.raw("<button type=\"submit\" name=\"field.")
                    w.text(id)
                    w.raw("\" value=\"")
                    w.number(next)
                    w.raw("\"")
                    w.flag("disabled", !enabled || (step < 0 ? value <= range.lowerBound : value >= range.upperBound))
                } else {
                    w.raw("<button type=\"submit\" name=\"element\"")
                    w.attribute("value", id)
                    formAction("step", step)
                    w.flag("disabled", !enabled)
                }
                w.raw(step < 0 ? " class=\"stepper-minus\" aria-label=\"Decrement\">\u{2212}</button>"
                               : " class=\"stepper-plus\" aria-label=\"Increment\">+</button>")
            } else {
                w.raw(step < 0 ? "<span class=\"stepper-minus\">\u{2212}</span>" : "<span class=\"stepper-plus\">+</span>")
            }
        }
        w.raw("</span></div>")
    }

    /// Views the web cannot show (map, web view, pickers, …): a labelled box.
    mutating func placeholderBox(_ n: ViewNode) {
        let kindName: StaticString = switch n.kind {
        case .map: "Map View"
        case .web: "Web View"
        case .datePicker: "Date Picker"
        case .picker: "Picker View"
        case .searchBar: "Search Bar"
        case .container: "Container View"
        case .collection: "Collection View"
        case .view: "View"
        default: "Placeholder"
        }
        let tap = claim(n.id, enabled: n.enabled)
        switch tap {
        case .live(let id, let enabled):
            openSubmit(id, enabled: enabled)
            w.raw(" class=\"placeholder-box placeholder-")
        case .inert:
            w.raw("<div role=\"img\" class=\"placeholder-box placeholder-")
        }
        w.text(n.kind.rawValue)
        w.raw("\"")
        if case .inert = tap {
            w.raw(" aria-label=\"")
            w.raw(kindName)
            if let text = n.text ?? n.placeholder {
                w.raw(": ")
                w.text(text)
            }
            w.raw("\"")
        }
        w.raw("><span class=\"placeholder-kind\">")
        w.raw(kindName)
        w.raw("</span>")
        if let text = n.text ?? n.placeholder {
            w.raw("<span class=\"placeholder-text\">")
            w.text(text)
            w.raw("</span>")
        }
        // What the storyboard wires to the code that makes this content (outlets, segues).
        if n.kind == .placeholder || n.kind == .collection, let detail = n.detail {
            w.raw("<span class=\"placeholder-detail\">")
            w.text(detail)
            w.raw("</span>")
        }
        if case .live = tap { w.raw("</button>") } else { w.raw("</div>") }
    }

    // MARK: Tables

    /// A `UITableView`: a section per `TableSection` (header, rows, footer), iOS list look.
    mutating func table(_ n: ViewNode) {
        w.raw("<div class=\"table ")
        styleClass("table-", n.style, default: "plain")
        if editing { w.raw(" is-editing") }
        w.raw("\">")
        nodes(Array(n.children.prefix(n.tableHeaderCount)))  // the table header view
        for section in n.sections {
            w.raw("<section class=\"table-section\">")
            if let header = section.header {
                w.raw("<h2 class=\"table-header\">")
                w.text(header)
                w.raw("</h2>")
            }
            w.raw("<div class=\"table-rows\">")
            for row in section.rows { tableRow(row) }
            w.raw("</div>")
            if let footer = section.footer {
                w.raw("<p class=\"table-footer\">")
                w.text(footer)
                w.raw("</p>")
            }
            w.raw("</section>")
        }
        nodes(Array(n.children.dropFirst(n.tableHeaderCount)))  // the table footer view
        w.raw("</div>")
    }

    /// A row; one whose accessory button is an element of its own (a storyboard segue with
    /// `trigger="accessoryAction"`) is drawn with that button beside it, not inside it (buttons
    /// do not nest).
    mutating func tableRow(_ row: TableRow) {
        if !row.leadingSwipeActions.isEmpty || !row.trailingSwipeActions.isEmpty, !editing { return swipeRow(row) }
        if row.accessory == .switch { return switchRow(row) }
        guard let accessoryID = row.accessoryElementID else { return tableRowBody(row, drawsAccessory: true) }
        w.raw("<div class=\"cell-with-accessory\">")
        tableRowBody(row, drawsAccessory: false)
        let live: Bool
        if case .live(let id, let enabled) = claim(accessoryID) {
            live = true
            openSubmit(id, enabled: enabled)
            w.raw(" class=\"cell-accessory-button\" aria-label=\"More Info\"")
            w.attribute("title", elementTitle(id))
            w.raw(">")
        } else {
            live = false
            w.raw("<span class=\"cell-accessory-button\">")
        }
        w.raw("<span class=\"accessory accessory-")
        w.raw(row.accessory == .detailDisclosureButton ? "detailDisclosureButton" : "detailButton")
        w.raw("\" aria-hidden=\"true\"></span>")
        w.raw(live ? "</button></div>" : "</span></div>")
    }

    mutating func tableRowBody(_ row: TableRow, drawsAccessory: Bool) {
        let tap = claim(row.id)
        // A cell whose one control is a switch is a `label` around it: a tap anywhere on the
        // row toggles the switch, as in Settings.
        var wrapper: StaticString = "div"
        switch tap {
        case .live(let id, let enabled): openSubmit(id, enabled: enabled)
        case .inert:
            if Self.togglesItsSwitch(row) { wrapper = "label" }
            w.raw("<")
            w.raw(wrapper)
            w.attribute("data-item", row.id)  // what a popover above may point at
        }
        w.raw(" class=\"cell cell-")
        w.text(row.style.rawValue)
        if case .live = tap { w.raw(" is-tappable") }
        w.raw("\"")
        appStyle(row.appearance, text: true)
        w.raw(">")
        if editing { editControl(row.id, ElementID.delete(ofRow:), label: "Delete", glyph: "", class: "edit-delete") }
        if let image = row.image { cellImage(image, row: row) }
        cellTexts(row, tappable: { if case .live = tap { true } else { false } }())
        if drawsAccessory { cellAccessory(row.accessory) }
        if editing {
            w.raw("<span class=\"edit-move-controls\" role=\"group\" aria-label=\"Reorder\">")
            editControl(row.id, ElementID.moveUp(ofRow:), label: "Move Up", glyph: "\u{25B2}", class: "edit-move-button")
            editControl(row.id, ElementID.moveDown(ofRow:), label: "Move Down", glyph: "\u{25BC}", class: "edit-move-button")
            w.raw("</span>")
        }
        if case .live = tap {
            w.raw("</button>")
        } else {
            w.raw("</")
            w.raw(wrapper)
            w.raw(">")
        }
    }

    /// A row's image: the app's image or an SF Symbol, a bundled glyph, else a placeholder.
    mutating func cellImage(_ image: String, row: TableRow) {
        if context.resources?.image(named: image) != nil || (context.resources?.symbols.glyph(image) != nil && Icons.iconFile(for: image) == nil) {
            // The app's image, or an SF Symbol: decoration when the row's text names it.
            art(image, label: row.text == nil ? Self.humanised(image) : nil, extraClass: "cell-icon")
        } else if !Icons.cellTiles.contains(image), let file = Icons.iconFile(for: image) {
            // A bundled glyph (tab system items in the More list, SF Symbols like `trash`).
            // Decoration: the row's text names it.
            icon(file, alt: row.text == nil ? image : "", class: "cell-icon")
        } else {
            w.raw("<span class=\"cell-image\" role=\"img\"")
            w.attribute("aria-label", image)
            w.raw("></span>")
        }
    }

    /// A row's texts by its style, or a custom cell's content (drawn as visuals in a tappable
    /// row, whose controls would nest buttons).
    mutating func cellTexts(_ row: TableRow, tappable: Bool) {
        if row.style == .custom, !row.content.isEmpty {
            let saved = interactive
            if tappable { interactive = false }
            w.raw("<span class=\"cell-content\">")
            nodes(row.content)
            w.raw("</span>")
            interactive = saved
        } else if row.style == .subtitle {
            w.raw("<span class=\"cell-texts\"><span class=\"cell-text\">")
            w.text(row.text)
            w.raw("</span>")
            if let detail = row.detail {
                w.raw("<span class=\"cell-detail\">")
                w.text(detail)
                w.raw("</span>")
            }
            w.raw("</span>")
        } else {
            w.raw("<span class=\"cell-text\">")
            w.text(row.text)
            w.raw("</span>")
            if row.style != .basic, let detail = row.detail {
                w.raw("<span class=\"cell-detail\">")
                w.text(detail)
                w.raw("</span>")
            }
        }
    }

    /// Accessories are drawn by the stylesheet (one mask image shared by every row), so a long
    /// table repeats a class name per row, not a picture. A switch is drawn by `switchRow`.
    mutating func cellAccessory(_ accessory: TableRow.Accessory) {
        switch accessory {
        case .none, .switch: break
        case .disclosureIndicator:
            w.raw("<span class=\"accessory accessory-disclosureIndicator\"></span>")
        case .detailButton:
            w.raw("<span class=\"accessory accessory-detailButton\" role=\"img\" aria-label=\"More Info\"></span>")
        case .detailDisclosureButton:
            w.raw("<span class=\"accessory accessory-detailDisclosureButton\" role=\"img\" aria-label=\"More Info\"></span>")
        case .checkmark:
            w.raw("<span class=\"accessory accessory-checkmark\" role=\"img\" aria-label=\"Selected\"></span>")
        }
    }

    static let controlKinds: Set<ViewNode.Kind> = [.slider, .segmentedControl, .stepper, .textField, .textView, .searchBar, .picker, .datePicker]

    /// A custom cell whose only control is one switch (a label beside it, say).
    static func togglesItsSwitch(_ row: TableRow) -> Bool {
        var switches = 0, others = 0
        for node in row.content {
            node.forEach { n in
                if n.kind == .switch { switches += 1 } else if n.tap != nil || Self.controlKinds.contains(n.kind) { others += 1 }
            }
        }
        return switches == 1 && others == 0
    }

    /// A Settings row: its text (and value, in the value1 style) with a switch at the right. The
    /// row is a `label` around the switch's button, so a tap anywhere on the row toggles it.
    mutating func switchRow(_ row: TableRow) {
        let tap = claim(row.id)
        let live = if case .live = tap { true } else { false }
        w.raw(live ? "<label class=\"cell cell-switch is-tappable cell-" : "<div class=\"cell cell-switch cell-")
        w.text(row.style.rawValue)
        w.raw("\">")
        if let image = row.image {
            w.raw("<span class=\"cell-image\" role=\"img\"")
            w.attribute("aria-label", image)
            w.raw("></span>")
        }
        w.raw("<span class=\"cell-text\">")
        w.text(row.text)
        w.raw("</span>")
        if row.style != .basic, let detail = row.detail {
            w.raw("<span class=\"cell-detail\">")
            w.text(detail)
            w.raw("</span>")
        }
        var control = ViewNode(.switch, id: row.id, text: row.text)
        control.isOn = row.isOn
        control.tap = row.tap
        switchButton(control, tap: tap)
        w.raw(live ? "</label>" : "</div>")
    }

    /// A `UICollectionView`: its cells (rows of its sections, then child views) in a grid.
    mutating func collection(_ n: ViewNode) {
        if n.sections.isEmpty && n.children.isEmpty {
            placeholderBox(n)
            return
        }
        w.raw("<div class=\"collection\">")
        for section in n.sections {
            w.raw("<section class=\"collection-section\">")
            if let header = section.header {
                w.raw("<h2 class=\"table-header\">")
                w.text(header)
                w.raw("</h2>")
            }
            w.raw("<div class=\"collection-items\">")
            for row in section.rows { collectionItem(row) }
            w.raw("</div>")
            if let footer = section.footer {
                w.raw("<p class=\"table-footer\">")
                w.text(footer)
                w.raw("</p>")
            }
            w.raw("</section>")
        }
        nodes(n.children)
        w.raw("</div>")
    }

    mutating func collectionItem(_ row: TableRow) {
        let tap = claim(row.id)
        switch tap {
        case .live(let id, let enabled): openSubmit(id, enabled: enabled)
        case .inert: w.raw("<div")
        }
        w.raw(" class=\"collection-item\">")
        let saved = interactive
        if case .live = tap { interactive = false }
        if !row.content.isEmpty {
            nodes(row.content)
        } else {
            w.raw("<span class=\"cell-text\">")
            if let text = row.text { w.text(text) } else if let image = row.image { art(image, label: Self.humanised(image), extraClass: "cell-icon") }
            w.raw("</span>")
            if let detail = row.detail {
                w.raw("<span class=\"cell-detail\">")
                w.text(detail)
                w.raw("</span>")
            }
        }
        interactive = saved
        if case .live = tap { w.raw("</button>") } else { w.raw("</div>") }
    }
}

extension PageBuilder {
    /// A table row's editing control (delete, move up/down): a live button when the element
    /// `{row}{suffix}` is on screen, else nothing.
    mutating func editControl(_ rowID: String?, _ control: (String) -> String, label: StaticString, glyph: StaticString, class cls: StaticString) {
        guard let rowID, case .live(let id, let enabled) = claim(control(rowID)) else {
            // A move that does not apply here (up at the top, down at the bottom) keeps its slot,
            // so the controls of every row line up.
            if control(rowID ?? "") != ElementID.delete(ofRow: rowID ?? "") { w.raw("<span class=\"cell-edit-control edit-move-button is-absent\" aria-hidden=\"true\"></span>") }
            return
        }
        openSubmit(id, enabled: enabled)
        w.raw(" class=\"cell-edit-control ")
        w.raw(cls)
        w.raw("\" aria-label=\"")
        w.raw(label)
        w.raw("\"")
        w.attribute("title", elementTitle(id))
        w.raw(">")
        w.raw(glyph)
        w.raw("</button>")
    }
}
