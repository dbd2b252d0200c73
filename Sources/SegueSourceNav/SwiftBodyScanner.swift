import SegueCore
import SwiftSyntax

/// Reads one Swift method body, in source order: the local values it binds, the navigation
/// calls it makes (closures included), the styles it sets, and the methods of `self` it calls.
final class SwiftBodyScanner: SyntaxVisitor {
    let converter: SourceLocationConverter
    /// Name → the expression last bound to it (stored properties first, then locals).
    var bindings: [String: ExprSyntax]
    /// A container the method made (a local) → the controller it put into it (``ContainerChild``).
    var children: [String: ControllerExpr] = [:]
    var styles: [String: ModalPresentationStyle] = [:]
    /// Bar items set on locals that become tabs (``SwiftTabItems``), by local name.
    var tabItems: [String: CodeTabItem] = [:]
    var calls: [NavigationCall] = []
    var invokes: [String] = []
    /// How many closures stored in a property (`view.onTap = { … }`) enclose the node visited:
    /// their code runs later, on that object's event, not as this method runs.
    private var storedClosureDepth = 0
    var handOffs: [HandOff] = []
    var initCalls: [InitCall] = []
    var returns: [ControllerExpr] = []
    var nibLoads: [NibLoad] = []
    var assigned: [String: ControllerExpr] = [:]
    var barItems: [CodeBarItem] = []
    var instantiates: [String] = []
    var mayReturnTrue = false
    /// Alerts the method made, by local name, and the actions it made into locals.
    var alerts: [String: CodeAlert] = [:]
    var alertActions: [String: CodeAlert.Action] = [:]
    /// The alert actions whose handlers enclose the node visited (``CodeAlert/Action/key``).
    private var handlers: [String] = []
    /// The methods of `self` each action's handler calls.
    private var handlerInvokes: [String: [String]] = [:]
    var outletActions: [OutletAction] = []
    /// Roots set on windows the method makes (`let window = UIWindow(…)`), by call index and
    /// local, and the locals it keeps as the app's window (`self.window = window`).
    var windowRoots: [(call: Int, local: String)] = []
    var keptWindows: Set<String> = []
    /// The names the method declares (`let window = …`), not properties it sets.
    var declaredLocals: Set<String> = []
    /// The titles the method sets (``MethodFacts/setsTitle``).
    var title: String?
    var navigationTitle: String?
    /// The method's parameters' names, in order.
    let parameters: [String]

    /// The base name of the method scanned: a menu it returns is shown by the bar item naming it.
    var methodName = ""
    /// Menus held by locals (`let menu = UIMenu(…)`): the index of their call in `calls`.
    private var menuLocals: [String: Int] = [:]

    init(converter: SourceLocationConverter, properties: [String: ExprSyntax], parameters: [String] = []) {
        self.converter = converter
        self.bindings = properties
        self.parameters = parameters
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let value = node.expression, let local = SwiftExpr.unwrapped(value).as(DeclReferenceExprSyntax.self)?.baseName.text,
           let k = menuLocals[local] {
            calls[k].menuAction = methodName
        }
        if let value = node.expression {
            if value.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind != .keyword(.false), !value.is(NilLiteralExprSyntax.self) {
                mayReturnTrue = true
            }
            returns.append(controller(value))
            if let name = SwiftExpr.unwrapped(value).as(DeclReferenceExprSyntax.self)?.baseName.text { returnedNames.append(name) }
        }
        return .visitChildren
    }

    /// The locals (or parameters) the method returns by name.
    var returnedNames: [String] = []

    /// The bar item set on what the method returns: on the returned local, else the one item
    /// the method sets (on the controller it wraps before returning the wrapper).
    var returnedTabItem: CodeTabItem? {
        guard !returns.isEmpty else { return nil }
        if let item = returnedNames.lazy.compactMap({ self.tabItems[$0] }).first { return item }
        return tabItems.count == 1 ? tabItems.first?.value : nil
    }

    /// Every value each name was given in the method, in order (a name given several is any of them).
    var history: [String: [ExprSyntax]] = [:]

    func controller(_ expr: ExprSyntax) -> ControllerExpr {
        let bare = SwiftExpr.unwrapped(expr)
        let name = bare.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? bare.as(MemberAccessExprSyntax.self).flatMap { SwiftExpr.isSelf($0.base) && $0.base != nil && children[$0.declName.baseName.text] != nil ? $0.declName.baseName.text : nil }
        // A container the method made and put a controller into shows that controller.
        if let name, let child = children[name] { return child }
        if let name, let values = history[name], values.count > 1 {
            let others = bindings.filter { $0.key != name }
            var distinct: [ControllerExpr] = []
            for value in values {
                let made = SwiftExpr.controller(value, bindings: others, parameters: parameters)
                if !distinct.contains(made) { distinct.append(made) }
            }
            return distinct.count == 1 ? distinct[0] : .oneOf(distinct)
        }
        return SwiftExpr.controller(expr, bindings: bindings, parameters: parameters)
    }

