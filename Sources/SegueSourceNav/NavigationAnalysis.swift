import SegueCore

/// Resolves what the source readers found against the flow's scenes: each navigating line of a
/// class with scenes becomes a ``NavigationFinding`` (its trigger, its destination scene) or an
/// ``UnresolvedNavigation`` with the reason.
public enum NavigationAnalysis {
    /// Reads the sources under `root` and resolves them against `storyboard`.
    public static func analyze(root: String, storyboard: Storyboard) -> InferenceResult {
        analyze(facts: SourceTree.read(root: root), storyboard: storyboard)
    }

    public static func analyze(facts: [SourceFacts], storyboard given: Storyboard) -> InferenceResult {
        // Actions the code attaches to outlets trigger steps as connected ones do.
        let outletActions = OutletWiring.actions(facts: facts)
        var storyboard = given
        OutletWiring.apply(outletActions, to: &storyboard)
        let plain = AppIndex(facts: facts, storyboard: storyboard)
        // Controllers the code shows that no storyboard or nib has get scenes, so what shows
        // them resolves and their own navigation is followed.
        let made = MadeInCodeScenes.made(plain: plain, facts: facts)
        let index = made.index
        var result = InferenceResult()
        result.madeScenes = made.scenes
        result.outletActions = outletActions
        result.files = facts.count
        result.unreadFiles = facts.compactMap { f in f.unreadReason.map { (f.file, $0) } }
        result.classes = index.methods.count
        for cls in index.methods.keys.sorted() {
            let scenes = index.scenesByClass[cls] ?? []
            for method in index.methods[cls] ?? [] {
                let handled = AlertScenes.handled(in: method, of: cls, index: index)
                for call in method.facts.calls where !handled.contains(call.alertHandler ?? "") {
                    if call.menuAction != nil, !AlertScenes.isShown(call, of: cls, index: index) { continue }
                    if let alert = call.alert {
                        AlertScenes.record(call, alert: alert, in: method, of: cls, scenes: scenes, index: index, into: &result)
                    } else {
                        record(call, in: method, of: cls, scenes: scenes, index: index, into: &result)
                    }
                }
            }
        }
        let handedOver = followHandOffs(index: index, into: &result)
        followHelpers(index: index, handedOver: handedOver, into: &result)
        // A made navigation controller's root is its scene's, not a push of its own.
        result.findings.removeAll { made.rootSources.contains($0.source) }
        result.unresolved.removeAll { made.rootSources.contains($0.source) }
        // A line reached along several paths (a helper called twice from one method) is one step.
        var seen: Set<NavigationFinding> = []
        result.findings = result.findings.filter { seen.insert($0).inserted }
        var seenUnresolved: Set<UnresolvedNavigation> = []
        result.unresolved = result.unresolved.filter { seenUnresolved.insert($0).inserted }
        result.launchRoot = LaunchRootReader.root(index: plain, made: made.scenes)
        result.nibNames = nibNames(facts: facts)
        result.barItems = index.methods.compactMapValues { methods in
            let items = onScreenBarItems(methods)
            return items.isEmpty ? nil : items
        }
        result.rowDeletingClasses = RowDeletion.classes(index: index)
        result.titles = CodeTitles.titles(index: index)
        result.primaryKeepingSplits = SplitCollapse.scenes(index: index)
        result.viewClasses = Set(index.superclass.keys.filter { cls in index.lineage(cls).contains(where: uikitViews.contains) })
        for cls in index.scenesByClass.keys where index.methods[cls] != nil {
            result.methodNames[cls] = Set(index.lineage(cls).flatMap { (index.methods[$0] ?? []).map(\.facts.name) })
        }
        return result
    }

