import Testing
@testable import SegueCore
import SegueJSON

/// Data passing (`DataPassing.swift`): forward segues, through containers, unwind hand-back, Swift.
@Suite struct DataPassingTests {
    /// The text of every label-like node of the frontmost content pane, as rendered.
    func texts(_ w: Window) -> [String] {
        func collect(_ pane: Pane) -> [String] {
            switch pane {
            case .content(let p):
                var out: [String] = []
                for n in p.nodes { n.forEach { if let t = $0.text { out.append(t) } } }
                return out
            case .navigation(let p): return collect(p.top)
            case .tabs(let p): return collect(p.selected)
            default: return []
            }
        }
        return w.screen().layers.last.map { collect($0.pane) } ?? []
    }

    @Test func theTappedRowsTextBecomesTheDestinationsTitleAndLabel() throws {
        var board = mailStoryboard()
        board.scenes["inbox"]!.segues[0].passes = ["title": "{{sender.title}}", "from": "{{sender.title}} ({{source.title}})"]
        board.scenes["message"]!.view.insert(ViewNode(.label, text: "From: {{from}}"), at: 0)
        let w = try launched(board)
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        _ = try w.perform(.tap(element: "msg1", values: [:]))
        #expect(w.screen().layers[0].pane.title == "Welcome")
        #expect(texts(w).first == "From: Welcome (Inbox)")
        // Back and to another row: the new destination gets the new values.
        _ = try w.perform(.pop(navigationController: nil))
        #expect(w.frontmostController?.sceneID == "inbox")
    }

    @Test func valuesPassedToANavigationControllerReachItsRoot() throws {
        var board = mailStoryboard()
        board.scenes["inbox"]!.segues[1].passes = ["title": "Re: {{source.title}}", "to": "someone"]
        board.scenes["compose"]!.view.append(ViewNode(.label, text: "To: {{to}}"))
        let w = try launched(board, traits: .padLandscape)
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        _ = try w.perform(.tap(element: "composeButton", values: [:]))
        let compose = try #require(w.frontmostController)
        #expect(compose.sceneID == "compose")
        #expect(compose.title == "Re: Inbox" && compose.passedValues["to"] == "someone")
        #expect(w.screen().layers.last?.pane.title == "Re: Inbox")
        #expect(texts(w).contains("To: someone"))
    }

    @Test func anUnwindHandsValuesBackToItsDestination() throws {
        var board = mailStoryboard()
        board.scenes["compose"]!.segues[0].passes = ["lastSubject": "{{field.subject}}", "title": "Sent: {{field.subject}}"]
        board.scenes["inbox"]!.view.append(ViewNode(.label, text: "Last sent: {{lastSubject}}"))
        let w = try launched(board)
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        _ = try w.perform(.tap(element: "composeButton", values: [:]))
        _ = try w.perform(.tap(element: "send", values: ["subject": .text("Lunch?")]))
        let inbox = try #require(w.frontmostController)
        #expect(inbox.sceneID == "inbox")
        #expect(inbox.passedValues["lastSubject"] == "Lunch?")
        #expect(w.screen().layers[0].pane.title == "Sent: Lunch?")
        #expect(texts(w).contains("Last sent: Lunch?"))
        // Recorded in the session state JSON.
        #expect(String(decoding: w.stateJSON(), as: UTF8.self).contains("\"lastSubject\":\"Lunch?\""))
    }

    @Test func swiftPrepareForSegueSeesAndOverridesPassedValues() throws {
        final class Inbox: TableViewController {
            nonisolated(unsafe) static var seen: String?
            override func prepare(for segue: StoryboardSegue, sender: Element?) {
                Inbox.seen = segue.contentDestination.passedValues["from"]
                segue.contentDestination.passedValues["from"] = "code: \(sender?.title ?? "-")"
                segue.contentDestination.title = "Chosen in code"
            }
        }
        var board = mailStoryboard()
        board.scenes["inbox"]!.className = "Inbox"
        board.scenes["inbox"]!.segues[0].passes = ["from": "flow: {{sender.title}}"]
        board.scenes["message"]!.view.insert(ViewNode(.label, text: "{{from}}"), at: 0)
        var registry = ControllerRegistry()
        registry.register(Inbox.self, as: "Inbox")
        let w = try launched(board, registry: registry)
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        _ = try w.perform(.tap(element: "msg1", values: [:]))
        #expect(Inbox.seen == "flow: Welcome")
        #expect(texts(w).first == "code: Welcome")
        #expect(w.screen().layers[0].pane.title == "Chosen in code")
    }

    @Test func unknownTemplateNamesRenderEmpty() throws {
        var board = mailStoryboard()
        board.scenes["inbox"]!.segues[0].passes = ["x": "[{{nothing}}]"]
        let w = try launched(board)
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        _ = try w.perform(.tap(element: "msg1", values: [:]))
        #expect(w.frontmostController?.passedValues["x"] == "[]")
    }
}