    /// Keeps a value a name is given, up to ``MethodFacts/valuesLimit`` of them.
    private func remember(_ value: ExprSyntax, for name: String) {
        if history[name, default: []].count < MethodFacts.valuesLimit { history[name, default: []].append(value) }
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value {
            bindings[name] = value
            // A declaration makes a new variable (`let vc = …` in each branch of an `if`): only
            // later assignments to it are other values of the same one.
            history[name] = [value]
            declaredLocals.insert(name)
            bindAlert(name, value)
        }
        return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value {
            bindings[name] = value
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) { assign(elements[0], elements[2]) }
        // `x = make() as? T`, `x = a ?? b`: the parser leaves the right side's operators unfolded.
        if elements.count > 3, elements[1].is(AssignmentExprSyntax.self), !elements.dropFirst(2).contains(where: { $0.is(AssignmentExprSyntax.self) }) {
            assign(elements[0], ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(Array(elements.dropFirst(2))))))
        }
        // `….leftBarButtonItem = editing ? nil : doneButton`: the items any operand holds go there.
        if elements.count > 3, elements[1].is(AssignmentExprSyntax.self), let slot = SwiftBarItems.slot(of: elements[0]) {
            for operand in elements.dropFirst(2) { place(operand, in: slot) }
        }
        return .visitChildren
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if node.operator.is(AssignmentExprSyntax.self) { assign(node.leftOperand, node.rightOperand) }
        return .visitChildren
    }

    /// Code for another platform (``SwiftPlatforms``) is not the app's.
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        SwiftPlatforms.isForOtherPlatform(node) ? .skipChildren : .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        if Self.isStored(node) { storedClosureDepth += 1 }
        if let owner = SwiftAlerts.handlerOwner(node) { handlers.append(SwiftAlerts.key(of: owner, converter: converter)) }
        return .visitChildren
    }

    /// A menu shown from a bar item: presenting its action sheet is the bar item's step.
    override func visitPost(_ node: FunctionCallExprSyntax) {
        guard storedClosureDepth == 0, SwiftMenus.isMenu(node), let place = SwiftMenus.place(of: node),
              var sheet = SwiftMenus.sheet(node, converter: converter, bound: { self.bindings[$0] }, text: alertText) else { return }
        for k in sheet.actions.indices { sheet.actions[k].invokes = handlerInvokes[sheet.actions[k].key] ?? [] }
        let line = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
        var call = NavigationCall(action: .present, line: line, destination: .className("UIAlertController"))
        call.alert = sheet
        call.menuAction = place == .returned ? methodName : SwiftMenus.action(line: line)
        if case .local(let name) = place { menuLocals[name] = calls.count }
        calls.append(call)
    }

    override func visitPost(_ node: ClosureExprSyntax) {
        if Self.isStored(node) { storedClosureDepth -= 1 }
        if SwiftAlerts.handlerOwner(node) != nil { handlers.removeLast() }
    }

    /// Whether a closure is assigned to a property (`cell.onTap = { … }`, `self.handler = { … }`),
    /// not called now or passed to a call.
    static func isStored(_ closure: ClosureExprSyntax) -> Bool {
        guard let parent = closure.parent else { return false }
        if let infix = parent.as(InfixOperatorExprSyntax.self) {
            return infix.operator.is(AssignmentExprSyntax.self) && infix.rightOperand.id == closure.id && infix.leftOperand.is(MemberAccessExprSyntax.self)
        }
        if let list = parent.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            return elements.count == 3 && elements[1].is(AssignmentExprSyntax.self) && elements[2].id == closure.id && elements[0].is(MemberAccessExprSyntax.self)
        }
        return false
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // A stored closure's calls are no step of this method's triggers (a presented screen's
        // dismiss handler, an empty-state view's button): they run on that object's event, so
        // only what it shows is kept, as a step code takes.
        let later = storedClosureDepth > 0
        let (written, base) = SwiftExpr.callee(node)
        let args = Array(node.arguments)
        let (name, labels) = SwiftExpr.swift3Name(written, labels: args.map { $0.label?.text })
        let line = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
        var call: NavigationCall?
        switch name {
        case "performSegue" where labels.first == "withIdentifier":
            call = NavigationCall(action: .performSegue, line: line, segue: segueIdentifier(args[0].expression))
        case "pushViewController" where !args.isEmpty && !holdsChild(base, name, args) && !SwiftExpr.isAnothersNavigation(base):
            call = navigation(.push, args[0].expression, line)
        case "show" where labels == [nil, "sender"]:
            call = navigation(.show, args[0].expression, line)
        case "showDetailViewController" where !args.isEmpty:
            call = navigation(.showDetail, args[0].expression, line)
        case "present" where args.count >= 2 && labels[1] == "animated":
            call = navigation(.present, args[0].expression, line)
        // (A page view controller held by this one turning its page is no step of this one's.)
        case "setViewControllers" where !args.isEmpty && !(labels.contains("direction") && !SwiftExpr.isSelf(base)):
            let items = array(args[0].expression).map { Array($0.elements) } ?? []
            call = navigation(.setViewControllers, items.last?.expression ?? args[0].expression, line)
            // On a tab bar controller the list is its tabs.
            call?.tabs = items.map { controller($0.expression) }
            call?.tabItems = tabItems(for: items.map(\.expression))
            call?.tabArguments = tabArguments(for: items.map(\.expression))
        // Not a child added to another object's controller (one `where` for both names: it binds to the last pattern alone).
        case _ where (name == "addChild" || name == "addChildViewController") && args.count == 1
                && !holdsChild(base, name, args) && SwiftExpr.isSelf(base):
            call = navigation(.addChild, args[0].expression, line)
        case "popViewController" where labels.first == "animated":
            call = NavigationCall(action: .pop, line: line)
        case "popToRootViewController" where labels.first == "animated":
            call = NavigationCall(action: .popToRoot, line: line)
        case "dismiss" where labels.first == "animated" && !closesAnother(base):
            call = NavigationCall(action: .dismiss, line: line)
        case _ where labels.first == "rootViewController" && base != nil && Self.swapsRoot(name):
            // (`super.init(rootViewController:)` in a navigation controller subclass is its own stack.)
            // A window helper that swaps the root (`window.set(rootViewController: vc, options: …)`),
            // not one that reads it (`topViewController(rootViewController:)`).
            call = NavigationCall(action: .setRoot, line: line, destination: controller(args[0].expression))
        default:
            if !later { readOther(name, base: base, args: args, line: line) }
        }
        // (A stored closure's dismiss or pop closes what this method showed: its handler's.)
        if let call, !(later && [.dismiss, .pop, .popToRoot].contains(call.action)) { record(call, args: args) }
        guard !later else { return .visitChildren }
        readBarItems(node, name: name, line: line)
        if labels.first == "nibName", let nib = args.first?.expression, let owner = SwiftExpr.nibOwner(name: name, base: base) {
            nibLoads.append(NibLoad(className: owner.isEmpty ? nil : owner, nib: SwiftExpr.string(nib)))
        }
        return .visitChildren
    }

    /// A call that navigates nowhere itself: a method of `self` it runs, a container it fills,
    /// an alert it builds, an outlet it attaches an action to, a controller it hands over or a type it makes.
    private func readOther(_ name: String, base: ExprSyntax?, args: [LabeledExprSyntax], line: Int) {
        _ = holdsChild(base, name, args)
        let onSelf = SwiftExpr.isSelf(base)
        if onSelf, let first = name.first, first.isLowercase {
            // A handler's calls run when its action is chosen, not as the method runs.
            if let handler = handlers.last { handlerInvokes[handler, default: []].append(name) } else { invokes.append(name) }
        }
        readAlert(name, base: base, args: args)
        readOutletAction(name, base: base, args: args)
        recordHandOff(name, onSelf: onSelf, args: args, line: line)
        if base == nil, name.first?.isUppercase == true, !NavigationAnalysis.isSystemClass(name), !instantiates.contains(name) {
            instantiates.append(name)
        }
    }

    /// Keeps a navigation call, marked with the alert action whose handler makes it, and with the
    /// alert it presents.
    private func record(_ found: NavigationCall, args: [LabeledExprSyntax]) {
        var call = found
        call.alertHandler = handlers.last
        call.runsLater = storedClosureDepth > 0
        if call.action == .present, let name = args.first.flatMap({ SwiftAlerts.localOrProperty($0.expression) }) {
            call.alert = presentedAlert(name)
        }
        calls.append(call)
    }

    /// A menu given to an outlet (`settingsButton.menu = UIMenu(…)`): the outlet's tap shows it.
    private func attachMenu(_ member: MemberAccessExprSyntax, _ rhs: ExprSyntax) {
        guard member.declName.baseName.text == "menu", let base = member.base, let outlet = SwiftAlerts.localOrProperty(base),
              outlet != "self", bindings[outlet] == nil, outletActions.count < MethodFacts.limit,
              let action = SwiftMenus.itemAction(rhs, converter: converter, bound: { self.bindings[$0] }) else { return }
        outletActions.append(OutletAction(outlet: outlet, action: action))
    }

    /// A drawer's content set as a property (`drawer.centerViewController = nav`,
    /// `self.sidePanel.centerPanel = nav`): the drawer the method made shows it.
    private func placeContent(_ member: MemberAccessExprSyntax, _ rhs: ExprSyntax) {
        guard ContainerChild.contentLabels.contains(member.declName.baseName.text), let base = member.base.map(SwiftExpr.unwrapped) else { return }
        let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? base.as(MemberAccessExprSyntax.self).flatMap { SwiftExpr.isSelf($0.base) && $0.base != nil ? $0.declName.baseName.text : nil }
        guard let name, name != "self", let bound = bindings[name], Self.isMade(bound), children[name] == nil else { return }
        children[name] = controller(rhs)
    }

    /// Whether the call puts a controller into a container the method made
    /// (`container.addChild(nav)`, `container.embed(child: nav)`, `navigation.pushViewController(vc,
    /// animated: false)`): then the container, when shown, leads where its child does, and the
    /// call is no step of its own.
    private func holdsChild(_ base: ExprSyntax?, _ name: String, _ args: [LabeledExprSyntax]) -> Bool {
        guard let base, let local = SwiftExpr.unwrapped(base).as(DeclReferenceExprSyntax.self)?.baseName.text,
              local != "self", let bound = bindings[local], Self.isMade(bound), children[local] == nil,
              let first = args.first?.expression else { return false }
        // What cannot be followed is kept too: showing the container then says why.
        guard let held = ContainerChild.held(controller(first), placedBy: name, firstLabel: args[0].label?.text) else { return false }
        children[local] = held
        return true
    }

    /// `X()` or `X(…)`: a controller made here, not one already on screen.
    static func isMade(_ expr: ExprSyntax) -> Bool {
        guard let call = SwiftExpr.unwrapped(expr).as(FunctionCallExprSyntax.self) else { return false }
        var called = call.calledExpression
        if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base { called = base }
        return called.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true
    }

    /// A call that may run one of the app's methods: any call on another object (a helper's
    /// navigation runs where it is called), and calls on `self` that pass a controller.
    private func recordHandOff(_ name: String, onSelf: Bool, args: [LabeledExprSyntax], line: Int) {
        if name.first?.isUppercase == true, !args.isEmpty, !NavigationAnalysis.isSystemClass(name), initCalls.count < MethodFacts.limit {
            initCalls.append(InitCall(className: name, method: "init", arguments: args.map { controller($0.expression) }))
        }
        guard let first = name.first, first.isLowercase, !onSelf || !args.isEmpty else { return }
        // A string literal passed may be a storyboard ID the method instantiates (`next("scan")`).
        let values = args.map { arg in SwiftExpr.literalIdentifier(arg.expression) ?? controller(arg.expression) }
        guard !onSelf || values.contains(where: \.isFollowable) else { return }
        handOffs.append(HandOff(method: name, onSelf: onSelf, line: line, arguments: values))
    }

    /// The array literal `expr` is, or the one the local it names is bound to (`let tabs = [a, b]`).
    private func array(_ expr: ExprSyntax) -> ArrayExprSyntax? {
        let value = SwiftExpr.unwrapped(expr)
        if let array = value.as(ArrayExprSyntax.self) { return array }
        guard let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        return bindings[name].map(SwiftExpr.unwrapped)?.as(ArrayExprSyntax.self)
    }

    /// The bar item set on each listed local before the list (nil for other values).
    /// A segue identifier as written: a literal or a constant's name, a local's or property's
    /// value, or a parameter (`let identifier = segue.rawValue` in SwiftGen's `perform(segue:)`:
    /// known only to the callers, never a constant that happens to share the local's name).
    func segueIdentifier(_ expr: ExprSyntax, depth: Int = 0) -> StringValue {
        let id = SwiftExpr.string(expr)
        guard case .symbol(let name) = id, !name.contains("."), depth < 3 else { return id }
        if let bound = bindings[name] {
            let e = SwiftExpr.unwrapped(bound)
            let isName = e.is(DeclReferenceExprSyntax.self) || e.is(MemberAccessExprSyntax.self) && !e.trimmedDescription.contains("(")
            return isName || SwiftDeclarationVisitor.literal(e) != nil ? segueIdentifier(bound, depth: depth + 1) : .symbol(e.trimmedDescription)
        }
        if let k = parameters.firstIndex(of: name) { return .parameter(k) }
        return id
    }

    /// Whether a method taking `rootViewController:` first is named to set it: `set`,
    /// `setRoot`, `replaceRoot`, `switchRootViewController`, ….
    static func swapsRoot(_ name: String) -> Bool {
        ["set", "replace", "change", "switch", "swap", "update", "make"].contains { verb in
            name == verb || name.hasPrefix(verb) && name.dropFirst(verb.count).first?.isUppercase == true
        }
    }

    /// A navigation controller made around a local (`UINavigationController(rootViewController:
    /// home)`, listed or bound to the local listed) shows its root's item, as UIKit's does.
    private func tabItems(for values: [ExprSyntax]) -> [CodeTabItem?] {
        values.map { value in
            let name = SwiftExpr.unwrapped(value).as(DeclReferenceExprSyntax.self)?.baseName.text
            if let name, let item = tabItems[name] { return item }
            guard let made = SwiftExpr.unwrapped(name.flatMap { bindings[$0] } ?? value).as(FunctionCallExprSyntax.self),
                  let root = made.arguments.first(where: { $0.label?.text == "rootViewController" }),
                  let rootName = SwiftExpr.unwrapped(root.expression).as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
            return tabItems[rootName]
        }
    }

    /// The arguments of the call making each listed tab, written in the list or bound to the
    /// local listed (``SwiftTabItems/arguments(of:)``).
    private func tabArguments(for values: [ExprSyntax]) -> [[String?]] {
        values.map { value in
            let name = SwiftExpr.unwrapped(value).as(DeclReferenceExprSyntax.self)?.baseName.text
            return SwiftTabItems.arguments(of: name.flatMap { bindings[$0] } ?? value)
        }
    }

    private func navigation(_ action: NavigationAction, _ expr: ExprSyntax, _ line: Int) -> NavigationCall {
        var call = NavigationCall(action: action, line: line, destination: controller(expr))
        if let name = SwiftExpr.unwrapped(expr).as(DeclReferenceExprSyntax.self)?.baseName.text {
            call.presentationStyle = styles[name]
        }
        return call
    }

    private func assign(_ lhs: ExprSyntax, _ rhs: ExprSyntax) {
        // An alert action's handler clearing a value (`self.alert = nil`) does so once it is chosen.
        guard handlers.isEmpty || !rhs.is(NilLiteralExprSyntax.self) else { return }
        let line = converter.location(for: lhs.positionAfterSkippingLeadingTrivia).line
        if let plain = lhs.as(DeclReferenceExprSyntax.self) {
            assign(name: plain.baseName.text, rhs, line: line)
            return
        }
        guard let member = lhs.as(MemberAccessExprSyntax.self) else { return }
        readTitle(member, rhs)
        placeContent(member, rhs)
        attachMenu(member, rhs)
        SwiftTabItems.record(member, rhs, parameters: parameters, into: &tabItems)
        if let slot = SwiftBarItems.slot(member.declName.baseName.text) { place(rhs, in: slot) }
        if member.declName.baseName.text == "window", let kept = SwiftExpr.unwrapped(rhs).as(DeclReferenceExprSyntax.self) {
            keptWindows.insert(kept.baseName.text)
        }
        if let base = member.base, SwiftExpr.isSelf(base) {
            // `self.child = …`: the class's other methods may show it.
            let name = member.declName.baseName.text
            bindings[name] = rhs
            children[name] = nil
            bindAlert(name, rhs)
            let made = controller(rhs)
            if made.isFollowable, assigned[name] == nil { assigned[name] = made }
        }
        switch member.declName.baseName.text {
        case "modalPresentationStyle":
            let styleName = rhs.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? ""
            if let base = member.base.map(SwiftExpr.unwrapped)?.as(DeclReferenceExprSyntax.self)?.baseName.text,
               let style = ModalPresentationStyle(rawValue: styleName) {
                styles[base] = style
            }
        case "selectedIndex":
            if let n = rhs.as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text) }) {
                var call = NavigationCall(action: .selectTab, line: line)
                call.tabIndex = n
                calls.append(call)
            }
        case "rootViewController" where member.base.map { !SwiftExpr.isSelf($0) && isWindow($0) } ?? true:
            // A window's root; `self.rootViewController` is a property of the class's own, and
            // other objects have one too (an ad banner's `bannerView.rootViewController = self`).
            var call = NavigationCall(action: .setRoot, line: line, destination: controller(rhs))
            call.onOtherWindow = member.base.map { LaunchRootReader.namesOtherWindow($0.trimmedDescription) } ?? false
            if let local = member.base.flatMap({ SwiftExpr.unwrapped($0).as(DeclReferenceExprSyntax.self)?.baseName.text }),
               declaredLocals.contains(local), bindings[local]?.trimmedDescription.hasPrefix("UIWindow(") == true {
                windowRoots.append((calls.count, local))
            }
            calls.append(call)
        case "viewControllers":
            guard let array = array(rhs) else { return }
            var call = NavigationCall(action: .setTabs, line: line)
            call.tabs = array.elements.map { controller($0.expression) }
            call.tabItems = tabItems(for: array.elements.map(\.expression))
            call.tabArguments = tabArguments(for: array.elements.map(\.expression))
            calls.append(call)
        default:
            break
        }
    }
}

