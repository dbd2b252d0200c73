import Foundation
import SegueCore

/// Converts a xib in the IB3 archive format (Interface Builder 3 and Xcode 4, `<archive
/// type="com.apple.InterfaceBuilder3.CocoaTouch.XIB">`) into the document format's elements, so
/// the xib importer maps both alike. Read: the root objects (`IBDocument.RootObjects`), objects
/// referenced by `ref`/`id`, custom classes (`flattenedProperties`, `N.CustomClassName` by object
/// record), outlet and action connections (`IBObjectContainer`), controllers (`IBUIViewController`,
/// `IBUINavigationController`, `IBUITabBarController`, …) with titles, nib names, navigation and
/// tab bar items, and views (`IBUIView`, labels, buttons, tables, images, …) with frames.
/// Anything else is left out or becomes an element the mapper shows as a placeholder.
struct IB3ArchiveReader {
    let archive: XMLNode
    private var byID: [String: XMLNode] = [:]
    private var customClass: [String: String] = [:]
    /// (label, source id, destination id) of each outlet connection.
    private var outlets: [(label: String, source: String, destination: String)] = []
    /// (selector, source id, destination id) of each action connection (a control's or bar
    /// button item's event sent to its target).
    private var events: [(label: String, source: String, destination: String)] = []

    init(archive: XMLNode) {
        self.archive = archive
        var byID: [String: XMLNode] = [:]
        archive.walk { n in
            if n.name == "object" || n.name == "array", let id = n["id"] { byID[id] = n }
            return true
        }
        self.byID = byID
        let container = data?.children.first { $0["key"] == "IBDocument.Objects" }
        readClasses(container)
        for record in container?.child(key: "connectionRecords")?.children ?? [] {
            guard let connection = record.child(key: "connection"), let kind = connection["class"],
                  let label = connection.child("string", key: "label")?.text,
                  let source = connection.child("reference", key: "source")?["ref"],
                  let destination = connection.child("reference", key: "destination")?["ref"] else { continue }
            if kind.hasSuffix("OutletConnection") { outlets.append((label, source, destination)) }
            if kind.hasSuffix("EventConnection") { events.append((label, source, destination)) }
        }
    }

    private var data: XMLNode? { archive.child("data") }

    /// `flattenedProperties`' `N.CustomClassName` keys, N an object record's `objectID`.
    private mutating func readClasses(_ container: XMLNode?) {
        guard let container else { return }
        var objectByRecord: [String: String] = [:]
        for record in container.child(key: "objectRecords")?.child(key: "orderedObjects")?.children ?? [] {
            if let number = record.child("int", key: "objectID")?.text, let ref = record.child("reference", key: "object")?["ref"] {
                objectByRecord[number] = ref
            }
        }
        guard let properties = container.child(key: "flattenedProperties") else { return }
        // Xcode 4.2 and later (archive version 8) write a `<dictionary>` of keyed strings; earlier
        // ones two parallel lists, `dict.sortedKeys` and `dict.values`.
        var pairs = properties.children.compactMap { child in child["key"].map { ($0, child) } }
        if properties.name != "dictionary" {
            let keys = properties.child(key: "dict.sortedKeys")?.children.filter { $0.name == "string" } ?? []
            let values = properties.child(key: "dict.values")?.children.filter { $0.name != "bool" } ?? []
            pairs = zip(keys, values).map { ($0.text, $1) }
        }
        for (key, value) in pairs where key.hasSuffix(".CustomClassName") && value.name == "string" {
            let number = String(key.dropLast(".CustomClassName".count))
            if let ref = objectByRecord[number] { customClass[ref] = value.text }
        }
    }

    /// The document: `<document><objects>` with the File's Owner, the windows and the top-level
    /// controllers and views.
    func document() -> XMLNode {
        let doc = XMLNode(name: "document", attributes: ["type": archive["type"] ?? "", "version": "3.0"], line: archive.line)
        let objects = XMLNode(name: "objects", attributes: [:], line: archive.line)
        let roots = data?.children.first { $0["key"] == "IBDocument.RootObjects" }?.children ?? []
        for object in roots.compactMap(resolve) {
            if let element = topLevel(object) { objects.children.append(element) }
        }
        doc.children = [objects]
        return doc
    }

