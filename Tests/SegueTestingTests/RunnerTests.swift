import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SegueCore
import SegueFlowFiles
import SegueServer
import SegueTesting
import Logging
import Testing
import SegueJSON
import SegueTestSupport

@Suite struct RunnerTests {
    @Test func aStepNamingAnElementNotOnScreenFailsWithTheElementsThatWereThere() throws {
        let path = try writeTestFile("""
        flow: \(mailFlow)
        tests:
          - name: typo
            steps:
              - tap: inboxRow
              - tap: msgAna
        """)
        let (outcomes, problems, _) = runTests([path])
        #expect(problems.isEmpty)
        let failure = try #require(outcomes.first?.failure)
        #expect(failure.file == path && failure.line == 6 && failure.step == "tap: msgAna")
        #expect(failure.details.contains { $0.contains("unknown_element") })
        #expect(failure.details.contains("did you mean 'msgAnna'?"))
        #expect(failure.details.contains { $0.hasPrefix("elements on screen:") && $0.contains("msgAnna (row \"Anna Haro\")") && $0.contains("compose") })
        #expect(failure.url == "/ui/mailNav(mailboxes,inbox)")
        let text = ConsoleReport(colour: false).lines(outcomes[0], heading: nil)
        #expect(text.contains("✗ typo") && text.contains("\(path):6: tap: msgAna") && text.contains("state: /ui/mailNav(mailboxes,inbox)"))
        #expect(!text.contains("\u{1B}["))
    }

    @Test func anExpectFailureShowsExpectedAgainstFoundAndTheEventsSinceThePreviousExpect() throws {
        let path = try writeTestFile("""
        flow: \(mailFlow)
        tests:
          - name: wrong
            steps:
              - tap: inboxRow
              - expect: {visible: [message], title: Message, events: [inbox.viewDidAppear, mailboxes.viewDidAppear]}
        """)
        let failure = try #require(runTests([path]).outcomes.first?.failure)
        #expect(failure.line == 6)
        #expect(failure.details.contains("expected visible: [message]") && failure.details.contains("   found visible: [inbox]"))
        #expect(failure.details.contains("   found title: Inbox"))
        #expect(failure.details.contains { $0.contains("missing from 'mailboxes.viewDidAppear' on") })
        #expect(failure.events.contains("inbox.viewDidAppear") && failure.events.contains("mailboxes.prepareForSegue"))
    }

    @Test func failsPassesOnlyWithTheNamedCode() throws {
        let path = try writeTestFile("""
        flow: \(mailFlow)
        tests:
          - name: right code
            steps: [{fails: {do: {action: performSegue, identifier: showInbox, controller: c99}, code: unknown_controller}}]
          - name: wrong code
            steps: [{fails: {tap: ghost, code: unknown_segue}}]
          - name: no failure
            steps: [{fails: {tap: inboxRow, code: unknown_element}}]
        """)
        let outcomes = runTests([path]).outcomes
        #expect(outcomes.map(\.passed) == [true, false, false])
        #expect(outcomes[1].failure?.details.contains { $0.contains("it failed with unknown_element") } == true)
        #expect(outcomes[2].failure?.details.first?.contains("but it succeeded") == true)
    }

    @Test func resultsAreTheSameInProcessAndOverHTTP() throws {
        let server = try LiveServer()
        defer { server.stop() }
        let path = repositoryRoot + "/Examples/tests/mail.test.yaml"
        let (suite, problems) = FlowTestSuite.load(paths: [path])
        #expect(problems.isEmpty)
        let inProcess = try #require(suite).run(workers: 2) { _, _ in }
        let live = try #require(suite).run(workers: 2, server: server.base) { _, _ in }
        #expect(inProcess.count == live.count && !live.isEmpty)
        #expect(inProcess.map(\.passed) == live.map(\.passed))
        let failures = live.compactMap(\.failure).map(\.details)
        #expect(failures.isEmpty, "\(failures)")
        #expect(inProcess.map(\.steps) == live.map(\.steps))
        #expect(inProcess.map(\.coverage.segues) == live.map(\.coverage.segues))
    }

