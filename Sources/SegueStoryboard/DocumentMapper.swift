import SegueCore

/// Maps one storyboard DOM to scenes (local ids, references unresolved).
struct DocumentMapper {
    let root: XMLNode
    let file: String
    let name: String

    private var doc: ParsedDocument
    /// Controller XML id → local scene id (real scenes only).
    private var sceneIDByXML: [String: String] = [:]
    /// Exit placeholders' XML ids.
    private var exits: Set<String> = []

    // Per scene.
    private var segueIDByXML: [String: String] = [:]
    private var recognizerSegue: [String: String] = [:]
    /// Gesture recognizer XML id → the action methods connected to it.
    private var recognizerActions: [String: [String]] = [:]
    /// What the storyboard wires to the scene's controller (its class, outlets and segues), for
    /// the placeholders of content its code makes.
    private var codeContext: String?
    /// Image sizes and constrained views, for the Auto Layout inputs of each view.
    private let layoutContext: LayoutContext
    /// Colours, fonts and text settings of each view.
    private let appearances: AppearanceMapping

    static let controllerKinds: [String: SceneKind] = [
        "viewController": .viewController,
        "tableViewController": .tableViewController,
        "collectionViewController": .collectionViewController,
        "navigationController": .navigationController,
        "tabBarController": .tabBarController,
        "splitViewController": .splitViewController,
        "pageViewController": .pageViewController,
    ]

    init(root: XMLNode, file: String, name: String) {
        self.root = root
        self.file = file
        self.name = name
        self.doc = ParsedDocument(name: name, file: file)
        self.layoutContext = LayoutContext(root: root)
        self.appearances = AppearanceMapping(root: root)
    }

    private func loc(_ node: XMLNode) -> SourceLocation { SourceLocation(file: file, line: node.line) }

    /// Records a problem the import tolerates: a warning until `segue check` gives it the
    /// severity of its code.
    private mutating func warn(_ node: XMLNode, _ code: Diagnostic.Code, _ message: String) {
        doc.diagnostics.append(Diagnostic(code, severity: .warning, at: loc(node), message))
    }

    // MARK: - Document

    mutating func map() -> ParsedDocument {
        let sceneElements = root.child("scenes")?.children("scene") ?? []
        doc.stats.sceneElements = sceneElements.count

        // Pass 1: controllers, references and identifiers.
        let found = collectControllers(sceneElements)
        warnDuplicateIdentifiers(found.identifierCount, in: sceneElements)
        assignSceneIDs(found, sceneElements: sceneElements)

        doc.isTV = root["targetRuntime"] == "AppleTV"
        doc.eraSignals = Self.eraSignals(of: root)
        doc.isLaunchScreen = root["launchScreen"] == "YES"
        mapInitialViewController()

        // Pass 2: scenes.
        for (scene, controller) in found.controllers {
            doc.scenes.append(mapScene(scene, controller))
        }
        return doc
    }

    /// What pass 1 finds: the scenes' controllers, every controller's XML id, and how many
    /// controllers carry each storyboard identifier.
    private struct FoundControllers {
        var controllers: [(scene: XMLNode, controller: XMLNode)] = []
        var xmlIDs: Set<String> = []
        var identifierCount: [String: Int] = [:]
    }

    /// Finds each scene's controller, records exits and storyboard references, and warns about
    /// scenes without a controller.
    private mutating func collectControllers(_ sceneElements: [XMLNode]) -> FoundControllers {
        var found = FoundControllers()
        for scene in sceneElements {
            let objects = scene.child("objects")?.children ?? []
            let controller = objects.first { $0["sceneMemberID"] == "viewController" }
                ?? objects.first { !["placeholder", "exit", "customObject"].contains($0.name) && !$0.name.hasSuffix("GestureRecognizer") }
            for object in objects where object.name == "exit" {
                if let id = object["id"] { exits.insert(id) }
            }
            guard let controller, let xmlID = controller["id"] else {
                warn(scene, .sceneWithoutController, "scene \(scene["sceneID"] ?? "?") has no view controller; ignored")
                continue
            }
            found.xmlIDs.insert(xmlID)
            if let sbid = controller["storyboardIdentifier"], !sbid.isEmpty {
                found.identifierCount[sbid, default: 0] += 1
            }
            if controller.name == "viewControllerPlaceholder" {
                recordReference(controller, xmlID: xmlID)
            } else {
                found.controllers.append((scene, controller))
            }
        }
        return found
    }

    /// A storyboard reference placeholder, linked later.
    private mutating func recordReference(_ controller: XMLNode, xmlID: String) {
        doc.stats.referenceScenes += 1
        let name = controller["storyboardName"].flatMap { $0.isEmpty ? nil : $0 }
        doc.references[xmlID] = StoryboardReference(
            xmlID: xmlID, storyboardName: name,
            referencedIdentifier: controller["referencedIdentifier"].flatMap { $0.isEmpty ? nil : $0 },
            bundleIdentifier: controller["bundleIdentifier"], line: controller.line,
            tabBarItem: (controller.child("tabBarItem", key: "tabBarItem") ?? controller.child("tabBarItem")).map { mapTabBarItem($0) })
    }

    private mutating func warnDuplicateIdentifiers(_ identifierCount: [String: Int], in sceneElements: [XMLNode]) {
        for (sbid, count) in identifierCount.sorted(by: { $0.key < $1.key }) where count > 1 {
            let first = sceneElements.first { s in
                s.child("objects")?.children.contains { $0["storyboardIdentifier"] == sbid } ?? false
            }
            doc.diagnostics.append(Diagnostic(.duplicateStoryboardIdentifier, severity: .warning, at: first.map(loc),
                "duplicate storyboard identifier '\(sbid)' (\(count) scenes); those scenes keep their XML ids"))
        }
    }

