/// State preservation and restoration (docs/Semantics.md, Restoration and URLs).
///
/// - A controller *participates* when it and every controller above it (parents, and presenting
///   controllers for presented ones) have a `restorationIdentifier`: its **identifier path** is that
///   chain (``ViewController/restorationIdentifierPath``). Below a controller without an identifier
///   nothing is saved: not its children, not what it presents.
/// - Saving: the canonical URL (``HierarchyPath``) already encodes the hierarchy: children in
///   order, selected tab, page index, stacks, presented chain with styles. For participating
///   controllers it also carries their own state (`;key=value` after the scene): form values
///   (`f.ID` text, `b.ID` switches), editing (`e`), values a segue passed (`p.KEY`), and whatever `encodeRestorableState(with:)`
///   stores (`k.KEY`). Decision: the URL keeps the whole hierarchy even below a controller without
///   an identifier, because Segue's page URL names the whole hierarchy (bookmarks, shared
///   links); pruning applies to the restorable *state* and the restoration callbacks.
/// - Restoring (``Window/restore(_:)``, a fresh window): instantiate down each path, without
///   running any segue or `prepareForSegue` (embed segues aside: they run as a restored host's
///   view loads); every view a participating controller needs (its own, to decode into), parent
///   first down each chain; then `decodeRestorableState` for each participating controller in
///   pre-order; then `applicationFinishedRestoringState` for each; then the launch's appearance
///   events for the finally visible controllers only. Restored children get their
///   `willMove`/`didMove` as UIKit adds them (stack entries, a tab shown on the More navigation
///   controller, which also appears with `isMovingToParent`).
extension ViewController {
    /// The chain of restoration identifiers from the root (through parents, and through the
    /// presenting controller for presented ones); nil when a link has none.
    public var restorationIdentifierPath: [String]? {
        guard let mine = restorationIdentifier else { return nil }
        if let p = parent { return p.restorationIdentifierPath.map { $0 + [mine] } }
        if let presenter = presentingStorage { return presenter.restorationIdentifierPath.map { $0 + [mine] } }
        return [mine]
    }

    /// Whether ``restorationIdentifierPath`` is non-nil, without building it.
    var hasRestorationIdentifierPath: Bool {
        var c: ViewController? = self
        while let current = c {
            guard current.restorationIdentifier != nil else { return false }
            c = current.parent ?? current.presentingStorage
        }
        return true
    }

    /// The restorable state of this controller alone (framework keys and the subclass's).
    func restorableState() -> [(key: String, value: String)] {
        var out: [(key: String, value: String)] = []
        forEachRestorableEntry { out.append(($0, $1)) }
        return out
    }

    /// Hands each entry of ``restorableState()`` to `body`, in its order, without building the
    /// list: the canonical URL, written with every answer, visits every controller's state, and
    /// most controllers have none.
    func forEachRestorableEntry(_ body: (String, String) -> Void) {
        if isEditing { body("e", "1") }
        if let nav = self as? NavigationController { nav.forEachBarVisibilityEntry(body) }
        if !tableSectionEdits.isEmpty { for entry in tableOrderEntries { body(entry.key, entry.value) } }
        // What a segue handed over: restoration runs no segue, so the values travel with the state.
        if !passedValues.isEmpty {
            for (k, v) in passedValues.sorted(by: { $0.key < $1.key }) { body("p." + k, v) }
        }
        if !values.isEmpty {
            for (id, value) in values.sorted(by: { $0.key < $1.key }) {
                switch value {
                case .text(let t): body("f." + id, t)
                case .bool(let b): body("b." + id, b ? "1" : "0")
                }
            }
        }
        // Only a subclass encodes state of its own: the framework's class for the scene's kind
        // encodes nothing, and is not asked.
        guard type(of: self) != ControllerRegistry.defaultClass(for: kind) else { return }
        // The window's coder, lent for the call (most controllers encode nothing): no allocation.
        let scratch = window?.restorationScratch
        let coder = scratch.flatMap { $0.isLent ? nil : $0 } ?? RestorationCoder()
        coder.isLent = true
        encodeRestorableState(with: coder)
        for (k, v) in coder.entries { body("k." + k, v) }
        coder.removeAll()
        coder.isLent = false
    }