extension SwiftBodyScanner {
    /// Whether `base.dismiss(animated:)` closes another controller than this one: what this one
    /// presented (`presentedViewController`, or a local holding it), or a controller a delegate
    /// callback is handed (`picker.dismiss(animated: true)` in `imagePickerController(_:didFinish…)`).
    func closesAnother(_ base: ExprSyntax?) -> Bool {
        if SwiftExpr.closesPresented(base) { return true }
        guard let base, let name = SwiftExpr.unwrapped(base).as(DeclReferenceExprSyntax.self)?.baseName.text, name != "self" else { return false }
        if parameters.contains(name) { return true }
        return bindings[name]?.trimmedDescription.contains("presentedViewController") ?? false
    }

    /// The calls, a root set on a window the method makes and keeps nowhere (a privacy cover's,
    /// shown above the app's) marked as another window's.
    var callsMarkingOtherWindows: [NavigationCall] {
        var marked = calls
        for (k, local) in windowRoots where k < marked.count && !keptWindows.contains(local) { marked[k].onOtherWindow = true }
        return marked
    }

    /// `name = …`: a local, or a property of the controller itself (`toolbarItems`, `title`,
    /// `viewControllers`: a tab bar controller's tabs).
    func assign(name: String, _ rhs: ExprSyntax, line: Int) {
        if name == "window", let kept = SwiftExpr.unwrapped(rhs).as(DeclReferenceExprSyntax.self) { keptWindows.insert(kept.baseName.text) }
        if let slot = SwiftBarItems.slot(name), bindings[name] == nil { place(rhs, in: slot) }
        if name == "title", bindings["title"] == nil, title == nil { title = SwiftTabItems.literal(rhs) }
        if name == "viewControllers", bindings["viewControllers"] == nil, let array = array(rhs) {
            var call = NavigationCall(action: .setTabs, line: line)
            call.tabs = array.elements.map { controller($0.expression) }
            call.tabItems = tabItems(for: array.elements.map(\.expression))
            call.tabArguments = tabArguments(for: array.elements.map(\.expression))
            calls.append(call)
        }
        bindings[name] = rhs
        bindAlert(name, rhs)
        remember(rhs, for: name)
        children[name] = nil
    }