    /// An object, or what a reference names. Lists are `<object class="NSMutableArray">` in
    /// version 7 archives and `<array class="NSMutableArray">` in version 8 ones: both are objects.
    private func resolve(_ node: XMLNode) -> XMLNode? {
        if node.name == "reference" { return node["ref"].flatMap { byID[$0] } }
        return node.name == "object" || node.name == "array" ? node : nil
    }

    private func property(_ node: XMLNode, _ key: String) -> XMLNode? {
        node.children.first { $0["key"] == key }.flatMap(resolve)
    }

    private func string(_ node: XMLNode, _ key: String) -> String? {
        guard let s = node.children.first(where: { $0.name == "string" && $0["key"] == key }) else { return nil }
        if s["type"] == "base64-UTF8" {
            var text = s.text.filter { !$0.isWhitespace }
            while text.count % 4 != 0 { text += "=" }
            return Data(base64Encoded: text).map { String(decoding: $0, as: UTF8.self) }
        }
        return s.text
    }

    private func int(_ node: XMLNode, _ key: String) -> Int? {
        node.children.first { $0.name == "int" && $0["key"] == key }.flatMap { Int($0.text) }
    }

    private func resource(_ node: XMLNode, _ key: String) -> String? {
        property(node, key).flatMap { string($0, "NSResourceName") }
    }

    private func topLevel(_ object: XMLNode) -> XMLNode? {
        switch object["class"] {
        case "IBProxyObject"?:
            guard string(object, "IBProxiedObjectIdentifier") == "IBFilesOwner" else { return nil }
            var attributes = ["placeholderIdentifier": "IBFilesOwner", "id": object["id"] ?? "-1"]
            attributes["customClass"] = customClass[object["id"] ?? ""]
            let owner = XMLNode(name: "placeholder", attributes: attributes, line: object.line)
            owner.children = [connections(of: object)]
            return owner
        case "IBUIWindow"?:
            let window = XMLNode(name: "window", attributes: ["id": object["id"] ?? ""], line: object.line)
            window.children = [connections(of: object)]
            return window
        default:
            return element(object)
        }
    }

    private func connections(of object: XMLNode) -> XMLNode {
        let node = XMLNode(name: "connections", attributes: [:], line: object.line)
        for outlet in outlets where outlet.source == object["id"] {
            node.children.append(XMLNode(name: "outlet", attributes: ["property": outlet.label, "destination": outlet.destination], line: object.line))
        }
        return node
    }

    /// The action connections whose source is `object`, as `<connections><action selector>`;
    /// nil when it sends none.
    private func actionConnections(of object: XMLNode) -> XMLNode? {
        let sent = events.filter { $0.source == object["id"] }
        guard !sent.isEmpty else { return nil }
        let node = XMLNode(name: "connections", attributes: [:], line: object.line)
        node.children = sent.map { XMLNode(name: "action", attributes: ["selector": $0.label, "destination": $0.destination], line: object.line) }
        return node
    }

    static let controllerNames = [
        "IBUIViewController": "viewController", "IBUITableViewController": "tableViewController",
        "IBUINavigationController": "navigationController", "IBUITabBarController": "tabBarController",
        "IBUISplitViewController": "splitViewController",
    ]

    /// How deep controllers and views may nest: an archive's references can point back at an
    /// ancestor (a view among its own subviews), which would otherwise never end.
    static let maximumDepth = 64

    /// A controller, view or bar item as a document-format element; nil for what has none, and
    /// for an object that is already among `ancestors` (a reference cycle) or nested too deep.
    private func element(_ object: XMLNode, ancestors: [String] = []) -> XMLNode? {
        guard let cls = object["class"], cls.hasPrefix("IBUI") || cls.hasPrefix("IBMK") else { return nil }
        let id = object["id"] ?? ""
        guard ancestors.count < Self.maximumDepth, id.isEmpty || !ancestors.contains(id) else { return nil }
        let ancestors = ancestors + [id]
        if let name = Self.controllerNames[cls] { return controller(object, name: name, ancestors: ancestors) }
        switch cls {
        case "IBUINavigationItem": return navigationItem(object)
        case "IBUITabBarItem": return tabBarItem(object)
        case "IBUIBarButtonItem": return barButtonItem(object)
        case "IBUITableViewCell", "IBUICustomObject": return nil
        case _ where cls.hasPrefix("IBUISimulated"), "IBUIFontDescription", "IBUITextInputTraits": return nil
        default: return view(object, ancestors: ancestors)
        }
    }