    /// Applies framework keys and hands the rest to `decodeRestorableState`.
    func applyRestorableState(_ state: [(key: String, value: String)]) {
        let parts = RestorableStateParts(state)
        if let editing = parts.editing { isEditing = editing }
        applyBarVisibility(parts)
        if !parts.tableOrders.isEmpty { applyTableOrders(parts.tableOrders) }
        values.merge(parts.values) { $1 }
        passedValues.merge(parts.passed) { $1 }
        applyPassedTitle(parts)
        decodeRestorableState(with: RestorationCoder(entries: parts.custom))
    }

    /// A passed `title` (what a segue's `passes` set) is the controller's title.
    func applyPassedTitle(_ parts: RestorableStateParts) {
        guard let title = parts.passed["title"] else { return }
        self.title = title
        navigationItem.title = nil
    }
}

/// Restorable-state entries (``ViewController/restorableState()``) sorted by what they restore:
/// `e` editing, `r.TABLE.SECTION` table rows left after deletes and moves, `f.ID` / `b.ID` form
/// values, `p.KEY` passed values, `k.KEY` the subclass's own.
struct RestorableStateParts {
    var editing: Bool?
    /// `nb`, `tb`: a navigation controller's bars shown or hidden at run time (1 hidden, 0 shown).
    var navigationBarHidden: Bool?
    var toolbarHidden: Bool?
    var values: [String: FieldValue] = [:]
    var passed: [String: String] = [:]
    var custom: [(key: String, value: String)] = []
    var tableOrders: [TableOrderKey: [Int]] = [:]

    init(_ entries: some Sequence<(key: String, value: String)>) {
        for (k, v) in entries {
            if k == "e" { editing = v == "1" }
            else if k == "nb" { navigationBarHidden = v == "1" }
            else if k == "tb" { toolbarHidden = v == "1" }
            else if k.hasPrefix("r."), let (key, order) = TableOrderKey.parse(key: k, value: v) { tableOrders[key] = order }
            else if k.hasPrefix("f.") { values[String(k.dropFirst(2))] = .text(v) }
            else if k.hasPrefix("b.") { values[String(k.dropFirst(2))] = .bool(v == "1") }
            else if k.hasPrefix("k.") { custom.append((String(k.dropFirst(2)), v)) }
            else if k.hasPrefix("p.") { passed[String(k.dropFirst(2))] = v }
        }
    }
}

extension Window {
    /// Brings a live controller's restorable state to what a URL carries (browser back or forward
    /// across an edit or a form change): editing through `setEditing` (logged, as a tap on Edit
    /// would be), form and passed values directly (no callback, like a text field's contents), and
    /// the subclass's own keys through `decodeRestorableState` (logged). Returns whether anything
    /// changed. Controllers off an identifier path carry no state in URLs and are left alone.
    func reconcileState(_ c: ViewController, with entries: [HierarchyPath.StateEntry], animated: Bool) -> Bool {
        guard c.hasRestorationIdentifierPath else { return false }
        // `v=0` (a custom container child's view out of its container) is hierarchy, not state.
        let entries = entries.filter { $0.key != "v" }
        let current = c.restorableState()
        guard !current.elementsEqual(entries, by: { $0.key == $1.key && $0.value == $1.value }) else { return false }
        let wanted = RestorableStateParts(entries.lazy.map { ($0.key, $0.value) })
        let editing = wanted.editing ?? false
        if editing != c.isEditing { setEditing(editing, on: c, animated: animated) }
        if wanted.values != c.values { c.values = wanted.values }
        if let nav = c as? NavigationController {
            let (bar, tool) = (wanted.navigationBarHidden ?? nav.sceneHidesBar, wanted.toolbarHidden ?? nav.sceneHidesToolbar)
            if bar != nav.isNavigationBarHidden { _ = setBar(.navigationBar, hidden: bar, on: nav) }
            if tool != nav.isToolbarHidden { _ = setBar(.toolbar, hidden: tool, on: nav) }
        }
        if wanted.tableOrders != RestorableStateParts(current).tableOrders { c.applyTableOrders(wanted.tableOrders) }
        if wanted.passed != c.passedValues {
            c.passedValues = wanted.passed
            c.applyPassedTitle(wanted)
        }
        let had = RestorableStateParts(current)
        if !had.custom.elementsEqual(wanted.custom, by: { $0.key == $1.key && $0.value == $1.value }) {
            record(c, .decodeRestorableState)
            c.decodeRestorableState(with: RestorationCoder(entries: wanted.custom))
        }
        return true
    }