    /// `self.title = …` and `navigationItem.title = …` (on `self`), the first literal of each.
    func readTitle(_ member: MemberAccessExprSyntax, _ value: ExprSyntax) {
        guard member.declName.baseName.text == "title", handlers.isEmpty, let base = member.base.map(SwiftExpr.unwrapped) else { return }
        if SwiftExpr.isSelf(base) {
            if title == nil { title = SwiftTabItems.literal(value) }
            return
        }
        let item = base.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? base.as(MemberAccessExprSyntax.self).flatMap { SwiftExpr.isSelf($0.base) && $0.base != nil ? $0.declName.baseName.text : nil }
        if item == "navigationItem", bindings["navigationItem"] == nil, navigationTitle == nil { navigationTitle = SwiftTabItems.literal(value) }
    }

    /// `loginButton.addTarget(self, action: #selector(login), for: …)` and
    /// `photo.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(open)))`
    /// on an outlet (a property the class does not make itself).
    func readOutletAction(_ name: String, base: ExprSyntax?, args: [LabeledExprSyntax]) {
        guard let base, let outlet = SwiftAlerts.localOrProperty(base), outlet != "self", bindings[outlet] == nil,
              let first = args.first?.expression else { return }
        var action: String?
        switch name {
        case "addTarget" where SwiftExpr.unwrapped(first).trimmedDescription == "self":
            action = args.first { $0.label?.text == "action" }.flatMap { SwiftBarItems.selectorName($0.expression) }
        case "addGestureRecognizer":
            let named = SwiftExpr.unwrapped(first).as(DeclReferenceExprSyntax.self).flatMap { bindings[$0.baseName.text] }
            guard let made = SwiftExpr.unwrapped(named ?? first).as(FunctionCallExprSyntax.self),
                  made.arguments.first(where: { $0.label?.text == "target" })?.expression.trimmedDescription == "self" else { return }
            action = made.arguments.first { $0.label?.text == "action" }.flatMap { SwiftBarItems.selectorName($0.expression) }
        default:
            return
        }
        if let action, outletActions.count < MethodFacts.limit { outletActions.append(OutletAction(outlet: outlet, action: action)) }
    }

