/// Snapshot coding: a window's whole state written as values (`WindowSnapshot`) and read back
/// into controllers, linked through `HierarchyLinks.swift` (children, presentations) like every
/// other change of the hierarchy, with no events: a restored window is the window that was saved.
extension Window {
    /// This window's state as values (see ``WindowSnapshot``). Use ``verifiedSnapshot()`` to get
    /// one only when it rebuilds the window exactly.
    public func snapshot() -> WindowSnapshot {
        WindowSnapshot(
            format: WindowSnapshot.currentFormat, version: version, lastSeq: log.lastSeq,
            nextControllerNumber: nextControllerNumber, traits: traits, isLaunched: isLaunched, warnings: warnings,
            lastChange: .init(kind: lastChange.kind.rawValue, controller: lastChange.controllerID, transition: lastChange.transitionStyle, depth: lastChange.depth),
            root: root.map(Self.state(of:)))
    }

    /// A snapshot that ``restore(from:)`` turns back into this very window (every stored property
    /// of every controller equal, by ``stateFingerprint()``); nil when it would not.
    public func verifiedSnapshot() -> WindowSnapshot? {
        guard isLaunched, let mine = stateFingerprint() else { return nil }
        let taken = snapshot()
        let copy = Window(id: id, storyboard: storyboard, registry: registry, traits: traits)
        copy.eventLogCapacity = eventLogCapacity
        do throws(SnapshotError) { try copy.restore(from: taken) } catch { return nil }
        return copy.stateFingerprint() == mine ? taken : nil
    }

    /// Whether every controller is one of the framework's own classes, made from a scene (or the
    /// More tab's, which the framework makes): then ``snapshot()`` carries all their state
    /// (what the snapshot fidelity tests check on every example and corpus storyboard), and a
    /// caller may skip ``verifiedSnapshot()``'s check. A registered subclass's code may keep state
    /// of its own, and a controller made in code has no scene to be made again from.
    public var holdsOnlyFrameworkControllers: Bool {
        allControllers.allSatisfy { c in
            switch ObjectIdentifier(type(of: c)) {
            case ObjectIdentifier(MoreNavigationController.self), ObjectIdentifier(MoreListController.self): true
            case ObjectIdentifier(ViewController.self), ObjectIdentifier(TableViewController.self),
                 ObjectIdentifier(CollectionViewController.self), ObjectIdentifier(AlertController.self),
                 ObjectIdentifier(NavigationController.self), ObjectIdentifier(TabBarController.self),
                 ObjectIdentifier(SplitViewController.self), ObjectIdentifier(PageViewController.self):
                c.scene != nil
            default: false
            }
        }
    }

    private static func state(of c: ViewController) -> WindowSnapshot.ControllerState {
        let framework: WindowSnapshot.ControllerState.Framework? = switch c {
        case is MoreNavigationController: .more
        case is MoreListController: .moreList
        default: nil
        }
        var texts: [String: String] = [:]
        var switches: [String: Bool] = [:]
        for (key, value) in c.values {
            switch value {
            case .text(let t): texts[key] = t
            case .bool(let b): switches[key] = b
            }
        }
        let coder = RestorationCoder()
        c.encodeRestorableState(with: coder)
        return WindowSnapshot.ControllerState(
            id: c.id, scene: c.sceneID, framework: framework, title: c.title, navigationTitle: c.navigationItem.title,
            restorationIdentifier: c.restorationIdentifier, viewLoaded: c.isViewLoaded, appearance: c.appearance,
            editing: c.isEditing, texts: texts, switches: switches, passed: c.passedValues,
            tableEdits: c.tableSectionEdits.map { [$0.table, $0.section] + $0.order },
            coded: coder.entries.map { [$0.key, $0.value] },
            modalPresentationStyle: c.modalPresentationStyle, modalTransitionStyle: c.modalTransitionStyle,
            popoverAnchor: c.popoverAnchor, presentedStyle: c.presentedStyle, presentedTransition: c.presentedTransition,
            presentationCaller: c.presentationCaller?.id, inContainerView: c.isViewInContainerView, embedSegueID: c.embedSegueID,
            children: c.children.map(state(of:)), presented: c.presentedStorage.map { [state(of: $0)] } ?? [],
            container: containerState(of: c), rotatedFrom: c.orientationBeforePresentation)
    }

