import SegueCore
import Yams

/// Node tree → storyboard model. Reports per-value problems (keys, types, enum values); the
/// cross-references between scenes are checked afterwards by `Validator`.
struct Decoder {
    let diagnostics: Diagnostics

    /// Where each scene's problems are reported, for the validator.
    struct Result {
        var initialViewController: String?
        var initialLine: Int
        var scenes: [Scene] = []
        /// Inline alerts (`alert:` on a tappable element) become scenes of their own.
        var inlineScenes: [Scene] = []
        /// Scene id → lines of its keys, for the validator's messages.
        var keyLines: [String: [String: Int]] = [:]
        /// Tap targets by scene, with lines.
        var taps: [String: [(TapTarget, Int)]] = [:]
        /// Element ids by scene, with lines, in declaration order.
        var elementIDs: [String: [(String, Int)]] = [:]
        /// Scenes declaring `isInitialViewController: true`, with lines.
        var flaggedInitial: [(String, Int)] = []
        /// The top-level `era` (`ios7`, `modern`), when given.
        var era: UIKitEra?
        /// Scenes declared whose definition could not be read (not a map), with the line of that
        /// problem: references to them are its consequences.
        var unreadScenes: [String: Int] = [:]
        /// The same for segues, by scene: each segue that could not be read, and a `segues` that
        /// is not a map (all of them unread), with the problem's line.
        var unreadSegues: [String: [String: Int]] = [:]
        var unreadSegueLists: [String: Int] = [:]
        /// Relationship entries with lines: (scene, key, target, line).
        var relationships: [(scene: String, key: String, target: String, line: Int)] = []
    }

    static let topKeys: Set<String> = ["initialViewController", "scenes", "era"]

    static let sceneKeys: Set<String> = [
        "kind", "class", "title", "restorationIdentifier", "navigationItem", "tabBarItem", "toolbarItems",
        "navigationBarHidden", "toolbarHidden", "hidesBottomBarWhenPushed", "definesPresentationContext",
        "providesPresentationContextTransitionStyle", "modalPresentationStyle", "modalTransitionStyle",
        "selectedIndex", "customizableViewControllers", "unwindActions", "segues", "view",
        "supportedInterfaceOrientations", "shouldAutorotate", "isInitialViewController",
        "rootViewController", "viewControllers", "masterViewController", "detailViewController", "pages",
        "supplementaryViewController", "compactViewController",
        "transitionStyle", "navigationOrientation", "spineLocation",
        "message", "preferredStyle", "textFields", "actions", "refusesSelectionOf",
        "shouldAutomaticallyForwardAppearanceMethods", "preferredInterfaceOrientationForPresentation",
        "spineLocationForInterfaceOrientation", "shouldPerformSegue",
        "prefersLargeTitles", "largeTitleDisplayMode", "isModalInPresentation",
    ]

    /// Keys that belong to one kind of scene only.
    static let kindOnlyKeys: [String: SceneKind] = [
        "selectedIndex": .tabBarController, "customizableViewControllers": .tabBarController,
        "refusesSelectionOf": .tabBarController, "prefersLargeTitles": .navigationController,
        "transitionStyle": .pageViewController, "navigationOrientation": .pageViewController,
        "spineLocation": .pageViewController, "spineLocationForInterfaceOrientation": .pageViewController,
        "message": .alertController, "preferredStyle": .alertController, "textFields": .alertController,
        "actions": .alertController,
    ]

    /// Relationship keys and the container kind that owns each.
    static let relationshipOwners: [(key: String, kind: SceneKind)] = [
        ("rootViewController", .navigationController), ("viewControllers", .tabBarController),
        ("masterViewController", .splitViewController), ("detailViewController", .splitViewController),
        ("supplementaryViewController", .splitViewController), ("compactViewController", .splitViewController),
        ("pages", .pageViewController),
    ]

