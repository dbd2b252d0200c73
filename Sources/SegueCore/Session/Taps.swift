/// Taps: what a tap on an element of the screen does (a back button, a bar button, a row, a
/// control, a tab, a page, a chrome control), and the `segue:`/`action:` wiring it runs.
extension Window {
    func tap(_ elementID: String, values: [String: FieldValue], animated: Bool) throws(ActionError) -> Bool {
        // Cancel beside a search bar throws away what was typed: the text sent with it (emptied
        // or not) is not kept first, so Cancel is still there to tap.
        var values = values
        if let field = ElementID.searchField(cancelledBy: elementID) { values[field] = nil }
        let saved = values.isEmpty ? [] : visibleContentControllers.map { ($0, $0.values) }
        let changed = values.isEmpty ? false : try setValues(values)
        do throws(ActionError) {
            guard let (element, target) = resolveElement(elementID) else {
                throw ActionError(.unknownElement, "no element '\(elementID)' on screen" + NearestName.suggestion(for: elementID, in: elements.map(\.id)))
            }
            guard element.enabled else {
                warn("element '\(elementID)' is disabled; the tap does nothing")
                return changed
            }
            return try run(target, element: element, animated: animated) || changed
        } catch {
            for (c, v) in saved { c.values = v }
            throw error
        }
    }

    func run(_ target: ElementTarget, element: Element, animated: Bool) throws(ActionError) -> Bool {
        switch target {
        case .back(let nav):
            nav.popViewController(animated: animated)
        case .barButton(let owner, let item):
            if let tap = item.tap { try run(tap, owner: owner, sender: element, animated: animated) }
            else if item.systemItem == .edit { setEditing(!owner.isEditing, on: owner, animated: animated) }
            else if let action = item.actions.first {
                warn("bar button '\(element.id)' runs the app's '\(action)', which changes nothing Segue follows")
            } else { warn("bar button '\(element.id)' is not wired to anything") }
        case .row(let owner, let row):
            if let tap = row.tap { try run(tap, owner: owner, sender: element, animated: animated) }
        case .rowAccessory(let owner, let row):
            if let tap = row.accessoryTap { try run(tap, owner: owner, sender: element, animated: animated) }
        case .node(let owner, let node):
            if node.kind == .switch, let id = element.id as String? {
                // The state set by a tap, else the declared one (`isOn` of the node tapped).
                let isOn = if case .bool(let b) = owner.values[id] { b } else { node.isOn ?? false }
                owner.values[id] = .bool(!isOn)
                if let tap = node.tap { try run(tap, owner: owner, sender: element, animated: animated) }
                return true
            }
            if let tap = node.tap { try run(tap, owner: owner, sender: element, animated: animated) }
        case .tab(let tabs, let index):
            try tabs.select(index: index, userInitiated: true, animated: false, popAnimated: animated)
        case .tabBar(let tap):
            return try tap.run(animated: animated)
        case .tableEdit(let edit):
            return edit.run()
        case .alertAction(let alert, let index):
            try runAlertAction(alert, index: index, sender: element, animated: animated)
        case .alertField:
            break
        case .page(let pages, let forward):
            try pages.turn(forward: forward, animated: animated)
        case .chrome(let chrome):
            try run(chrome, sender: element, animated: animated)
        case .searchCancel(let owner, let field):
            return owner.values.removeValue(forKey: field) != nil
        }
        return false
    }

    /// Runs `segue:` or `action:` wiring for `owner`.
    func run(_ tap: TapTarget, owner: ViewController, sender: Element?, animated: Bool) throws(ActionError) {
        switch tap {
        case .segue(let identifier):
            try performSegue(identifier, from: owner, sender: sender, userInitiated: true, animated: animated)
        case .action(let name):
            switch BuiltInAction(rawValue: name) {
            case .dismiss:
                dismiss(from: owner, animated: animated)
            case .pop:
                guard let nav = owner.navigationController else { throw ActionError.illegal("'\(owner.sceneID ?? owner.id)' has no navigation controller to pop") }
                nav.popViewController(animated: animated)
            case .popToRoot:
                guard let nav = owner.navigationController else { throw ActionError.illegal("'\(owner.sceneID ?? owner.id)' has no navigation controller") }
                nav.popToRootViewController(animated: animated)
            case .edit:
                setEditing(!owner.isEditing, on: owner, animated: animated)
            case nil:
                guard owner.handleAction(name, sender: sender) else {
                    throw ActionError.illegal("no handler for action '\(name)' on '\(owner.sceneID ?? owner.id)'")
                }
            }
        }
    }
}
