import Foundation
import Logging
import SegueCore
import SegueFlowFiles
import SegueHTTP
import Testing
@testable import SegueServer
import SegueTestSupport
import Synchronization

/// Pages and assets in brotli and gzip, asked of the application in process and over HTTP.
@Suite struct CompressionTests {
    static var quiet: Logger {
        var logger = Logger(label: "segue")
        logger.logLevel = .warning
        return logger
    }

    static func app() throws -> SegueApp {
        let storyboard = try FlowFileLoader.load(path: repositoryRoot + "/Examples/mail.yaml")
        return SegueApp(storyboard: storyboard, assets: StaticAssets(directory: repositoryRoot + "/Public"), logger: quiet)
    }

    static func get(_ app: SegueApp, _ path: String, method: HTTPMethod = .GET, _ headers: [(name: String, value: String)]) -> HTTPResponse {
        app.respond(to: HTTPRequest(method: method, path: path, headers: headers))
    }

    @Test func pagesAreCompressedOncePerVersionAndDecodeToThePage() throws {
        let app = try Self.app()
        let (cookie, _, url) = try SecurityTests.start(app)
        let plain = Self.get(app, url, [("cookie", cookie)])
        #expect(plain.status == 200 && plain.header("content-encoding") == nil)
        #expect(plain.header("vary") == "Accept-Encoding")
        for coding in [ContentCoding.br, .gzip] {
            let first = Self.get(app, url, [("cookie", cookie), ("accept-encoding", "gzip, deflate, br;q=\(coding == .br ? "1" : "0")")])
            #expect(first.header("content-encoding") == coding.rawValue)
            #expect(first.header("vary") == "Accept-Encoding")
            #expect(coding.decode(first.body) == plain.body)
            // The same version again: the compressed page kept beside the page (the same bytes).
            let again = Self.get(app, url, [("cookie", cookie), ("accept-encoding", coding.rawValue)])
            #expect(again.body == first.body)
            let box = try #require(app.store.session(id: String(cookie.split(separator: "=")[1].prefix { $0 != "." })))
            #expect(box.withSession { $0.pageCache?.encoded[coding] } == first.body)
        }
        // HEAD: the same headers, the length of the same body (libmicrohttpd sends no body).
        let head = Self.get(app, url, method: .HEAD, [("cookie", cookie), ("accept-encoding", "br")])
        #expect(head.header("content-encoding") == "br")
        #expect(ContentCoding.br.decode(head.body) == plain.body)
    }

    @Test func theStylesheetHasATagPerCodingAndRevalidates() throws {
        let app = try Self.app()
        let plain = Self.get(app, "/public/segue.css", [])
        let tag = try #require(plain.header("etag"))
        #expect(plain.header("vary") == "Accept-Encoding" && plain.header("content-encoding") == nil)
        var tags: Set<String> = [tag]
        for coding in [ContentCoding.br, .gzip] {
            let response = Self.get(app, "/public/segue.css", [("accept-encoding", coding.rawValue)])
            #expect(response.header("content-encoding") == coding.rawValue)
            #expect(coding.decode(response.body) == plain.body)
            // At least four times smaller.
            #expect(response.body.count * 4 <= plain.body.count, "\(coding): \(response.body.count) of \(plain.body.count)")
            let etag = try #require(response.header("etag"))
            tags.insert(etag)
            // Revalidation: the coding's own tag gives 304; the plain tag does not match the coding.
            let notModified = Self.get(app, "/public/segue.css", [("accept-encoding", coding.rawValue), ("if-none-match", etag)])
            #expect(notModified.status == 304 && notModified.body.isEmpty)
            #expect(notModified.header("etag") == etag && notModified.header("vary") == "Accept-Encoding")
            let other = Self.get(app, "/public/segue.css", [("accept-encoding", coding.rawValue), ("if-none-match", tag)])
            #expect(other.status == 200)
        }
        #expect(tags.count == 3)
        // HEAD describes the GET: same coding, same length.
        let head = Self.get(app, "/public/segue.css", method: .HEAD, [("accept-encoding", "gzip")])
        #expect(head.header("content-encoding") == "gzip" && ContentCoding.gzip.decode(head.body) == plain.body)
    }