    func decode(_ root: Node) -> Result {
        var result = Result(initialLine: root.line)
        guard let top = Fields(root, context: "top level", allowed: Decoder.topKeys,
                               what: "a flow file", diagnostics: diagnostics) else { return result }
        if top.has("initialViewController") {
            result.initialLine = top.line("initialViewController")
            result.initialViewController = top.string("initialViewController")
        }
        result.era = decodeEra(top)
        guard let scenesNode = top["scenes"] else {
            diagnostics.error(root, "missing 'scenes'")
            return result
        }
        guard let scenes = Fields(identifiers: scenesNode, context: "scenes", what: "'scenes'", diagnostics: diagnostics) else {
            return result
        }
        if scenes.entries.isEmpty { diagnostics.error(scenesNode, "'scenes' declares no scene") }
        for entry in scenes.entries {
            if let scene = decodeScene(id: entry.key, keyNode: entry.keyNode, node: entry.value, into: &result) {
                result.scenes.append(scene)
            } else {
                result.unreadScenes[entry.key] = entry.value.line
            }
            result.scenes += result.inlineScenes
            result.inlineScenes = []
        }
        return result
    }

    // MARK: Scenes

    private func decodeScene(id: String, keyNode: Node, node: Node, into result: inout Result) -> Scene? {
        let context = "scene '\(id)'"
        if fieldsIsNull(node) {
            // `scene:` with nothing: a plain view controller.
            var scene = Scene(id: id)
            scene.location = diagnostics.location(keyNode)
            return scene
        }
        guard let fields = Fields(node, context: context, allowed: Decoder.sceneKeys, what: context, diagnostics: diagnostics) else {
            return nil
        }
        let kind = fields.enumeration("kind", SceneKind.self)
        // With an unknown kind, kind-dependent checks would only add noise.
        let kindKnown = kind != nil || !fields.has("kind")
        var scene = Scene(id: id, kind: kind ?? .viewController)
        scene.location = diagnostics.location(keyNode)
        var sink = SceneSink(sceneID: id)

        decodeControllerProperties(fields, into: &scene, context: context, sink: &sink, result: &result)
        if kindKnown { checkKindOnlyKeys(fields, of: scene, context: context) }
        decodeRelationships(fields, into: &scene, kindKnown: kindKnown, context: context, result: &result)
        decodeKindSpecifics(fields, into: &scene, context: context, sink: &sink)
        if let node = fields["segues"] {
            scene.segues = decodeSegues(node, scene: context, id: id, result: &result)
        }
        if let elements = fields.list("view", of: "view elements") {
            if kindKnown, scene.kind.isContainer || scene.kind == .alertController {
                diagnostics.error(line: fields.line("view"), "'view' in \(context): a \(scene.kind.rawValue) has no view of its own")
            }
            scene.view = elements.compactMap { decodeElement($0, scene: context, sink: &sink) }
        }
        addInlineAlerts(sink.inlineAlerts, to: &scene, result: &result)

        var lines: [String: Int] = [:]
        for entry in fields.entries { lines[entry.key] = entry.keyNode.line }
        result.keyLines[id] = lines
        result.taps[id] = sink.taps
        result.elementIDs[id] = sink.ids
        return scene
    }