    /// Keeps the alert or alert action a local is given (forgets what it held before).
    func bindAlert(_ name: String, _ value: ExprSyntax) {
        alerts[name] = SwiftAlerts.alert(value, text: alertText)
        alertActions[name] = SwiftAlerts.action(value, converter: converter, text: alertText)
    }

    /// `alert.addAction(…)` and `alert.addTextField { … }` on an alert the method made.
    func readAlert(_ name: String, base: ExprSyntax?, args: [LabeledExprSyntax]) {
        guard let base, let local = SwiftAlerts.localOrProperty(base), var alert = alerts[local], alert.actions.count + alert.textFields.count < CodeAlert.limit else { return }
        switch name {
        case "addAction":
            guard let argument = args.first?.expression else { return }
            let named = SwiftExpr.unwrapped(argument).as(DeclReferenceExprSyntax.self).flatMap { alertActions[$0.baseName.text] }
            guard let action = named ?? SwiftAlerts.action(argument, converter: converter, text: alertText) else { return }
            alert.actions.append(action)
        case "addTextField":
            guard let call = base.parent?.parent?.as(FunctionCallExprSyntax.self) else { return }
            alert.textFields.append(SwiftAlerts.placeholder(in: call))
        default: return
        }
        alerts[local] = alert
    }