    private static func containerState(of c: ViewController) -> WindowSnapshot.ContainerState? {
        var s = WindowSnapshot.ContainerState()
        switch c {
        case let nav as NavigationController:
            s.navigationBarHidden = nav.isNavigationBarHidden
            s.toolbarHidden = nav.isToolbarHidden
            s.hasBeenShown = nav.hasBeenShown
            s.hasDeferredShow = nav.hasDeferredShow ? true : nil
        case let tabs as TabBarController:
            s.selectedIndex = tabs.selectedIndex
            s.customizable = tabs.customizableViewControllers.map(\.id)
            s.shownInMore = tabs.shownInMore?.id
            s.customizing = tabs.isCustomizing
            if !tabs.orderAtCustomizingStart.isEmpty {
                var ids: [ObjectIdentifier: String] = [:]
                for controller in tabs.window?.allControllers ?? [] { ids[ObjectIdentifier(controller)] = controller.id }
                s.customizingStart = tabs.orderAtCustomizingStart.map { ids[$0] ?? "" }
            }
            if let more = tabs.moreStorage, !tabs.children.contains(where: { $0 === more }) {
                s.detachedMore = [state(of: more)]
            }
        case let split as SplitViewController:
            s.primaryInFront = split.isPrimaryInFront
            s.supplementary = split.supplementaryStorage?.id
            s.compact = split.compactStorage?.id
        case let pages as PageViewController:
            s.pageIndex = pages.currentIndex
        default:
            return nil
        }
        return s
    }

    /// Makes this fresh window (not launched, no root) the one `snapshot` describes, without
    /// sending any callback: controllers are instantiated from their scenes, their views loaded
    /// with `loadView()`, and each one's state set. Throws when a scene is missing (the
    /// storyboard changed) or the snapshot contradicts itself; the window is then unusable.
    public func restore(from snapshot: WindowSnapshot) throws(SnapshotError) {
        guard !isLaunched, root == nil else { throw SnapshotError("the window is launched already") }
        guard snapshot.format == WindowSnapshot.currentFormat else { throw SnapshotError("snapshot format \(snapshot.format)") }
        guard let kind = ScreenChange.Kind(rawValue: snapshot.lastChange.kind) else {
            throw SnapshotError("unknown screen change '\(snapshot.lastChange.kind)'")
        }
        traits = snapshot.traits
        var builder = SnapshotBuilder(window: self)
        let root = try snapshot.root.map { (s) throws(SnapshotError) in try builder.make(s) }
        try builder.link()
        builder.loadViewsAndState()
        self.root = root
        version = snapshot.version
        log = EventLog(events: [], lastSeq: snapshot.lastSeq, capacity: log.capacity)
        nextControllerNumber = snapshot.nextControllerNumber
        warnings = snapshot.warnings
        lastChange = ScreenChange(kind: kind, controllerID: snapshot.lastChange.controller, transitionStyle: snapshot.lastChange.transition)
        lastChange.depth = snapshot.lastChange.depth
        isLaunched = snapshot.isLaunched
    }
}

/// Instantiates a snapshot's controllers, then links the references between them.
private struct SnapshotBuilder {
    let window: Window
    var byID: [String: ViewController] = [:]
    /// Every controller made, parents first, with its state.
    var made: [(ViewController, WindowSnapshot.ControllerState)] = []

    init(window: Window) { self.window = window }

    mutating func make(_ s: WindowSnapshot.ControllerState) throws(SnapshotError) -> ViewController {
        let c: ViewController
        switch s.framework {
        case .more?: c = MoreNavigationController(scene: nil)
        case .moreList?: c = MoreListController(scene: nil)
        case nil:
            guard let sceneID = s.scene else { throw SnapshotError("controller \(s.id) was made in code") }
            guard let scene = window.storyboard[sceneID] else { throw SnapshotError("no scene '\(sceneID)'") }
            c = window.registry.controllerClass(for: scene).init(scene: scene)
        }
        guard byID.updateValue(c, forKey: s.id) == nil else { throw SnapshotError("two controllers \(s.id)") }
        c.window = window
        c.id = s.id
        made.append((c, s))
        var children: [ViewController] = []
        for childState in s.children { children.append(try make(childState)) }
        c.linkChildren(children)
        if s.presented.count > 1 { throw SnapshotError("controller \(s.id) presents more than one") }
        if let presentedState = s.presented.first {
            Window.linkPresentation(try make(presentedState), over: c)
        }
        if let more = s.container?.detachedMore?.first {
            let tabs = c as? TabBarController
            let detached = try make(more)
            guard let tabs, let detached = detached as? MoreNavigationController else { throw SnapshotError("a detached More outside a tab bar") }
            tabs.moreStorage = detached
        }
        return c
    }

