import SegueCore

/// What an Objective-C send or assignment means for navigation, and how a controller expression
/// is followed to what it instantiates.
extension ObjCBodyScanner {
    mutating func navigation(_ send: ObjCExpr, line: Int) {
        guard case .send(let receiver, let selector, let args) = send else { return }
        let first = args.first ?? .other
        var call: NavigationCall?
        switch selector {
        case "performSegueWithIdentifier:sender:":
            call = NavigationCall(action: .performSegue, line: line, segue: Self.string(first))
        case "pushViewController:animated:" where !holdsChild(receiver, first, selector: selector) && !isAnothersNavigation(receiver):
            call = shown(.push, first, line)
        case "presentViewController:animated:completion:", "presentModalViewController:animated:":
            call = shown(.present, first, line)
        case "showViewController:sender:":
            call = shown(.show, first, line)
        case "showDetailViewController:sender:":
            call = shown(.showDetail, first, line)
        case _ where selector.hasPrefix("presentPopoverFrom"):
            call = popover(receiver, line)
        case "setViewControllers:animated:":
            if case .array(let items) = first, let last = items.last {
                call = shown(.setViewControllers, last, line)
                call?.tabs = items.map { controller($0) }  // on a tab bar controller, its tabs
            }
        case "setRootViewController:" where namesWindow(receiver) && !isOtherWindow(receiver):
            call = shown(.setRoot, first, line)
        case "addSubview:" where namesWindow(receiver) && !isOtherWindow(receiver) && !calls.contains(where: { $0.action == .setRoot }):
            call = viewAddedToWindow(first, line)
        case "addChildViewController:" where !holdsChild(receiver, first):
            call = shown(.addChild, first, line)
        case _ where Self.showsAlert.contains(selector) && alertIndex(receiver) != nil:
            call = shownAlert(receiver, line: line)
        case "popViewControllerAnimated:":
            call = NavigationCall(action: .pop, line: line)
        case "popToRootViewControllerAnimated:":
            call = NavigationCall(action: .popToRoot, line: line)
        // (One `where` for both names: it binds to the last pattern alone.)
        case _ where ["dismissViewControllerAnimated:completion:", "dismissModalViewControllerAnimated:"].contains(selector) && !closesAnother(receiver):
            call = NavigationCall(action: .dismiss, line: line)
        default:
            readOther(receiver, selector, args, line: line)
        }
        if var call {
            call.alertHandler = handlers.last
            if call.action == .present, let k = alertIndex(first) { call.alert = presentedAlert(k) }
            calls.append(call)
        }
        if selector == "setTitle:", receiver == .identifier("self"), title == nil { title = Self.text(first) }
        readBarItem(receiver, selector, args, line: line)
        if selector == "initWithNibName:bundle:", let nib = args.first {
            switch receiver {
            case .identifier("super"), .identifier("self"): nibLoads.append(NibLoad(className: nil, nib: Self.string(nib)))
            case .send(.identifier(let cls), "alloc", _): nibLoads.append(NibLoad(className: cls, nib: Self.string(nib)))
            default: break
            }
        }
    }

    /// Whether a receiver is another controller's navigation controller (`controller.navigationController`
    /// of a delegate callback's argument or a local): a push there is no step of this controller's.
    func isAnothersNavigation(_ receiver: ObjCExpr) -> Bool {
        switch receiver {
        case .member(.identifier(let owner), "navigationController"), .send(.identifier(let owner), "navigationController", []):
            owner != "self" && owner != "super"
        default: false
        }
    }

    /// Whether `[receiver dismiss…]` closes another controller than this one: what it shows over
    /// itself (`self.presentedViewController`), or one a delegate callback is handed (`[picker dismiss…]`).
    func closesAnother(_ receiver: ObjCExpr) -> Bool {
        switch receiver {
        case .member(_, "presentedViewController"), .send(_, "presentedViewController", _): true
        case .identifier(let name): parameters.contains(name)
        default: false
        }
    }