    /// A scene's id is its storyboard identifier when that is unique and names no other
    /// controller's XML id, else its XML id; unique identifiers are recorded for look-ups.
    private mutating func assignSceneIDs(_ found: FoundControllers, sceneElements: [XMLNode]) {
        let identifierCount = found.identifierCount
        for (_, controller) in found.controllers {
            let xmlID = controller["id"]!
            var id = xmlID
            if let sbid = controller["storyboardIdentifier"], !sbid.isEmpty, identifierCount[sbid] == 1,
               !found.xmlIDs.contains(sbid) || sbid == xmlID {
                id = sbid
            }
            sceneIDByXML[xmlID] = id
            doc.xmlIDs[id] = xmlID
            if let sbid = controller["storyboardIdentifier"], !sbid.isEmpty, identifierCount[sbid] == 1 {
                doc.storyboardIDs[sbid] = .scene(id)
            }
        }
        for (xmlID, ref) in doc.references {
            _ = ref
            let placeholder = sceneElements.lazy.compactMap { $0.child("objects")?.children.first { $0["id"] == xmlID } }.first
            if let sbid = placeholder?["storyboardIdentifier"], !sbid.isEmpty, identifierCount[sbid] == 1 {
                doc.storyboardIDs[sbid] = .reference(xmlID)
            }
        }
    }

    private mutating func mapInitialViewController() {
        guard let initial = root["initialViewController"], !initial.isEmpty else { return }
        doc.initialLine = root.line
        if let id = sceneIDByXML[initial] {
            doc.initial = .scene(id)
        } else if doc.references[initial] != nil {
            doc.initial = .reference(initial)
        } else {
            warn(root, .unknownInitialViewController, "initialViewController '\(initial)' names no scene")
        }
    }

    // MARK: - Scenes

    private mutating func mapScene(_ sceneElement: XMLNode, _ c: XMLNode) -> Scene {
        let xmlID = c["id"]!
        var kind = Self.controllerKinds[c.name]
        if kind == nil {
            warn(c, .unsupportedController, "unsupported controller <\(c.name)>; shown as a plain viewController")
            kind = .viewController
        }
        var scene = Scene(id: sceneIDByXML[xmlID]!, kind: kind!)
        scene.location = loc(c)
        scene.className = c["customClass"]
        scene.storyboardIdentifier = c["storyboardIdentifier"].flatMap { $0.isEmpty ? nil : $0 }
        scene.storyboardName = name
        // Outlets to the controller's own views: code that adds targets to them names them so.
        for outlet in c.child("connections")?.children("outlet") ?? [] {
            if let property = outlet["property"], let destination = outlet["destination"], property != "view" { scene.outlets[property] = destination }
        }
        if let point = sceneElement.children("point").first(where: { $0["key"] == "canvasLocation" }),
           let x = point["x"].flatMap(Double.init), let y = point["y"].flatMap(Double.init) {
            scene.canvasLocation = CanvasPoint(x: x, y: y)
        }
        segueIDByXML = [:]
        recognizerSegue = [:]

        // Segues and relationships, in document order, across the controller and its scene objects.
        let objects = sceneElement.child("objects")?.children ?? [c]
        for object in objects {
            collectSegues(in: object, controller: c, scene: &scene)
        }

        mapControllerProperties(c, kind: kind!, into: &scene)
        mapContent(c, kind: kind!, into: &scene)
        return scene
    }

    /// What the controller element says of the controller: restoration, presentation, bars,
    /// its kind's own settings, its items and title.
    private mutating func mapControllerProperties(_ c: XMLNode, kind: SceneKind, into scene: inout Scene) {
        scene.restorationIdentifier = c["restorationIdentifier"]
        if scene.restorationIdentifier == nil, c.bool("useStoryboardIdentifierAsRestorationIdentifier") == true {
            scene.restorationIdentifier = c["storyboardIdentifier"]
        }
        scene.definesPresentationContext = c.bool("definesPresentationContext") ?? false
        scene.providesPresentationContextTransitionStyle = c.bool("providesPresentationContextTransitionStyle") ?? false
        scene.hidesBottomBarWhenPushed = c.bool("hidesBottomBarWhenPushed") ?? false
        scene.modalPresentationStyle = presentationStyle(c, "modalPresentationStyle")
        scene.modalTransitionStyle = transitionStyle(c, "modalTransitionStyle")
        if kind == .navigationController {
            scene.navigationBarHidden = c.bool("navigationBarHidden") ?? (c.child("navigationBar", key: "navigationBar")?.bool("hidden") ?? false)
            scene.toolbarHidden = c.bool("toolbarHidden") ?? (c.child("toolbar", key: "toolbar")?.bool("hidden") ?? true)
            scene.barAppearance = c.child("navigationBar", key: "navigationBar").flatMap { appearances.barAppearance($0) }
            scene.prefersLargeTitles = c.child("navigationBar", key: "navigationBar")?.bool("largeTitles") ?? false
            scene.toolbarAppearance = c.child("toolbar", key: "toolbar").flatMap { appearances.barAppearance($0) }
        }
        scene.isModalInPresentation = c.bool("modalInPresentation") ?? false
        if kind == .tabBarController {
            scene.barAppearance = c.child("tabBar", key: "tabBar").flatMap { appearances.barAppearance($0) }
        }
        if kind == .tabBarController, let index = c["selectedIndex"].flatMap(Int.init) {
            scene.selectedIndex = index
        }
        if kind == .pageViewController {
            var spec = PageViewSpec()
            if let v = c["transitionStyle"].flatMap(PageViewSpec.TransitionStyle.init) { spec.transitionStyle = v }
            if let v = c["navigationOrientation"].flatMap(PageViewSpec.Orientation.init) { spec.navigationOrientation = v }
            if let v = c["spineLocation"].flatMap(PageViewSpec.SpineLocation.init) { spec.spineLocation = v }
            scene.pageView = spec
        }
        if let item = c.child("navigationItem", key: "navigationItem") ?? c.child("navigationItem") {
            scene.navigationItem = mapNavigationItem(item)
        }
        if let item = c.child("tabBarItem", key: "tabBarItem") ?? c.child("tabBarItem") {
            scene.tabBarItem = mapTabBarItem(item)
        }
        if let items = c.child("toolbarItems") {
            scene.toolbarItems = items.children("barButtonItem").map { mapBarButtonItem($0) }
        }
        let title = c["title"].flatMap { $0.isEmpty ? nil : $0 }
        scene.title = title ?? scene.navigationItem.title
    }