    /// An alert's text: a literal, a local holding one, or a constant's name.
    func alertText(_ expr: ExprSyntax) -> StringValue? {
        SwiftAlerts.value(expr, bound: { self.bindings[$0] })
    }

    /// The alert a local holds as it is presented, with what its actions' handlers call.
    func presentedAlert(_ local: String) -> CodeAlert? {
        guard var alert = alerts[local] else { return nil }
        for k in alert.actions.indices { alert.actions[k].invokes = handlerInvokes[alert.actions[k].key] ?? [] }
        return alert
    }

    /// Whether `base` (of `base.rootViewController = …`) names a window: its text says so
    /// (`window`, `self.window`, `UIApplication.shared.keyWindow`, `appDelegate.window!`), or it is
    /// a local made as one (`let w = UIWindow(…)`).
    func isWindow(_ base: ExprSyntax) -> Bool {
        if base.trimmedDescription.lowercased().contains("window") { return true }
        guard let name = SwiftExpr.unwrapped(base).as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        return bindings[name]?.trimmedDescription.contains("Window") ?? false
    }
}

/// Evaluating Swift expressions into controllers and strings.
enum SwiftExpr {
    /// A call's function name and the expression it is called on.
    static func callee(_ node: FunctionCallExprSyntax) -> (String, ExprSyntax?) {
        var called = node.calledExpression
        if let generic = called.as(GenericSpecializationExprSyntax.self) { called = generic.expression }
        if let member = called.as(MemberAccessExprSyntax.self) { return (member.declName.baseName.text, member.base) }
        if let ref = called.as(DeclReferenceExprSyntax.self) { return (ref.baseName.text, nil) }
        return ("", nil)
    }

    static func isSelf(_ base: ExprSyntax?) -> Bool {
        guard let base else { return true }
        return unwrapped(base).as(DeclReferenceExprSyntax.self).map { selfNames.contains($0.baseName.text) } ?? false
    }

    /// `self`, and the names closures give it (`guard let strongSelf = self`).
    static let selfNames: Set<String> = ["self", "strongSelf", "weakSelf", "sself", "wself", "welf", "sSelf", "wSelf"]

    /// The expression without casts, `!`, `?`, `try`, `await` and parentheses.
    static func unwrapped(_ expr: ExprSyntax) -> ExprSyntax {
        var e = expr
        for _ in 0..<16 {
            if let x = e.as(AsExprSyntax.self) { e = x.expression }
            else if let x = e.as(ForceUnwrapExprSyntax.self) { e = x.expression }
            else if let x = e.as(OptionalChainingExprSyntax.self) { e = x.expression }
            else if let x = e.as(TryExprSyntax.self) { e = x.expression }
            else if let x = e.as(AwaitExprSyntax.self) { e = x.expression }
            else if let x = e.as(TupleExprSyntax.self), x.elements.count == 1, let only = x.elements.first { e = only.expression }
            else if let x = e.as(SequenceExprSyntax.self), let first = castOrDefault(x) { e = first }
            else { break }
        }
        return e
    }

    /// The operand of an unfolded `x as! T` or `x ?? y` (the parser leaves operators unfolded).
    static func castOrDefault(_ sequence: SequenceExprSyntax) -> ExprSyntax? {
        let elements = Array(sequence.elements)
        guard elements.count >= 3 else { return nil }
        if elements[1].is(UnresolvedAsExprSyntax.self) { return elements[0] }
        if elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" { return elements[0] }
        return nil
    }

    /// The class a cast names (`as! FeedViewController`), if any.
    static func castType(_ expr: ExprSyntax) -> String? {
        var e = expr
        for _ in 0..<8 {
            if let x = e.as(AsExprSyntax.self) { return x.type.trimmedDescription.trimmingSuffix("?").trimmingSuffix("!") }
            if let x = e.as(SequenceExprSyntax.self), x.elements.count == 3, Array(x.elements)[1].is(UnresolvedAsExprSyntax.self),
               let type = Array(x.elements)[2].as(TypeExprSyntax.self) {
                return type.type.trimmedDescription.trimmingSuffix("?").trimmingSuffix("!")
            }
            if let x = e.as(TupleExprSyntax.self), x.elements.count == 1, let only = x.elements.first { e = only.expression; continue }
            if let x = e.as(TryExprSyntax.self) { e = x.expression; continue }
            return nil
        }
        return nil
    }

    static func controller(_ expr: ExprSyntax, bindings: [String: ExprSyntax], parameters: [String] = [], depth: Int = 0) -> ControllerExpr {
        guard depth < 8 else { return .unresolved("too many indirections") }
        let result = direct(unwrapped(expr), bindings: bindings, parameters: parameters, depth: depth)
        // A cast names the class exactly: it wins over what may not resolve.
        switch result {
        case .unresolved, .returned, .property: if let cast = castType(expr) { return .className(cast) }
        default: break
        }
        return result
    }