    /// A send that navigates nowhere itself: a method of `self` it runs, a container it fills, a
    /// controller it hands over, an alert it builds, an outlet it attaches an action to.
    private mutating func readOther(_ receiver: ObjCExpr, _ selector: String, _ args: [ObjCExpr], line: Int) {
        let first = args.first ?? .other
        _ = holdsChild(receiver, first, selector: selector)
        let onSelf = receiver == .identifier("self")
        if onSelf, let name = selector.split(separator: ":").first {
            // A handler's sends run when its action is chosen, not as the method runs.
            if let handler = handlers.last { handlerInvokes[handler, default: []].append(String(name)) } else { invokes.append(String(name)) }
        }
        recordHandOff(selector, onSelf: onSelf, args: args, line: line)
        if case .send(.identifier(let cls), "alloc", _) = receiver, selector.hasPrefix("init"), !args.isEmpty,
           let name = selector.split(separator: ":").first, initCalls.count < MethodFacts.limit {
            initCalls.append(InitCall(className: cls, method: String(name), arguments: args.map { controller($0) }))
        }
        readAlert(receiver, selector, first)
        readOutletAction(receiver, selector, args)
    }

    /// Whether the send puts a controller into a container the method made
    /// (`[container addChildViewController:nav]`, `[container setContentViewController:nav]`,
    /// `[navigation pushViewController:vc animated:NO]`): then the container, when shown, leads
    /// where its child does (``controller(_:depth:)``), and the send is no step of its own.
    private mutating func holdsChild(_ receiver: ObjCExpr, _ first: ObjCExpr, selector: String = "addChildViewController:") -> Bool {
        let local: String
        switch receiver {
        case .identifier(let name) where name != "self": local = name
        case .member(.identifier("self"), let name): local = "self." + name
        default: return false
        }
        guard let bound = bindings[local], Self.isMade(bound),
              children[local] == nil, let name = selector.split(separator: ":").first.map(String.init) else { return false }
        // What cannot be followed is kept too: showing the container then says why.
        guard let held = ContainerChild.held(controller(first), placedBy: name) else { return false }
        children[local] = held
        return true
    }

    /// `[[X alloc] init…]` or `[X new]`: a controller made here, not one already on screen.
    static func isMade(_ expr: ObjCExpr) -> Bool {
        switch expr {
        case .send(.send(.identifier, "alloc", _), let selector, _): selector.hasPrefix("init")
        case .send(.identifier, "new", _): true
        default: false
        }
    }

    /// A send that may run one of the app's methods: any send to another object (a helper's
    /// navigation runs where it is called), and sends to `self` that pass a controller.
    private mutating func recordHandOff(_ selector: String, onSelf: Bool, args: [ObjCExpr], line: Int) {
        guard !onSelf || !args.isEmpty, let name = selector.split(separator: ":").first, !name.hasPrefix("init"),
              !["alloc", "class", "new", "retain", "release", "autorelease"].contains(name) else { return }
        let values = args.map { controller($0) }
        guard !onSelf || values.contains(where: \.isFollowable) else { return }
        handOffs.append(HandOff(method: String(name), onSelf: onSelf, line: line, arguments: values))
    }

    /// Before iOS 4 a window showed a controller by taking its view (`[window addSubview:
    /// navigationController.view]`): the first controller added is the root, a later one's view
    /// covers it for a while (a login screen over the tabs).
    private func viewAddedToWindow(_ view: ObjCExpr, _ line: Int) -> NavigationCall? {
        switch view {
        case .member(let owner, "view"), .send(let owner, "view", _): shown(.setRoot, owner, line)
        default: nil
        }
    }

    /// Before iOS 8 a popover controller made around a controller
    /// (`[[UIPopoverController alloc] initWithContentViewController:vc]`) presents it as a popover.
    private func popover(_ controller: ObjCExpr, _ line: Int) -> NavigationCall {
        var call = shown(.present, controller, line)
        call.presentationStyle = .popover
        return call
    }

