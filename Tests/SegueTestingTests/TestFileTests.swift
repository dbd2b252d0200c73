import Foundation
import SegueCore
import SegueTesting
import Testing

@Suite struct TestFileTests {
    @Test func everyProblemOfAnInvalidFileIsReportedWithItsLineAndNothingRuns() throws {
        let path = try writeTestFile("""
        flow: \(mailFlow)
        tests:
          - name: one
            stesp: []
          - name: two
            steps:
              - tpa: inboxRow
              - bak
              - expect: {visibel: [inbox]}
              - do: {action: performSegue, identifer: compose}
              - do: {action: presnt, scene: compose}
              - expect: {visible: [inbx], events: [inbox.viewDidApear]}
              - run: oen
        """)
        let (outcomes, problems, _) = runTests([path])
        #expect(outcomes.isEmpty)
        let text = problems.map(\.description)
        let expected = [
            ":4: unknown key 'stesp' in a test", ":7: unknown step 'tpa'; did you mean 'tap'?", ":8: unknown step 'bak'; did you mean 'back'?",
            ":9: unknown key 'visibel' in expect", ":10: action 'performSegue' takes no key 'identifer'", ":11: unknown action 'presnt'; did you mean 'present'?",
            ":12: unknown event 'viewDidApear'", ":13: run: no test named 'oen'",
        ]
        for e in expected {
            #expect(text.contains { $0.hasPrefix(path + e.prefix { $0 != " " }) && $0.contains(e.drop { $0 != " " }.dropFirst()) }, "\(e) in \(text)")
        }
        #expect(text.contains { $0.contains("did you mean 'identifier'") })
        #expect(text.contains { $0.contains("did you mean 'viewDidAppear'") })
    }

