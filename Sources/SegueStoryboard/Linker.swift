import SegueCore

extension StoryboardImporter {
    /// Merges parsed documents into one storyboard: prefixes the scene ids of every document but
    /// the main one with `Name:`, resolves storyboard references (drops, with a warning, what
    /// stays unresolved) and assigns unwind actions (see the type's documentation).
    static func link(_ docs: [ParsedDocument], main: Int) -> LinkResult {
        var linker = Linker(docs: docs, main: main)
        return linker.run()
    }
}

private struct Linker {
    let docs: [ParsedDocument]
    let main: Int
    var diagnostics: [Diagnostic] = []
    var stats = ImportStats()
    /// Resolved references: (document, XML id) → final scene id or nil.
    var resolved: [String: String?] = [:]
    var xmlIDs: [String: String] = [:]
    /// Scenes standing for unresolved storyboard references (see `placeholder`).
    var placeholders: [Scene] = []

    init(docs: [ParsedDocument], main: Int) {
        self.docs = docs
        self.main = main
    }

    func prefix(_ doc: Int) -> String { doc == main ? "" : docs[doc].name + ":" }

    /// The tab bar item a storyboard-reference destination carries, when it carries one.
    func referencedTabBarItem(_ dest: String, doc: Int) -> TabBarItemSpec? {
        guard dest.hasPrefix(ParsedDocument.referenceToken) else { return nil }
        return docs[doc].references[String(dest.dropFirst(ParsedDocument.referenceToken.count))]?.tabBarItem
    }

    mutating func run() -> LinkResult {
        var scenes: [Scene] = []
        var tabItemsOfReferences: [String: TabBarItemSpec] = [:]
        let unwindActions = gatherDocuments()
        for (i, doc) in docs.enumerated() {
            for scene in doc.scenes { scenes.append(link(scene, doc: i, tabItemsOfReferences: &tabItemsOfReferences)) }
        }
        Self.assignUnwindActions(unwindActions.sorted(), to: &scenes)
        var initial: String?
        let mainDoc = docs[main]
        if let start = mainDoc.initial {
            initial = resolve(start, doc: main, line: mainDoc.initialLine, visited: [])
        }
        offerCloseOnPresentedPlaceholders(scenes)
        scenes += placeholders
        stats.placeholderScenes = placeholders.count
        // A tab that is a storyboard reference shows the reference's own tab bar item, unless
        // that is Interface Builder's bare placeholder ("Item", no image) and the referenced
        // scene has an item of its own: apps ship with such tabs showing the scene's item.
        for i in scenes.indices {
            guard let item = tabItemsOfReferences[scenes[i].id] else { continue }
            if Self.isPlaceholderItem(item), scenes[i].tabBarItem != nil { continue }
            scenes[i].tabBarItem = item
        }
        var storyboard = Storyboard(name: mainDoc.name, initialViewController: initial, scenes: scenes, diagnostics: diagnostics)
        storyboard.diagnostics = diagnostics
        if mainDoc.isTV { storyboard.platform = .tvOS }
        (storyboard.era, storyboard.eraReason) = mainDoc.eraSignals.decide()
        storyboard.mainFile = mainDoc.file
        for i in docs.indices where i != main {
            if case .scene(let id)? = docs[i].initial { storyboard.entryScenes.insert(prefix(i) + id) }
            if docs[i].isLaunchScreen { storyboard.launchScreenScenes.formUnion(docs[i].scenes.map { prefix(i) + $0.id }) }
        }
        return LinkResult(storyboard: storyboard, stats: stats, xmlIDs: xmlIDs)
    }

    /// Every document's diagnostics and counts, summed; the unwind actions they declare.
    mutating func gatherDocuments() -> Set<String> {
        var unwindActions: Set<String> = []
        for doc in docs {
            diagnostics += doc.diagnostics
            stats.sceneElements += doc.stats.sceneElements
            stats.referenceScenes += doc.stats.referenceScenes
            stats.declaredSegues.merge(doc.stats.declaredSegues, uniquingKeysWith: +)
            stats.droppedSegues.merge(doc.stats.droppedSegues, uniquingKeysWith: +)
            unwindActions.formUnion(doc.unwindActions)
        }
        return unwindActions
    }

    /// A scene of document `i` with its id prefixed and its segues and relationships led to
    /// their final scenes; those into an unresolved reference are dropped with a warning.
    /// Interface Builder's default tab bar item, titled "Item" (or untitled), with no image.
    static func isPlaceholderItem(_ item: TabBarItemSpec) -> Bool {
        (item.title == nil || item.title == "Item" || item.title == "") && item.image == nil && item.selectedImage == nil && item.systemItem == nil
    }

