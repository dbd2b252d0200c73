import Foundation
import SegueCore
import SegueHTTP
import SegueJSON
import SeguePageURL

/// `GET /api/v1/sessions/ID/test`: the session's steps so far as a flow test file (YAML), with an
/// `expect` of the visible scenes and the URL after each step. Running it reproduces the session.
/// Its `flow:` names the flow relative to the file, as test files do: to the folder `?dir=`
/// names (where the file will be saved), else as a file saved beside the flow.
extension SegueApp {
    func recordedTest(_ id: String, savedIn folder: String? = nil) throws(ActionError) -> HTTPResponse {
        // Loads the session (or answers unknown_session) and makes sure what it did is stored.
        _ = try withDurableSession(id) { $0.window.version }
        let stored: StoredSession?
        do { stored = try storage.load(session: id) } catch { throw storageError(error, id: id) }
        guard let stored else { throw ActionError(.unknownSession, "no session '\(id)'") }
        let session = Session(window: window(for: stored.header), csrfToken: stored.header.csrfToken, clock: configuration.clock)
        let window = session.window
        let flowReference = configuration.flowPath.map { Self.flowReference($0, savedIn: folder) }
        var test = RecordedTestWriter(flowPath: flowReference, flowName: storyboard.name, sessionID: id,
                                      width: stored.header.width, height: stored.header.height)
        var steps = stored.steps[...]
        do {
            if let first = steps.first, case .restore(let url, _, _)? = try? Step.decode(first) {
                guard let path = HierarchyPath.parse(url) else { throw ActionError(.sessionQuarantined, "stored URL \(url) does not parse") }
                try window.restore(path)
                session.storedSeq = 1
                test.start = url
                steps = steps.dropFirst()
            } else {
                try window.launch()
            }
            test.begin(url: window.canonicalURL)
            for text in steps {
                let step: Step
                do { step = try Step.decode(text) } catch { throw ActionError(.sessionQuarantined, "\(error)") }
                // A page's form posts every text field with each tap: keep only what the person changed.
                var written = step
                if case .action(.tap(let element, let values), let animated) = step, !values.isEmpty {
                    let changed = values.filter { id, value in
                        let current = window.visibleContentControllers.lazy.compactMap { $0.values[id] }.first
                        return current.map { $0 != value } ?? (value != .text(""))
                    }
                    written = .action(.tap(element: element, values: changed), animated: animated)
                }
                do { try session.replay(text) } catch { throw ActionError(.sessionQuarantined, "\(error)") }
                test.add(written, url: window.canonicalURL, visible: window.visibleContentControllers.map { $0.sceneID ?? $0.id })
            }
        }

        return HTTPResponse(status: 200, headers: [
            ("Content-Type", "application/yaml; charset=utf-8"), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
            ("Content-Disposition", "attachment; filename=\"\(storyboard.name)-\(id.prefix(8)).test.yaml\""),
        ], body: Array(test.yaml.utf8))
    }
}

extension SegueApp {
    /// How a test file saved in `folder` names the flow at `flowPath` (both absolute, or relative
    /// to the working directory): a relative path from that folder (`../mail.yaml`); without a
    /// folder, the flow's file name (a file saved beside it).
    static func flowReference(_ flowPath: String, savedIn folder: String?) -> String {
        let flow = absoluteComponents(flowPath)
        guard let folder, !folder.isEmpty else { return flow.last ?? flowPath }
        let base = absoluteComponents(folder)
        var common = 0
        while common < base.count, common < flow.count - 1, base[common] == flow[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        return (up + flow[common...]).joined(separator: "/")
    }

    /// The components of a path made absolute against the working directory, `.` and `..` resolved.
    static func absoluteComponents(_ path: String) -> [String] {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [String] = []
        for part in full.split(separator: "/") where part != "." {
            if part == ".." { if !parts.isEmpty { parts.removeLast() } } else { parts.append(String(part)) }
        }
        return parts
    }
}

/// Writes a recorded session as a test file.
struct RecordedTestWriter {
    var flowPath: String?
    var flowName: String
    var sessionID: String
    var width: Int
    var height: Int
    var start: String?
    private var lines: [String] = []
    /// The browser's history as the steps leave it: a visit of an earlier page is `back`.
    private var history: [String] = []
    private var index = 0

    init(flowPath: String?, flowName: String, sessionID: String, width: Int, height: Int) {
        self.flowPath = flowPath
        self.flowName = flowName
        self.sessionID = sessionID
        self.width = width
        self.height = height
    }