    /// The controller's own properties: class, title, bar items, bar visibility, presentation
    /// styles, tab settings, orientations, and the initial flag.
    private func decodeControllerProperties(_ fields: Fields, into scene: inout Scene, context: String,
                                            sink: inout SceneSink, result: inout Result) {
        scene.className = fields.string("class")
        scene.title = fields.string("title")
        // Interface Builder's "Use Storyboard ID": the scene id, unless the file says otherwise
        // (`restorationIdentifier: null` opts the controller out of restoration).
        scene.restorationIdentifier = fields.has("restorationIdentifier") ? fields.string("restorationIdentifier") : scene.id
        if let node = fields["navigationItem"] {
            scene.navigationItem = decodeNavigationItem(node, scene: context, sink: &sink)
        }
        if let node = fields["tabBarItem"] {
            scene.tabBarItem = decodeTabBarItem(node, scene: context, sink: &sink)
        }
        if let items = fields.list("toolbarItems", of: "bar button items") {
            scene.toolbarItems = items.compactMap { decodeBarButtonItem($0, scene: context, sink: &sink) }
        }
        if let value = fields.bool("navigationBarHidden") { scene.navigationBarHidden = value }
        if let value = fields.bool("toolbarHidden") { scene.toolbarHidden = value }
        if let value = fields.bool("hidesBottomBarWhenPushed") { scene.hidesBottomBarWhenPushed = value }
        if let value = fields.bool("definesPresentationContext") { scene.definesPresentationContext = value }
        if let value = fields.bool("providesPresentationContextTransitionStyle") {
            scene.providesPresentationContextTransitionStyle = value
        }
        scene.modalPresentationStyle = fields.enumeration("modalPresentationStyle", ModalPresentationStyle.self)
        scene.modalTransitionStyle = fields.enumeration("modalTransitionStyle", ModalTransitionStyle.self)
        scene.selectedIndex = fields.int("selectedIndex")
        scene.customizableViewControllers = fields.strings("customizableViewControllers", of: "scene ids")?.map(\.0)
        if let names = fields.strings("unwindActions", of: "action names") {
            scene.unwindActions = names.map(\.0)
        }
        if let orientations = fields.list("supportedInterfaceOrientations", of: "orientations") {
            scene.supportedInterfaceOrientations = orientations.compactMap { node in
                guard let name = Fields.string(node, key: "supportedInterfaceOrientations", context: context, diagnostics: diagnostics) else { return nil }
                guard let value = InterfaceOrientation(rawValue: name) else {
                    diagnostics.error(node, .unknownValue, "unknown supportedInterfaceOrientations '\(name)' in \(context) (expected one of: \(InterfaceOrientation.names.joined(separator: ", ")))")
                    return nil
                }
                return value
            }
        }
        scene.shouldAutorotate = fields.bool("shouldAutorotate")
        decodeCodeBehaviour(fields, into: &scene, context: context, sink: &sink)
        decodeModernProperties(fields, into: &scene)
        if fields.bool("isInitialViewController") == true {
            result.flaggedInitial.append((scene.id, fields.line("isInitialViewController")))
        }
        if let indexes = fields.list("refusesSelectionOf", of: "tab indexes") {
            scene.refusesSelectionOf = indexes.compactMap { node in
                guard node.tagName == .int, let value = node.int else {
                    diagnostics.error(node, "'refusesSelectionOf' in \(context) must be a list of tab indexes")
                    return nil
                }
                return value
            }
        }
    }

    /// Keys owned by one kind of scene, used on another.
    private func checkKindOnlyKeys(_ fields: Fields, of scene: Scene, context: String) {
        for entry in fields.entries {
            if let owner = Decoder.kindOnlyKeys[entry.key], owner != scene.kind {
                diagnostics.error(entry.keyNode, "'\(entry.key)' in \(context) applies only to \(owner.rawValue) scenes")
            }
        }
    }

    /// Relationship keys: each on the container kind that owns it, with its targets recorded
    /// (and their lines) for the validator.
    private func decodeRelationships(_ fields: Fields, into scene: inout Scene, kindKnown: Bool, context: String, result: inout Result) {
        for (key, owner) in Decoder.relationshipOwners where fields.has(key) {
            let line = fields.line(key)
            if !kindKnown {
                // Reported as an unknown kind.
            } else if !scene.kind.isContainer {
                diagnostics.error(line: line, .relationshipNotAllowed, "relationship on a content scene: '\(key)' in \(context), a \(scene.kind.rawValue)")
            } else if owner != scene.kind {
                diagnostics.error(line: line, .relationshipNotAllowed, "relationship '\(key)' in \(context) belongs to \(owner.rawValue) scenes, not \(scene.kind.rawValue)")
            }
            var targets: [(String, Node)] = []
            if key == "viewControllers" || key == "pages" {
                targets = fields.strings(key, of: "scene ids") ?? []
            } else if let node = fields[key], let target = Fields.string(node, key: key, context: context, diagnostics: diagnostics) {
                targets = [(target, node)]
            }
            for (target, node) in targets {
                result.relationships.append((scene.id, key, target, node.line))
            }
            let ids = targets.map(\.0)
            switch key {
            case "rootViewController": scene.rootViewController = ids.first
            case "viewControllers": scene.viewControllers = ids
            case "masterViewController": scene.masterViewController = ids.first
            case "detailViewController": scene.detailViewController = ids.first
            case "supplementaryViewController": scene.supplementaryViewController = ids.first
            case "compactViewController": scene.compactViewController = ids.first
            default: scene.pages = ids
            }
        }
    }

