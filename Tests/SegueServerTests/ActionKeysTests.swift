import SegueCore
import SegueServer
import Testing

@Suite struct ActionKeysTests {
    @Test func everyActionOfTheCoreHasOneRowInTheKeyTable() {
        let names = ActionKeys.names
        #expect(Set(names).count == names.count)
        for action in [Action.memoryWarning, .pop(navigationController: nil), .setValues([:]), .moveTab(from: 0, to: 1, controller: nil),
                       .tap(element: "x", values: [:]), .setTraits(.phonePortrait), .turnPage(forward: true, controller: nil)] {
            #expect(ActionKeys.entry(action.name) != nil, "\(action.name)")
        }
        #expect(ActionKeys.entry("setValues")?.required == ["values"])
        #expect(ActionKeys.entry("tap")?.allowed.contains("expectedVersion") == true)
    }

    @Test func unknownKeysAreNamedWithTheNearestKeyTheActionTakes() {
        #expect(throws: ActionError.self) { try ActionKeys.checkKeys(["action", "element", "fields"], allowed: ActionKeys.entry("tap")!.allowed, of: "action 'tap'") }
        do {
            try ActionKeys.checkKeys(["identifer"], allowed: ActionKeys.entry("performSegue")!.allowed, of: "action 'performSegue'")
            Issue.record("accepted an unknown key")
        } catch {
            #expect(error.code == .invalidRequest)
            #expect(error.message.contains("'identifer'") && error.message.contains("did you mean 'identifier'"))
        }
    }

    @Test func nearestNamesAreOnlyPlausibleTypos() {
        #expect(NearestName.nearest(to: "inboxrow", in: ["inboxRow", "compose"]) == "inboxRow")
        #expect(NearestName.nearest(to: "cmopose", in: ["inboxRow", "compose"]) == "compose")
        #expect(NearestName.nearest(to: "zzzzzz", in: ["inboxRow", "compose"]) == nil)
        #expect(NearestName.nearest(to: "zzzzzz", in: ["inboxRow", "compose"], alwaysOne: true) != nil)
        #expect(NearestName.distance(Array("ab"), Array("ba")) == 1)
    }
}
