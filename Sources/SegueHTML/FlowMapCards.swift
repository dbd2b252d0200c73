import SegueCore

/// The map's cards (``FlowMap``): a card per scene, a link that opens the scene, drawn as a
/// device-shaped frame with a small rendering of what the scene shows: a storyboard reference's
/// name, a container's relationships, or a content scene's bar, alert and view elements.
extension FlowMap {
    /// Lines of text down a card, each below the last, until the card is full.
    struct CardText {
        var y = 0.0

        mutating func line(_ text: String, size: Int = 10, color: StaticString = "#1c1c1e", x: Double = 10, weight: StaticString = "400",
                           anchor: StaticString = "start", into w: inout HTMLWriter) {
            guard y < 264 else { return }
            y += Double(size) + 6
            w.raw("<text font-size=\"")
            w.int(size)
            w.raw("\" font-weight=\"")
            w.raw(weight)
            w.raw("\" text-anchor=\"")
            w.raw(anchor)
            w.raw("\" fill=\"")
            w.raw(color)
            w.raw("\" x=\"")
            w.number(x)
            w.raw("\" y=\"")
            w.number(y)
            w.raw("\">")
            w.text(shortened(text, 26))
            w.raw("</text>")
        }
    }

    static func card(_ scene: Scene, at p: Placement, storyboard: Storyboard, into w: inout HTMLWriter) {
        writeCardFrame(scene, at: p, storyboard: storyboard, into: &w)
        var text = CardText()
        if scene.isUnresolvedReference {
            text.y = 110
            text.line("Storyboard Reference", size: 11, color: "#8e8e93", x: 80, weight: "600", anchor: "middle", into: &w)
            text.line(scene.title ?? scene.id, size: 10, color: "#8e8e93", x: 80, anchor: "middle", into: &w)
        } else if scene.kind.isContainer {
            text.y = 100
            text.line(containerName(scene.kind), size: 12, color: "#3c3c43", x: 80, weight: "600", anchor: "middle", into: &w)
            for (name, target) in relationshipList(scene).prefix(6) {
                text.line("\(name): \(storyboard[target]?.title ?? target)", size: 9, color: "#8e8e93", x: 80, anchor: "middle", into: &w)
            }
            if let cls = scene.className { text.line(cls, size: 9, color: "#8e8e93", x: 80, anchor: "middle", into: &w) }
        } else {
            writeContentCard(scene, text: &text, into: &w)
        }
        w.raw("</g></a>")
    }

    /// The link, the card's group (its title for a tooltip), its frame and the name above it.
    static func writeCardFrame(_ scene: Scene, at p: Placement, storyboard: Storyboard, into w: inout HTMLWriter) {
        w.raw("<a class=\"card-link\"")
        w.attribute("href", "/scenes/" + ScenesPage.percentEscaped(scene.id))
        w.raw("><g class=\"card")
        if scene.isUnresolvedReference { w.raw(" reference") }
        if scene.id == storyboard.initialViewController { w.raw(" initial") }
        w.raw("\"")
        w.attribute("data-scene", scene.id)
        w.attribute("data-kind", scene.kind.rawValue)
        w.raw(" transform=\"translate(")
        point(p.x, p.y, &w)
        w.raw(")\"><title>")
        w.text(scene.title ?? scene.id)
        w.text(" (\(scene.kind.rawValue)\(scene.className.map { ", " + $0 } ?? ""))")
        w.raw("</title>")
        w.raw("<rect width=\"160\" height=\"284\" rx=\"14\" fill=\"#ffffff\" stroke=\"")
        w.raw(scene.isUnresolvedReference ? "#8e8e93\" stroke-dasharray=\"6 4" : (scene.id == storyboard.initialViewController ? "#1c1c1e" : "#c7c7cc"))
        w.raw("\" stroke-width=\"1.5\"/>")
        // The scene's name above the card, as the canvas shows it.
        w.raw("<text class=\"card-name\" x=\"0\" y=\"-8\" font-size=\"12\" font-weight=\"600\" fill=\"#1c1c1e\">")
        w.text(shortened(scene.title ?? scene.className ?? scene.id, 24))
        w.raw("</text>")
    }

