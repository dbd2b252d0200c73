import SegueCore

/// The state, controller and event objects of the JSON API (docs/API.md): how a window, its
/// controllers and its events are written on the wire. The core itself knows no wire format.
extension Window {
    /// The state object of the JSON API.
    public func writeState(into w: inout JSONWriter) {
        // One walk of the window for the three lists that need the controllers on screen.
        let visible = visibleControllers
        writeState(into: &w, url: canonicalURL, elements: elements(visible: visible), visible: visible)
    }

    func writeState(into w: inout JSONWriter, url: String, elements: [Element], visible: [ViewController]) {
        w.beginObject()
        w.field("id", id)
        w.field("version", version)
        w.field("url", url)
        w.key("traits"); writeTraits(into: &w)
        // The UIKit the session follows (`ios7` or `modern`) and why.
        w.field("era", era.rawValue)
        w.field("eraReason", storyboard.eraReason)
        // The language the session shows (apps localized in several); absent otherwise.
        if let locale { w.field("locale", locale) }
        w.key("root")
        if let root { writeController(root, into: &w) } else { w.null() }
        w.key("visible"); w.beginArray()
        for c in visible where !c.isContainer { w.string(c.id) }
        w.endArray()
        w.key("elements"); w.beginArray()
        for e in elements {
            w.beginObject()
            w.field("id", e.id)
            w.field("role", e.role.rawValue)
            w.field("title", e.title)
            w.field("controller", e.controller)
            if !e.enabled { w.field("enabled", false) }
            if let isOn = e.isOn { w.field("isOn", isOn) }
            if let value = e.value { w.key("value"); w.number(value) }
            if let text = e.text { w.field("text", text) }
            if let index = e.selectedSegmentIndex { w.field("selectedSegmentIndex", index) }
            w.endObject()
        }
        w.endArray()
        w.key("manualSegues"); writeManualSegues(into: &w, visible: visible)
        // A gesture driving a transition (the edge swipe between its beginning and its end).
        if let transition = interactiveTransition {
            w.key("interactiveTransition"); w.beginObject()
            w.field("kind", transition.kind)
            w.field("controller", transition.controllerID)
            w.endObject()
        }
        w.endObject()
    }

    public func stateJSON() -> [UInt8] {
        var w = JSONWriter(capacity: 2048)
        writeState(into: &w)
        return w.bytes
    }

    func writeTraits(into w: inout JSONWriter) {
        w.beginObject()
        w.field("idiom", traits.idiom.rawValue)
        w.field("horizontalSizeClass", traits.horizontalSizeClass.rawValue)
        w.field("verticalSizeClass", traits.verticalSizeClass.rawValue)
        w.field("orientation", traits.orientation.rawValue)
        w.field("width", traits.width)
        w.field("height", traits.height)
        w.endObject()
    }

    func writeController(_ c: ViewController, into w: inout JSONWriter) {
        let memo = ControllerJSONMemo.current(for: c, in: self)
        w.beginObject()
        w.raw(memo.head)
        w.field("viewLoaded", c.isViewLoaded)
        w.field("appearance", c.appearance.rawValue)
        if let r = c.restorationIdentifier { w.field("restorationIdentifier", r) }
        w.key("children"); w.beginArray()
        for child in (c as? TabBarController)?.viewControllers ?? c.children { writeController(child, into: &w) }
        w.endArray()
        writeContainerFields(c, into: &w)
        w.key("presented")
        if let p = c.ownPresentedViewController { writeController(p, into: &w) } else { w.null() }
        if let style = c.presentedStyle {
            w.field("modalPresentationStyle", style.rawValue)
            w.field("modalTransitionStyle", (c.presentedTransition ?? .coverVertical).rawValue)
            w.field("presentingViewController", c.presentingStorage?.id)
        }
        w.raw(memo.tail)
        if let alert = c as? AlertController { writeAlert(alert.alert, into: &w) }
        if c.hidesBottomBarWhenPushed { w.field("hidesBottomBarWhenPushed", true) }
        if c.definesPresentationContext { w.field("definesPresentationContext", true) }
        writeValues(c, into: &w)
        w.endObject()
    }