    mutating func begin(url: String) { history = [url] }

    mutating func add(_ step: Step, url: String, visible: [String]) {
        switch step {
        case .action(.tap(let element, let values), let animated) where animated:
            for (id, value) in values.sorted(by: { $0.key < $1.key }) {
                switch value {
                case .text(let text): lines.append("      - type: {element: \(Self.scalar(id)), text: \(Self.scalar(text))}")
                case .bool(let on): lines.append("      - toggle: {element: \(Self.scalar(id)), isOn: \(on)}")
                }
            }
            lines.append("      - tap: \(Self.scalar(element))")
        case .action(let action, let animated):
            var w = JSONWriter(capacity: 128)
            w.beginObject()
            Step.write(action, into: &w)
            if !animated { w.key("animated"); w.bool(false) }
            w.endObject()
            lines.append("      - do: \(Self.escapingBreaks(String(decoding: w.bytes, as: UTF8.self)))")
        case .navigate(let target, _):
            if index > 0, history[index - 1] == target {
                lines.append("      - back")
                index -= 1
            } else if index + 1 < history.count, history[index + 1] == target {
                lines.append("      - forward")
                index += 1
            } else {
                lines.append("      - open: \(Self.scalar(target))")
            }
        case .restore:
            break
        }
        if history[index] != url {
            history.removeSubrange((index + 1)...)
            history.append(url)
            index = history.count - 1
        }
        lines.append("      - expect: {visible: [\(visible.map(Self.scalar).joined(separator: ", "))], url: \(Self.scalar(url))}")
    }

    var yaml: String {
        var out = "# A recorded Segue session (\(flowName)). Run it with: segue test FILE"
        out += flowPath == nil ? " --flow FLOW\n" : "\n# 'flow:' is relative to the folder this file is saved in.\n"
        if let flowPath { out += "flow: \(Self.pathScalar(flowPath))\n" }
        out += "traits: {width: \(width), height: \(height)}\n"
        out += "tests:\n"
        out += "  - name: \(Self.scalar("recorded session \(sessionID.prefix(8))"))\n"
        if let start { out += "    start: \(Self.scalar(start))\n" }
        out += "    steps:\n"
        if lines.isEmpty { out += "      - expect: {url: \(Self.scalar(history.first ?? "/"))}\n" }
        for line in lines { out += line + "\n" }
        return out
    }

    /// A relative path as a YAML scalar: plain (`../mail.yaml`) when it is `../` steps then
    /// letters, digits, `_`, `.`, `/` and `-` starting with a letter or `_` (no number, boolean or
    /// null reads like that), else double-quoted.
    static func pathScalar(_ path: String) -> String {
        var rest = Substring(path)
        while rest.hasPrefix("../") { rest = rest.dropFirst(3) }
        let plain = rest.first.map { ($0.isASCII && $0.isLetter) || $0 == "_" } == true
            && rest.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_./-".contains($0)) }
            && !["true", "false", "null", "yes", "no", "on", "off", "y", "n"].contains(rest.lowercased())
        return plain ? path : scalar(path)
    }

    /// A YAML scalar: plain when that reads back as the same text, else double-quoted.
    static func scalar(_ s: String) -> String {
        let plain = !s.isEmpty && s.unicodeScalars.allSatisfy { ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" || $0 == "." }
            && !(s.first.map { $0.isNumber || $0 == "-" || $0 == "." } ?? true)
            && !["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"].contains(s.lowercased())
        if plain { return s }
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where needsEscape(u): out += escape(u)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    /// Characters a YAML reader takes as a line break (U+0085, U+2028, U+2029, folded away inside
    /// a quoted scalar) or refuses raw (controls, U+FEFF, U+FFFE, U+FFFF).
    static func needsEscape(_ u: Unicode.Scalar) -> Bool {
        u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u.value == 0x2028 || u.value == 0x2029
            || u.value == 0xFEFF || u.value == 0xFFFE || u.value == 0xFFFF
    }

    static func escape(_ u: Unicode.Scalar) -> String {
        let hex = String(u.value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// JSON (a `do:` body, read as a YAML flow mapping) with the characters YAML would break on
    /// written as `\uXXXX`, an escape both read the same. They can only occur inside its strings.
    static func escapingBreaks(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var out = ""
        for u in json.unicodeScalars {
            if needsEscape(u) { out += escape(u) } else { out.unicodeScalars.append(u) }
        }
        return out
    }
}