    private func controller(_ object: XMLNode, name: String, ancestors: [String]) -> XMLNode {
        var attributes: [String: String] = ["id": object["id"] ?? ""]
        attributes["customClass"] = customClass[object["id"] ?? ""]
        attributes["title"] = string(object, "IBUITitle")
        attributes["nibName"] = string(object, "IBUINibName")
        let node = XMLNode(name: name, attributes: attributes, line: object.line)
        if let item = property(object, "IBUINavigationItem").flatMap(navigationItem) { node.children.append(keyed(item, "navigationItem")) }
        if let item = property(object, "IBUITabBarItem").flatMap(tabBarItem) { node.children.append(keyed(item, "tabBarItem")) }
        if let view = (property(object, "view") ?? property(object, "IBUIView")).flatMap({ element($0, ancestors: ancestors) }) { node.children.append(keyed(view, "view")) }
        // A split view controller of the iPad template names its two columns instead.
        let children = property(object, "IBUIViewControllers")?.children.compactMap(resolve)
            ?? ["IBUIMasterViewController", "IBUIDetailViewController"].compactMap { property(object, $0) }
        if !children.isEmpty {
            let list = XMLNode(name: "viewControllers", attributes: [:], line: object.line)
            list.children = children.compactMap { child in
                Self.controllerNames[child["class"] ?? ""] == nil ? nil : element(child, ancestors: ancestors)
            }
            node.children.append(list)
        }
        return node
    }

    private func keyed(_ node: XMLNode, _ key: String) -> XMLNode {
        var attributes = node.attributes
        attributes["key"] = key
        let copy = XMLNode(name: node.name, attributes: attributes, line: node.line)
        copy.children = node.children
        copy.text = node.text
        return copy
    }

    private func navigationItem(_ object: XMLNode) -> XMLNode {
        var attributes: [String: String] = ["id": object["id"] ?? ""]
        attributes["title"] = string(object, "IBUITitle")
        attributes["prompt"] = string(object, "IBUIPrompt")
        let node = XMLNode(name: "navigationItem", attributes: attributes, line: object.line)
        for (key, name) in [("IBUILeftBarButtonItem", "leftBarButtonItem"), ("IBUIRightBarButtonItem", "rightBarButtonItem"),
                            ("IBUIBackBarButtonItem", "backBarButtonItem")] {
            if let item = property(object, key) { node.children.append(keyed(barButtonItem(item), name)) }
        }
        return node
    }

    static let barSystemItems = ["done", "cancel", "edit", "save", "add", "flexibleSpace", "fixedSpace", "compose", "reply",
                                 "action", "organize", "bookmarks", "search", "refresh", "stop", "camera", "trash", "play",
                                 "pause", "rewind", "fastForward", "undo", "redo", "pageCurl"]
    static let tabSystemItems = ["more", "favorites", "featured", "topRated", "recents", "contacts", "history", "bookmarks",
                                 "search", "downloads", "mostRecent", "mostViewed"]

    private func barButtonItem(_ object: XMLNode) -> XMLNode {
        var attributes: [String: String] = ["id": object["id"] ?? ""]
        attributes["title"] = string(object, "IBUITitle")
        attributes["image"] = resource(object, "IBUIImage")
        switch int(object, "IBUIStyle") {
        case 1?: attributes["style"] = "bordered"
        case 2?: attributes["style"] = "done"
        default: attributes["style"] = "plain"
        }
        if let n = int(object, "IBUISystemItemIdentifier"), Self.barSystemItems.indices.contains(n) {
            attributes["systemItem"] = Self.barSystemItems[n]
        }
        let item = XMLNode(name: "barButtonItem", attributes: attributes, line: object.line)
        if let actions = actionConnections(of: object) { item.children.append(actions) }
        return item
    }

    private func tabBarItem(_ object: XMLNode) -> XMLNode {
        var attributes: [String: String] = ["id": object["id"] ?? ""]
        attributes["title"] = string(object, "IBUITitle")
        attributes["image"] = resource(object, "IBUIImage")
        if let n = int(object, "IBUISystemItemIdentifier"), Self.tabSystemItems.indices.contains(n) {
            attributes["systemItem"] = Self.tabSystemItems[n]
        }
        return XMLNode(name: "tabBarItem", attributes: attributes, line: object.line)
    }