    /// What only a page view controller or an alert declares.
    private func decodeKindSpecifics(_ fields: Fields, into scene: inout Scene, context: String, sink: inout SceneSink) {
        if scene.kind == .pageViewController {
            var page = PageViewSpec()
            if let value = fields.enumeration("transitionStyle", allowed: ["pageCurl", "scroll"]) {
                page.transitionStyle = .init(rawValue: value)!
            }
            if let value = fields.enumeration("navigationOrientation", allowed: ["horizontal", "vertical"]) {
                page.navigationOrientation = .init(rawValue: value)!
            }
            if let value = fields.enumeration("spineLocation", allowed: ["min", "mid", "max", "none"]) {
                page.spineLocation = .init(rawValue: value)!
            }
            scene.pageView = page
        }
        if scene.kind == .alertController {
            scene.alert = decodeAlert(fields, title: scene.title, scene: context, sink: &sink)
        }
    }

    /// Inline alerts (`alert:` on a tappable element): a scene `SCENE.alert.N` each, presented by
    /// a segue `alert.N` of the scene.
    private func addInlineAlerts(_ alerts: [(alert: AlertSpec, location: SourceLocation?)], to scene: inout Scene, result: inout Result) {
        for (index, inline) in alerts.enumerated() {
            var alertScene = Scene(id: "\(scene.id).alert.\(index + 1)", kind: .alertController)
            alertScene.title = inline.alert.title
            alertScene.alert = inline.alert
            alertScene.location = inline.location
            result.inlineScenes.append(alertScene)
            var segue = SegueSpec(id: "alert.\(index + 1)", kind: .presentation, destination: alertScene.id)
            segue.location = inline.location
            scene.segues.append(segue)
        }
    }

    private func fieldsIsNull(_ node: Node) -> Bool {
        guard case let .scalar(scalar) = node else { return false }
        return node.tagName == .null && (scalar.style == .plain || scalar.style == .any)
    }

    /// What a scene's parts contribute to whole-scene checks.
    struct SceneSink {
        var sceneID: String
        var taps: [(TapTarget, Int)] = []
        var ids: [(String, Int)] = []
        var inlineAlerts: [(alert: AlertSpec, location: SourceLocation?)] = []
        mutating func id(_ id: String?, line: Int) { if let id { ids.append((id, line)) } }
    }

    // MARK: Bar items

    static let barButtonItemKeys: Set<String> = ["id", "title", "image", "style", "systemItem", "enabled", "segue", "action", "alert"]

    private func decodeNavigationItem(_ node: Node, scene: String, sink: inout SceneSink) -> NavigationItemSpec {
        var item = NavigationItemSpec()
        let context = "navigationItem of \(scene)"
        guard let fields = Fields(node, context: context, allowed: [
            "title", "prompt", "leftBarButtonItems", "rightBarButtonItems", "backBarButtonItem",
            "hidesBackButton", "leftItemsSupplementBackButton", "backButtonDisplayMode",
            "largeTitleDisplayMode", "searchController",
        ], what: "'navigationItem' in \(scene)", diagnostics: diagnostics) else { return item }
        item.title = fields.string("title")
        item.prompt = fields.string("prompt")
        if let items = fields.list("leftBarButtonItems", of: "bar button items") {
            item.leftBarButtonItems = items.compactMap { decodeBarButtonItem($0, scene: scene, sink: &sink) }
        }
        if let items = fields.list("rightBarButtonItems", of: "bar button items") {
            item.rightBarButtonItems = items.compactMap { decodeBarButtonItem($0, scene: scene, sink: &sink) }
        }
        if let back = fields["backBarButtonItem"], !fields.isNull(back) {
            if case let .scalar(scalar) = back {
                var spec = BarButtonItemSpec(title: scalar.string)
                spec.location = diagnostics.location(back)
                item.backBarButtonItem = spec
            } else {
                item.backBarButtonItem = decodeBarButtonItem(back, scene: scene, sink: &sink)
            }
        }
        if let value = fields.bool("hidesBackButton") { item.hidesBackButton = value }
        if let value = fields.bool("leftItemsSupplementBackButton") { item.leftItemsSupplementBackButton = value }
        if let mode = fields.enumeration("backButtonDisplayMode", BackButtonDisplayMode.self) { item.backButtonDisplayMode = mode }
        decodeModernItem(fields, into: &item, context: context)
        return item
    }

