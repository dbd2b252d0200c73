import SegueCore

/// Makes what the analysis found part of the flow: each resolved step becomes a segue of its
/// scenes marked with its source line (``SegueSpec/codeSource``), and the elements whose action
/// or row selection runs it are wired to it. Steps nothing on screen triggers stay manual
/// segues (STATE `manualSegues`). Pure: a storyboard in, a storyboard out.
public enum CodeNavigationApplier {
    public static func apply(_ result: InferenceResult, to storyboard: Storyboard) -> Storyboard {
        var out = storyboard
        OutletWiring.apply(result.outletActions, to: &out)
        // Steps taken for some rows only are wired first: a row's own case (`case 2:`) says more
        // about it than a step any row may reach (`if selected == indexPath.row { … }`).
        let someRows = { (f: NavigationFinding) in f.rowFilter != nil || f.cellOutlets != nil }
        let ordered = result.findings.filter(someRows) + result.findings.filter { !someRows($0) }
        for found in ordered {
            var finding = found
            if let navigation = madeNavigation(for: finding, in: &out) { finding.destination = navigation }
            // Every copy of the scene (the pad's, each language's) runs the same code.
            for sceneID in finding.scenes {
                out.updateEveryCopy(of: sceneID) { scene, storyboard in
                    apply(finding, to: &scene, storyboard: storyboard, barItems: result.barItems[finding.className] ?? [])
                }
            }
        }
        enableCodeRunItems(result.methodNames, in: &out)
        RowDeletion.apply(result.rowDeletingClasses, to: &out)
        CodeTitles.apply(result.titles, to: &out)
        SplitCollapse.apply(result.primaryKeepingSplits, to: &out)
        return out
    }

    /// Where the cells the outlets name are in the scene's tables: a filter for each one's row.
    static func cellRows(_ outlets: Set<String>, in scene: Scene) -> [RowFilter] {
        let ids = Set(outlets.compactMap { scene.outlets[$0] })
        var found: [RowFilter] = []
        func visit(_ node: ViewNode) {
            if node.kind == .table {
                for (s, section) in node.sections.enumerated() {
                    for (r, row) in section.rows.enumerated() where row.id.map(ids.contains) == true { found.append(RowFilter(sections: [s], rows: [r])) }
                }
            }
            node.children.forEach(visit)
        }
        scene.view.forEach(visit)
        return found
    }

    /// A bar button item connected to a method its scene's class has, which navigates nowhere
    /// Segue follows (`toggleLogs:` showing a panel), is enabled, as UIKit's is: its tap runs
    /// that code and changes nothing here. The storyboard alone leaves such items inert.
    static func enableCodeRunItems(_ methods: [String: Set<String>], in storyboard: inout Storyboard) {
        for id in storyboard.sceneOrder {
            guard let names = storyboard.scenes[id]?.className.flatMap({ methods[$0] }) else { continue }
            storyboard.updateEveryCopy(of: id) { scene, _ in
                func enable(_ items: inout [BarButtonItemSpec]) {
                    for k in items.indices where items[k].tap == nil && items[k].inertUnwired
                        && items[k].actions.contains(where: { names.contains(SceneElements.methodName($0)) }) {
                        items[k].enabled = true
                        items[k].inertUnwired = false
                    }
                }
                enable(&scene.navigationItem.leftBarButtonItems)
                enable(&scene.navigationItem.rightBarButtonItems)
                enable(&scene.toolbarItems)
            }
        }
    }

