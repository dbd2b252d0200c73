import Foundation
import MCP
import SegueHTTP
import SegueServer
import SegueTesting

/// The MCP server of a flow (the official Swift SDK's `Server` offering ``FlowTools``), over
/// standard input and output (`segue mcp`) or at `POST /mcp` of a running `segue serve`.
public enum SegueMCPServer {
    public static let name = "segue"
    public static let version = "1.0.0"
    static let instructions = """
        Segue keeps a UIKit-faithful view-controller hierarchy per session for an iOS flow. \
        Start with list_scenes and open_session, look with read_screen, act with tap, \
        perform_segue and perform_action, check read_events, and save what you did with write_test.
        """

    /// An SDK server offering `tools`, not yet started.
    public static func make(_ tools: FlowTools) async -> Server {
        let server = Server(name: name, version: version, instructions: instructions,
                            capabilities: .init(tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: FlowTools.catalogue) }
        await server.withMethodHandler(CallTool.self) { params in tools.call(params.name, params.arguments ?? [:]) }
        return server
    }

    /// The tools of `app`, driven in process. `writesFiles`: whether `write_test` writes files.
    public static func tools(of app: SegueApp, writesFiles: Bool) -> FlowTools {
        FlowTools(client: SegueClient(transport: InProcessTransport(app: app)), writesFiles: writesFiles)
    }

    /// Serves `app`'s tools over standard input and output until the client closes its input
    /// and every request read has been answered.
    public static func runOverStandardIO(app: SegueApp) async throws {
        try await run(app: app, over: StdioTransport())
    }

    /// Serves `app`'s tools over `transport` until its input ends and every request read has
    /// been answered (tests pass an in-memory transport).
    public static func run(app: SegueApp, over transport: any Transport) async throws {
        let server = await make(tools(of: app, writesFiles: true))
        let draining = DrainingTransport(transport, logger: await transport.logger)
        try await server.start(transport: draining)
        await server.waitUntilCompleted()
        await draining.drain()
    }
}

/// `POST /mcp`: the MCP streamable HTTP transport in its stateless form (each POST one JSON-RPC
/// exchange answered as JSON; no session header, no event stream), the SDK's
/// `StatelessHTTPServerTransport` behind libmicrohttpd. The answer is deferred, so no server
/// thread waits for the exchange. The app checks, before this, that a browser's request comes
/// from this server's own pages (`Origin`), as for its form posts; `write_test` writes no file.
public struct MCPRoute: HTTPResponder {
    public static let path = "/mcp"
    let tools: FlowTools

    public init(app: SegueApp) { tools = SegueMCPServer.tools(of: app, writesFiles: false) }

    public func respond(to request: SegueHTTP.HTTPRequest) -> SegueHTTP.HTTPResponse {
        var headers: [String: String] = [:]
        for header in request.headers where headers[header.name] == nil { headers[header.name] = header.value }
        let exchange = MCP.HTTPRequest(method: request.methodString, headers: headers, body: Data(request.body), path: request.path)
        let deferred = DeferredResponse()
        let tools = self.tools
        Task { deferred.complete(await Self.answer(exchange, tools: tools)) }
        return .deferred(deferred)
    }

    static func answer(_ request: MCP.HTTPRequest, tools: FlowTools) async -> SegueHTTP.HTTPResponse {
        // The origin is checked by the app (any host name this server is reached by).
        let transport = StatelessHTTPServerTransport(validationPipeline: StandardValidationPipeline(validators: [
            AcceptHeaderValidator(mode: .jsonOnly), ContentTypeValidator(), ProtocolVersionValidator(),
        ]))
        let server = await SegueMCPServer.make(tools)
        do {
            try await server.start(transport: transport)
        } catch {
            let body = SegueApp.errorJSON(code: "internal_error", message: "the MCP server did not start: \(error)")
            return SegueHTTP.HTTPResponse(status: 500, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body: body)
        }
        let answer = await transport.handleRequest(request)
        await server.stop()
        var headers = answer.headers.map { (name: $0.key, value: $0.value) }.sorted { $0.name < $1.name }
        headers += [("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")]
        return SegueHTTP.HTTPResponse(status: answer.statusCode, headers: headers, body: answer.bodyData.map { Array($0) } ?? [])
    }
}