    /// Rebuilds the hierarchy a URL names in a window that has not launched: no segue runs and no
    /// `prepareForSegue` is sent; restoration events follow in UIKit's order. Throws `invalid_url` or
    /// `unknown_scene` for a URL this storyboard cannot restore (then the window stays unlaunched).
    @discardableResult
    public func restore(_ target: HierarchyPath) throws(ActionError) -> ActionOutcome {
        guard !isLaunched else { throw ActionError.illegal("the session has already launched") }
        // The root is the initial scene, or any scene that can stand alone (a scene opened by
        // its identifier, `open(sceneID:)`).
        if target.scene != storyboard.initialViewController, target.scene != storyboard.padInitialViewController {
            if storyboard[target.scene] != nil, let problem = storyboard.standaloneProblem(target.scene) {
                throw ActionError(.invalidURL, "the URL's root scene cannot be a window's root: \(problem.message)")
            }
            guard storyboard[target.scene] != nil || storyboard.initialViewController != nil else {
                throw ActionError(.unknownScene, "the storyboard has no initial view controller")
            }
        }
        try validate(target)
        try validateRestorable(target)
        let firstSeq = log.lastSeq
        let root = try instantiate(sceneID: target.scene)
        var restored: Restored = []
        try build(root, target, restored: &restored)
        attach(root)
        self.root = root
        settleLaunchOrientation()
        // Every view the decoding needs loads first, parent first down each chain; then each
        // controller on an identifier path decodes its state, in pre-order.
        let participating = restored.filter { $0.0.hasRestorationIdentifierPath }
        for (c, _) in participating { loadViewParentFirst(c) }
        for (c, state) in participating {
            record(c, .decodeRestorableState)
            c.applyRestorableState(state)
        }
        for (c, _) in participating {
            record(c, .applicationFinishedRestoringState)
            c.applicationFinishedRestoringState()
        }
        showLaunchTabsInMore(contained: true) { self.isLaunched = true }
        checkInvariants()
        return ActionOutcome(events: Array(log.events(after: firstSeq)), warnings: [], changed: true)
    }

    /// Loads `c`'s view after those of its parents, outermost first (restoration loads the views
    /// it needs parent first down each chain).
    func loadViewParentFirst(_ c: ViewController) {
        var chain: [ViewController] = []
        var node: ViewController? = c
        while let n = node {
            chain.append(n)
            node = n.parent
        }
        for n in chain.reversed() { loadViewIfNeeded(n) }
    }