    /// `barItems`: those the finding's class makes in code; one whose action runs the step and
    /// that the scene lacks is added to it.
    static func apply(_ finding: NavigationFinding, to scene: inout Scene, storyboard: Storyboard, barItems: [CodeBarItem] = []) {
        let target: TapTarget
        switch finding.action {
        case .performSegue where scene.kind == .alertController:
            // A handler's `performSegue`: the presenter's segue, run once the alert is gone.
            guard let id = finding.segue else { return }
            target = .segue(id)
        case .performSegue:
            guard let id = finding.segue, let spec = scene.segues.first(where: { $0.codeIdentifier == id }) else { return }
            target = .segue(spec.id)
        case .pop: target = .action(BuiltInAction.pop.rawValue)
        case .popToRoot: target = .action(BuiltInAction.popToRoot.rawValue)
        case .dismiss: target = .action(BuiltInAction.dismiss.rawValue)
        case .selectTab where scene.kind == .tabBarController:
            // A tab bar controller selecting a tab as its view loads starts on that tab.
            guard finding.triggers.contains(.automatic("viewDidLoad")), let index = finding.tabIndex,
                  scene.viewControllers.indices.contains(index), scene.selectedIndex == nil else { return }
            scene.selectedIndex = index
            return
        case .selectTab, .setTabs: return
        case .addChild:
            // A child the controller adds as its view loads: embedded, as an embed segue is. Only
            // the first such method's (one branch of `if pad { … } else { … }`), first child.
            guard finding.triggers.contains(where: { if case .automatic = $0 { true } else { false } }),
                  let destination = finding.destination, storyboard[destination] != nil,
                  !scene.segues.contains(where: { $0.kind == .embed && $0.codeSource != nil }) else { return }
            scene.segues.append(segue(for: finding, destination: destination))
            return
        case .setViewControllers where scene.kind == .pageViewController:
            // A page view controller setting its first page as its view loads (an onboarding's
            // `setViewControllers([contentViewController(at: 0)], …)`): that page shows in it.
            guard finding.triggers.contains(where: { if case .automatic = $0 { true } else { false } }),
                  let destination = finding.destination, storyboard[destination] != nil, scene.pages.isEmpty else { return }
            scene.pages = [destination]
            return
        case .push, .show, .showDetail, .present, .setViewControllers, .setRoot:
            guard let destination = finding.destination, storyboard[destination] != nil else { return }
            if scene.segue(finding.identifier) == nil { scene.segues.append(segue(for: finding, destination: destination)) }
            target = .segue(finding.identifier)
        }
        for trigger in finding.triggers {
            switch trigger {
            case .action(let method):
                if !SceneElements.actionNames(in: scene).contains(method) { add(barItems.filter { $0.action == method }, to: &scene) }
                SceneElements.wire(action: method, to: target, in: &scene)
            case .rowSelection where finding.cellOutlets != nil:
                // The static rows the storyboard connects to those outlets.
                for filter in cellRows(finding.cellOutlets ?? [], in: scene) {
                    SceneElements.wireSelection(collection: false, to: target, in: &scene, only: finding.rowFilter.map(filter.narrowed) ?? filter)
                }
            case .rowSelection: SceneElements.wireSelection(collection: false, to: target, in: &scene, only: finding.rowFilter)
            case .itemSelection: SceneElements.wireSelection(collection: true, to: target, in: &scene, only: finding.rowFilter)
            case .alertAction(let k):
                if scene.alert?.actions.indices.contains(k) == true, scene.alert?.actions[k].tap == nil { scene.alert?.actions[k].tap = target }
            case .automatic, .code: break
            }
        }
    }

    /// The navigation scene made for a destination the code shows inside a navigation controller
    /// it makes (`code-nav-ROOT`, its root the destination): presented, shown as a detail, added
    /// as a child or made the window's root. Added once; nil for other steps and for a push or
    /// show (a navigation controller is not pushed).
    static func madeNavigation(for finding: NavigationFinding, in storyboard: inout Storyboard) -> String? {
        guard finding.inMadeNavigation, [.present, .showDetail, .addChild, .setRoot].contains(finding.action),
              let root = finding.destination, storyboard[root] != nil else { return nil }
        let id = "code-nav-" + root
        if storyboard.scenes[id] == nil {
            var navigation = Scene(id: id, kind: .navigationController)
            navigation.rootViewController = root
            navigation.title = "Navigation Controller (\(finding.source))"
            storyboard.scenes[id] = navigation
            storyboard.sceneOrder.append(id)
        }
        return id
    }

    /// Bar button items made in code, where the code puts them, with their action (to be wired).
    static func add(_ items: [CodeBarItem], to scene: inout Scene) {
        for item in items {
            var spec = BarButtonItemSpec(title: item.title)
            spec.systemItem = item.systemItem.flatMap(BarButtonSystemItem.init(rawValue:))
            spec.image = item.image
            // An item with neither title nor image is named by its action, as a person needs a name.
            if spec.title == nil, spec.systemItem == nil, spec.image == nil { spec.title = item.action }
            if spec.title == nil, let image = item.image { spec.accessibilityLabel = image }
            spec.actions = [item.action]
            switch item.slot {
            case .left: scene.navigationItem.leftBarButtonItems.append(spec)
            case .right: scene.navigationItem.rightBarButtonItems.append(spec)
            case .toolbar: scene.toolbarItems.append(spec)
            }
        }
    }

    static func segue(for finding: NavigationFinding, destination: String) -> SegueSpec {
        let kind: SegueKind
        switch finding.action {
        case .push: kind = .push
        case .showDetail: kind = .showDetail
        case .present, .setRoot: kind = .presentation
        case .addChild: kind = .embed
        default: kind = .show
        }
        var spec = SegueSpec(id: finding.identifier, kind: kind, destination: destination)
        spec.codeSource = finding.source
        spec.modalPresentationStyle = finding.presentationStyle ?? (finding.action == .setRoot ? .fullScreen : nil)
        return spec
    }
}