    private func decodeTabBarItem(_ node: Node, scene: String, sink: inout SceneSink) -> TabBarItemSpec? {
        let context = "tabBarItem of \(scene)"
        guard let fields = Fields(node, context: context, allowed: ["id", "title", "image", "badgeValue", "systemItem", "enabled"],
                                  what: "'tabBarItem' in \(scene)", diagnostics: diagnostics) else { return nil }
        var item = TabBarItemSpec(title: fields.string("title"))
        item.id = fields.string("id")
        sink.id(item.id, line: fields.line("id"))
        item.image = fields.string("image")
        item.badgeValue = fields.string("badgeValue")
        item.systemItem = fields.enumeration("systemItem", TabBarSystemItem.self)
        if let value = fields.bool("enabled") { item.enabled = value }
        return item
    }

    private func decodeBarButtonItem(_ node: Node, scene: String, sink: inout SceneSink) -> BarButtonItemSpec? {
        let context = "bar button item of \(scene)"
        guard let fields = Fields(node, context: context, allowed: Decoder.barButtonItemKeys,
                                  what: "a bar button item in \(scene)", diagnostics: diagnostics) else { return nil }
        var item = BarButtonItemSpec(id: fields.string("id"), title: fields.string("title"),
                                     systemItem: fields.enumeration("systemItem", BarButtonSystemItem.self))
        sink.id(item.id, line: fields.line("id"))
        item.image = fields.string("image")
        if let style = fields.enumeration("style", allowed: ["plain", "done", "bordered"]) {
            item.style = .init(rawValue: style)!
        }
        if let value = fields.bool("enabled") { item.enabled = value }
        item.tap = tapTarget(fields, sink: &sink)
        item.location = diagnostics.location(node)
        if item.title == nil, item.image == nil, item.systemItem == nil, !fields.has("systemItem") {
            diagnostics.error(node, "a bar button item in \(scene) needs a title, an image or a systemItem")
        }
        return item
    }

    /// `segue: ID` or `action: NAME` (not both).
    func tapTarget(_ fields: Fields, sink: inout SceneSink) -> TapTarget? {
        let segue = fields.string("segue"), action = fields.string("action")
        if segue != nil, action != nil {
            diagnostics.error(line: fields.line("action"), "\(fields.context) has both 'segue' and 'action'")
        }
        if let node = fields["alert"] {
            if segue != nil || action != nil {
                diagnostics.error(line: fields.line("alert"), "\(fields.context) has 'alert' and also 'segue' or 'action'")
            }
            let context = "inline alert of \(fields.context)"
            guard let alertFields = Fields(node, context: context, allowed: ["title", "message", "preferredStyle", "textFields", "actions"],
                                           what: context, diagnostics: diagnostics) else { return nil }
            let alert = decodeAlert(alertFields, title: alertFields.string("title"), scene: context, sink: &sink)
            sink.inlineAlerts.append((alert, diagnostics.location(node)))
            return .segue("alert.\(sink.inlineAlerts.count)")
        }
        if let segue {
            sink.taps.append((.segue(segue), fields.line("segue")))
            return .segue(segue)
        }
        if let action {
            sink.taps.append((.action(action), fields.line("action")))
            return .action(action)
        }
        return nil
    }

    // MARK: Segues

