import Foundation
import SegueCore
import SegueFlowFiles
import SegueServer
import Synchronization
import Testing

/// The repository root, found from this file.
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// A real `segue` server on a free loopback port, for end-to-end tests over real HTTP.
final class LiveServer: @unchecked Sendable {
    let service: SegueService
    var base: String { "http://127.0.0.1:\(service.port)" }

    convenience init(flow: String = "Examples/mail.yaml", registry: ControllerRegistry = ControllerRegistry(),
                     configure: (inout SegueService.Configuration) -> Void = { _ in }) throws {
        try self.init(storyboard: try FlowFileLoader.load(path: repositoryRoot + "/" + flow), registry: registry, configure: configure)
    }

    init(storyboard: Storyboard, registry: ControllerRegistry = ControllerRegistry(),
         configure: (inout SegueService.Configuration) -> Void = { _ in }) throws {
        var configuration = SegueService.Configuration()
        configuration.http.port = 0
        configuration.http.threads = 2
        configuration.http.connectionTimeoutSeconds = 10
        configuration.publicDirectory = repositoryRoot + "/Public"
        configure(&configuration)
        service = SegueService(storyboard: storyboard, registry: registry, configuration: configuration)
        try service.start()
    }

    deinit { service.stop() }
}

struct HTTPResult {
    var status: Int
    var headers: [String: String]
    var body: String
    var effectiveURL: String

    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }
    var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
}

/// One curl call. `jar` keeps cookies across calls; `follow` follows 303s like a browser.
func curl(_ method: String = "GET", _ url: String, json: String? = nil, form: [(String, String)]? = nil,
          jar: String? = nil, follow: Bool = false, headers: [String] = [], dataFile: String? = nil) throws -> HTTPResult {
    let dir = NSTemporaryDirectory()
    let id = UUID().uuidString
    let headerFile = dir + "segue-h-\(id)", bodyFile = dir + "segue-b-\(id)"
    defer {
        try? FileManager.default.removeItem(atPath: headerFile)
        try? FileManager.default.removeItem(atPath: bodyFile)
    }
    // With -L a POST must not be forced with -X, or curl would POST to the 303 target too.
    var args = ["-s"] + (follow && method == "POST" ? [] : ["-X", method]) + ["-D", headerFile, "-o", bodyFile, "-w", "%{http_code} %{url_effective}", "--max-time", "20"]
    if follow { args += ["-L", "--post301", "--post302"] }
    if let jar { args += ["-c", jar, "-b", jar] }
    for h in headers { args += ["-H", h] }
    if let json { args += ["-H", "Content-Type: application/json", "--data-binary", json] }
    if let dataFile { args += ["--data-binary", "@" + dataFile] }
    if let form {
        for (k, v) in form { args += ["--data-urlencode", "\(k)=\(v)"] }
        // Form posts say where they come from, as browsers do (the server refuses them otherwise).
        if !headers.contains(where: { $0.lowercased().hasPrefix("origin:") }), let scheme = url.range(of: "://") {
            let rest = url[scheme.upperBound...]
            args += ["-H", "Origin: " + url[..<scheme.upperBound] + rest.prefix { $0 != "/" }]
        }
    }
    args.append(url)
    let result = try runProcess("/usr/bin/curl", args)
    let parts = result.stdout.split(separator: " ", maxSplits: 1)
    let status = Int(parts.first ?? "") ?? 0
    let rawHeaders = (try? String(contentsOfFile: headerFile, encoding: .utf8)) ?? ""
    // With -L every hop's headers are written; keep the last block.
    let lastBlock = rawHeaders.components(separatedBy: "\r\n\r\n").filter { !$0.isEmpty }.last ?? ""
    var headerMap: [String: String] = [:]
    for line in lastBlock.components(separatedBy: "\r\n").dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headerMap[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let body = (try? String(contentsOfFile: bodyFile, encoding: .utf8)) ?? ""
    return HTTPResult(status: status, headers: headerMap, body: body, effectiveURL: parts.count > 1 ? String(parts[1]) : "")
}

struct ProcessOutput {
    var status: Int32
    var stdout: String
}

func runProcess(_ executable: String, _ arguments: [String]) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessOutput(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self))
}

func temporaryJar() -> String { NSTemporaryDirectory() + "segue-jar-\(UUID().uuidString)" }

/// Reads `name="…" value="…"` of a hidden input from a page.
func hiddenValue(_ name: String, in html: String) -> String? {
    guard let range = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
    let rest = html[range.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { return nil }
    return String(rest[..<end]).replacingOccurrences(of: "&amp;", with: "&")
}

func attribute(_ name: String, in html: String) -> String? {
    guard let range = html.range(of: "\(name)=\"") else { return nil }
    let rest = html[range.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
}

extension Dictionary where Key == String, Value == Any {
    subscript(path path: String) -> Any? {
        var node: Any? = self
        for part in path.split(separator: ".") {
            if let i = Int(part), let array = node as? [Any] { node = i < array.count ? array[i] : nil }
            else { node = (node as? [String: Any])?[String(part)] }
        }
        return node
    }
}

/// A server binary of this package (`segue`, `mail-guarded`, `recipes`) run as its own process on
/// a free port: it prints its URL first; the process is SIGKILLed when this is released (children
/// spawned from test threads inherit a mask that blocks SIGTERM).
final class ServerProcess {
    let process: Process
    /// `http://127.0.0.1:PORT`, without a trailing slash.
    let base: String
    /// The first line the server printed.
    let banner: String

    init(_ product: String, _ arguments: [String]) throws {
        let binary = repositoryRoot + "/.build/debug/" + product
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build the package first (swift build)")
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = String(decoding: out.fileHandleForReading.availableDataUntilNewline(), as: UTF8.self)
        banner = line
        guard let url = line.split(separator: " ").first(where: { $0.hasPrefix("http://") }) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw ServerProcessError.noURL(line)
        }
        base = url.hasSuffix("/") ? String(url.dropLast()) : String(url)
    }

    /// Waits for exit at most `seconds`; SIGKILLs and returns nil if it does not come.
    func exitStatus(within seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        guard !process.isRunning else { return nil }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

enum ServerProcessError: Error { case noURL(String) }

extension FileHandle {
    /// Reads until a newline (the servers print their URL first).
    func availableDataUntilNewline() -> Data {
        var data = Data()
        while true {
            let chunk = readData(ofLength: 1)
            if chunk.isEmpty || chunk == Data("\n".utf8) { return data }
            data.append(chunk)
        }
    }
}
