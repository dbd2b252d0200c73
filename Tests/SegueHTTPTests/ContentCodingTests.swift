import Foundation
import Testing
@testable import SegueHTTP
import SegueTestSupport

@Suite("Content codings")
struct ContentCodingTests {
    @Test(arguments: [
        (nil, ContentCoding.identity),
        ("", .identity),
        ("gzip", .gzip),
        ("br", .br),
        ("gzip, deflate, br", .br),
        ("gzip, deflate, br, zstd", .br),
        ("GZIP", .gzip),
        ("x-gzip", .gzip),
        ("br;q=0.5, gzip", .gzip),
        ("br;q=0.5, gzip;q=0.5", .br),
        ("br;q=0, gzip;q=0", .identity),
        ("br;q=0", .identity),
        ("*", .br),
        ("*;q=0.3, gzip", .gzip),
        ("*, br;q=0", .gzip),
        ("identity", .identity),
        ("identity, gzip;q=0.5", .identity),
        ("deflate", .identity),
        ("gzip;q=abc, br;q=2", .identity),
        (" br ; q=0.9 , gzip ; q=1.0 ", .gzip),
        ("gzip;level=1", .gzip),
        ("gzip;q=0.999, br;q=1.", .br),
        ("gzip;q=0.0001", .identity),
        ("gzip;Q=0.5", .gzip),
        (",,gzip,", .gzip),
    ] as [(String?, ContentCoding)])
    func negotiationFollowsTheWeights(header: String?, expected: ContentCoding) {
        #expect(ContentCoding.negotiate(header) == expected, "Accept-Encoding: \(header ?? "(none)")")
    }

    @Test func textJSONScriptsAndSVGAreCompressibleImagesAreNot() {
        for type in ["text/html; charset=utf-8", "text/css", "TEXT/PLAIN", "application/json", " application/json ; x=y",
                     "application/problem+json", "text/javascript; charset=utf-8", "image/svg+xml"] {
            #expect(ContentCoding.isCompressible(contentType: type), "\(type)")
        }
        for type in ["image/png", "image/x-icon", "application/octet-stream", "text", "", "+json"] {
            #expect(!ContentCoding.isCompressible(contentType: type), "\(type)")
        }
        #expect(!ContentCoding.isCompressible(contentType: nil))
    }

    @Test func bothCodingsRoundTripAndShrinkText() throws {
        let text = Array(bigText.utf8)
        for coding in [ContentCoding.br, .gzip] {
            for effort in [ContentCoding.Effort.fast, .best] {
                let encoded = try #require(coding.encode(text, effort: effort))
                #expect(encoded.count * 4 < text.count, "\(coding) \(effort): \(encoded.count) of \(text.count)")
                #expect(coding.decode(encoded) == text)
            }
        }
        #expect(ContentCoding.gzip.encode(text)?.prefix(2) == [0x1F, 0x8B])  // the gzip magic
        // Bad input decodes to nil, never a crash.
        #expect(ContentCoding.gzip.decode([1, 2, 3, 4]) == nil)
        #expect(ContentCoding.br.decode(Array("not brotli at all".utf8)) == nil)
        // A decoded size over the limit is refused.
        #expect(ContentCoding.gzip.decode(ContentCoding.gzip.encode(text)!, limit: 1000) == nil)
    }

    @Test func largeTextResponsesAreCompressedWithVaryAndATagPerCoding() throws {
        var response = HTTPResponse.text(bigText)
        response.headers.append(("ETag", "\"abc\""))
        let br = response.compressed(for: "gzip, br")
        #expect(br.header("content-encoding") == "br")
        #expect(br.header("vary") == "Accept-Encoding")
        #expect(br.header("etag") == "\"abc-br\"")
        #expect(ContentCoding.br.decode(br.body) == response.body)
        let gzip = response.compressed(for: "gzip")
        #expect(gzip.header("etag") == "\"abc-gzip\"")
        #expect(ContentCoding.gzip.decode(gzip.body) == response.body)
        // Not taken: the bytes as they are, still saying that they vary.
        let plain = response.compressed(for: nil)
        #expect(plain.body == response.body && plain.header("content-encoding") == nil)
        #expect(plain.header("vary") == "Accept-Encoding" && plain.header("etag") == "\"abc\"")
    }

    @Test func smallBinaryAndEncodedResponsesAreLeftAlone() {
        let small = HTTPResponse.text(String(repeating: "a", count: ContentCoding.minimumSize - 1))
        #expect(small.compressed(for: "br").headers.count == small.headers.count)
        let image = HTTPResponse(status: 200, headers: [("Content-Type", "image/png")], body: [UInt8](repeating: 0, count: 5000))
        #expect(image.compressed(for: "br").header("content-encoding") == nil)
        var done = HTTPResponse.text(bigText)
        done.headers.append(("Content-Encoding", "gzip"))
        #expect(done.compressed(for: "br").body == done.body)
        var withVary = HTTPResponse.text(bigText)
        withVary.headers.append(("Vary", "Cookie"))
        #expect(withVary.compressed(for: "br").header("vary") == "Cookie, Accept-Encoding")
    }