    mutating func link(_ scene: Scene, doc i: Int, tabItemsOfReferences: inout [String: TabBarItemSpec]) -> Scene {
        var scene = scene
        xmlIDs[prefix(i) + scene.id] = docs[i].xmlIDs[scene.id]
        scene.id = prefix(i) + scene.id
        var removed: Set<String> = []
        scene.segues = scene.segues.compactMap { segue in
            var segue = segue
            guard let dest = segue.destination else { return segue }
            if let final = target(dest, doc: i, line: segue.location?.line ?? 1) {
                segue.destination = final
                return segue
            }
            removed.insert(segue.id)
            stats.droppedSegues[segue.kind.rawValue, default: 0] += 1
            diagnostics.append(Diagnostic(.unresolvedStoryboardReference, severity: .warning, at: segue.location,
                "segue '\(segue.id)' of scene \(scene.id) leads to an unresolved storyboard reference; dropped"))
            return nil
        }
        if !removed.isEmpty { StoryboardImporter.stripTaps(&scene, removed) }
        let (line, id, location) = (scene.location?.line ?? 1, scene.id, scene.location)
        func relation(_ raw: String?, _ name: String) -> String? {
            guard let raw else { return nil }
            if let final = target(raw, doc: i, line: line) { return final }
            stats.droppedSegues["relationship", default: 0] += 1
            diagnostics.append(Diagnostic(.unresolvedStoryboardReference, severity: .warning, at: location,
                "relationship '\(name)' of scene \(id) leads to an unresolved storyboard reference; dropped"))
            return nil
        }
        scene.rootViewController = relation(scene.rootViewController, "rootViewController")
        scene.viewControllers = scene.viewControllers.compactMap { raw in
            guard let final = relation(raw, "viewControllers") else { return nil }
            if scene.kind == .tabBarController, let item = referencedTabBarItem(raw, doc: i) {
                tabItemsOfReferences[final] = item
            }
            return final
        }
        scene.masterViewController = relation(scene.masterViewController, "masterViewController")
        scene.detailViewController = relation(scene.detailViewController, "detailViewController")
        scene.supplementaryViewController = relation(scene.supplementaryViewController, "supplementaryViewController")
        scene.compactViewController = relation(scene.compactViewController, "compactViewController")
        scene.pages = scene.pages.compactMap { relation($0, "pages") }
        return scene
    }

    /// Unwind actions: only code knows which controllers implement them; assume every content
    /// scene with a custom class implements every unwind action of the imported storyboards.
    /// Not a container's: a navigation or tab bar controller subclass is most often a library's
    /// or a styling class, and taking the unwind there would stop it short of the app's own
    /// controllers. Unless no content scene has a class: then the container subclasses are
    /// the only code there is, and one of them implements the action.
    static func assignUnwindActions(_ actions: [String], to scenes: inout [Scene]) {
        guard !actions.isEmpty else { return }
        var holders = scenes.indices.filter { scenes[$0].className != nil && !scenes[$0].kind.isContainer }
        if holders.isEmpty { holders = scenes.indices.filter { scenes[$0].className != nil && scenes[$0].kind != .navigationController } }
        for i in holders { scenes[i].unwindActions = actions }
    }

    /// A placeholder presented modally offers a Close (dismiss), as the real scene would have
    /// some way back; pushed ones have the back button.
    mutating func offerCloseOnPresentedPlaceholders(_ scenes: [Scene]) {
        let presentedKinds: Set<SegueKind> = [.presentation, .modal, .popover, .popoverPresentation]
        for i in placeholders.indices {
            let id = placeholders[i].id
            let presented = scenes.contains { $0.segues.contains { $0.destination == id && presentedKinds.contains($0.kind) } }
            if presented {
                var close = ViewNode(.button, id: "\(id).close", text: "Close")
                close.tap = .action(BuiltInAction.dismiss.rawValue)
                close.location = placeholders[i].location
                placeholders[i].view.append(close)
            }
        }
    }

    /// A scene standing for an unresolved (or cyclic) storyboard reference: a content scene titled
    /// after the reference whose view is a labelled placeholder, so segues to it still run and
    /// the person sees what the app would show there. Its id is the reference's XML id.
    mutating func placeholder(_ ref: StoryboardReference, doc: Int, here: SourceLocation) -> String {
        let id = prefix(doc) + ref.xmlID
        if placeholders.contains(where: { $0.id == id }) { return id }
        var scene = Scene(id: id)
        let name = ref.storyboardName ?? docs[doc].name
        let title = ref.referencedIdentifier.map { "\(name) › \($0)" } ?? name
        scene.title = title
        scene.navigationItem.title = title
        scene.isUnresolvedReference = true
        scene.storyboardName = docs[doc].name
        var node = ViewNode(.placeholder, text: "Storyboard reference: \(title) (not loaded)")
        node.location = here
        scene.view = [node]
        scene.location = here
        xmlIDs[id] = ref.xmlID
        placeholders.append(scene)
        return id
    }