    @Test func aRecordedSessionIsATestThatReproducesIt() throws {
        let storyboard = try FlowFileLoader.load(path: mailFlow)
        let client = SegueClient.inProcess(storyboard: storyboard)
        let session = try client.createSession()
        try session.tap("inboxRow")
        try session.tap("msgAnna")
        try session.tap("reply")
        // As a page's form posts it: every text field, changed or not.
        try session.perform(.object(["action": .string("tap"), "element": .string("send"),
                                     "values": .object(["subject": .string("Re: lunch"), "to": .string(""), "body": .string("")])]))
        let afterSend = session.state["url"]?.stringValue
        try session.open("/ui/mailNav(mailboxes,inbox,message;p.body=Are+you+free+on+Friday$3F+There+is+a+new+place+near+the+office.;p.from=Anna+Haro;p.subject=Lunch+on+Friday$3F)")
        try session.perform(.object(["action": .string("pop")]))
        let yaml = try session.recordedTest()
        // Pages offer the same file as a download.
        #expect(try session.page().contains("<a class=\"recorded-test\" download href=\"/api/v1/sessions/\(session.id)/test\">"))
        #expect(yaml.contains("      - tap: inboxRow\n      - expect: {visible: [inbox], url: \"/ui/mailNav(mailboxes,inbox)\"}"))
        #expect(yaml.contains("      - type: {element: subject, text: \"Re: lunch\"}\n      - tap: send"))
        #expect(!yaml.contains("element: to,") && !yaml.contains("element: body,"))
        #expect(yaml.contains("      - do: {\"action\":\"pop\"}"))
        #expect(yaml.contains("url: \"\(afterSend ?? "?")\""))
        // Runs as a test against the same flow and passes.
        let path = try writeTestFile(yaml)
        let (outcomes, problems, _) = runTests([path], flow: mailFlow)
        #expect(problems.isEmpty, "\(problems)")
        #expect(outcomes.count == 1 && outcomes[0].passed, "\(outcomes.first?.failure?.details ?? [])\n\(yaml)")
        #expect(outcomes.first?.steps ?? 0 >= 12)
    }

    @Test func aRecordedSessionWithAnyTypedTextReproducesIt() throws {
        let storyboard = try FlowFileLoader.load(path: mailFlow)
        let client = SegueClient.inProcess(storyboard: storyboard)
        let texts = ["a \u{2028} b", "c \u{2029} d", "e \u{85} f", "\"quoted\" 'single': # not a comment",
                     "  leading spaces", "trailing  ", "emoji 😀👍🏽", "nul \u{0} bell \u{7} del \u{7F} c1 \u{9B}",
                     "tab\tcr\rlf\n", "bom \u{FEFF}", "- [x]: {y} & *z !w %v @u `t", "true", "~"]
        for text in texts {
            let session = try client.createSession()
            try session.tap("inboxRow")
            try session.tap("msgAnna")
            try session.tap("reply")
            try session.perform(.object(["action": .string("setValues"), "values": .object(["subject": .string(text)])]))
            try session.perform(.object(["action": .string("tap"), "element": .string("send"),
                                         "values": .object(["to": .string(text)])]))
            let yaml = try session.recordedTest()
            let path = try writeTestFile(yaml)
            let (outcomes, problems, _) = runTests([path], flow: mailFlow)
            #expect(problems.isEmpty, "\(problems)\n\(yaml)")
            #expect(outcomes.count == 1 && outcomes[0].passed, "\(outcomes.first?.failure?.details ?? [])\n\(yaml)")
        }
    }

    @Test func seeMatchesOnlyTheDeviceScreen() throws {
        let path = try writeTestFile("""
        flow: \(mailFlow)
        tests:
          - name: screen text
            steps: [{see: Mailboxes}]
          - name: download link
            steps: [{see: Download as a test}]
          - name: developer link
            steps: [{see: Developer}]
        """)
        let (outcomes, problems, _) = runTests([path])
        #expect(problems.isEmpty)
        #expect(outcomes.map(\.passed) == [true, false, false])
    }