    @Test func scenesAndSeguesTheFlowDoesNotHaveAreProblemsBeforeAnythingRuns() throws {
        let path = try writeTestFile("""
        flow: \(mailFlow)
        tests:
          - name: one
            steps:
              - tap: inboxRow
              - expect: {visible: [inbx]}
              - do: {action: push, scene: mesage}
        """)
        let (_, problems, _) = runTests([path])
        #expect(problems.map(\.description) == [
            "\(path):6: unknown scene 'inbx' in this flow; did you mean 'inbox'?",
            "\(path):7: unknown scene 'mesage' in this flow; did you mean 'message'?",
        ])
    }

    @Test func aMissingFlowOrFileIsAProblem() throws {
        let noFlow = try writeTestFile("tests:\n  - name: a\n    steps: [back]\n")
        #expect(runTests([noFlow]).problems.first?.description.contains("names no 'flow:'") == true)
        let badFlow = try writeTestFile("flow: nowhere.yaml\ntests:\n  - name: a\n    steps: [back]\n")
        #expect(runTests([badFlow]).problems.first?.description.contains("nowhere.yaml") == true)
        #expect(runTests(["/no/such/file.test.yaml"]).problems.count == 1)
    }

    @Test func runCyclesAreRefused() throws {
        let path = try writeTestFile("""
        flow: \(mailFlow)
        tests:
          - name: a
            steps: [{run: b}]
          - name: b
            steps: [{run: a}]
        """)
        #expect(runTests([path]).problems.contains { $0.description.contains("runs itself") })
    }

    @Test func runOfAnotherFileLoadsItAndMissingTargetsAreProblems() throws {
        let base = try writeTestFile("""
        flow: \(mailFlow)
        tests:
          - name: base
            steps: [{tap: inboxRow}]
        """, name: "base.test.yaml")
        let folder = (base as NSString).deletingLastPathComponent
        let user = folder + "/user.test.yaml"
        try """
        flow: \(mailFlow)
        tests:
          - name: uses base
            steps:
              - run: base.test.yaml#base
              - expect: {visible: [inbox]}
          - name: absolute
            steps: [{run: "\(base)#base"}]
        """.write(toFile: user, atomically: true, encoding: .utf8)
        let (outcomes, problems, _) = runTests([user])
        #expect(problems.isEmpty)
        #expect(outcomes.count == 2 && outcomes.allSatisfy { $0.failure == nil })

        let bad = folder + "/bad.test.yaml"
        try """
        flow: \(mailFlow)
        tests:
          - name: self
            steps: [{run: ./bad.test.yaml#self}]
          - name: missing test
            steps: [{run: base.test.yaml#bsae}]
          - name: missing file
            steps: [{run: bsae.test.yaml#base}]
        """.write(toFile: bad, atomically: true, encoding: .utf8)
        let found = runTests([bad]).problems.map(\.description)
        #expect(found.count == 3)
        #expect(found.contains { $0.contains("bad.test.yaml:4:") && $0.contains("runs itself") })
        #expect(found.contains { $0.contains("bad.test.yaml:6:") && $0.contains("no test named 'bsae'") && $0.contains("did you mean 'base'") })
        #expect(found.contains { $0.contains("bad.test.yaml:8:") && $0.contains("no test file 'bsae.test.yaml'") && $0.contains("did you mean 'base.test.yaml'") })
    }

    @Test func errorCodesStartURLsAndRolesAreCheckedBeforeAnythingRuns() throws {
        let path = try writeTestFile("""
        flow: \(mailFlow)
        tests:
          - name: a
            start: "/ui/notaurl((("
            steps:
              - fails: {tap: nothing, code: unknwn_element}
              - expect: {missing: [{role: backbutton}]}
              - run: nonexistent
              - expect: {visible: [inboxx]}
        """)
        let found = runTests([path]).problems.map(\.description)
        #expect(found.count == 5, "\(found)")
        #expect(found.contains { $0.contains(":9:") && $0.contains("unknown scene 'inboxx'") })
        #expect(found.contains { $0.contains(":3:") && $0.contains("not a valid Segue URL") })
        #expect(found.contains { $0.contains(":6:") && $0.contains("unknown error code 'unknwn_element'; did you mean 'unknown_element'?") })
        #expect(found.contains { $0.contains(":7:") && $0.contains("unknown role 'backbutton'; did you mean 'backButton'?") })
        let junit = JUnitReport.xml(problems: runTests([path]).problems)
        #expect(junit.contains("<testcase name=\"\(path)\"") && junit.components(separatedBy: "<failure ").count == 6)
    }

    @Test func everyStartIsAURLOfScenesTheFlowHas() throws {
        // Any start that does not parse is invalid, with or without the `/ui/` prefix; the
        // scenes a start names must exist. Scheme, host and query are allowed, as the API takes them.
        let path = try writeTestFile("""
        flow: \(mailFlow)
        tests:
          - name: words
            start: "not a url"
            steps: [back]
          - name: a typo
            start: "/ui/mailNav(mailboxes,inbx)"
            steps: [back]
          - name: pasted from a browser
            start: "http://127.0.0.1:8080/ui/mailNav(mailboxes,inbox)?x=1"
            steps: [back]
        """)
        let found = runTests([path]).problems.map(\.description)
        #expect(found.count == 2, "\(found)")
        #expect(found.contains { $0.contains(":3:") && $0.contains("start: 'not a url' is not a valid Segue URL") })
        #expect(found.contains { $0.contains(":6:") && $0.contains("start: unknown scene 'inbx' in this flow; did you mean 'inbox'?") })
    }

    @Test func aFlowFileGivenAsATestFileIsNamedSo() throws {
        let (suite, problems) = FlowTestSuite.load(paths: [mailFlow])
        #expect(suite == nil)
        #expect(problems.map(\.message) == ["this is a flow file, not a test file (it has 'scenes' and no 'tests'); give it with --flow, or name a *.test.yaml"])
    }

    @Test func anEmptySeeIsAProblem() throws {
        let path = try writeTestFile("flow: \(mailFlow)\ntests:\n  - name: a\n    steps: [{see: \"  \"}]\n")
        let problems = runTests([path]).problems.map(\.description)
        #expect(problems.count == 1 && problems[0].contains(":4:") && problems[0].contains("'see' needs the text"), "\(problems)")
    }

    @Test func aFilterMatchingNoTestIsAProblem() throws {
        let path = try writeTestFile("flow: \(mailFlow)\ntests:\n  - name: a\n    steps: [back]\n")
        let (suite, problems) = FlowTestSuite.load(paths: [path], filter: "zzz")
        #expect(suite == nil && problems.first?.description.contains("matches no test") == true)
    }
}