    static func record(_ call: NavigationCall, in method: AppIndex.Method, of cls: String, scenes given: [String],
                       index: AppIndex, into result: inout InferenceResult, resolvingIn owner: String? = nil) {
        // The app delegate's navigation happens over the launch scene (known once launched).
        let onLaunch = given.isEmpty && LaunchRootReader.isDelegate(cls) && call.action != .setRoot
        let scenes = onLaunch ? [launchPlaceholder] : given
        let source = "\(method.file):\(call.line)"
        func unresolved(_ reason: String) {
            result.unresolved.append(UnresolvedNavigation(source: source, className: cls, action: call.action, reason: reason))
        }
        // The app and scene delegates' roots are the launch, not a step.
        if call.action == .setTabs || (call.action == .setRoot && LaunchRootReader.isDelegate(cls)) { return }
        // A tab bar controller's own `setViewControllers` lists its tabs (its scene has them).
        if call.action == .setViewControllers, index.lineage(cls).contains("UITabBarController") { return }
        // A parameter shown is followed where the method is called (``followHandOffs``).
        if parameterIndex(call.destination) != nil { return }
        guard !scenes.isEmpty else {
            if call.action != .dismiss, call.action != .pop, call.action != .popToRoot, !isSystem(call.destination, in: cls, index: index) {
                unresolved(noSceneReason(cls, index: index))
            }
            return
        }
        let basename = method.file.split(separator: "/").last.map(String.init) ?? method.file
        var finding = NavigationFinding(identifier: "code:\(basename):\(call.line)", source: source, className: cls,
                                        method: method.facts.name,
                                        triggers: call.runsLater ? [.code(method.facts.name)] : triggers(of: method.facts, in: cls, index: index),
                                        action: call.action, scenes: onLaunch ? [] : scenes)
        // A category or extension of UIKit's own class (`UIViewController+Helpers`): its helper runs
        // where the app's classes call it, not as a step every screen offers.
        if owner == nil, isSystemClass(cls), finding.triggers.allSatisfy({ if case .code = $0 { true } else { false } }) {
            for caller in callers(of: method.facts.name, index: index) {
                record(call, in: method, of: caller, scenes: index.scenesByClass[caller] ?? [], index: index, into: &result, resolvingIn: cls)
            }
            return
        }
        finding.onLaunchScene = onLaunch
        finding.presentationStyle = call.presentationStyle
        finding.tabIndex = call.tabIndex
        finding.rowFilter = call.rowFilter
        finding.cellOutlets = call.cellOutlets
        if call.action == .performSegue {
            guard let value = call.segue, let id = index.resolve(value) else {
                unresolved("segue identifier \(call.segue?.description ?? "?") is not a constant Segue can read")
                return
            }
            finding.segue = id
        }
        if let expr = call.destination {
            if isSystem(expr, in: owner ?? cls, index: index) { result.systemControllers += 1; return }
            switch shownSteps(expr, finding, from: onLaunch ? nil : scenes[0], inClass: owner ?? cls, index: index) {
            case .success(let steps): result.findings += steps
            case .failure(let problem): unresolved(problem.reason)
            }
            return
        }
        result.findings.append(finding)
    }

    /// A step to each scene a shown controller can be (`~2`, `~3` after the first), or the
    /// reason there is none.
    private static func shownSteps(_ expr: ControllerExpr, _ finding: NavigationFinding, from source: String?, inClass cls: String,
                                   index: AppIndex) -> Result<[NavigationFinding], ResolutionProblem> {
        destinations(expr, from: source, inClass: cls, index: index).flatMap { ids in
            // A router's `controller(for: route)` switching over every screen of the app: a step
            // to each would offer dozens of wrong ones; which one this call shows is the route's.
            guard ids.count <= maximumAlternatives else {
                return .failure(ResolutionProblem(reason: "a method that can return \(ids.count) controllers: which one this call shows is not known"))
            }
            let wrapped = madeNavigation(expr, index: index)
            return .success(ids.enumerated().map { k, id in
                var each = finding
                each.destination = id
                each.inMadeNavigation = wrapped && index.storyboard[id]?.kind.isContainer == false
                if k > 0 { each.identifier += "~\(k + 1)" }
                return each
            })
        }
    }

    /// The bar items a class's screen shows as it appears: where a method that makes or loads the
    /// controller (an initializer, `loadView`, `viewDidLoad`, `viewWillAppear`) sets a place
    /// (left, right, toolbar), its items there; other methods' items for that place replace them
    /// later (while editing, adding) and are left out. One item per action and place.
    static func onScreenBarItems(_ methods: [AppIndex.Method]) -> [CodeBarItem] {
        func setsUp(_ m: AppIndex.Method) -> Bool { CodeTitles.isMaking(m.facts.name) || CodeTitles.isLoading(m.facts.name) }
        let placedOnLoad = Set(methods.filter(setsUp).flatMap { $0.facts.barItems.map(\.slot) })
        var seen: Set<String> = []
        var kept: [CodeBarItem] = []
        for method in methods.filter(setsUp) + methods.filter({ !setsUp($0) }) {
            for item in method.facts.barItems where setsUp(method) || !placedOnLoad.contains(item.slot) {
                if seen.insert("\(item.slot.rawValue) \(item.action)").inserted { kept.append(item) }
            }
        }
        return kept
    }