    private func shown(_ action: NavigationAction, _ expr: ObjCExpr, _ line: Int) -> NavigationCall {
        var call = NavigationCall(action: action, line: line, destination: controller(expr))
        if case .identifier(let name) = expr { call.presentationStyle = styles[name] }
        return call
    }

    mutating func assign(_ chain: [String], _ value: ObjCExpr, line: Int, declaring: Bool = false) {
        if chain.count == 1 {
            if declaring { declaredLocals.insert(chain[0]) }
            bindings[chain[0]] = value
            children[chain[0]] = nil
            // An instance variable (`_settings = …`, `settings = …` of a synthesized property)
            // is read by the class's other methods as the property.
            let made = controller(value)
            let property = chain[0].hasPrefix("_") ? String(chain[0].dropFirst()) : chain[0]
            if !declaring, made.makesController, assigned[property] == nil { assigned[property] = made }
            return
        }
        // A drawer's content set as a property (`self.sidePanel.centerPanel = nav;`): the drawer
        // the method made shows it.
        if chain.count >= 2, ContainerChild.contentLabels.contains(chain[chain.count - 1]) {
            let container = chain.dropLast().joined(separator: ".")
            if let bound = bindings[container], Self.isMade(bound), children[container] == nil { children[container] = controller(value) }
        }
        // `self.child = …`: read back as `self.child` later in the method, and by the class's other methods.
        if chain.count == 2, chain[0] == "self" {
            bindings["self." + chain[1]] = value
            children["self." + chain[1]] = nil
            let made = controller(value)
            if made.isFollowable, assigned[chain[1]] == nil { assigned[chain[1]] = made }
        }
        if let slot = chain.last.flatMap(Self.barSlot) { place(value, in: slot) }
        if chain == ["self", "title"], title == nil { title = Self.text(value) }
        if chain.suffix(2) == ["navigationItem", "title"], chain.count <= 3, chain.first == "self" || chain.count == 2, navigationTitle == nil {
            navigationTitle = Self.text(value)
        }
        switch chain.last {
        case "modalPresentationStyle":
            if case .identifier(let constant) = value, constant.hasPrefix("UIModalPresentation") {
                var name = String(constant.dropFirst("UIModalPresentation".count))
                if let f = name.first { name = f.lowercased() + name.dropFirst() }
                if let style = ModalPresentationStyle(rawValue: name) { styles[chain[chain.count - 2]] = style }
            }
        case "selectedIndex":
            if case .number(let n) = value {
                var call = NavigationCall(action: .selectTab, line: line)
                call.tabIndex = n
                calls.append(call)
            }
        case "rootViewController" where chain[chain.count - 2] != "self" && namesWindow(Array(chain.dropLast())):
            // A window's root; `self.rootViewController` is a property of the class's own, and
            // other objects have one too (an ad banner's `self.bannerView.rootViewController = self`).
            var call = NavigationCall(action: .setRoot, line: line, destination: controller(value))
            call.onOtherWindow = LaunchRootReader.namesOtherWindow(chain.dropLast().joined(separator: "."))
            calls.append(call)
        case "viewControllers":
            guard case .array(let items) = value else { return }
            var call = NavigationCall(action: .setTabs, line: line)
            call.tabs = items.map { controller($0) }
            calls.append(call)
        default:
            break
        }
    }

    /// Which argument of an initializer is a side-menu container's content
    /// (``ContainerChild/contentLabels``): `initWithCenterViewController:…` → 0,
    /// `initWithRearViewController:frontViewController:` → 1.
    static func contentArgument(_ selector: String) -> Int? {
        let parts = selector.split(separator: ":").map(String.init)
        return parts.indices.first { i in
            var label = i == 0 ? String(parts[0].dropFirst("initWith".count)) : parts[i]
            guard !label.isEmpty, i > 0 || parts[0].hasPrefix("initWith") else { return false }
            label = label.prefix(1).lowercased() + label.dropFirst()
            return ContainerChild.contentLabels.contains(label)
        }
    }