    /// The fields of a tab bar, navigation, page or split view controller, after its children.
    func writeContainerFields(_ c: ViewController, into w: inout JSONWriter) {
        // Most controllers hold content: none of the four casts below can succeed.
        guard c.isContainer else { return }
        if let tabs = c as? TabBarController { writeTabBarFields(tabs, into: &w) }
        if let nav = c as? NavigationController {
            w.field("topViewController", nav.topViewController?.id)
            w.field("visibleViewController", nav.visibleViewController?.id)
            w.field("navigationBarHidden", !nav.showsNavigationBar)
            w.field("toolbarHidden", !nav.showsToolbar)
        }
        if let pages = c as? PageViewController {
            w.field("currentIndex", pages.currentIndex)
            w.field("pageCount", pages.pageSceneIDs.count)
            w.field("transitionStyle", pages.spec.transitionStyle.rawValue)
            w.field("navigationOrientation", pages.spec.navigationOrientation.rawValue)
            w.field("spineLocation", pages.spec.spineLocation.rawValue)
        }
        if let split = c as? SplitViewController {
            w.field("displayMode", split.displayMode.rawValue)
            w.field("collapsed", split.isCollapsed)
        }
    }

    func writeTabBarItem(_ c: ViewController, into w: inout JSONWriter) {
        w.beginObject()
        let tabBarItem = c.tabBarItem  // one copy: each read of `c.tabBarItem` copies the item
        w.field("title", tabBarItem.title ?? tabBarItem.systemItem?.title ?? c.title)
        w.field("badgeValue", tabBarItem.badgeValue)
        if let s = tabBarItem.systemItem { w.field("systemItem", s.rawValue) }
        if let image = tabBarItem.image { w.field("image", image) }
        if !tabBarItem.enabled { w.field("enabled", false) }
        w.endObject()
    }

    /// Form values and values passed by segues, by key: absent when there are none.
    func writeValues(_ c: ViewController, into w: inout JSONWriter) {
        if !c.values.isEmpty {
            w.key("values"); w.beginObject()
            for (k, v) in c.values.sorted(by: { $0.key < $1.key }) {
                w.key(dynamic: k)
                switch v {
                case .text(let t): w.string(t)
                case .bool(let b): w.bool(b)
                }
            }
            w.endObject()
        }
        if !c.passedValues.isEmpty {
            w.key("passedValues"); w.beginObject()
            for (k, v) in c.passedValues.sorted(by: { $0.key < $1.key }) { w.key(dynamic: k); w.string(v) }
            w.endObject()
        }
    }

    func writeNavigationItem(_ c: ViewController, into w: inout JSONWriter) {
        let item = c.navigationItem
        w.beginObject()
        w.field("title", item.title ?? c.title)
        w.field("prompt", item.prompt)
        w.field("backButtonTitle", item.backButtonTitle(controllerTitle: c.title))
        if item.backButtonDisplayMode != .default { w.field("backButtonDisplayMode", item.backButtonDisplayMode.rawValue) }
        w.field("hidesBackButton", item.hidesBackButton)
        w.field("leftItemsSupplementBackButton", item.leftItemsSupplementBackButton)
        w.key("leftBarButtonItems"); writeBarButtonItems(item.leftBarButtonItems, owner: c, into: &w)
        w.key("rightBarButtonItems"); writeBarButtonItems(item.rightBarButtonItems, owner: c, into: &w)
        w.endObject()
    }
}