    @Test func seeReadsWhatTextFieldsShow() throws {
        // A person sees what was typed into a field, and a placeholder while it is empty; not
        // the page's hidden form values.
        let path = try writeTestFile("""
        flow: \(mailFlow)
        tests:
          - name: typed text
            start: "/ui/mailNav(mailboxes,inbox)~formSheet~composeNav(compose)"
            steps: [{see: Subject}, {type: {element: subject, text: Hello there}}, {see: Hello there}]
          - name: the form's hidden URL is not text
            start: "/ui/mailNav(mailboxes,inbox)~formSheet~composeNav(compose)"
            steps: [{see: composeNav}]
        """)
        let (outcomes, problems, _) = runTests([path])
        #expect(problems.isEmpty, "\(problems)")
        #expect(outcomes.map(\.passed) == [true, false], "\(outcomes.map { $0.failure?.details ?? [] })")
    }

    @Test func coverageMergesOneFlowNamedByDifferentPaths() throws {
        // The same flow through a symbolic link to its folder, and by its own path.
        let linked = try writeTestFile("placeholder", name: "link.test.yaml")
        let link = (linked as NSString).deletingLastPathComponent + "/examples"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: repositoryRoot + "/Examples")
        let viaLink = try writeTestFile("""
        flow: \(link)/mail.yaml
        tests: [{name: a message, steps: [{tap: inboxRow}, {tap: msgAnna}]}]
        """, name: "a.test.yaml")
        let direct = try writeTestFile("""
        flow: \(mailFlow)
        tests: [{name: compose, steps: [{tap: inboxRow}, {tap: compose}]}]
        """, name: "b.test.yaml")
        let (outcomes, problems, suite) = runTests([viaLink, direct])
        #expect(problems.isEmpty && outcomes.allSatisfy(\.passed), "\(problems)")
        let coverage = CoverageReport(suite: try #require(suite), outcomes: outcomes)
        #expect(coverage.flows.count == 1)
        #expect(coverage.flows.first.map { Set($0.elements.reached).isSuperset(of: ["msgAnna", "compose"]) } == true)
    }