    /// The segues of a scene (`scene` names it in messages, `id` is its id); those that cannot be
    /// read are left out and recorded in `decoded.unreadSegues`.
    private func decodeSegues(_ node: Node, scene: String, id: String, result decoded: inout Result) -> [SegueSpec] {
        guard let segues = Fields(identifiers: node, context: "segues of \(scene)", what: "'segues' in \(scene)", diagnostics: diagnostics) else {
            decoded.unreadSegueLists[id] = node.line
            return []
        }
        var result: [SegueSpec] = []
        for entry in segues.entries {
            let context = "segue '\(entry.key)' of \(scene)"
            guard let fields = Fields(entry.value, context: context, allowed: [
                "kind", "destination", "action", "modalPresentationStyle", "modalTransitionStyle", "animates", "passes",
            ], what: context, diagnostics: diagnostics) else {
                decoded.unreadSegues[id, default: [:]][entry.key] = entry.value.line
                continue
            }
            var kind = SegueKind.show
            if fields.has("kind") {
                guard let value = fields.enumeration("kind", SegueKind.self) else {
                    decoded.unreadSegues[id, default: [:]][entry.key] = fields.line("kind")
                    continue
                }
                kind = value
            }
            var segue = SegueSpec(id: entry.key, kind: kind, destination: fields.string("destination"), action: fields.string("action"))
            segue.modalPresentationStyle = fields.enumeration("modalPresentationStyle", ModalPresentationStyle.self)
            segue.modalTransitionStyle = fields.enumeration("modalTransitionStyle", ModalTransitionStyle.self)
            if let value = fields.bool("animates") { segue.animates = value }
            if let passes = fields["passes"],
               let map = Fields(identifiers: passes, context: "passes of \(context)", what: "'passes' in \(context)", diagnostics: diagnostics) {
                for pass in map.entries {
                    if let template = Fields.string(pass.value, key: pass.key, context: "passes of \(context)", diagnostics: diagnostics) {
                        segue.passes[pass.key] = template
                    }
                }
            }
            segue.location = diagnostics.location(entry.keyNode)
            result.append(segue)
        }
        return result
    }

    // MARK: Alerts

    private func decodeAlert(_ fields: Fields, title: String?, scene: String, sink: inout SceneSink) -> AlertSpec {
        var alert = AlertSpec()
        alert.title = title
        alert.message = fields.string("message")
        if let style = fields.enumeration("preferredStyle", allowed: ["alert", "actionSheet"]) {
            alert.preferredStyle = .init(rawValue: style)!
        }
        for node in fields.list("textFields", of: "text fields") ?? [] {
            let context = "alert text field of \(scene)"
            guard let field = Fields(node, context: context, allowed: ["id", "placeholder"],
                                     what: "a text field in \(scene)", diagnostics: diagnostics) else { continue }
            guard let id = field.string("id") else {
                diagnostics.error(node, "\(context) needs an 'id'")
                continue
            }
            sink.id(id, line: field.line("id"))
            alert.textFields.append(.init(id: id, placeholder: field.string("placeholder")))
        }
        var cancelLine: Int?
        for node in fields.list("actions", of: "alert actions") ?? [] {
            let context = "alert action of \(scene)"
            guard let action = Fields(node, context: context, allowed: ["id", "title", "style", "segue", "action"],
                                      what: "an alert action in \(scene)", diagnostics: diagnostics) else { continue }
            let id = action.string("id")
            sink.id(id, line: action.line("id"))
            var style = AlertSpec.Action.Style.default
            if let value = action.enumeration("style", allowed: ["default", "cancel", "destructive"]) {
                style = .init(rawValue: value)!
            }
            if style == .cancel {
                if let first = cancelLine {
                    diagnostics.error(line: action.line("style"), "\(scene) has a second cancel action (the first is at line \(first))")
                }
                cancelLine = cancelLine ?? action.line("style")
            }
            guard let title = action.string("title") else {
                diagnostics.error(node, "\(context) needs a 'title'")
                continue
            }
            alert.actions.append(.init(id: id, title: title, style: style, tap: tapTarget(action, sink: &sink)))
        }
        return alert
    }

    // MARK: View elements

    static let commonElementKeys: Set<String> = ["id", "enabled", "segue", "action", "alert"]

    /// Keys each element kind takes besides the common ones.
    static let elementKeys: [ViewNode.Kind: Set<String>] = [
        .label: ["text", "detail", "style"],
        .button: ["text", "title", "image", "style"],
        .textField: ["text", "placeholder", "detail"],
        .textView: ["text", "placeholder"],
        .image: ["image", "text"],
        .switch: ["text", "title", "isOn"],
        .slider: ["value", "minValue", "maxValue", "text"],
        .stepper: ["value", "minimumValue", "maximumValue", "stepValue", "text"],
        .progress: ["value", "text"],
        .pageControl: ["pages", "value"],
        .segmentedControl: ["segments", "value", "text"],
        .activityIndicator: ["text"],
        .table: ["style", "sections", "rows"],
        .collection: ["views"],
        .stack: ["axis", "views"],
        .scroll: ["views"],
        .container: ["views", "embed"],
        .view: ["views"],
        .spacer: [],
        .map: ["text"],
        .web: ["text"],
        .datePicker: ["text", "value"],
        .picker: ["text", "segments", "value"],
        .searchBar: ["text", "placeholder"],
        .placeholder: ["text"],
    ]