    /// The scene's content view, its inert bar buttons, and the placeholder of content made in code.
    private mutating func mapContent(_ c: XMLNode, kind: SceneKind, into scene: inout Scene) {
        codeContext = Self.codeContext(of: c, scene: scene)
        if !kind.isContainer, let view = c.child(key: "view") {
            switch view.name {
            case "view":
                scene.view = mapSubviews(of: view)
                scene.viewAppearance = appearances.appearance(view)
                LayoutContext.attach(layoutContext.hostLayout(view, controller: c), to: &scene.view)
            default:
                if let node = mapView(view) { scene.view = [node] }
            }
        }
        // Bar button items wired to nothing the storyboard can run (no segue: an action in code,
        // or nothing) look and act inert; Edit keeps its built-in toggle.
        func inert(_ items: inout [BarButtonItemSpec]) {
            for i in items.indices where items[i].tap == nil && items[i].systemItem != .edit && !(items[i].systemItem?.isSpace ?? false) {
                items[i].inertUnwired = items[i].enabled
                items[i].enabled = false
            }
        }
        inert(&scene.navigationItem.leftBarButtonItems)
        inert(&scene.navigationItem.rightBarButtonItems)
        inert(&scene.toolbarItems)
        // A custom class with an empty view builds its content in code: say so on the screen.
        if !kind.isContainer, scene.view.isEmpty, let cls = scene.className {
            var node = ViewNode(.placeholder, text: "\(cls): content made in code")
            node.detail = codeContext
            node.location = SourceLocation(file: file, line: c.line)
            scene.view = [node]
        }
    }

    private mutating func collectSegues(in node: XMLNode, controller: XMLNode, scene: inout Scene) {
        node.walk { n in
            guard n.name == "segue", let kindName = n["kind"] else { return true }
            // A segue belongs to the element whose <connections> holds it.
            record(segue: n, kindName: kindName, scene: &scene)
            return false
        }
        // Gesture recognizers that fire a segue: remember them for the views they are attached to.
        if node.name.hasSuffix("GestureRecognizer"), let id = node["id"],
           let segue = node.child("connections")?.children("segue").first?["id"],
           let segueID = segueIDByXML[segue] {
            recognizerSegue[id] = segueID
        }
        if node.name.hasSuffix("GestureRecognizer"), let id = node["id"] {
            recognizerActions[id] = node.child("connections")?.children("action").compactMap { $0["selector"] } ?? []
        }
    }

    private mutating func record(segue n: XMLNode, kindName: String, scene: inout Scene) {
        doc.stats.declaredSegues[kindName, default: 0] += 1
        let destXML = n["destination"] ?? ""
        if kindName == "relationship" {
            recordRelationship(n, destXML: destXML, scene: &scene)
            return
        }
        var kind = SegueKind(rawValue: kindName)
        if kind == nil {
            warn(n, .unsupportedSegueKind, "unsupported segue kind '\(kindName)'; treated as custom")
            kind = .custom
        }
        let xmlID = n["id"] ?? "segue-\(n.line)"
        var id = n["identifier"].flatMap { $0.isEmpty ? nil : $0 } ?? xmlID
        var repeated: String?
        if scene.segues.contains(where: { $0.codeIdentifier == id }) {
            warn(n, .repeatedSegueIdentifier, "segue identifier '\(id)' repeated in scene \(scene.id); this one is named '\(id)#\(xmlID)' in taps and manual segues, and code sees '\(id)'")
            repeated = id
            id = "\(id)#\(xmlID)"
        }
        var spec = SegueSpec(id: id, kind: kind!)
        spec.identifier = repeated
        spec.location = loc(n)
        spec.animates = n.bool("animates") ?? true
        spec.modalPresentationStyle = presentationStyle(n, "modalPresentationStyle")
        spec.modalTransitionStyle = transitionStyle(n, "modalTransitionStyle")
        spec.className = n["customClass"]
        if kind == .unwind {
            var action = n["unwindAction"] ?? ""
            while action.hasSuffix(":") { action.removeLast() }
            if action.isEmpty {
                warn(n, .droppedUnwindSegue, "unwind segue without an unwindAction; dropped")
                doc.stats.droppedSegues[kindName, default: 0] += 1
                return
            }
            if !destXML.isEmpty, !exits.contains(destXML) {
                warn(n, .unwindNotToExit, "unwind segue '\(id)' does not target the scene's Exit")
            }
            spec.action = action
            doc.unwindActions.insert(action)
        } else {
            guard let target = destination(destXML) else {
                warn(n, .missingScene, "segue '\(id)' of scene \(scene.id) names a missing scene '\(destXML)'; dropped")
                doc.stats.droppedSegues[kindName, default: 0] += 1
                return
            }
            spec.destination = target
        }
        segueIDByXML[xmlID] = id
        scene.segues.append(spec)
    }