    @Test func smallAndBinaryAssetsAreSentAsTheyAre() throws {
        let app = try Self.app()
        for path in app.assets.paths {
            let plain = Self.get(app, path, [])
            let asked = Self.get(app, path, [("accept-encoding", "br, gzip")])
            let type = plain.header("content-type")
            if plain.body.count < ContentCoding.minimumSize || !ContentCoding.isCompressible(contentType: type) {
                #expect(asked.header("content-encoding") == nil && asked.body == plain.body, "\(path)")
                #expect(asked.header("vary") == nil, "\(path)")
            }
        }
    }

    /// Over HTTP: curl asks for compression, decodes, and gets the bytes of the plain page and
    /// stylesheet; JSON answers of the API are compressed too.
    @Test func liveAnswersDecodeToThePlainBytes() throws {
        var configuration = SegueService.Configuration()
        configuration.http.port = 0
        configuration.http.threads = 2
        configuration.publicDirectory = repositoryRoot + "/Public"
        // Counted tokens, not random ones: the page (which holds the session id and CSRF token)
        // and so its compressed size are the same on every run.
        configuration.app.makeToken = Self.countedTokens()
        let service = SegueService(storyboard: try FlowFileLoader.load(path: repositoryRoot + "/Examples/mail.yaml"),
                                   configuration: configuration, logger: Self.quiet)
        try service.start()
        defer { service.stop() }
        let base = "http://127.0.0.1:\(service.port)"
        let jar = Scratch.folder + "/segue-jar-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: jar) }
        let page = try Self.curl(["-s", "-L", "-c", jar, "-b", jar, "-o", "/dev/null", "-w", "%{http_code} %{url_effective}", base + "/"])
        let parts = page.split(separator: " ", maxSplits: 1).map(String.init)
        #expect(parts.first == "200", "\(page)")
        for url in [parts.last ?? base, base + "/public/segue.css", base + "/api/v1/openapi.json"] {
            let plain = try Self.fetch(url, jar: jar, acceptEncoding: nil)
            #expect(plain.headers.contains("200 OK"), "\(url)")
            #expect(!plain.headers.lowercased().contains("content-encoding"))
            for coding in ["br", "gzip"] {
                let compressed = try Self.fetch(url, jar: jar, acceptEncoding: coding)
                #expect(compressed.headers.lowercased().contains("content-encoding: \(coding)\r\n"), "\(url)")
                #expect(compressed.headers.lowercased().contains("vary: accept-encoding\r\n"), "\(url)")
                #expect(compressed.body == plain.body, "\(url) \(coding)")
                // What came over the wire is the compressed answer, well under the plain bytes.
                #expect(compressed.wireBytes * 2 < plain.body.count, "\(url) \(coding): \(compressed.wireBytes) of \(plain.body.count)")
            }
        }
    }

    /// Well-formed tokens counted up from 1 (32 hex digits), for pages that repeat byte for byte.
    static func countedTokens() -> @Sendable () -> String {
        let next = Atomic<Int>(0)
        return {
            let n = next.add(1, ordering: .relaxed).newValue
            let hex = String(n, radix: 16)
            return String(repeating: "0", count: 32 - hex.count) + hex
        }
    }

    /// Runs curl, an HTTP client independent of Segue's, and returns what it printed.
    static func curl(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// `curl --compressed` (it decodes what it receives): the head, the decoded body, and the
    /// bytes that came over the wire.
    static func fetch(_ url: String, jar: String, acceptEncoding: String?) throws -> (headers: String, body: [UInt8], wireBytes: Int) {
        let file = Scratch.folder + "/segue-body-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: file) }
        var arguments = ["-s", "-b", jar, "-D", "-", "-o", file, "-w", "%{size_download}", "--max-time", "20"]
        if let acceptEncoding { arguments += ["--compressed", "-H", "Accept-Encoding: \(acceptEncoding)"] }
        let output = try curl(arguments + [url])
        let split = output.range(of: "\r\n\r\n")
        let headers = split.map { String(output[..<$0.upperBound]) } ?? output
        let wire = split.map { Int(output[$0.upperBound...]) ?? 0 } ?? 0
        return (headers, [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data()), wire)
    }
}
