import Testing
@testable import SegueCore

/// Test helpers: build storyboards in code and read event logs compactly.
func scene(_ id: String, _ kind: SceneKind = .viewController, title: String? = nil, _ configure: (inout Scene) -> Void = { _ in }) -> Scene {
    var s = Scene(id: id, kind: kind)
    s.title = title ?? (kind.isContainer ? nil : (id.prefix(1).uppercased() + id.dropFirst()))
    configure(&s)
    return s
}

func segue(_ id: String, _ kind: SegueKind, to destination: String? = nil, action: String? = nil,
           style: ModalPresentationStyle? = nil) -> SegueSpec {
    var s = SegueSpec(id: id, kind: kind, destination: destination, action: action)
    s.modalPresentationStyle = style
    return s
}

func storyboard(initial: String, _ scenes: [Scene]) -> Storyboard {
    Storyboard(name: "test", initialViewController: initial, scenes: scenes)
}

/// A Mail-like flow: nav[mailboxes → inbox → message], compose sheet with an unwind.
func mailStoryboard() -> Storyboard {
    storyboard(initial: "nav", [
        scene("nav", .navigationController) { $0.rootViewController = "mailboxes" },
        scene("mailboxes", .tableViewController, title: "Mailboxes") {
            var row = TableRow(id: "inboxRow", text: "Inbox")
            row.tap = .segue("showInbox")
            var table = ViewNode(.table)
            table.sections = [TableSection(rows: [row])]
            $0.view = [table]
            $0.segues = [segue("showInbox", .show, to: "inbox")]
        },
        scene("inbox", .tableViewController, title: "Inbox") {
            var row = TableRow(id: "msg1", text: "Welcome", detail: "9:41")
            row.tap = .segue("open")
            var table = ViewNode(.table)
            table.sections = [TableSection(header: "Today", rows: [row])]
            $0.view = [table]
            $0.navigationItem.rightBarButtonItems = [BarButtonItemSpec(id: "composeButton", systemItem: .compose, tap: .segue("compose"))]
            $0.unwindActions = ["sentMessage"]
            $0.segues = [segue("open", .show, to: "message"), segue("compose", .presentation, to: "composeNav", style: .formSheet)]
        },
        scene("message", title: "Message") {
            $0.segues = [segue("reply", .presentation, to: "composeNav")]
            var reply = ViewNode(.button, id: "replyButton", text: "Reply")
            reply.tap = .segue("reply")
            $0.view = [ViewNode(.label, text: "Hello"), reply]
        },
        scene("composeNav", .navigationController) { $0.rootViewController = "compose" },
        scene("compose", title: "New Message") {
            $0.navigationItem.leftBarButtonItems = [BarButtonItemSpec(id: "cancel", systemItem: .cancel, tap: .action("dismiss"))]
            $0.navigationItem.rightBarButtonItems = [BarButtonItemSpec(id: "send", title: "Send", style: .done, tap: .segue("sent"))]
            $0.view = [ViewNode(.textField, id: "subject")]
            $0.segues = [segue("sent", .unwind, action: "sentMessage"), segue("nowhere", .unwind, action: "noSuchAction")]
        },
        scene("alert", .alertController, title: "Delete?") {
            var alert = AlertSpec()
            alert.actions = [AlertSpec.Action(id: "ok", title: "Delete", style: .destructive), AlertSpec.Action(id: "no", title: "Cancel", style: .cancel)]
            $0.alert = alert
        },
    ])
}

func launched(_ board: Storyboard, registry: ControllerRegistry = ControllerRegistry(), traits: Traits = .phonePortrait) throws -> Window {
    let w = Window(id: "test", storyboard: board, registry: registry, traits: traits)
    try w.launch()
    return w
}

extension Window {
    /// Events as "scene.event" strings, without layout events; flags in braces.
    func trace(after seq: Int = 0) -> [String] {
        log.events(after: seq).compactMap { e in
            guard e.event != .viewWillLayoutSubviews, e.event != .viewDidLayoutSubviews else { return nil }
            var s = "\(e.scene ?? e.controller).\(e.event.rawValue)"
            if e.event.isContainment { s += "(\(e.parent.flatMap { id in controller(id: id)?.sceneID ?? id } ?? "nil"))" }
            if let child = e.child { s += "(\(controller(id: child)?.sceneID ?? child))" }
            var flags: [String] = []
            if e.reasons.contains(.movingToParent) { flags.append("movingTo") }
            if e.reasons.contains(.movingFromParent) { flags.append("movingFrom") }
            if e.reasons.contains(.beingPresented) { flags.append("presented") }
            if e.reasons.contains(.beingDismissed) { flags.append("dismissed") }
            if !flags.isEmpty { s += "{\(flags.joined(separator: ","))}" }
            return s
        }
    }

    /// Performs and returns the trace of just this action.
    func run(_ action: Action, animated: Bool = true) throws -> [String] {
        let before = log.lastSeq
        _ = try perform(action, animated: animated)
        return trace(after: before)
    }

    func element(titled title: String) -> Element? { elements.first { $0.title == title } }
    var visibleScenes: [String] { visibleContentControllers.compactMap(\.sceneID) }
}

/// Expects `body` to be refused with `code`: no refusal, or a refusal with another code, fails.
func expectRefusal(_ code: ActionError.Code, sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
    do {
        try body()
        Issue.record("expected a refusal with \(code.rawValue); nothing was refused", sourceLocation: sourceLocation)
    } catch let error as ActionError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a refusal with \(code.rawValue), got \(error)", sourceLocation: sourceLocation)
    }
}