    /// A container's relationship segue: the child it names, in the scene's slot for it.
    private mutating func recordRelationship(_ n: XMLNode, destXML: String, scene: inout Scene) {
        guard let target = destination(destXML) else {
            warn(n, .missingScene, "relationship '\(n["relationship"] ?? "?")' of scene \(scene.id) names a missing scene '\(destXML)'; dropped")
            doc.stats.droppedSegues["relationship", default: 0] += 1
            return
        }
        switch n["relationship"] {
        case "rootViewController": scene.rootViewController = target
        case "viewControllers": scene.viewControllers.append(target)
        case "masterViewController": scene.masterViewController = target
        case "detailViewController": scene.detailViewController = target
        case "supplementaryViewController": scene.supplementaryViewController = target
        case "compactViewController": scene.compactViewController = target
        case "pages": scene.pages.append(target)
        default:
            warn(n, .unsupportedRelationship, "unsupported relationship '\(n["relationship"] ?? "")'; treated as a child (viewControllers)")
            scene.viewControllers.append(target)
        }
    }

    /// A destination XML id as a local scene id, or a reference token; nil when missing.
    private func destination(_ xmlID: String) -> String? {
        if let id = sceneIDByXML[xmlID] { return id }
        if doc.references[xmlID] != nil { return ParsedDocument.referenceToken + xmlID }
        return nil
    }

    /// The segue fired by an element: the first segue in its own `<connections>` (a cell's
    /// `trigger="accessoryAction"` segue belongs to its accessory button, not to selecting it).
    private func tap(of element: XMLNode) -> TapTarget? {
        guard let connections = element.child("connections") else { return nil }
        let segues = connections.children("segue").filter { $0["kind"] != nil && $0["kind"] != "embed" && $0["trigger"] == nil }
        for segue in segues {
            if let id = segue["id"], let segueID = segueIDByXML[id] { return .segue(segueID) }
        }
        // A gesture recognizer attached to the view.
        for outlet in connections.children("outletCollection") where outlet["property"] == "gestureRecognizers" {
            if let dest = outlet["destination"], let segueID = recognizerSegue[dest] { return .segue(segueID) }
        }
        return nil
    }

    /// The action methods connected to an element: its own `<action selector>` connections a tap
    /// sends, then those of the gesture recognizers attached to it.
    private func actions(of element: XMLNode) -> [String] {
        guard let connections = element.child("connections") else { return [] }
        var selectors = connections.children("action").filter { !Self.untappedEvents.contains($0["eventType"] ?? "") }.compactMap { $0["selector"] }
        for outlet in connections.children("outletCollection") where outlet["property"] == "gestureRecognizers" {
            if let dest = outlet["destination"] { selectors += recognizerActions[dest] ?? [] }
        }
        return selectors
    }

    /// Control events no tap sends: pressing Return in a text field (`editingDidEndOnExit`),
    /// typing, leaving the field, dragging out or a cancelled touch.
    static let untappedEvents: Set<String> = [
        "editingDidEndOnExit", "editingDidEnd", "editingChanged", "touchUpOutside", "touchCancel",
        "touchDragExit", "touchDragOutside", "touchDragInside", "touchDragEnter",
    ]

    /// A cell's accessory-button segue (`trigger="accessoryAction"`).
    private func accessoryTap(of cell: XMLNode) -> TapTarget? {
        for segue in cell.child("connections")?.children("segue") ?? [] where segue["trigger"] == "accessoryAction" {
            if let id = segue["id"], let segueID = segueIDByXML[id] { return .segue(segueID) }
        }
        return nil
    }

    private func embedSegue(of element: XMLNode) -> String? {
        guard let connections = element.child("connections") else { return nil }
        for segue in connections.children("segue") where segue["kind"] == "embed" {
            if let id = segue["id"], let segueID = segueIDByXML[id] { return segueID }
        }
        return nil
    }

    // MARK: - Styles

    private mutating func presentationStyle(_ n: XMLNode, _ attribute: String) -> ModalPresentationStyle? {
        guard let raw = n[attribute] else { return nil }
        if let style = ModalPresentationStyle(rawValue: raw) { return style }
        warn(n, .unknownAttributeValue, "unknown \(attribute) '\(raw)'; ignored")
        return nil
    }

    private mutating func transitionStyle(_ n: XMLNode, _ attribute: String) -> ModalTransitionStyle? {
        guard let raw = n[attribute] else { return nil }
        if let style = ModalTransitionStyle(rawValue: raw) { return style }
        warn(n, .unknownAttributeValue, "unknown \(attribute) '\(raw)'; ignored")
        return nil
    }

    // MARK: - Bar items