    /// A destination as stored by the mapper (local id or reference token) → final scene id.
    mutating func target(_ dest: String, doc: Int, line: Int) -> String? {
        if dest.hasPrefix(ParsedDocument.referenceToken) {
            let xmlID = String(dest.dropFirst(ParsedDocument.referenceToken.count))
            return resolve(.reference(xmlID), doc: doc, line: line, visited: [])
        }
        return prefix(doc) + dest
    }

    mutating func resolve(_ target: LocalTarget, doc: Int, line: Int, visited: Set<String>) -> String? {
        switch target {
        case .scene(let id):
            return prefix(doc) + id
        case .reference(let xmlID):
            let key = "\(doc)\u{0}\(xmlID)"
            if let cached = resolved[key] { return cached }
            guard let ref = docs[doc].references[xmlID] else { return nil }
            let here = SourceLocation(file: docs[doc].file, line: ref.line)
            func fail(_ message: String, _ code: Diagnostic.Code = .unresolvedStoryboardReference) -> String? {
                diagnostics.append(Diagnostic(code, severity: .warning, at: here, message + "; shown as a placeholder scene"))
                let id = placeholder(ref, doc: doc, here: here)
                resolved[key] = .some(id)
                return id
            }
            if visited.contains(key) {
                return fail("cyclic storyboard reference \(xmlID) in '\(docs[doc].name)'", .cyclicStoryboardReference)
            }
            let description = "storyboard reference \(xmlID) to '\(ref.storyboardName ?? docs[doc].name)'"
                + (ref.referencedIdentifier.map { ", identifier '\($0)'" } ?? " (initial view controller)")
            if let bundle = ref.bundleIdentifier, !bundle.isEmpty {
                return fail("unresolved \(description): storyboards of bundle '\(bundle)' are not loaded")
            }
            let targetDoc: Int
            if let name = ref.storyboardName {
                guard let index = docs.firstIndex(where: { $0.name == name }) else {
                    return fail("unresolved \(description): no storyboard named '\(name)' was loaded")
                }
                targetDoc = index
            } else {
                targetDoc = doc
            }
            let next: LocalTarget
            if let identifier = ref.referencedIdentifier {
                guard let t = docs[targetDoc].storyboardIDs[identifier] else {
                    return fail("unresolved \(description): '\(docs[targetDoc].name)' has no scene with that storyboard identifier")
                }
                next = t
            } else {
                guard let t = docs[targetDoc].initial else {
                    return fail("unresolved \(description): '\(docs[targetDoc].name)' has no initial view controller")
                }
                next = t
            }
            var seen = visited
            seen.insert(key)
            let result = resolve(next, doc: targetDoc, line: line, visited: seen)
            resolved[key] = .some(result)
            return result
        }
    }
}

extension StoryboardImporter {
    /// Removes taps that fire one of `segueIDs` (segues dropped from the scene).
    static func stripTaps(_ scene: inout Scene, _ segueIDs: Set<String>) {
        func fix(_ tap: inout TapTarget?) {
            if case .segue(let id)? = tap, segueIDs.contains(id) { tap = nil }
        }
        func fixItems(_ items: inout [BarButtonItemSpec]) {
            for i in items.indices { fix(&items[i].tap) }
        }
        func fixNode(_ node: inout ViewNode) {
            fix(&node.tap)
            if let embed = node.embed, segueIDs.contains(embed) { node.embed = nil }
            for i in node.children.indices { fixNode(&node.children[i]) }
            for s in node.sections.indices {
                for r in node.sections[s].rows.indices {
                    fix(&node.sections[s].rows[r].tap)
                    fix(&node.sections[s].rows[r].accessoryTap)
                    for c in node.sections[s].rows[r].content.indices { fixNode(&node.sections[s].rows[r].content[c]) }
                }
            }
        }
        fixItems(&scene.navigationItem.leftBarButtonItems)
        fixItems(&scene.navigationItem.rightBarButtonItems)
        if scene.navigationItem.backBarButtonItem != nil { fix(&scene.navigationItem.backBarButtonItem!.tap) }
        fixItems(&scene.toolbarItems)
        for i in scene.view.indices { fixNode(&scene.view[i]) }
    }
}