    @Test func encodedBodiesPickTheBestFormTheClientTakes() {
        let body = EncodedBody(Array(bigText.utf8), compressible: true, effort: .fast)
        #expect(body.varies)
        #expect(body.select("gzip, br").coding == .br)
        #expect(body.select("gzip").coding == .gzip)
        #expect(body.select(nil).coding == .identity)
        #expect(body.select("identity").bytes == body.identity)
        let small = EncodedBody(Array("tiny".utf8), compressible: true, effort: .best)
        #expect(!small.varies && small.select("br").coding == .identity)
        let binary = EncodedBody([UInt8](repeating: 7, count: 4096), compressible: false, effort: .best)
        #expect(!binary.varies)
    }

    @Test func ifNoneMatchComparesTagListsWeakly() {
        func request(_ value: String) -> HTTPRequest { HTTPRequest(method: .GET, path: "/", headers: [("if-none-match", value)]) }
        #expect(request("\"a-br\"").matchesIfNoneMatch("\"a-br\""))
        #expect(!request("\"a\"").matchesIfNoneMatch("\"a-br\""))
        #expect(request("\"x\", W/\"a-gzip\"").matchesIfNoneMatch("\"a-gzip\""))
        #expect(request("*").matchesIfNoneMatch("\"a\""))
        #expect(!HTTPRequest(method: .GET, path: "/").matchesIfNoneMatch("\"a\""))
    }

    /// Over a real connection: curl asks for each coding, decodes, and gets the same bytes.
    @Test func liveResponsesDecodeToTheSameBytes() throws {
        let server = try startServer()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        for (path, expected) in [("/big", bigText), ("/deferred-big", bigJSON)] {
            for coding in ["br", "gzip"] {
                let output = Scratch.folder + "/segue-coding-\(UUID().uuidString)"
                defer { unlink(output) }
                let result = try run(["-s", "--compressed", "-H", "Accept-Encoding: \(coding)", "-o", output,
                                      "-w", "%{size_download}", base + path])
                let decoded = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
                #expect(decoded == Array(expected.utf8), "\(path) \(coding)")
                let downloaded = Int(result.stdout) ?? 0
                #expect(downloaded > 0 && downloaded * 4 < expected.utf8.count, "\(path) \(coding): \(downloaded) bytes on the wire")
                let head = try run(["-s", "-o", "/dev/null", "-D", "-", "-H", "Accept-Encoding: \(coding)", base + path])
                #expect(head.stdout.lowercased().contains("content-encoding: \(coding)\r\n"))
                #expect(head.stdout.lowercased().contains("vary: accept-encoding\r\n"))
            }
        }
        // Without the header: the bytes as they are.
        let plain = try run(["-s", "-D", "-", base + "/big"])
        #expect(plain.stdout.hasSuffix(bigText))
        #expect(!plain.stdout.lowercased().contains("content-encoding"))
    }
}

@Suite struct HeaderNameTests {
    /// Names compare equal ignoring the case of ASCII letters only; other bytes must match.
    @Test func headerNamesCompareIgnoringTheCaseOfLettersOnly() {
        #expect(asciiCaseInsensitiveEquals("Accept-Encoding", "accept-encoding"))
        #expect(asciiCaseInsensitiveEquals("VARY", "vary") && asciiCaseInsensitiveEquals("", ""))
        #expect(asciiCaseInsensitiveEquals("X-A-Header-Name-Longer-Than-Fifteen", "x-a-header-name-longer-than-fifteen"))
        #expect(!asciiCaseInsensitiveEquals("Vary", "Varx") && !asciiCaseInsensitiveEquals("Vary", "Vary "))
        // Bytes one bit apart that are not letters: '@' and '`', '[' and '{', '-' and '\r'.
        #expect(!asciiCaseInsensitiveEquals("a@", "a`") && !asciiCaseInsensitiveEquals("[", "{") && !asciiCaseInsensitiveEquals("-", "\r"))
        #expect(asciiCaseInsensitiveEquals("caf\u{E9}", "CAF\u{E9}") && !asciiCaseInsensitiveEquals("caf\u{E9}", "caf\u{C9}"))
        let request = HTTPRequest(method: .GET, path: "/", headers: [("accept", "a"), ("accept-encoding", "gzip")])
        #expect(request.header("Accept-Encoding") == "gzip" && request.header("ACCEPT") == "a" && request.header("vary") == nil)
    }
}