    private mutating func mapNavigationItem(_ n: XMLNode) -> NavigationItemSpec {
        var spec = NavigationItemSpec()
        spec.id = n["id"]
        spec.title = stringProperty(n, "title")
        spec.prompt = stringProperty(n, "prompt")
        spec.hidesBackButton = n.bool("hidesBackButton") ?? false
        spec.leftItemsSupplementBackButton = n.bool("leftItemsSupplementBackButton") ?? false
        if let raw = n["largeTitleDisplayMode"] {
            if let mode = LargeTitleDisplayMode(rawValue: raw) {
                spec.largeTitleDisplayMode = mode
            } else {
                warn(n, .unknownAttributeValue, "unknown largeTitleDisplayMode '\(raw)'; ignored")
            }
        }
        if let raw = n["backButtonDisplayMode"] {
            if let mode = BackButtonDisplayMode(rawValue: raw) {
                spec.backButtonDisplayMode = mode
            } else {
                warn(n, .unknownAttributeValue, "unknown backButtonDisplayMode '\(raw)'; ignored")
            }
        }
        for child in n.children {
            switch (child.name, child["key"]) {
            case ("barButtonItem", "leftBarButtonItem"): spec.leftBarButtonItems.append(mapBarButtonItem(child))
            case ("barButtonItem", "rightBarButtonItem"): spec.rightBarButtonItems.append(mapBarButtonItem(child))
            case ("barButtonItem", "backBarButtonItem"):
                spec.backBarButtonItem = mapBarButtonItem(child)
                // An empty title is the common way to a back button that shows the chevron alone.
                if child["title"] == "", spec.backBarButtonItem?.image == nil { spec.backBarButtonItem?.title = "" }
            case ("leftBarButtonItems", _):
                spec.leftBarButtonItems += child.children("barButtonItem").map { mapBarButtonItem($0) }
            case ("rightBarButtonItems", _):
                spec.rightBarButtonItems += child.children("barButtonItem").map { mapBarButtonItem($0) }
            case (_, "titleView"):
                if let node = mapView(child) { spec.titleView = TitleView([node]) }
            default: break
            }
        }
        return spec
    }

    private mutating func mapBarButtonItem(_ n: XMLNode) -> BarButtonItemSpec {
        var item = BarButtonItemSpec(id: n["id"], title: n["title"].flatMap { $0.isEmpty ? nil : $0 })
        item.image = n["image"] ?? n.child("imageReference", key: "image")?["image"]
        switch n["style"] {
        case "done": item.style = .done
        case "bordered": item.style = .bordered
        default: item.style = .plain
        }
        if let raw = n["systemItem"] {
            item.systemItem = BarButtonSystemItem(rawValue: raw)
            if item.systemItem == nil { warn(n, .unknownSystemItem, "unknown bar button systemItem '\(raw)'; shown by title") }
        }
        item.enabled = n.bool("enabled") ?? true
        item.location = loc(n)
        item.tintColor = appearances.color(n, "tintColor")
        item.accessibilityLabel = n.child("accessibility", key: "accessibilityConfiguration")?["label"]
        if let custom = n.child(key: "customView") {
            if item.title == nil { item.title = buttonTitle(custom) }
            if item.image == nil { item.image = buttonImage(custom) }
            // A custom view that is not a button (a segmented control, a label, a switch, …):
            // named by its content, drawn as an inert item (code would drive it).
            if item.title == nil, item.image == nil { item.title = customViewTitle(custom) }
            item.tap = tap(of: n) ?? tap(of: custom)
            item.actions = actions(of: n) + actions(of: custom)
        } else {
            item.tap = tap(of: n)
            item.actions = actions(of: n)
        }
        return item
    }

    private mutating func mapTabBarItem(_ n: XMLNode) -> TabBarItemSpec {
        var item = TabBarItemSpec(title: n["title"].flatMap { $0.isEmpty ? nil : $0 })
        item.id = n["id"]
        item.image = n["image"] ?? n.child("imageReference", key: "image")?["image"]
        item.selectedImage = n["selectedImage"] ?? n.child("imageReference", key: "selectedImage")?["image"]
        item.badgeValue = n["badgeValue"]
        if let raw = n["systemItem"] {
            item.systemItem = TabBarSystemItem(rawValue: raw)
            if item.systemItem == nil { warn(n, .unknownSystemItem, "unknown tab bar systemItem '\(raw)'; shown by title") }
        }
        item.enabled = n.bool("enabled") ?? true
        return item
    }

    // MARK: - Views

    /// Subviews in document order. Views hidden in Interface Builder (`hidden="YES"`) are left
    /// out: they are not on screen until code shows them.
    private mutating func mapSubviews(of view: XMLNode) -> [ViewNode] {
        guard let subviews = view.child("subviews") else { return [] }
        return subviews.children.filter { $0.bool("hidden") != true }.compactMap { mapView($0) }
    }

    /// `textAlignment` / `contentHorizontalAlignment` → `leading`, `center`, `trailing`.
    private static func alignment(_ n: XMLNode) -> String? {
        switch n["textAlignment"] ?? n["contentHorizontalAlignment"] {
        case "center"?: "center"
        case "right"?, "trailing"?: "trailing"
        case "left"?, "leading"?, "natural"?, "justified"?: "leading"
        default: n.name == "button" ? "center" : nil
        }
    }

    private static func frame(_ n: XMLNode) -> Rect? {
        guard let r = n.child("rect", key: "frame") else { return nil }
        func v(_ k: String) -> Double { r[k].flatMap(Double.init) ?? 0 }
        return Rect(x: v("x"), y: v("y"), width: v("width"), height: v("height"))
    }

    private func stringProperty(_ n: XMLNode, _ key: String) -> String? {
        if let s = n[key] { return s }
        if let s = n.child("string", key: key) ?? n.child("mutableString", key: key) { return s.text }
        if let attributed = n.child("attributedString", key: key == "text" ? "attributedText" : key) {
            var text = ""
            for fragment in attributed.children("fragment") {
                text += fragment["content"] ?? fragment.child("string", key: "content")?.text ?? ""
            }
            return text
        }
        return nil
    }

