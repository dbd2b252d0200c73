import Foundation
import SegueCore
import SegueFlowFiles
import SegueServer
import SegueStoreSQLite
import Testing

let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

func mailStoryboard() throws -> Storyboard { try FlowFileLoader.load(path: repositoryRoot + "/Examples/mail.yaml") }

func temporaryDirectory() -> String {
    let dir = NSTemporaryDirectory() + "segue-store-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

/// A real service on a free loopback port over the given storage.
final class StoreServer: @unchecked Sendable {
    let service: SegueService
    var base: String { "http://127.0.0.1:\(service.port)" }

    init(storage: any SessionStorage, storyboard: Storyboard? = nil, configure: (inout SegueService.Configuration) -> Void = { _ in }) throws {
        var configuration = SegueService.Configuration()
        configuration.http.port = 0
        configuration.http.threads = 2
        configuration.http.connectionTimeoutSeconds = 10
        configuration.publicDirectory = repositoryRoot + "/Public"
        configure(&configuration)
        service = SegueService(storyboard: try storyboard ?? mailStoryboard(), storage: storage, configuration: configuration)
        try service.start()
    }

    func stop() { service.stop() }
}

struct Reply {
    var status: Int
    var body: String
    var location: String?
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:] }
    var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
    var state: [String: Any] { json["state"] as? [String: Any] ?? json }
}

/// One request through curl (real HTTP); `jar` keeps cookies.
func http(_ method: String, _ url: String, json: String? = nil, jar: String? = nil) throws -> Reply {
    let bodyFile = NSTemporaryDirectory() + "segue-sb-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: bodyFile) }
    var args = ["-s", "-X", method, "-o", bodyFile, "-w", "%{http_code} %{redirect_url}", "--max-time", "20"]
    if let jar { args += ["-c", jar, "-b", jar] }
    if let json { args += ["-H", "Content-Type: application/json", "--data-binary", json] }
    args.append(url)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    process.arguments = args
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let parts = String(decoding: data, as: UTF8.self).split(separator: " ", maxSplits: 1)
    let body = (try? String(contentsOfFile: bodyFile, encoding: .utf8)) ?? ""
    let location = parts.count > 1 && !parts[1].isEmpty ? String(parts[1]) : nil
    return Reply(status: Int(parts.first ?? "") ?? 0, body: body, location: location)
}

extension StoreServer {
    func newSession(_ body: String = "") throws -> String {
        let r = try http("POST", base + "/api/v1/sessions", json: body)
        #expect(r.status == 201)
        return r.json["id"] as? String ?? ""
    }

    @discardableResult
    func act(_ id: String, _ action: String) throws -> Reply {
        try http("POST", base + "/api/v1/sessions/\(id)/actions", json: action)
    }

    func state(_ id: String) throws -> Reply { try http("GET", base + "/api/v1/sessions/\(id)") }

    func events(_ id: String) throws -> [[String: Any]] {
        try http("GET", base + "/api/v1/sessions/\(id)/events").json["events"] as? [[String: Any]] ?? []
    }
}

/// Compares event logs by their JSON (seq, controller, event, flags).
func sameEvents(_ a: [[String: Any]], _ b: [[String: Any]]) -> Bool {
    guard a.count == b.count else { return false }
    for (x, y) in zip(a, b) {
        let dx = try? JSONSerialization.data(withJSONObject: x, options: [.sortedKeys])
        let dy = try? JSONSerialization.data(withJSONObject: y, options: [.sortedKeys])
        if dx != dy { return false }
    }
    return true
}