    /// The app's classes (not UIKit's) with a method that calls `method` on `self`.
    static func callers(of method: String, index: AppIndex) -> [String] {
        index.methods.keys.sorted().filter { cls in
            !isSystemClass(cls) && (index.methods[cls] ?? []).contains { $0.facts.invokes.contains(method) }
        }
    }

    /// Why a line of a class with no scene is not a step: a controller class no storyboard or
    /// code shows, or an object that is no controller (a coordinator, a router, a helper) whose
    /// navigation runs on a screen that the reading cannot tell.
    static func noSceneReason(_ cls: String, index: AppIndex) -> String {
        // (A Swift class that inherits from nothing is no controller; an Objective-C one may be
        // whose interface was not read.)
        let lineage = index.lineage(cls)
        let known = lineage.count > 1 || index.methods[cls]?.first?.file.hasSuffix(".swift") == true
        let isController = lineage.contains { $0.hasSuffix("Controller") && (isSystemClass($0) || $0.hasPrefix("UI")) }
        return isController || !known ? "class \(cls) is the class of no scene"
            : "\(cls) is no view controller and no screen's code hands it this call: which screen it shows from is not known"
    }

    /// The most controllers one call is taken to show (a step to each); a method that can return
    /// more is a router, whose choice depends on its argument.
    static let maximumAlternatives = 10

    /// Whether `expr` is a navigation controller the code makes around the controller it shows:
    /// written so, or what the class factory it calls returns.
    static func madeNavigation(_ expr: ControllerExpr, index: AppIndex, depth: Int = 0) -> Bool {
        guard depth < 4 else { return false }
        switch expr {
        case .navigation: return true
        case .classFactory(let cls, let method):
            let factories = (index.methods[cls] ?? []).filter { $0.facts.name == method }
            return factories.contains { $0.facts.returns.contains { madeNavigation($0, index: index, depth: depth + 1) } }
        case .returnedBy(let type, let method):
            return returns(of: method, by: type, index: index).contains { madeNavigation($0.0, index: index, depth: depth + 1) }
        default: return false
        }
    }

    /// UIKit's view classes: an app class inheriting from one is a view.
    static let uikitViews: Set<String> = [
        "UIView", "UITableViewCell", "UICollectionViewCell", "UIControl", "UIButton", "UILabel", "UIImageView",
        "UIScrollView", "UITableViewHeaderFooterView", "UICollectionReusableView", "UIStackView", "UITextField", "UITextView",
        "UITableView", "UICollectionView", "UINavigationBar", "UIToolbar", "UITabBar", "UIWindow",
    ]

    /// Stands for the launch scene while it is not known (never a scene id: it has a space).
    static let launchPlaceholder = "launch scene"

    // MARK: - Triggers

    /// What sets a method off: itself (an action, a row selection, a lifecycle method), else
    /// the methods of its class that call it, one or two levels up; else only code.
    static func triggers(of facts: MethodFacts, in cls: String, index: AppIndex) -> [NavigationTrigger] {
        // Methods by their whole selector: `tableView(_:contextMenuConfigurationForRowAt:)` is no
        // row selection, though `tableView(_:didSelectRowAt:)` shares its name.
        var found: [NavigationTrigger] = []
        var level: [MethodFacts] = [facts]
        var seen: Set<String> = [facts.selector]
        for _ in 0..<3 {
            var callers: [MethodFacts] = []
            for method in level {
                if let trigger = trigger(of: method, in: cls, index: index) {
                    if !found.contains(trigger) { found.append(trigger) }
                    continue
                }
                guard !isDelegateCallback(method) else { continue }
                for m in index.methods[cls] ?? [] where m.facts.invokes.contains(method.name) && seen.insert(m.facts.selector).inserted {
                    callers.append(m.facts)
                }
            }
            level = callers.sorted { $0.selector < $1.selector }
        }
        return found.isEmpty ? [.code(facts.name)] : found
    }

    /// A delegate or data source method named for the object that calls it
    /// (`tableView:accessoryButtonTappedForRowWithIndexPath:`, `searchBar(_:textDidChange:)`):
    /// UIKit calls it, and the class's `[self tableView]` is the property's getter, not a call of it.
    static func isDelegateCallback(_ method: MethodFacts) -> Bool {
        method.selector.hasPrefix(method.name + ":") && method.selector.filter { $0 == ":" }.count >= 2 && delegateSenders.contains(method.name)
    }