    /// Indexes must be in range before anything is built.
    func validateRestorable(_ node: HierarchyPath) throws(ActionError) {
        if let index = node.index, let scene = storyboard[node.scene] {
            let count = scene.kind == .pageViewController ? scene.pages.count : scene.relationshipTargets.count
            // A tab bar's index may also name its More list (one past the tabs).
            let limit = scene.kind == .tabBarController ? count + 1 : count
            guard index >= 0, index < max(limit, 1) else {
                throw ActionError(.invalidURL, "index \(index) of '\(node.scene)' is out of range")
            }
        }
        if let children = node.children, let scene = storyboard[node.scene] {
            let expected = scene.relationshipTargets
            switch scene.kind {
            case .tabBarController:
                // Tabs in any order (a user may have rearranged them), each once.
                guard children.count == expected.count, children.map(\.scene).sorted() == expected.sorted() else {
                    throw ActionError(.invalidURL, "the tabs of '\(node.scene)' do not match the storyboard")
                }
            case .splitViewController:
                // The primary is the storyboard's; the secondary may have been replaced by
                // showDetail or a replace segue (any scene).
                guard children.count <= expected.count, children.first.map({ $0.scene == expected.first }) ?? true else {
                    throw ActionError(.invalidURL, "the children of '\(node.scene)' do not match the storyboard")
                }
            default:
                break
            }
        }
        for child in (node.children ?? []) + (node.pushedInMore ?? []) { try validateRestorable(child) }
        if let p = node.presented { try validateRestorable(p.node) }
    }

    /// The controllers `build` made, with the state their URL nodes carry, in pre-order.
    typealias Restored = [(ViewController, [(key: String, value: String)])]

    /// Shapes `c` (fresh from `instantiate`) like `node`, directly: no transitions, no segues.
    /// The container first (its stack, tab order, page or secondary), then its children, what
    /// was pushed onto a More navigation controller, and what it presents.
    private func build(_ c: ViewController, _ node: HierarchyPath, restored: inout Restored) throws(ActionError) {
        restored.append((c, node.state.map { ($0.key, $0.value) }))
        switch c {
        case let nav as NavigationController: try restoreStack(nav, node)
        case let tabs as TabBarController: restoreTabOrder(tabs, node)
        case let pages as PageViewController: try restorePage(pages, node)
        case let split as SplitViewController: try restoreSecondary(split, node)
        default:
            // Children embedded in a content controller exist once its view loads (embed segues
            // run then, as in UIKit's restoration): load it when the URL names any, after the
            // views restoration loaded before it in pre-order (parent first down each chain: a
            // stack's root before a host pushed above it). Its embedded children's views load
            // after its own `viewDidLoad`, in their turn.
            if !c.isContainer, node.children?.isEmpty == false {
                for (earlier, _) in restored where earlier !== c && earlier.hasRestorationIdentifierPath { loadViewParentFirst(earlier) }
                deferringEmbeddedViewLoads { loadViewParentFirst(c) }
                try restoreAddedChildren(of: c, node)
            }
        }
        if let wanted = node.children {
            for (child, childNode) in zip(c.children, wanted) where child.sceneID == childNode.scene {
                try build(child, childNode, restored: &restored)
            }
        }
        if let tabs = c as? TabBarController { try restoreMoreStack(tabs, node, restored: &restored) }
        if let p = node.presented {
            let m = try instantiate(sceneID: p.node.scene)
            link(presented: m, over: c, caller: presentationCaller(of: p.node.scene, under: c), style: p.style,
                 transition: p.transition ?? .coverVertical, anchor: p.anchor)
            try build(m, p.node, restored: &restored)
        }
    }

    /// A navigation stack as the URL lists it: entries above the storyboard's root join the
    /// stack as UIKit's restoration adds them (`addChild`): containment events, no appearance.
    private func restoreStack(_ nav: NavigationController, _ node: HierarchyPath) throws(ActionError) {
        let wanted = node.children ?? []
        var stack: [ViewController] = []
        for (i, childNode) in wanted.enumerated() {
            if i == 0, let root = nav.children.first, root.sceneID == childNode.scene { stack.append(root) }
            else { stack.append(try instantiate(sceneID: childNode.scene)) }
        }
        guard !stack.isEmpty else { return }
        let added = stack.filter { s in !nav.children.contains { $0 === s } }
        apply(TransitionPlan(before: added.map { .willMove($0, to: nav) }, mutate: { nav.linkChildren(stack) },
                             didCommit: added.map { .didMove($0, to: nav) }))
    }