    /// Whether a receiver names a window (`window`, `self.window`, `[self window]`, a local made
    /// as a `UIWindow`).
    func namesWindow(_ receiver: ObjCExpr) -> Bool {
        switch receiver {
        case .identifier(let name): namesWindow([name])
        case .member(let base, let name), .send(let base, let name, []): name.lowercased().contains("window") || namesWindow(base)
        default: false
        }
    }

    /// Whether a receiver is a window this method makes for itself (`UIWindow *window =
    /// [[UIWindow alloc] …]`, an error screen's or an overlay's) and keeps in no property: not
    /// the app's window.
    func isOtherWindow(_ receiver: ObjCExpr) -> Bool {
        // (An instance variable given a new window, `_window = [[UIWindow alloc] …]`, is the app's.)
        guard case .identifier(let name) = receiver, declaredLocals.contains(name), let bound = bindings[name],
              "\(bound)".contains("UIWindow") else { return false }
        return !bindings.contains { $0.key.hasPrefix("self.") && $0.value == .identifier(name) }
    }

    /// Whether a property chain names a window: its names say so (`self.window`, `_window`,
    /// `appDelegate.window`), or it is a local made as one (`UIWindow *w = [[UIWindow alloc] …]`).
    func namesWindow(_ chain: [String]) -> Bool {
        if chain.contains(where: { $0.lowercased().contains("window") }) { return true }
        guard chain.count == 1, let bound = bindings[chain[0]] else { return false }
        return "\(bound)".contains("UIWindow")
    }

    func controller(_ expr: ObjCExpr, depth: Int = 0) -> ControllerExpr {
        guard depth < 8 else { return .unresolved("too many indirections") }
        switch expr {
        case .identifier(let name):
            guard let bound = bindings[name] else {
                if let k = parameters.firstIndex(of: name) { return .parameter(k) }
                // A property's instance variable (`@synthesize`), set as `self.name` before.
                if let property = bindings["self." + name] { return controller(property, depth: depth + 1) }
                // An instance variable set by another method of the class (or its lazy getter).
                return .property(name.hasPrefix("_") ? String(name.dropFirst()) : name)
            }
            // A container the method made and put a controller into shows that controller.
            if let child = children[name] { return child }
            return controller(bound, depth: depth + 1)
        case .send(let receiver, let selector, let args):
            return controllerSend(receiver, selector, args, depth: depth)
        case .member(.identifier("self"), let name) where bindings["self." + name] != nil:
            if let child = children["self." + name] { return child }
            return controller(bindings["self." + name] ?? .other, depth: depth + 1)
        case .member(.identifier("self"), let name):
            return .property(name)
        case .member(_, let name):
            return .unresolved("'\(name)' is a property set elsewhere")
        case .call("@alert", _):
            return .className("UIAlertController")
        case .call(let name, _):
            return .unresolved("'\(name)(…)' returns a controller Segue cannot follow")
        default:
            return .unresolved("not a controller Segue can follow")
        }
    }