    /// The names UIKit's delegate and data source methods take from their sender.
    static let delegateSenders: Set<String> = [
        "tableView", "collectionView", "pickerView", "searchBar", "textField", "textView", "scrollView", "webView", "mapView",
        "navigationController", "tabBarController", "splitViewController", "pageViewController", "alertView", "actionSheet",
        "imagePickerController", "mailComposeController", "messageComposeController", "documentPicker", "searchController",
    ]

    /// What sets `method` off by itself: its selector, its name, or an element connected to it.
    static func trigger(of method: MethodFacts, in cls: String, index: AppIndex) -> NavigationTrigger? {
        let name = method.name
        let facts = (index.methods[cls] ?? []).filter { $0.facts.name == name && $0.facts.selector == method.selector }
        if facts.contains(where: { $0.facts.selector.contains("didSelectRowAt") }) { return .rowSelection }
        if facts.contains(where: { $0.facts.selector.contains("didSelectItemAt") }) { return .itemSelection }
        if ["viewDidLoad", "viewWillAppear", "viewDidAppear"].contains(name) { return .automatic(name) }
        // An action: marked so, connected in a storyboard or nib, or a bar item's the class makes in code.
        let madeBarItem = (index.methods[cls] ?? []).contains { $0.facts.barItems.contains { $0.action == name } }
        if facts.contains(where: \.facts.isAction) || madeBarItem || isConnected(name, scenes: index.scenesByClass[cls] ?? [], index: index) {
            return .action(name)
        }
        return nil
    }

    /// Whether an element of one of the scenes has the action `name` connected.
    static func isConnected(_ name: String, scenes: [String], index: AppIndex) -> Bool {
        scenes.contains { id in
            guard let scene = index.storyboard[id] else { return false }
            return SceneElements.actionNames(in: scene).contains(name)
        }
    }

    /// Alerts, share sheets, pickers: UIKit's own controllers that are no scene of the app.
    /// Whether `expr` is a controller of UIKit or another system framework (an alert, a share
    /// sheet, Safari): made directly, by a system type's factory (`SFSafariViewController.instance(…)`),
    /// or returned by a method of the app (`cls`'s own, or a type's) all of whose returns are one
    /// (`func makeAddAlert() -> UIAlertController { let alert = UIAlertController(…) … return alert }`).
    static func isSystem(_ expr: ControllerExpr?, in cls: String? = nil, index: AppIndex, depth: Int = 0) -> Bool {
        guard let expr, depth < 4 else { return false }
        func allSystem(_ values: [(ControllerExpr, String)]) -> Bool {
            !values.isEmpty && values.allSatisfy { isSystem($0.0, in: $0.1, index: index, depth: depth + 1) }
        }
        switch expr {
        case .className(let name), .classFactory(let name, _):
            return index.scenes(ofExactClass: name).isEmpty && isSystemClass(name)
        case .returnedBy(let type, let method):
            // (A factory the app's category adds to UIKit's class returns what its code makes.)
            if isSystemClass(type), index.scenes(ofExactClass: type).isEmpty, owner(of: method, in: type, index: index) == nil { return true }
            return allSystem(returns(of: method, by: type, index: index))
        case .returned(let method, let onSelf):
            return allSystem(returns(of: method, in: index.callees(method, onSelf: onSelf, caller: cls ?? ""), index: index))
        default:
            return false
        }
    }

    static func isSystemClass(_ name: String) -> Bool {
        ["UI", "SF", "MF", "AV", "PH", "CN", "QL", "SK", "EK", "MP", "GK", "PK", "AS", "WK"].contains { name.hasPrefix($0) }
            && name != "UINavigationController" && name != "UITabBarController" && !textureControllers.contains(name)
            || otherSystemControllers.contains(name)
    }

    /// The Texture library's controllers, whose prefix is AuthenticationServices' too: their
    /// subclasses are the app's own screens.
    static let textureControllers: Set<String> = ["ASDKViewController", "ASViewController"]

    /// Share sheets of frameworks whose prefix apps use too (Social, Twitter).
    static let otherSystemControllers: Set<String> = ["SLComposeViewController", "TWTweetComposeViewController"]
}