    static let elementStyles: [ViewNode.Kind: [String]] = [
        .label: ["title", "headline", "body", "footnote", "caption", "empty"],
        .button: ["plain", "filled", "destructive"],
        .table: ["plain", "grouped", "insetGrouped"],
    ]

    private func decodeElement(_ node: Node, scene: String, sink: inout SceneSink) -> ViewNode? {
        guard case let .mapping(mapping) = node, mapping.count == 1, let (keyNode, value) = mapping.first,
              case let .scalar(keyScalar) = keyNode else {
            diagnostics.error(node, "a view element in \(scene) must be a map with one key, the element kind (like '- label: Hello')")
            return nil
        }
        let name = Composer.unmark(keyScalar.string).key
        guard let kind = ViewNode.Kind(rawValue: name) else {
            diagnostics.error(keyNode, .unknownKey, "unknown key '\(name)' in view of \(scene) (expected an element kind: \(ViewNode.Kind.names.joined(separator: ", ")))")
            return nil
        }
        var element = ViewNode(kind)
        element.location = diagnostics.location(keyNode)
        let context = "\(name) of \(scene)"

        // Shorthand: `- label: Hello`, `- button: Send`, `- image: logo`, `- spacer:`.
        if case let .scalar(scalar) = value {
            return shorthandElement(element, value: value, scalar: scalar, name: name, scene: scene)
        }
        guard let fields = Fields(value, context: context,
                                  allowed: Decoder.commonElementKeys.union(Decoder.elementKeys[kind] ?? []),
                                  what: "'\(name)' in \(scene)", diagnostics: diagnostics) else { return nil }
        decodeValues(fields, into: &element, context: context, sink: &sink)
        decodeContents(fields, into: &element, context: context, scene: scene, sink: &sink)
        return element
    }

    /// An element written as one value: an image's name, a field's placeholder, the text of
    /// anything else; containers take a map.
    private func shorthandElement(_ element: ViewNode, value: Node, scalar: Node.Scalar, name: String, scene: String) -> ViewNode? {
        var element = element
        if element.kind == .spacer || fieldsIsNull(value) { return element }
        switch element.kind {
        case .image: element.image = scalar.string
        case .textField, .searchBar: element.placeholder = scalar.string
        case .table, .stack, .scroll, .container, .collection, .view:
            diagnostics.error(value, "'\(name)' in \(scene) takes a map, not a value")
            return nil
        default: element.text = scalar.string
        }
        return element
    }

    /// An element's id, texts, image, style and control values.
    private func decodeValues(_ fields: Fields, into element: inout ViewNode, context: String, sink: inout SceneSink) {
        let kind = element.kind
        element.id = fields.string("id")
        sink.id(element.id, line: fields.line("id"))
        element.text = fields.string("text")
        if fields.has("title") {
            if fields.has("text") {
                diagnostics.error(line: fields.line("title"), "\(context) has both 'text' and 'title'")
            }
            element.text = fields.string("title")
        }
        element.detail = fields.string("detail")
        element.placeholder = fields.string("placeholder")
        element.image = fields.string("image")
        if let styles = Decoder.elementStyles[kind] {
            element.style = fields.enumeration("style", allowed: styles)
        }
        if let value = fields.bool("enabled") { element.enabled = value }
        element.isOn = fields.bool("isOn")
        element.value = fields.double("value")
        // Interface Builder's names: a slider's `minValue`/`maxValue`, a stepper's
        // `minimumValue`/`maximumValue`/`stepValue`.
        element.minimumValue = fields.double(kind == .slider ? "minValue" : "minimumValue")
        element.maximumValue = fields.double(kind == .slider ? "maxValue" : "maximumValue")
        element.stepValue = fields.double("stepValue")
        if let segments = fields.strings("segments", of: "titles") { element.segments = segments.map(\.0) }
        if kind == .pageControl { element.pageCount = fields.double("pages").map { Int(saturating: min(max($0, 0), 1_000)) } ?? 3 }
        if let axis = fields.enumeration("axis", allowed: ["vertical", "horizontal"]) {
            element.axis = .init(rawValue: axis)
        }
    }