    /// A button's title. Xcode 13 and later write a `buttonConfiguration` (what iOS 15 and later
    /// show) beside a `state normal` title that is only a fallback for older systems ("Button"):
    /// the configuration's title wins, and a configuration with only an image has no title.
    private func buttonTitle(_ n: XMLNode) -> String? {
        if let config = n.child("buttonConfiguration") {
            if let t = config["title"] ?? config.child("string", key: "title")?.text { return t }
            if let a = config.child("attributedString", key: "attributedTitle") {
                return a.children("fragment").map { $0["content"] ?? $0.child("string", key: "content")?.text ?? "" }.joined()
            }
            if configurationImage(config) != nil { return nil }
        }
        if let normal = n.child("state", key: "normal") {
            if let t = normal["title"] { return t }
            if let s = normal.child("string", key: "title") { return s.text }
            if let a = normal.child("attributedString", key: "attributedTitle") {
                return a.children("fragment").map { $0["content"] ?? $0.child("string", key: "content")?.text ?? "" }.joined()
            }
        }
        if let config = n.child("buttonConfiguration") { return config["title"] }
        return nil
    }

    /// What a non-button custom view of a bar button item shows, as a title.
    private func customViewTitle(_ n: XMLNode) -> String? {
        switch n.name {
        case "segmentedControl":
            let titles = n.child("segments")?.children("segment").compactMap { $0["title"] ?? $0["image"] } ?? []
            return titles.isEmpty ? "Segmented Control" : titles.joined(separator: " | ")
        case "label": return n["text"] ?? "Label"
        case "switch": return "Switch"
        case "slider": return "Slider"
        case "searchBar": return n["placeholder"] ?? "Search"
        case "activityIndicatorView": return "Loading…"
        case "progressView": return "Progress"
        case "stepper": return "Stepper"
        case "textField": return n["placeholder"] ?? "Text Field"
        default: return nil
        }
    }

    private func buttonImage(_ n: XMLNode) -> String? {
        if let config = n.child("buttonConfiguration"), let image = configurationImage(config) { return image }
        if let normal = n.child("state", key: "normal") {
            if let i = normal["image"] ?? normal["backgroundImage"] { return i }
            if let i = normal.child("imageReference", key: "image")?["image"] { return i }
        }
        return nil
    }

    private func configurationImage(_ config: XMLNode) -> String? {
        config["image"] ?? config.child("imageReference", key: "image")?["image"]
    }

    private mutating func mapView(_ n: XMLNode) -> ViewNode? {
        var node = mapControl(n) ?? mapOtherView(n)
        applyViewAttributes(n, to: &node)
        return node
    }

    /// A control or a view showing a value (labels, buttons, fields, switches, sliders, …);
    /// nil for any other element.
    private mutating func mapControl(_ n: XMLNode) -> ViewNode? {
        var node: ViewNode
        switch n.name {
        case "label":
            node = ViewNode(.label, text: stringProperty(n, "text"))
        case "button":
            node = ViewNode(.button, text: buttonTitle(n))
            node.image = buttonImage(n)
            node.style = n["buttonType"] == "system" || n["buttonType"] == "roundedRect" || n["buttonType"] == nil ? "plain" : n["buttonType"]
        case "textField":
            node = ViewNode(.textField, text: stringProperty(n, "text"))
            node.placeholder = n["placeholder"]
        case "textView":
            // A text view that is not editable is read-only text: nothing to type into.
            node = ViewNode(n.bool("editable") == false ? .label : .textView, text: stringProperty(n, "text"))
        case "imageView":
            node = ViewNode(.image)
            node.image = n["image"] ?? n.child("imageReference", key: "image")?["image"]
        case "switch":
            node = ViewNode(.switch)
            node.isOn = n.bool("on") ?? false
        case "slider":
            node = ViewNode(.slider)
            node.value = n["value"].flatMap(Double.init)
            node.minimumValue = n["minValue"].flatMap(Double.init)
            node.maximumValue = n["maxValue"].flatMap(Double.init)
        case "stepper":
            node = ViewNode(.stepper)
            node.value = n["value"].flatMap(Double.init)
            node.minimumValue = n["minimumValue"].flatMap(Double.init)
            node.maximumValue = n["maximumValue"].flatMap(Double.init)
            node.stepValue = n["stepValue"].flatMap(Double.init)
        case "progressView":
            node = ViewNode(.progress)
            node.value = n["progress"].flatMap(Double.init)
        case "activityIndicatorView":
            node = ViewNode(.activityIndicator)
        case "pageControl":
            node = ViewNode(.pageControl)
            node.pageCount = n["numberOfPages"].flatMap { Int($0) }.map { min(max($0, 0), 1_000) } ?? 3
            node.value = n["currentPage"].flatMap(Double.init)
        case "segmentedControl":
            node = ViewNode(.segmentedControl)
            node.segments = n.child("segments")?.children("segment").map { $0["title"] ?? $0["image"] ?? "" } ?? []
            node.value = n["selectedSegmentIndex"].flatMap(Double.init)
        default:
            return nil
        }
        return node
    }

    /// Views holding others, views drawn by the system, and a placeholder for an unsupported element.
    private mutating func mapOtherView(_ n: XMLNode) -> ViewNode {
        var node: ViewNode
        switch n.name {
        case "stackView":
            node = ViewNode(.stack)
            node.axis = n["axis"] == "vertical" ? .vertical : .horizontal
            node.children = mapSubviews(of: n)
        case "scrollView":
            node = ViewNode(.scroll)
            node.children = mapSubviews(of: n)
        case "view", "collectionReusableView":
            node = ViewNode(.view)
            node.children = mapSubviews(of: n)
            // An empty view of a custom class (a map, a chart, a canvas drawn in code): name it.
            if node.children.isEmpty, let cls = n["customClass"] { node.text = cls }
        case "visualEffectView":
            node = ViewNode(.view)
            if let content = n.child(key: "contentView") { node.children = mapSubviews(of: content) }
        case "containerView":
            node = ViewNode(.container)
            node.embed = embedSegue(of: n)
        case "mapView":
            node = ViewNode(.map)
        case "webView", "wkWebView":
            node = ViewNode(.web)
        case "datePicker":
            node = ViewNode(.datePicker)
        case "pickerView":
            node = ViewNode(.picker)
        case "searchBar":
            node = ViewNode(.searchBar, text: n["text"])
            node.placeholder = n["placeholder"]
        case "tableView":
            node = mapTable(n)
        case "collectionView":
            node = mapCollection(n)
        case "toolbar", "navigationBar", "tabBar":
            node = mapBar(n)
        default:
            warn(n, .unsupportedElement, "unsupported element <\(n.name)>; shown as a placeholder")
            node = ViewNode(.placeholder, text: n.name)
        }
        return node
    }

