import Testing
@testable import SegueCore
import SeguePageURL

/// Switches, sliders, segmented controls and steppers move whether or not anything is wired to
/// them, as UIKit's do: the value a person gives them is kept by their controller (and its URL).
@Suite struct ValueControlTests {
    func controls(_ configure: (inout [ViewNode]) -> Void = { _ in }) throws -> Window {
        var slider = ViewNode(.slider, id: "volume", text: "Volume")
        slider.value = 0.25
        var segmented = ViewNode(.segmentedControl, id: "period")
        segmented.segments = ["Day", "Week", "Month"]
        var stepper = ViewNode(.stepper, id: "copies")
        stepper.value = 1
        var nodes = [slider, segmented, stepper, ViewNode(.switch, id: "airplane", text: "Airplane Mode")]
        configure(&nodes)
        let board = storyboard(initial: "nav", [
            scene("nav", .navigationController) {
                $0.rootViewController = "form"
                $0.restorationIdentifier = "nav"
            },
            scene("form") {
                $0.restorationIdentifier = "form"
                $0.view = nodes
            },
        ])
        return try launched(board)
    }

    func node(_ w: Window, _ id: String) -> ViewNode? {
        var found: ViewNode?
        func visit(_ pane: Pane) {
            switch pane {
            case .navigation(let p): visit(p.top)
            case .content(let p): for n in p.nodes { n.forEach { if $0.id == id { found = $0 } } }
            default: break
            }
        }
        for layer in w.screen().layers { visit(layer.pane) }
        return found
    }

    @Test func unwiredValueControlsAreElementsWithTheirRoles() throws {
        let w = try controls()
        let roles = Dictionary(uniqueKeysWithValues: w.elements.map { ($0.id, $0.role) })
        #expect(roles["volume"] == .slider && roles["period"] == .segmentedControl && roles["copies"] == .stepper)
        #expect(roles["airplane"] == .switch)
        #expect(w.elements.allSatisfy { $0.enabled })
    }

    @Test func setValuesMovesThemAndTheURLCarriesTheValues() throws {
        let w = try controls()
        let outcome = try w.perform(.setValues(["volume": .text("0.7"), "period": .text("2"), "copies": .text("4")]))
        #expect(outcome.changed && outcome.events.isEmpty)
        #expect(node(w, "volume")?.value == 0.7)
        #expect(node(w, "period")?.value == 2)
        #expect(node(w, "copies")?.value == 4)
        #expect(w.canonicalURL.contains("f.volume=0.7") && w.canonicalURL.contains("f.period=2"), "\(w.canonicalURL)")
    }

    @Test func aValueOfTheWrongKindIsRefusedAndChangesNothing() throws {
        let w = try controls()
        let url = w.canonicalURL
        for bad: [String: FieldValue] in [["volume": .text("loud")], ["period": .text("3")], ["period": .text("-1")],
                                          ["copies": .bool(true)], ["airplane": .text("maybe")],
                                          ["volume": .text("0.5"), "period": .text("Week")]] {
            #expect(throws: ActionError.self) { try w.perform(.setValues(bad)) }
            do { _ = try w.perform(.setValues(bad)) } catch { #expect(error.code == .invalidRequest) }
        }
        #expect(w.canonicalURL == url)
        #expect(node(w, "volume")?.value == 0.25)
    }

    @Test func aSwitchTakesTrueOrFalseAsFormText() throws {
        let w = try controls()
        _ = try w.perform(.setValues(["airplane": .text("true")]))
        #expect(w.root.children[0].isOn("airplane"))
        _ = try w.perform(.setValues(["airplane": .text("0")]))
        #expect(!w.root.children[0].isOn("airplane"))
    }

    @Test func controlsWiredToCodeNobodyRunsStillMove() throws {
        // As an imported storyboard wires them: an action only the app's own class has.
        let w = try controls { nodes in
            for i in nodes.indices { nodes[i].tap = .action("valueChanged:") }
        }
        #expect(w.elements.allSatisfy { $0.enabled })
        #expect(w.elements.first { $0.id == "period" }?.role == .segmentedControl)
        let outcome = try w.perform(.tap(element: "airplane", values: [:]))
        #expect(outcome.changed && w.root.children[0].isOn("airplane"))
        _ = try w.perform(.setValues(["copies": .text("2")]))
        #expect(node(w, "copies")?.value == 2)
    }

    @Test func aSegmentedControlWiredToASegueStaysAButton() throws {
        let w = try controls { nodes in nodes[1].tap = .segue("next") }
        #expect(w.elements.first { $0.id == "period" }?.role == .button)
    }
}