    @Test func aRecordedTestNamesItsFlowRelativeToWhereItIsSaved() throws {
        var configuration = SegueApp.Configuration()
        configuration.flowPath = mailFlow
        let app = SegueApp(storyboard: try FlowFileLoader.load(path: mailFlow), assets: StaticAssets(directory: nil), configuration: configuration,
                           logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let session = try SegueClient(transport: InProcessTransport(app: app)).createSession()
        try session.tap("inboxRow")
        // Saved beside the flow by default; in the folder `?dir=` names otherwise.
        #expect(try session.recordedTest().contains("\nflow: mail.yaml\n"))
        #expect(try session.recordedTest(savedIn: repositoryRoot + "/Examples/tests").contains("\nflow: ../mail.yaml\n"))
        #expect(try session.recordedTest(savedIn: repositoryRoot + "/Examples/tests/").contains("\nflow: ../mail.yaml\n"))
        #expect(try session.recordedTest(savedIn: repositoryRoot).contains("\nflow: Examples/mail.yaml\n"))
        // Saved elsewhere, it runs from there.
        let path = try writeTestFile("")
        let yaml = try session.recordedTest(savedIn: (path as NSString).deletingLastPathComponent)
        #expect(yaml.contains("\nflow: ../") && yaml.contains("/Examples/mail.yaml\n"), "\(yaml)")
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        let (outcomes, problems, _) = runTests([path])
        #expect(problems.isEmpty && outcomes.count == 1 && outcomes.allSatisfy(\.passed), "\(problems) \(outcomes.first?.failure?.details ?? [])")
    }

    @Test func recordingAnUnknownSessionIsA404() throws {
        let client = SegueClient.inProcess(storyboard: try FlowFileLoader.load(path: mailFlow))
        let answer = try client.send("GET", "/api/v1/sessions/0123456789abcdef0123456789abcdef/test")
        #expect(answer.status == 404)
        #expect(answer.json?["error"]?["code"]?.stringValue == "unknown_session")
    }

    @Test func junitIsValidXMLWithATestcasePerTest() throws {
        let path = try writeTestFile("""
        flow: \(mailFlow)
        tests:
          - name: passes <&>
            steps: [{tap: inboxRow}]
          - name: fails
            steps: [{tap: nowhere}]
        """)
        let outcomes = runTests([path]).outcomes
        let xml = JUnitReport.xml(outcomes)
        let document = try XMLDocument(data: Data(xml.utf8))
        let cases = try document.nodes(forXPath: "//testcase")
        #expect(cases.count == 2)
        #expect(try document.nodes(forXPath: "//testcase/failure").count == 1)
        #expect(try document.nodes(forXPath: "//testsuite[@tests='2'][@failures='1']").count == 1)
        #expect(xml.contains("name=\"passes &lt;&amp;&gt;\""))
    }

    @Test func coverageCountsScenesSeguesAndElementsPerFlow() throws {
        let path = try writeTestFile("""
        flow: \(mailFlow)
        tests:
          - name: inbox
            steps: [{tap: inboxRow}, {tap: msgAnna}, {tap: delete}]
        """)
        let (outcomes, _, suite) = runTests([path])
        let report = CoverageReport(suite: try #require(suite), outcomes: outcomes)
        let flow = try #require(report.flows.first)
        #expect(flow.scenes.reached == ["inbox", "mailNav", "mailboxes", "message"])
        #expect(flow.segues.reached == ["inbox/openAnna", "mailboxes/showInbox", "message/delete"])
        #expect(flow.segues.missing.contains("compose/sent"))
        #expect(flow.elements.reached == ["delete", "inboxRow", "msgAnna"])
        #expect(report.text.contains("segues performed:  3/9 (33%)"))
        let json = try #require(try JSONValue.parse(Array(report.json.utf8))["flows"]?.arrayValue?.first)
        #expect(json["scenes"]?["total"]?.intValue == 7 && json["scenes"]?["reached"]?.intValue == 4)
    }
}

/// A real server on a free loopback port.
final class LiveServer: @unchecked Sendable {
    let service: SegueService
    var base: String { "http://127.0.0.1:\(service.port)" }

    init(flow: String = mailFlow) throws {
        var configuration = SegueService.Configuration()
        configuration.http.port = 0
        configuration.http.threads = 2
        configuration.publicDirectory = repositoryRoot + "/Public"
        service = SegueService(storyboard: try FlowFileLoader.load(path: flow), configuration: configuration,
                               logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try service.start()
    }

    func stop() { service.stop() }
}

@Suite struct ActionMessageTests {
    @Test func unknownElementsScenesAndSeguesInActionBodiesNameTheNearestOne() throws {
        let session = try SegueClient.inProcess(storyboard: try FlowFileLoader.load(path: mailFlow)).createSession()
        let cases: [(String, String, String)] = [
            (#"{"action":"tap","element":"inboxRw"}"#, "unknown_element", "did you mean 'inboxRow'?"),
            (#"{"action":"push","scene":"mesage"}"#, "unknown_scene", "did you mean 'message'?"),
            (#"{"action":"present","scene":"composeNv"}"#, "unknown_scene", "did you mean 'composeNav'?"),
            (#"{"action":"performSegue","identifier":"showInbx"}"#, "unknown_segue", "did you mean 'showInbox'?"),
        ]
        for (body, code, hint) in cases {
            let parsed = try JSONValue.parse(Array(body.utf8))
            do throws(SegueClientError) {
                try session.perform(parsed)
                Issue.record("\(body) succeeded")
            } catch {
                #expect(error.code == code && error.message.hasSuffix(hint), "\(body): \(error)")
            }
        }
    }
}

@Suite struct EventExpectationTests {
    @Test func anEmptyEventListExpectsNoEventSinceThePreviousExpect() throws {
        let path = try writeTestFile("""
        flow: \(mailFlow)
        tests:
          - name: a no-op logs nothing
            steps:
              - expect: {visible: [mailboxes]}
              - do: {action: pop}
              - expect: {events: [], warnings: 1}
          - name: a push logs events
            steps:
              - expect: {visible: [mailboxes]}
              - tap: inboxRow
              - expect: {events: []}
        """)
        let outcomes = runTests([path]).outcomes
        #expect(outcomes.map(\.passed) == [true, false])
        #expect(outcomes[1].failure?.details.first?.hasPrefix("expected no events since the previous expect, found: mailboxes.shouldPerformSegue") == true)
    }
}
