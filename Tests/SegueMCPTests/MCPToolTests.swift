import Foundation
import Logging
import MCP
import SegueFlowFiles
import SegueJSON
import SegueMCP
import SegueServer
import SegueTestSupport
import SegueTesting
import Testing

/// The MCP tools, called as an agent calls them: through the SDK's own client, connected to
/// the SDK server in process.
@Suite struct MCPToolTests {
    static let mailFlow = SharedFolder.repositoryRoot + "/Examples/mail.yaml"

    /// An SDK client connected in memory to the MCP server of the Mail example.
    static func connectedClient(writesFiles: Bool = true) async throws -> Client {
        var configuration = SegueApp.Configuration()
        configuration.flowPath = mailFlow
        let app = SegueApp(storyboard: FlowSource.servingStoryboard(try FlowFileLoader.load(path: mailFlow)), assets: StaticAssets(directory: nil),
                           configuration: configuration, logger: Logger(label: "mcp-test") { _ in SwiftLogNoOpLogHandler() })
        let (clientSide, serverSide) = await InMemoryTransport.createConnectedPair()
        if writesFiles {
            // As `segue mcp` runs it (over standard input and output there).
            Task { try await SegueMCPServer.run(app: app, over: serverSide) }
        } else {
            try await SegueMCPServer.make(SegueMCPServer.tools(of: app, writesFiles: false)).start(transport: serverSide)
        }
        let client = Client(name: "segue-tests", version: "1")
        _ = try await client.connect(transport: clientSide)
        return client
    }

    @Test func theToolsAreListed() async throws {
        let client = try await Self.connectedClient()
        let names = try await client.listTools().tools.map(\.name)
        #expect(names == ["list_scenes", "open_session", "read_screen", "tap", "perform_segue", "perform_action", "read_events", "write_test", "close_session"])
    }

    @Test func anAgentWalksTheMailFlowAndSavesItAsATest() async throws {
        let client = try await Self.connectedClient()
        let scenes = try await client.call("list_scenes")
        #expect(scenes["scenes"]?.arrayValue?.contains { $0["id"]?.stringValue == "inbox" } == true)

        let opened = try await client.call("open_session")
        let session = try #require(opened["session"]?.stringValue)
        #expect(opened["url"]?.stringValue == "/ui/mailNav(mailboxes)")
        #expect(opened["elements"]?.arrayValue?.contains { $0["id"]?.stringValue == "inboxRow" } == true)
        #expect(opened["text"]?.stringValue?.contains("Mailboxes") == true)
        #expect(opened["title"]?.stringValue == "Mailboxes" && opened["visible"] == .array([.string("mailboxes")]))

        let tapped = try await client.call("tap", ["session": .string(session), "element": "inboxRow"])
        #expect(tapped["screen"]?["visible"] == .array([.string("inbox")]))
        #expect(tapped["events"]?.arrayValue?.contains { $0.stringValue?.hasSuffix("inbox viewDidAppear") == true } == true)
        #expect(tapped["screen"]?["text"]?.stringValue?.contains("Anna Haro") == true)

        let composed = try await client.call("perform_segue", ["session": .string(session), "identifier": "compose"])
        #expect(composed["screen"]?["visible"]?.arrayValue?.last == .string("compose"))
        let dismissed = try await client.call("perform_action", ["session": .string(session), "action": ["action": "dismiss"]])
        #expect(dismissed["screen"]?["visible"] == .array([.string("inbox")]))

        let events = try await client.call("read_events", ["session": .string(session), "after": 0])
        #expect((events["events"]?.arrayValue?.count ?? 0) > 10)

        let screen = try await client.call("read_screen", ["session": .string(session)])
        #expect(screen["url"]?.stringValue == "/ui/mailNav(mailboxes,inbox)")

        // Written beside nothing in particular: the file names the flow relative to itself, and
        // running it reproduces the session.
        let folder = Scratch.folder + "/mcp-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let written = try await client.call("write_test", ["session": .string(session), "path": .string(folder + "/walk.test.yaml")])
        let yaml = try String(contentsOfFile: folder + "/walk.test.yaml", encoding: .utf8)
        #expect(written["test"]?.stringValue == yaml)
        #expect(!yaml.contains("- open:"), "reading the screen is no step of the session")
        let flowLine = try #require(yaml.split(separator: "\n").first { $0.hasPrefix("flow: ") })
        #expect(flowLine.hasPrefix("flow: ../") && flowLine.hasSuffix("/Examples/mail.yaml"), "\(flowLine)")
        let (suite, problems) = FlowTestSuite.load(paths: [folder + "/walk.test.yaml"])
        #expect(problems.isEmpty, "\(problems)")
        let outcomes = try #require(suite).run(workers: 1) { _, _ in }
        #expect(outcomes.count == 1 && outcomes.allSatisfy(\.passed), "\(outcomes.first?.failure?.details ?? [])\n\(yaml)")

        let closed = try await client.call("close_session", ["session": .string(session)])
        #expect(closed["closed"]?.stringValue == session)
        let gone = try await client.callTool(name: "read_screen", arguments: ["session": .string(session)])
        #expect(gone.isError == true && gone.content.text.hasPrefix("unknown_session"))
    }