    /// A content scene: its navigation bar, its alert, its view's elements and its class.
    static func writeContentCard(_ scene: Scene, text: inout CardText, into w: inout HTMLWriter) {
        writeCardBar(scene, into: &w)
        text.y = 40
        if let alert = scene.alert {
            text.line(alert.title ?? "Alert", size: 10, x: 80, weight: "600", anchor: "middle", into: &w)
            if let m = alert.message { text.line(m, size: 9, color: "#3c3c43", x: 80, anchor: "middle", into: &w) }
            for action in alert.actions { text.line(action.title, size: 10, color: "#007aff", x: 80, anchor: "middle", into: &w) }
        }
        for node in scene.view { writeCardNode(node, text: &text, into: &w) }
        if let cls = scene.className, text.y < 250 {
            text.y = max(text.y, 250)
            text.line(cls, size: 8, color: "#8e8e93", x: 80, anchor: "middle", into: &w)
        }
    }

    /// The navigation bar with the title and the first bar button item of each side.
    static func writeCardBar(_ scene: Scene, into w: inout HTMLWriter) {
        w.raw("<path d=\"M0,14a14,14 0 0 1 14,-14h132a14,14 0 0 1 14,14v22h-160z\" fill=\"#f9f9f9\"/><line x1=\"0\" y1=\"36\" x2=\"160\" y2=\"36\" stroke=\"#d1d1d6\"/>")
        let title = scene.navigationItem.title ?? scene.title ?? scene.className ?? ""
        w.raw("<text font-size=\"10\" font-weight=\"600\" text-anchor=\"middle\" x=\"80\" y=\"23\" fill=\"#1c1c1e\">")
        w.text(shortened(title, 20))
        w.raw("</text>")
        if let item = scene.navigationItem.rightBarButtonItems.first?.displayTitle {
            w.raw("<text font-size=\"8\" text-anchor=\"end\" x=\"154\" y=\"23\" fill=\"#007aff\">")
            w.text(shortened(item, 8))
            w.raw("</text>")
        }
        if let item = scene.navigationItem.leftBarButtonItems.first?.displayTitle {
            w.raw("<text font-size=\"8\" x=\"6\" y=\"23\" fill=\"#007aff\">")
            w.text(shortened(item, 8))
            w.raw("</text>")
        }
    }

    /// A view element as a line of the card, then its children.
    static func writeCardNode(_ node: ViewNode, text: inout CardText, into w: inout HTMLWriter) {
        switch node.kind {
        case .label: if let t = node.text { text.line(t, size: 9, into: &w) }
        case .button: text.line(node.text ?? node.id ?? "Button", size: 9, color: "#007aff", into: &w)
        case .textField, .searchBar, .textView: text.line("\u{25AD} " + (node.placeholder ?? node.text ?? "Text"), size: 9, color: "#8e8e93", into: &w)
        case .switch: text.line((node.text ?? "Switch") + " \u{25CF}", size: 9, into: &w)
        case .placeholder: text.line(node.text ?? "Made in code", size: 9, color: "#8e8e93", into: &w)
        case .image: text.line("\u{25A3} " + (node.image ?? "Image"), size: 9, color: "#8e8e93", into: &w)
        case .table, .collection:
            for section in node.sections {
                if let h = section.header { text.line(h.uppercased(), size: 8, color: "#8e8e93", into: &w) }
                for row in section.rows {
                    text.line((row.text ?? row.id ?? "Cell") + (row.accessory == .disclosureIndicator ? "  \u{203A}" : ""), size: 9, into: &w)
                }
            }
            if node.sections.isEmpty { text.line(node.kind == .table ? "Table View" : "Collection View", size: 9, color: "#8e8e93", into: &w) }
        default:
            if let t = node.text { text.line(t, size: 9, into: &w) }
        }
        for child in node.children { writeCardNode(child, text: &text, into: &w) }
    }
}