    /// The tabs in the order the URL lists them (a user may have rearranged them), and the
    /// selected one.
    private func restoreTabOrder(_ tabs: TabBarController, _ node: HierarchyPath) {
        if let wanted = node.children?.map(\.scene), wanted != tabs.children.compactMap(\.sceneID) {
            var pool = tabs.children
            var ordered: [ViewController] = []
            for scene in wanted {
                if let i = pool.firstIndex(where: { $0.sceneID == scene }) { ordered.append(pool.remove(at: i)) }
            }
            tabs.linkChildren(ordered + pool)
        }
        if let index = node.index, tabs.isSelectableIndex(index) { tabs.selectedIndex = index }
    }

    /// The page the URL names: the storyboard's first pages leave and the URL's join, with
    /// containment events.
    private func restorePage(_ pages: PageViewController, _ node: HierarchyPath) throws(ActionError) {
        guard let index = node.index else { return }
        // A mid spine shows spreads: a URL can only name a spread's first page, as `showPage` can.
        if index % pages.pagesPerView != 0 {
            throw ActionError(.invalidURL, "\(pages.sceneID ?? pages.id)@\(index): a mid spine shows pages in pairs; a spread starts at an even index")
        }
        guard index != pages.currentIndex, pages.pageSceneIDs.indices.contains(index) else { return }
        var fresh: [ViewController] = []
        for id in pages.pageSceneIDs[index..<min(index + pages.pagesPerView, pages.pageSceneIDs.count)] {
            fresh.append(try instantiate(sceneID: id))
        }
        let old = pages.children
        apply(TransitionPlan(before: old.map { .willMove($0, to: nil) } + fresh.map { .willMove($0, to: pages) },
                             mutate: {
                                 pages.linkChildren(fresh)
                                 pages.currentIndex = index
                             },
                             didCommit: old.map { .didMove($0, to: nil) } + fresh.map { .didMove($0, to: pages) }))
    }

    /// A secondary replaced by showDetail or a replace segue, and `@0` (the primary in front
    /// where one column shows; ignored where both show).
    private func restoreSecondary(_ split: SplitViewController, _ node: HierarchyPath) throws(ActionError) {
        if let wanted = node.children, wanted.count >= 2, split.children.count >= 2, split.children[1].sceneID != wanted[1].scene {
            let fresh = try instantiate(sceneID: wanted[1].scene)
            split.unlinkChild(split.children[1])
            split.linkChild(fresh, at: 1)
        }
        if node.index == 0, SplitViewController.showsOneColumn(traits), split.secondaryViewController != nil {
            split.isPrimaryInFront = true
        }
    }

    /// A tab shown inside More, and what was pushed above it onto the More navigation controller
    /// (after the tabs: the More navigation controller is the tab bar's last child). The tab goes
    /// onto the More navigation controller's stack as UIKit adds it there.
    private func restoreMoreStack(_ tabs: TabBarController, _ node: HierarchyPath, restored: inout Restored) throws(ActionError) {
        guard let shown = tabs.tabShownInMore else { return }
        tabs.shownInMore = shown
        let wanted = node.children.flatMap { $0.indices.contains(tabs.selectedIndex) ? $0[tabs.selectedIndex].pushedInMore : nil } ?? []
        let more = tabs.moreNavigationController
        apply(TransitionPlan(before: [.willMove(shown, to: more)], didCommit: [.didMove(shown, to: more)]))
        for pushedNode in wanted {
            let pushed = try instantiate(sceneID: pushedNode.scene)
            apply(TransitionPlan(before: [.willMove(pushed, to: more)], mutate: { more.linkChild(pushed) },
                                 didCommit: [.didMove(pushed, to: more)]))
            try build(pushed, pushedNode, restored: &restored)
        }
    }
}