extension Window {
    /// Bar button items as shown: an Edit item reads Done (and is a `done` item) while its
    /// controller is editing, as `editButtonItem` does.
    func writeBarButtonItems(_ items: [BarButtonItemSpec], owner: ViewController, into w: inout JSONWriter) {
        w.beginArray()
        for i in items {
            let isEdit = i.tap == .action(BuiltInAction.edit.rawValue) || (i.systemItem == .edit && i.tap == nil)
            var title = i.displayTitle, system = i.systemItem, done = i.style == .done
            if isEdit {
                title = owner.isEditing ? "Done" : (i.title ?? "Edit")
                if system == .edit || system == .done { system = owner.isEditing ? .done : .edit }
                done = owner.isEditing
            }
            w.beginObject()
            if let id = i.id { w.field("id", id) }
            w.field("title", title)
            if let s = system { w.field("systemItem", s.rawValue) }
            if let image = i.image { w.field("image", image) }
            if done { w.field("style", "done") }
            if !i.enabled { w.field("enabled", false) }
            w.endObject()
        }
        w.endArray()
    }
}

extension Event {
    /// The event object of the JSON API.
    public func write(into w: inout JSONWriter) {
        w.beginObject()
        w.field("seq", seq)
        w.field("controller", controller)
        w.field("scene", scene)
        w.field("event", event.rawValue)
        if event.isAppearance {
            w.raw(AppearanceFlagsJSON.members(animated: animated ?? false, reasons: reasons))
        } else if let animated {
            w.field("animated", animated)
        }
        // Most events (appearance events) have no arguments: their fields are not read one by one.
        let arguments = hasArguments
        if event.isContainment { w.field("parent", parent) }
        if arguments, let segue { w.field("segue", segue) }
        if event == .prepareForSegue { w.field("destination", destination) }
        if event == .prepareForSegue || event == .shouldPerformSegue { w.field("sender", sender) }
        if arguments, let action { w.field("action", action) }
        if arguments, let child { w.field("child", child) }
        if let value {
            switch event {
            case .setEditing: w.field("editing", value)
            case .shouldPerformSegue, .tabBarControllerShouldSelect: w.field("result", value)
            case .pageViewControllerDidFinishAnimating: w.field("completed", value)
            case .tabBarControllerWillEndCustomizing, .tabBarControllerDidEndCustomizing: w.field("changed", value)
            default: w.field("value", value)
            }
        }
        if arguments, let orientation { w.field("orientation", orientation) }
        w.endObject()
    }
}

extension Collection where Element == Event {
    @inlinable
    public func writeJSON(into w: inout JSONWriter) {
        w.beginArray()
        // In place from contiguous storage (an array or a slice of the log): no copy per event.
        let done: Void? = withContiguousStorageIfAvailable { events in
            for i in events.indices { events[i].write(into: &w) }
        }
        if done == nil { for e in self { e.write(into: &w) } }
        w.endArray()
    }
}

extension Window {
    /// An alert controller's content (extension of CONTROLLER): `"alert": {"title", "message",
    /// "preferredStyle", "textFields": [{"id", "placeholder"}], "actions": [{"id", "title", "style"}]}`.
    func writeAlert(_ alert: AlertSpec, into w: inout JSONWriter) {
        w.key("alert"); w.beginObject()
        w.field("title", alert.title)
        w.field("message", alert.message)
        w.field("preferredStyle", alert.preferredStyle.rawValue)
        w.key("textFields"); w.beginArray()
        for field in alert.textFields {
            w.beginObject(); w.field("id", field.id); w.field("placeholder", field.placeholder); w.endObject()
        }
        w.endArray()
        w.key("actions"); w.beginArray()
        for action in alert.actions {
            w.beginObject(); w.field("id", action.id); w.field("title", action.title); w.field("style", action.style.rawValue); w.endObject()
        }
        w.endArray()
        w.endObject()
    }
}