    /// A view: its element name from the class (`IBUILabel` → `label`), its frame, properties and
    /// subviews.
    private func view(_ object: XMLNode, ancestors: [String]) -> XMLNode {
        let cls = object["class"] ?? "IBUIView"
        var name = String(cls.dropFirst(4))
        name = name.prefix(1).lowercased() + name.dropFirst()
        if cls == "IBUIWebView" { name = "webView" }
        var attributes: [String: String] = ["id": object["id"] ?? ""]
        attributes["customClass"] = customClass[object["id"] ?? ""]
        switch cls {
        case "IBUILabel":
            attributes["text"] = string(object, "IBUIText") ?? ""
        case "IBUITextView":
            attributes["text"] = string(object, "IBUIText") ?? ""
            if object.children.contains(where: { $0["key"] == "IBUIEditable" && $0.text == "NO" }) { attributes["editable"] = "NO" }
        case "IBUITextField", "IBUISearchBar":
            attributes["text"] = string(object, "IBUIText")
            attributes["placeholder"] = string(object, "IBUIPlaceholder")
        case "IBUIImageView":
            attributes["image"] = resource(object, "IBUIImage")
        case "IBUITableView":
            attributes["style"] = int(object, "IBUIStyle") == 1 ? "grouped" : "plain"
        default: break
        }
        switch int(object, "IBUITextAlignment") {
        case 1?: attributes["textAlignment"] = "center"
        case 2?: attributes["textAlignment"] = "right"
        default: break
        }
        if object.children.contains(where: { $0["key"] == "NSHidden" && $0.text == "YES" }) { attributes["hidden"] = "YES" }
        let node = XMLNode(name: name, attributes: attributes, line: object.line)
        if let frame = frame(object) { node.children.append(frame) }
        if cls == "IBUIButton" { node.children.append(buttonState(object)) }
        if let actions = actionConnections(of: object) { node.children.append(actions) }
        if cls == "IBUISegmentedControl" { node.children.append(segments(object)) }
        if cls == "IBUIToolbar" || cls == "IBUINavigationBar" {
            let items = XMLNode(name: "items", attributes: [:], line: object.line)
            // A toolbar's bar button items; a navigation bar's navigation items, with theirs.
            items.children = property(object, "IBUIItems")?.children.compactMap(resolve).map {
                $0["class"] == "IBUINavigationItem" ? navigationItem($0) : barButtonItem($0)
            } ?? []
            node.children.append(items)
        }
        let subviews = property(object, "NSSubviews")?.children.compactMap(resolve).compactMap { element($0, ancestors: ancestors) } ?? []
        if !subviews.isEmpty {
            let list = XMLNode(name: "subviews", attributes: [:], line: object.line)
            list.children = subviews
            node.children.append(list)
        }
        return node
    }

    private func buttonState(_ object: XMLNode) -> XMLNode {
        var attributes = ["key": "normal"]
        attributes["title"] = string(object, "IBUINormalTitle")
        attributes["image"] = resource(object, "IBUINormalImage")
        attributes["backgroundImage"] = resource(object, "IBUINormalBackgroundImage")
        return XMLNode(name: "state", attributes: attributes, line: object.line)
    }

    private func segments(_ object: XMLNode) -> XMLNode {
        let node = XMLNode(name: "segments", attributes: [:], line: object.line)
        let titles = property(object, "IBSegmentTitles")?.children.filter { $0.name == "string" } ?? []
        node.children = titles.map { XMLNode(name: "segment", attributes: ["title": $0.text], line: $0.line) }
        return node
    }

    /// `NSFrame` (`{{x, y}, {w, h}}`) or `NSFrameSize` (`{w, h}`) as a `<rect key="frame">`.
    private func frame(_ object: XMLNode) -> XMLNode? {
        let raw = string(object, "NSFrame") ?? string(object, "NSFrameSize").map { "{{0, 0}, \($0)}" }
        guard let raw else { return nil }
        let numbers = raw.split { !"0123456789.-".contains($0) }.compactMap { Double($0) }
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite) else { return nil }
        return XMLNode(name: "rect", attributes: ["key": "frame", "x": "\(numbers[0])", "y": "\(numbers[1])",
                                                  "width": "\(numbers[2])", "height": "\(numbers[3])"], line: object.line)
    }
}