    func controller(_ id: String?) throws(SnapshotError) -> ViewController? {
        guard let id else { return nil }
        guard let c = byID[id] else { throw SnapshotError("no controller \(id)") }
        return c
    }

    /// References by id: the presentation caller, containers' links.
    func link() throws(SnapshotError) {
        for (c, s) in made {
            c.presentationCaller = try controller(s.presentationCaller)
            guard let container = s.container else { continue }
            switch c {
            case let tabs as TabBarController:
                tabs.selectedIndex = container.selectedIndex ?? 0
                var customizable: [ViewController] = []
                for id in container.customizable ?? [] { if let tab = try controller(id) { customizable.append(tab) } }
                tabs.customizableViewControllers = customizable
                tabs.shownInMore = try controller(container.shownInMore)
                tabs.isCustomizing = container.customizing ?? false
                var start: [ObjectIdentifier] = []
                for id in container.customizingStart ?? [] { if let tab = try controller(id) { start.append(ObjectIdentifier(tab)) } }
                tabs.orderAtCustomizingStart = start
                for case let more as MoreNavigationController in c.children {
                    tabs.moreStorage = more
                }
                tabs.moreStorage?.tabs = tabs
            case let split as SplitViewController:
                split.isPrimaryInFront = container.primaryInFront ?? false
                split.supplementaryStorage = try controller(container.supplementary)
                split.compactStorage = try controller(container.compact)
            case let pages as PageViewController:
                pages.currentIndex = container.pageIndex ?? 0
            default:
                break
            }
            if let nav = c as? NavigationController {
                nav.isNavigationBarHidden = container.navigationBarHidden ?? nav.isNavigationBarHidden
                nav.isToolbarHidden = container.toolbarHidden ?? nav.isToolbarHidden
                nav.hasBeenShown = container.hasBeenShown ?? false
                nav.hasDeferredShow = container.hasDeferredShow ?? false
            }
        }
    }

    /// Views (parents first, as they loaded) and then each controller's own state, last what the
    /// subclass restores itself.
    func loadViewsAndState() {
        for (c, s) in made where s.viewLoaded {
            c.isViewLoaded = true
            c.loadView()
            _ = c.placeEmbedContainers()
        }
        for (c, s) in made {
            for edit in s.tableEdits where edit.count >= 2 {
                let (table, section, order) = (edit[0], edit[1], Array(edit.dropFirst(2)))
                guard let original = c.tableRows(table: table, section: section), order.allSatisfy(original.indices.contains) else { continue }
                c.tableSectionEdits.append(TableSectionEdit(table: table, section: section, original: original, order: order))
                _ = c.withTableSection(table: table, section: section) { $0 = order.map { original[$0] } }
            }
            c.appearance = s.appearance
            c.isEditing = s.editing
            var values: [String: FieldValue] = [:]
            for (k, v) in s.texts { values[k] = .text(v) }
            for (k, v) in s.switches { values[k] = .bool(v) }
            c.values = values
            c.passedValues = s.passed
            c.title = s.title
            c.navigationItem.title = s.navigationTitle
            c.restorationIdentifier = s.restorationIdentifier
            c.modalPresentationStyle = s.modalPresentationStyle
            c.modalTransitionStyle = s.modalTransitionStyle
            c.popoverAnchor = s.popoverAnchor
            c.presentedStyle = s.presentedStyle
            c.presentedTransition = s.presentedTransition
            c.isViewInContainerView = s.inContainerView
            c.embedSegueID = s.embedSegueID
            c.orientationBeforePresentation = s.rotatedFrom
            if !s.coded.isEmpty {
                c.decodeRestorableState(with: RestorationCoder(entries: s.coded.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }))
            }
        }
    }
}