    private static func direct(_ e: ExprSyntax, bindings: [String: ExprSyntax], parameters: [String], depth: Int) -> ControllerExpr {
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            guard let bound = bindings[name] else {
                if let k = parameters.firstIndex(of: name) { return .parameter(k) }
                // Unbound here: a stored property some method of the class sets, if any.
                return .property(name)
            }
            return controller(bound, bindings: bindings.filter { $0.key != name }, parameters: parameters, depth: depth + 1)
        }
        if let member = e.as(MemberAccessExprSyntax.self), isSelf(member.base), member.base != nil {
            let name = member.declName.baseName.text
            guard let bound = bindings[name] else { return .property(name) }
            return controller(bound, bindings: bindings.filter { $0.key != name }, parameters: parameters, depth: depth + 1)
        }
        // A type's computed property (`UIStoryboard.passwordNavigationViewController`, a getter
        // an extension adds): what its getter returns.
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base,
           let type = base.as(DeclReferenceExprSyntax.self)?.baseName.text ?? base.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
           type.first?.isUppercase == true, member.declName.baseName.text.first?.isLowercase == true {
            return .returnedBy(type: type, method: member.declName.baseName.text)
        }
        guard let call = e.as(FunctionCallExprSyntax.self) else {
            return .unresolved("'\(e.trimmedDescription.prefix(60))' is not a controller Segue can follow")
        }
        return controllerCall(call, bindings: bindings, parameters: parameters, depth: depth)
    }

    private static func controllerCall(_ call: FunctionCallExprSyntax, bindings: [String: ExprSyntax], parameters: [String], depth: Int) -> ControllerExpr {
        // A closure called at once (`lazy var x = { X() }()`): what it evaluates to.
        if let closure = call.calledExpression.as(ClosureExprSyntax.self), let value = closureValue(closure) {
            return controller(value, bindings: bindings, parameters: parameters, depth: depth + 1)
        }
        let (written, base) = callee(call)
        let args = Array(call.arguments)
        let (name, labels) = swift3Name(written, labels: args.map { $0.label?.text })
        if labels.first == "rootViewController", name != "UINavigationController", name.first?.isUppercase == true {
            // A container of the app's own around a controller: where it leads is that controller.
            return .navigation(wrapping: controller(args[0].expression, bindings: bindings, parameters: parameters, depth: depth + 1))
        }
        // A drawer or reveal container around its content (`DrawerController(centerViewController:
        // nav, leftDrawerViewController: menu)`): it shows, and leads where, the content does.
        if name.first?.isUppercase == true, let content = args.first(where: { ContainerChild.contentLabels.contains($0.label?.text ?? "") }) {
            return controller(content.expression, bindings: bindings, parameters: parameters, depth: depth + 1)
        }
        switch name {
        case "instantiateViewController" where labels.first == "withIdentifier" || labels.first == "identifier":
            var id = string(args[0].expression)
            if case .symbol(let name) = id, let k = parameters.firstIndex(of: name), bindings[name] == nil { id = .parameter(k) }
            return .storyboardID(id, storyboard: storyboard(base, bindings: bindings, depth: depth))
        case "instantiateInitialViewController":
            return .initial(storyboard(base, bindings: bindings, depth: depth))
        case "UINavigationController" where labels.first == "rootViewController":
            return .navigation(wrapping: controller(args[0].expression, bindings: bindings, parameters: parameters, depth: depth + 1))
        default:
            break
        }
        // Helpers given the class: `storyboard.instantiate(X.self)`, `viewController(of: X.self, from: …)`.
        if let type = args.lazy.compactMap({ typeOfSelf($0.expression) }).first { return .className(type) }
        // Helpers on the class: `X.instantiate()`, `X.fromStoryboard()`.
        if name.hasPrefix("instantiate") || name.hasSuffix("Storyboard") || name.hasPrefix("loadFrom"),
           let type = base?.as(DeclReferenceExprSyntax.self)?.baseName.text, type.first?.isUppercase == true {
            return .classFactory(type, method: name)
        }
        if base == nil, let first = name.first, first.isUppercase {
            return .className(name)
        }
        if name == "init", let type = base?.as(DeclReferenceExprSyntax.self)?.baseName.text { return .className(type) }
        // A method of the app that makes the controller (`makeInbox()`, `manager.checkStatus()`).
        if let first = name.first, first.isLowercase || first == "_" {
            // A helper of the class given a controller (`wrap(FeedController())`): it may return it.
            let given = args.map { argument($0.expression, bindings: bindings, parameters: parameters, depth: depth + 1) }
            if isSelf(base), given.contains(where: \.makesController) { return .returnedGiven(method: name, arguments: given) }
            if let type = typeName(of: base) { return .returnedBy(type: type, method: name) }
            return .returned(method: name, onSelf: isSelf(base))
        }
        return .unresolved("'\(name)(…)' returns a controller Segue cannot follow")
    }

    /// Whether a dismissal is sent to what the controller presents (`presentedViewController?.
    /// dismiss(…)`): it closes what shows over the controller, nothing while a person taps it.
    /// `controller.navigationController?` of a controller other than `self` (a delegate
    /// callback's argument, a local): a push there is that controller's, not this one's.
    static func isAnothersNavigation(_ base: ExprSyntax?) -> Bool {
        guard let base, let member = unwrapped(base).as(MemberAccessExprSyntax.self), member.declName.baseName.text == "navigationController",
              let owner = member.base.map(unwrapped)?.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        return owner != "self"
    }

    static func closesPresented(_ base: ExprSyntax?) -> Bool {
        base.map { unwrapped($0).trimmedDescription.hasSuffix("presentedViewController") } ?? false
    }

    /// An argument passed to a method of the app: the controller it is, or a string literal as the
    /// storyboard ID it may name (`viewController(for: "PostNav")` instantiating its parameter).
    static func argument(_ expr: ExprSyntax, bindings: [String: ExprSyntax], parameters: [String], depth: Int) -> ControllerExpr {
        literalIdentifier(expr) ?? controller(expr, bindings: bindings, parameters: parameters, depth: depth)
    }

    /// A string literal argument as the storyboard ID it may name; nil for anything else.
    static func literalIdentifier(_ expr: ExprSyntax) -> ControllerExpr? {
        guard unwrapped(expr).is(StringLiteralExprSyntax.self), case .literal(let s) = string(expr) else { return nil }
        return .storyboardID(.literal(s), storyboard: .current)
    }

    /// The type a method is called on: `Builder.build()`, `Builder().build()`,
    /// `Screens.shared.make()` (a shared instance); nil for anything else.
    static func typeName(of base: ExprSyntax?) -> String? {
        guard var e = base.map(unwrapped) else { return nil }
        if let call = e.as(FunctionCallExprSyntax.self), call.arguments.isEmpty { e = call.calledExpression }
        if let member = e.as(MemberAccessExprSyntax.self), ["shared", "sharedInstance", "default", "main"].contains(member.declName.baseName.text),
           let inner = member.base {
            e = inner
        }
        guard let name = e.as(DeclReferenceExprSyntax.self)?.baseName.text, let first = name.first, first.isUppercase else { return nil }
        return name
    }

    /// The value of a closure of one expression, or of its first `return`.
    static func closureValue(_ closure: ClosureExprSyntax) -> ExprSyntax? {
        let items = Array(closure.statements)
        if items.count == 1, let only = items[0].item.as(ExprSyntax.self) { return only }
        for item in items {
            if let ret = item.item.as(ReturnStmtSyntax.self), let value = ret.expression { return value }
        }
        return nil
    }

    /// The class a nib is loaded for by a call named `name` on `base`: `X(nibName:)` → X,
    /// `super.init(nibName:)` / `self.init(nibName:)` → "" (the enclosing class); nil otherwise.
    static func nibOwner(name: String, base: ExprSyntax?) -> String? {
        if base == nil, name.first?.isUppercase == true { return name }
        guard name == "init", let base else { return nil }
        if base.is(SuperExprSyntax.self) || isSelf(base) { return "" }
        if let type = base.as(DeclReferenceExprSyntax.self)?.baseName.text, type.first?.isUppercase == true { return type }
        return nil
    }

    static func storyboard(_ base: ExprSyntax?, bindings: [String: ExprSyntax], depth: Int) -> StoryboardRef {
        guard let base, depth < 8 else { return .current }
        let e = unwrapped(base)
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            if let bound = bindings[ref.baseName.text] {
                return storyboard(bound, bindings: bindings.filter { $0.key != ref.baseName.text }, depth: depth + 1)
            }
            return ref.baseName.text == "storyboard" ? .current : .unknown("'\(ref.baseName.text)' is not set in this class")
        }
        if let member = e.as(MemberAccessExprSyntax.self) {
            if member.declName.baseName.text == "storyboard" { return .current }
            if isSelf(member.base), member.base != nil, let bound = bindings[member.declName.baseName.text] {
                return storyboard(bound, bindings: bindings.filter { $0.key != member.declName.baseName.text }, depth: depth + 1)
            }
        }
        if let call = e.as(FunctionCallExprSyntax.self), callee(call).0 == "UIStoryboard",
           let nameArg = call.arguments.first(where: { $0.label?.text == "name" }) {
            return .named(string(nameArg.expression))
        }
        return .unknown("storyboard '\(e.trimmedDescription.prefix(60))'")
    }

    /// A string: a literal, `String(describing: X.self)`, `NSStringFromClass(X.self)`,
    /// `"\(X.self)"`, or the name of a constant (resolved later).
    static func string(_ expr: ExprSyntax) -> StringValue {
        let e = unwrapped(expr)
        if let literal = SwiftDeclarationVisitor.literal(e) { return .literal(literal) }
        if let s = e.as(StringLiteralExprSyntax.self), s.segments.count == 1,
           let interpolation = s.segments.first?.as(ExpressionSegmentSyntax.self),
           let only = interpolation.expressions.first?.expression, let type = typeOfSelf(only) {
            return .literal(type)
        }
        if let call = e.as(FunctionCallExprSyntax.self) {
            let (name, _) = callee(call)
            if name == "String" || name == "NSStringFromClass", let arg = call.arguments.first?.expression, let type = typeOfSelf(arg) {
                return .literal(type)
            }
        }
        var text = e.trimmedDescription
        if text.hasPrefix("self.") { text.removeFirst(5) }
        if text.hasSuffix(".rawValue") { text.removeLast(9) }
        return .symbol(text)
    }

    /// UIKit's methods as Swift 2 named them (`performSegueWithIdentifier("x", sender:)`,
    /// `popViewControllerAnimated(true)`, `presentViewController(vc, animated:completion:)`),
    /// read as today's names and labels; other names unchanged.
    static func swift3Name(_ name: String, labels: [String?]) -> (String, [String?]) {
        func first(_ label: String) -> [String?] { labels.isEmpty ? [] : [label] + labels.dropFirst() }
        switch name {
        case "performSegueWithIdentifier": return ("performSegue", first("withIdentifier"))
        case "popViewControllerAnimated": return ("popViewController", first("animated"))
        case "popToRootViewControllerAnimated": return ("popToRootViewController", first("animated"))
        case "dismissViewControllerAnimated": return ("dismiss", first("animated"))
        case "presentViewController": return ("present", labels)
        case "instantiateViewControllerWithIdentifier": return ("instantiateViewController", first("withIdentifier"))
        default: return (name, labels)
        }
    }

    /// `X.self` → X.
    static func typeOfSelf(_ expr: ExprSyntax) -> String? {
        guard let member = expr.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self" else { return nil }
        return member.base?.trimmedDescription
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