/// Tab bar fields of a controller object (docs/API.md): `selectedIndex` plus extensions.
///
/// `children` lists the tabs (`viewControllers`) in their current order. With More:
/// `"moreNavigationController"` (a CONTROLLER whose one child is the More list), `"barItemCount"`
/// (tabs with their own bar item) and `selectedIndex` equal to the number of tabs while the More
/// list itself is shown. `"customizableViewControllers"` lists controller ids; `"customizing"`
/// is true during Edit on More.
extension Window {
    func writeTabBarFields(_ tabs: TabBarController, into w: inout JSONWriter) {
        w.field("selectedIndex", tabs.selectedIndex)
        w.field("selectedViewController", tabs.selectedViewController?.id)
        w.key("customizableViewControllers"); w.beginArray()
        for c in tabs.customizableViewControllers { w.string(c.id) }
        w.endArray()
        if tabs.showsMore {
            w.field("barItemCount", tabs.barTabCount)
            w.field("customizing", tabs.isCustomizing)
            w.key("moreNavigationController")
            writeController(tabs.moreNavigationController, into: &w)
        }
    }
}

extension Window {
    /// STATE's `manualSegues`.
    func writeManualSegues(into w: inout JSONWriter, visible: [ViewController]) {
        w.beginArray()
        for m in manualSegues(visible: visible) {
            w.beginObject()
            w.field("controller", m.controller)
            w.field("identifier", m.identifier)
            w.field("destination", m.destination)
            w.field("kind", m.kind.rawValue)
            if let action = m.action { w.field("action", action) }
            if let source = m.source { w.field("source", source) }
            w.endObject()
        }
        w.endArray()
    }
}

/// The members of a controller's object that rarely change, written once and kept in the
/// controller's ``ViewController/encodingMemo`` with the ``ViewController/memoRevision`` they were
/// written at: `head` (id, scene, kind, class, title) and `tail` (`navigationItem`,
/// `tabBarItem`, editing: most of the object). Copied while the revision is unchanged.
final class ControllerJSONMemo {
    let revision: Int
    let head: [UInt8]
    let tail: [UInt8]

    private init(revision: Int, head: [UInt8], tail: [UInt8]) {
        self.revision = revision
        self.head = head
        self.tail = tail
    }

    /// `c`'s memo, written anew (and kept) when something it is written from changed.
    static func current(for c: ViewController, in window: Window) -> ControllerJSONMemo {
        if let memo = c.encodingMemo as? ControllerJSONMemo, memo.revision == c.memoRevision { return memo }
        var head = JSONWriter(capacity: 128)
        head.field("id", c.id)
        head.field("scene", c.sceneID)
        head.field("kind", c.kind.rawValue)
        if let name = c.scene?.className { head.field("class", name) }
        head.field("title", c.title)
        var tail = JSONWriter(capacity: 512)
        tail.key("navigationItem"); window.writeNavigationItem(c, into: &tail)
        tail.key("tabBarItem"); window.writeTabBarItem(c, into: &tail)
        tail.field("editing", c.isEditing)
        let memo = ControllerJSONMemo(revision: c.memoRevision, head: head.bytes, tail: tail.bytes)
        c.encodingMemo = memo
        return memo
    }
}

/// The five flags of an appearance event (`animated` and the four reasons), written once for
/// each of their 32 combinations: most events of an action are appearance events.
enum AppearanceFlagsJSON {
    static func members(animated: Bool, reasons: AppearanceReason) -> [UInt8] {
        table[Int(reasons.rawValue & 15) << 1 | (animated ? 1 : 0)]
    }

    private static let table: [[UInt8]] = (0..<32).map { index in
        let reasons = AppearanceReason(rawValue: UInt8(index >> 1))
        var w = JSONWriter(capacity: 128)
        w.field("animated", index & 1 == 1)
        w.field("isMovingToParent", reasons.contains(.movingToParent))
        w.field("isMovingFromParent", reasons.contains(.movingFromParent))
        w.field("isBeingPresented", reasons.contains(.beingPresented))
        w.field("isBeingDismissed", reasons.contains(.beingDismissed))
        return w.bytes
    }
}