    private func controllerSend(_ receiver: ObjCExpr, _ selector: String, _ args: [ObjCExpr], depth: Int) -> ControllerExpr {
        switch selector {
        case "instantiateViewControllerWithIdentifier:":
            return .storyboardID(Self.string(args.first ?? .other), storyboard: storyboard(receiver, depth: depth))
        case "instantiateInitialViewController":
            return .initial(storyboard(receiver, depth: depth))
        case "autorelease", "retain":
            return controller(receiver, depth: depth + 1)
        default:
            break
        }
        if selector.hasPrefix("init"), case .send(.identifier(let cls), "alloc", _) = receiver {
            // A navigation controller (or a container of the app's) around a controller leads where it does.
            if selector == "initWithRootViewController:", let root = args.first {
                return .navigation(wrapping: controller(root, depth: depth + 1))
            }
            // A drawer or reveal container around its content
            // (`initWithCenterViewController:leftDrawerViewController:`): it leads where that does.
            if let index = Self.contentArgument(selector), index < args.count {
                return controller(args[index], depth: depth + 1)
            }
            return .className(cls)
        }
        if case .identifier(let cls) = receiver, isClassName(cls), selector.hasPrefix("instantiate"),
           !NavigationAnalysis.isSystemClass(cls), let name = selector.split(separator: ":").first {
            return .classFactory(cls, method: String(name))
        }
        // A factory an app's category adds to UIKit's class (`[UIStoryboard instantiatedListController]`):
        // what it returns, when the app has one of that name (else UIKit's own controller).
        if case .identifier(let cls) = receiver, NavigationAnalysis.isSystemClass(cls), selector != "new", !selector.hasPrefix("init"),
           let name = selector.split(separator: ":").first, name.first?.isLowercase == true {
            return .returnedBy(type: cls, method: String(name))
        }
        if case .identifier(let cls) = receiver, isClassName(cls),
           selector == "new" || NavigationAnalysis.isSystemClass(cls) || selector.hasPrefix("instantiate") || selector.contains("Storyboard") || selector.contains("Nib") {
            return .className(cls)
        }
        // Helpers given the class: `[self controllerOfClass:[X class]]`.
        for arg in args {
            if case .send(.identifier(let cls), "class", _) = arg { return .className(cls) }
        }
        // A class's own factory: `[X sharedInstance]`, `[X rootController]`.
        if case .identifier(let cls) = receiver, isClassName(cls), args.isEmpty,
           ["shared", "instance", "controller"].contains(where: { selector.lowercased().contains($0) }) {
            return .className(cls)
        }
        // A class's factory given arguments (`[SgfMessagesController controllerWithDelegate:self]`):
        // what it returns, else an instance of the class.
        if case .identifier(let cls) = receiver, isClassName(cls), !args.isEmpty, selector.lowercased().contains("controller"),
           let name = selector.split(separator: ":").first {
            return .oneOf([.returnedBy(type: cls, method: String(name)), .className(cls)])
        }
        // A method of the app that makes the controller: `[self makeInbox]`, `[manager checkStatus]`.
        if let name = selector.split(separator: ":").first, !selector.hasPrefix("init"),
           name.first?.isLowercase == true || name.first == "_" {
            return .returned(method: String(name), onSelf: receiver == .identifier("self"))
        }
        return .unresolved("'[… \(selector)]' returns a controller Segue cannot follow")
    }

    /// Whether a capitalized receiver names a class, not a local (`SPLMSSPViewController *MSSPVC = …`).
    func isClassName(_ name: String) -> Bool {
        name.first?.isUppercase == true && bindings[name] == nil && !declaredLocals.contains(name)
    }

    func storyboard(_ expr: ObjCExpr, depth: Int) -> StoryboardRef {
        guard depth < 8 else { return .unknown("too many indirections") }
        switch expr {
        case .identifier("storyboard") where bindings["storyboard"] == nil:
            return .current
        case .identifier(let name):
            guard let bound = bindings[name] else { return .unknown("'\(name)' is not set in this method") }
            return storyboard(bound, depth: depth + 1)
        case .member(_, "storyboard"):
            return .current
        case .send(_, "storyboardWithName:bundle:", let args):
            return .named(Self.string(args.first ?? .other))
        default:
            return .unknown("a storyboard Segue cannot follow")
        }
    }

    /// A text as written: a literal, or a localized string's key (`NSLocalizedString(@"Feed", nil)`).
    static func text(_ expr: ObjCExpr) -> String? {
        switch expr {
        case .string(let text): text
        case .call("NSLocalizedString", let words): if case .string(let key)? = words.first { key } else { nil }
        default: nil
        }
    }

    static func string(_ expr: ObjCExpr) -> StringValue {
        switch expr {
        case .string(let s): return .literal(s)
        case .identifier(let name): return .symbol(name)
        case .call("NSStringFromClass", let args):
            if case .send(.identifier(let cls), "class", _)? = args.first { return .literal(cls) }
            return .symbol("NSStringFromClass(…)")
        case .member(let base, let name):
            if case .identifier(let b) = base { return .symbol(b + "." + name) }
            return .symbol(name)
        default:
            return .symbol("…")
        }
    }
}