    /// What an element holds or leads to: its subviews, its tap, its embed segue, its table's rows.
    private func decodeContents(_ fields: Fields, into element: inout ViewNode, context: String, scene: String, sink: inout SceneSink) {
        let kind = element.kind
        if let children = fields.list("views", of: "view elements") {
            element.children = children.compactMap { decodeElement($0, scene: scene, sink: &sink) }
        }
        element.tap = tapTarget(fields, sink: &sink)
        if kind == .container { element.embed = fields.string("embed") }
        if kind == .table {
            if fields.has("sections"), fields.has("rows") {
                diagnostics.error(line: fields.line("rows"), "\(context) has both 'sections' and 'rows'")
            }
            if let sections = fields.list("sections", of: "sections") {
                element.sections = sections.compactMap { decodeSection($0, scene: scene, sink: &sink) }
            } else if let rows = fields.list("rows", of: "rows") {
                element.sections = [TableSection(rows: rows.compactMap { decodeRow($0, scene: scene, sink: &sink) })]
            }
        }
    }

    private func decodeSection(_ node: Node, scene: String, sink: inout SceneSink) -> TableSection? {
        guard let fields = Fields(node, context: "table section of \(scene)", allowed: ["header", "footer", "rows"],
                                  what: "a table section in \(scene)", diagnostics: diagnostics) else { return nil }
        var section = TableSection(header: fields.string("header"), footer: fields.string("footer"))
        section.rows = (fields.list("rows", of: "rows") ?? []).compactMap { decodeRow($0, scene: scene, sink: &sink) }
        return section
    }

    static let rowStyles = ["basic", "subtitle", "value1", "value2"]
    static let accessories = ["none", "disclosureIndicator", "detailDisclosureButton", "checkmark", "detailButton", "switch"]

    private func decodeRow(_ node: Node, scene: String, sink: inout SceneSink) -> TableRow? {
        if case let .scalar(scalar) = node, !fieldsIsNull(node) {
            var row = TableRow(text: scalar.string)   // `- Inbox`
            row.location = diagnostics.location(node)
            return row
        }
        guard let fields = Fields(node, context: "table row of \(scene)", allowed: [
            "id", "text", "detail", "style", "accessory", "isOn", "views", "image", "segue", "action", "alert",
            "accessorySegue",
            "leadingSwipeActions", "trailingSwipeActions",
        ], what: "a table row in \(scene)", diagnostics: diagnostics) else { return nil }
        var row = TableRow(id: fields.string("id"), text: fields.string("text"), detail: fields.string("detail"))
        sink.id(row.id, line: fields.line("id"))
        if let style = fields.enumeration("style", allowed: Decoder.rowStyles) { row.style = .init(rawValue: style)! }
        if let accessory = fields.enumeration("accessory", allowed: Decoder.accessories) {
            row.accessory = .init(rawValue: accessory)!
        }
        row.isOn = fields.bool("isOn")
        if row.isOn != nil, row.accessory != .switch {
            diagnostics.error(line: fields.line("isOn"), "'isOn' on a table row in \(scene) needs 'accessory: switch'")
        }
        // A custom cell: its own controls (a segmented control, a stepper) after the row's text.
        if let views = fields.list("views", of: "view elements") {
            row.content = views.compactMap { decodeElement($0, scene: scene, sink: &sink) }
            if !row.content.isEmpty { row.style = .custom }
        }
        row.image = fields.string("image")
        row.tap = tapTarget(fields, sink: &sink)
        row.accessoryTap = accessorySegue(fields, accessory: &row.accessory, scene: scene, sink: &sink)
        row.leadingSwipeActions = decodeSwipeActions(fields, "leadingSwipeActions", scene: scene, sink: &sink)
        row.trailingSwipeActions = decodeSwipeActions(fields, "trailingSwipeActions", scene: scene, sink: &sink)
        row.location = diagnostics.location(node)
        return row
    }
}
