import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import MCP
import SegueFlowFiles
import SegueHTTP
import SegueMCP
import SegueServer
import SegueTestSupport
import Testing

/// `POST /mcp` of a running server: the SDK's HTTP client against the SDK's stateless server
/// transport behind libmicrohttpd.
@Suite struct MCPHTTPTests {
    /// A server on a free loopback port with `/mcp` mounted, as `segue serve` runs it.
    static func startedService() throws -> SegueService {
        var configuration = SegueService.Configuration()
        configuration.http.host = "127.0.0.1"
        configuration.http.port = 0
        configuration.app.flowPath = MCPToolTests.mailFlow
        let service = SegueService(storyboard: FlowSource.servingStoryboard(try FlowFileLoader.load(path: MCPToolTests.mailFlow)),
                                   configuration: configuration, logger: Logger(label: "mcp-test") { _ in SwiftLogNoOpLogHandler() })
        service.app.mount(MCPRoute(app: service.app), at: MCPRoute.path)
        try service.start()
        return service
    }

    @Test func theSDKClientDrivesASessionOverHTTP() async throws {
        let service = try Self.startedService()
        defer { service.stop() }
        // The server's MCP exchanges run on the concurrency pool, which the rest of a full test
        // run may keep busy for minutes: no time limit on an answer.
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = 3600
        configuration.timeoutIntervalForResource = 3600
        let transport = HTTPClientTransport(endpoint: URL(string: "http://127.0.0.1:\(service.port)/mcp")!, configuration: configuration, streaming: false)
        let client = Client(name: "segue-tests", version: "1")
        let initialized = try await client.connect(transport: transport)
        #expect(initialized.serverInfo.name == "segue")
        #expect(try await client.listTools().tools.count == FlowTools.catalogue.count)
        let opened = try await client.call("open_session")
        let session = try #require(opened["session"]?.stringValue)
        let tapped = try await client.call("tap", ["session": .string(session), "element": "inboxRow"])
        #expect(tapped["screen"]?["title"]?.stringValue == "Inbox")
        // The session is the server's: its JSON API sees what the tools did.
        let state = try await client.call("read_screen", ["session": .string(session)])
        #expect(state["url"]?.stringValue == "/ui/mailNav(mailboxes,inbox)")
        // Over HTTP the test comes back as text; no file is written on the server.
        let refused = try await client.callTool(name: "write_test", arguments: ["session": .string(session), "path": "/tmp/x.test.yaml"])
        #expect(refused.isError == true && refused.content.text.hasPrefix("forbidden:"))
        await client.disconnect()
    }

    @Test func anotherSitesPageCannotPostToIt() async throws {
        let service = try Self.startedService()
        defer { service.stop() }
        let body = Array(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#.utf8)
        // Awaited, not waited for: the exchange runs on the concurrency pool.
        func post(_ extra: [(name: String, value: String)]) async -> SegueHTTP.HTTPResponse {
            let request = SegueHTTP.HTTPRequest(method: .POST, path: "/mcp", headers: [("host", "127.0.0.1:\(service.port)"), ("content-type", "application/json"),
                                                                                         ("accept", "application/json, text/event-stream")] + extra, body: body)
            let answer = service.app.respond(to: request)
            guard let deferred = answer.deferred else { return answer }
            return await withCheckedContinuation { continuation in deferred.observe { continuation.resume(returning: $0) } }
        }
        #expect(await post([("origin", "http://evil.example")]).status == 403)
        #expect(await post([("sec-fetch-site", "cross-site")]).status == 403)
        let same = await post([("origin", "http://127.0.0.1:\(service.port)")])
        #expect(same.status == 200 && String(decoding: same.body, as: UTF8.self).contains("open_session"))
        #expect(await post([]).status == 200)
    }
}