    @Test func aSceneOrAURLOpensThere() async throws {
        let client = try await Self.connectedClient()
        let scene = try await client.call("open_session", ["scene": "message", "width": 1024, "height": 768])
        #expect(scene["visible"] == .array([.string("message")]))
        let url = try await client.call("open_session", ["url": "/ui/mailNav(mailboxes,inbox)"])
        #expect(url["visible"] == .array([.string("inbox")]))
    }

    @Test(arguments: [
        ("tap", ["element": Value.string("nowhere")], "unknown_element"),
        ("read_screen", ["session": Value.string("../../scenes")], "unknown_session"),
        ("read_screen", [:], "invalid_request"),
        ("open_session", ["scene": Value.string("inbx")], "unknown_scene"),
        ("open_session", ["width": Value.int(300)], "invalid_request"),
        ("open_session", ["scen": Value.string("inbox")], "invalid_request"),
        ("perform_action", ["action": Value.string("pop")], "invalid_request"),
        ("perform_action", ["action": Value.object(["action": "fly"])], "unknown_action"),
        ("no_such_tool", [:], "unknown_tool"),
    ])
    func badCallsAreRefusedWithTheirCode(tool: String, arguments: [String: Value], code: String) async throws {
        let client = try await Self.connectedClient()
        var arguments = arguments
        if ["tap", "perform_action"].contains(tool) {
            arguments["session"] = .string(try #require(try await client.call("open_session")["session"]?.stringValue))
        }
        let answer = try await client.callTool(name: tool, arguments: arguments)
        #expect(answer.isError == true)
        #expect(answer.content.text.hasPrefix(code + ":"), "\(answer.content.text)")
    }

    @Test func overHTTPWriteTestWritesNoFile() async throws {
        let client = try await Self.connectedClient(writesFiles: false)
        let session = try #require(try await client.call("open_session")["session"]?.stringValue)
        let path = Scratch.folder + "/refused-\(UUID().uuidString).test.yaml"
        let answer = try await client.callTool(name: "write_test", arguments: ["session": .string(session), "path": .string(path)])
        #expect(answer.isError == true && answer.content.text.hasPrefix("forbidden:"))
        #expect(!FileManager.default.fileExists(atPath: path))
        let text = try await client.call("write_test", ["session": .string(session)])
        #expect(text["test"]?.stringValue?.contains("flow: mail.yaml") == true)
    }
}

extension Client {
    /// Calls a tool that must succeed; answers its JSON.
    func call(_ name: String, _ arguments: [String: Value] = [:]) async throws -> JSONValue {
        let answer = try await callTool(name: name, arguments: arguments)
        guard answer.isError != true else { throw ToolFailed(text: answer.content.text) }
        return try JSONValue.parse(Array(answer.content.text.utf8))
    }
}

struct ToolFailed: Error { var text: String }

extension [Tool.Content] {
    /// The text of a tool's answer.
    var text: String {
        compactMap { if case .text(let text, _, _) = $0 { text } else { nil } }.joined()
    }
}