    /// What every view element carries: id, frame, layout, appearance, taps and actions, and
    /// whether it takes touches.
    private mutating func applyViewAttributes(_ n: XMLNode, to node: inout ViewNode) {
        node.id = n["id"]
        node.frame = Self.frame(n)
        node.layout = layoutContext.viewLayout(n)
        if node.kind == .label || node.kind == .button { node.alignment = Self.alignment(n) }
        node.location = loc(n)
        node.appearance = appearances.appearance(n)
        if n.bool("enabled") == false { node.enabled = false }
        if node.tap == nil, node.kind != .container { node.tap = tap(of: n) }
        node.actions = actions(of: n)
        // No touch reaches a view with user interaction off, nor anything inside it: its
        // gestures never fire and its controls never change.
        if n.bool("userInteractionEnabled") == false { node.ignoreTouches() }
    }

    /// A bar placed as a subview: a horizontal stack of its items (buttons), titles as labels.
    private mutating func mapBar(_ n: XMLNode) -> ViewNode {
        var node = ViewNode(.stack)
        node.axis = .horizontal
        node.style = n.name
        for item in n.child("items")?.children ?? [] {
            switch item.name {
            case "barButtonItem":
                let spec = mapBarButtonItem(item)
                if spec.systemItem?.isSpace == true { node.children.append(ViewNode(.spacer, id: spec.id)); continue }
                var b = ViewNode(.button, id: spec.id, text: spec.displayTitle)
                b.image = spec.image
                b.tap = spec.tap
                b.actions = spec.actions
                b.enabled = spec.enabled
                b.location = spec.location
                node.children.append(b)
            case "navigationItem":
                let spec = mapNavigationItem(item)
                for bar in spec.leftBarButtonItems { node.children.append(barButtonNode(bar)) }
                node.children.append(ViewNode(.label, id: item["id"], text: spec.title))
                for bar in spec.rightBarButtonItems { node.children.append(barButtonNode(bar)) }
            case "tabBarItem":
                let spec = mapTabBarItem(item)
                var b = ViewNode(.button, id: spec.id, text: spec.title ?? spec.systemItem?.title)
                b.image = spec.image
                b.tap = tap(of: item)
                node.children.append(b)
            default:
                break
            }
        }
        return node
    }

    private func barButtonNode(_ spec: BarButtonItemSpec) -> ViewNode {
        var b = ViewNode(.button, id: spec.id, text: spec.displayTitle)
        b.image = spec.image
        b.tap = spec.tap
        b.actions = spec.actions
        b.enabled = spec.enabled
        b.location = spec.location
        return b
    }

    // MARK: - Tables and collections

    private mutating func mapTable(_ n: XMLNode) -> ViewNode {
        var node = ViewNode(.table)
        node.style = n["style"] ?? "plain"
        if let header = n.child(key: "tableHeaderView"), let h = mapView(header) {
            node.children.append(h)
            node.tableHeaderCount = 1
        }
        if n["dataMode"] == "static" || n.child("sections") != nil {
            for section in n.child("sections")?.children("tableViewSection") ?? [] {
                // Long titles are written as `<string key="footerTitle">` children.
                var s = TableSection(header: stringProperty(section, "headerTitle"), footer: stringProperty(section, "footerTitle"))
                for cell in section.child("cells")?.children("tableViewCell") ?? [] {
                    s.rows.append(mapCell(cell, sample: nil))
                }
                node.sections.append(s)
            }
        }
        if let prototypes = n.child("prototypes") {
            var s = TableSection()
            // One row per prototype, with its own Interface Builder content; an overlay's
            // `rows` gives a prototype sample rows of its own.
            for cell in prototypes.children("tableViewCell") { s.rows.append(mapCell(cell, sample: 1)) }
            if !s.rows.isEmpty { node.sections.append(s) }
        }
        if let footer = n.child(key: "tableFooterView"), let f = mapView(footer) { node.children.append(f) }
        return node
    }

    private static let cellStyles: [String: TableRow.Style] = [
        "IBUITableViewCellStyleDefault": .basic,
        "IBUITableViewCellStyleSubtitle": .subtitle,
        "IBUITableViewCellStyleValue1": .value1,
        "IBUITableViewCellStyleValue2": .value2,
    ]

    /// A static cell, or sample `i` of a prototype cell (its id `cellID-i`): its Interface
    /// Builder content, or its reuse identifier when it has no text at all.
    private mutating func mapCell(_ cell: XMLNode, sample: Int?) -> TableRow {
        let cellID = cell["id"] ?? "cell-\(cell.line)"
        var row = TableRow(id: sample.map { "\(cellID)-\($0)" } ?? cellID)
        row.location = loc(cell)
        row.style = cell["style"].flatMap { Self.cellStyles[$0] } ?? .custom
        row.accessory = cell["accessoryType"].flatMap(TableRow.Accessory.init) ?? .none
        let content = cell.child(key: "contentView")
        var labels: [String: XMLNode] = [:]
        content?.walk { n in
            if let id = n["id"] { labels[id] = n }
            return true
        }
        if row.style == .custom {
            row.content = content.map { mapSubviews(of: $0) } ?? []
            if let content { LayoutContext.attach(layoutContext.hostLayout(content, cell: cell), to: &row.content) }
            var texts: [String] = []
            for node in row.content { node.forEach { if $0.kind == .label, let t = $0.text, !t.isEmpty { texts.append(t) } } }
            row.text = texts.first
            row.detail = texts.dropFirst().first
        } else {
            row.text = cell["textLabel"].flatMap { labels[$0] }.flatMap { stringProperty($0, "text") }
            row.detail = cell["detailTextLabel"].flatMap { labels[$0] }.flatMap { stringProperty($0, "text") }
            row.image = cell["imageView"].flatMap { labels[$0] }.flatMap { $0["image"] ?? $0.child("imageReference", key: "image")?["image"] }
            var look = appearances.appearance(cell) ?? ViewAppearance()
            if let label = cell["textLabel"].flatMap({ labels[$0] }), let text = appearances.appearance(label) {
                look.textColor = text.textColor
                look.font = text.font
            }
            row.appearance = look.isEmpty ? nil : look
            if row.text == nil, row.detail == nil, let content {
                // Old files without textLabel references: labels in order.
                let texts = content.child("subviews")?.children("label").compactMap { stringProperty($0, "text") } ?? []
                row.text = texts.first
                row.detail = texts.dropFirst().first
            }
        }
        if let sample {
            if row.text == nil, row.detail == nil, row.content.isEmpty { row.text = cell["reuseIdentifier"] }
            row.content = Self.suffixingIDs(row.content, "-\(sample)")
        }
        row.tap = tap(of: cell)
        row.accessoryTap = accessoryTap(of: cell)
        // A cell with user interaction off is never selected, nor is anything inside it touched.
        if cell.bool("userInteractionEnabled") == false {
            row.tap = nil
            row.accessoryTap = nil
            for k in row.content.indices { row.content[k].ignoreTouches() }
        }
        return row
    }

    /// Sample rows repeat a prototype's views: their ids get the sample's suffix so every
    /// control of every sample row is its own element, with an id stable across requests.
    static func suffixingIDs(_ nodes: [ViewNode], _ suffix: String) -> [ViewNode] {
        nodes.map { node in
            var n = node
            if let id = n.id { n.id = id + suffix }
            n.children = suffixingIDs(n.children, suffix)
            return n
        }
    }

    /// "Outlets: … · Segues: …" of a controller, for a placeholder of what its code makes; nil
    /// when the storyboard gives it neither.
    static func codeContext(of c: XMLNode, scene: Scene) -> String? {
        var parts: [String] = []
        let outlets = (c.child("connections")?.children("outlet") ?? []).compactMap { $0["property"] }
        if !outlets.isEmpty { parts.append("Outlets: " + outlets.joined(separator: ", ")) }
        let segues = scene.segues.filter { $0.kind != .embed }.map { "\($0.id) (\($0.kind.rawValue))" }
        if !segues.isEmpty { parts.append("Segues: " + segues.joined(separator: ", ")) }
        return parts.isEmpty ? nil : parts.joined(separator: " \u{00B7} ")
    }

    private mutating func mapCollection(_ n: XMLNode) -> ViewNode {
        var node = ViewNode(.collection)
        // No prototype cells: its data source (the controller's code) makes them.
        if (n.child("cells")?.children("collectionViewCell") ?? []).isEmpty {
            node.text = "cells come from code"
            node.detail = codeContext
        }
        // A section's header and footer views hold controls too (a button wired to a segue).
        func supplementary(_ key: String) -> ViewNode? {
            guard let view = n.child(key: key) else { return nil }
            var v = ViewNode(.view, id: view["id"])
            v.children = mapSubviews(of: view)
            v.location = loc(view)
            return v.children.isEmpty ? nil : v
        }
        if let header = supplementary("sectionHeaderView") { node.children.append(header) }
        for cell in n.child("cells")?.children("collectionViewCell") ?? [] {
            let cellID = cell["id"] ?? "cell-\(cell.line)"
            let contentRoot = cell.child(key: "contentView") ?? cell
            var content = mapSubviews(of: contentRoot)
            LayoutContext.attach(layoutContext.hostLayout(contentRoot, cell: cell), to: &content)
            let tap = tap(of: cell)
            for i in 1...3 {
                var item = ViewNode(.view, id: "\(cellID)-\(i)", text: "Item \(i)")
                item.children = Self.suffixingIDs(content, "-\(i)")
                item.tap = tap
                item.frame = Self.frame(cell)
                item.location = loc(cell)
                node.children.append(item)
            }
        }
        if let footer = supplementary("sectionFooterView") { node.children.append(footer) }
        return node
    }
}

extension ViewNode {
    /// What `userInteractionEnabled = NO` does to a view and its subviews: no taps, and the
    /// controls inside keep the values they show.
    fileprivate mutating func ignoreTouches() {
        tap = nil
        switch kind {
        case .textField, .textView, .searchBar, .switch, .slider, .stepper, .segmentedControl, .datePicker, .picker:
            enabled = false
        default: break
        }
        for i in sections.indices {
            for j in sections[i].rows.indices {
                sections[i].rows[j].tap = nil
                sections[i].rows[j].accessoryTap = nil
                for k in sections[i].rows[j].content.indices { sections[i].rows[j].content[k].ignoreTouches() }
            }
        }
        for i in children.indices { children[i].ignoreTouches() }
    }
}
