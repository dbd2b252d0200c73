import Foundation
import SegueCore
import SegueJSON

/// Why a test failed: the step, what was expected against what was found, and where.
public struct TestFailure: Sendable {
    public var file: String
    public var line: Int
    /// The step as written (`tap: compose`).
    public var step: String
    /// Expected, found, and what else helps: one line each.
    public var details: [String]
    /// The canonical URL of the state the step failed in (open it with `segue serve`).
    public var url: String?
    /// The events the failing step caused (or, for an expect, those since the previous expect).
    public var events: [String]
}

/// What a test reached, for coverage: scene ids shown, `scene/segue` performed, element ids tapped.
public struct CoverageSample: Sendable {
    public var scenes: Set<String> = []
    public var segues: Set<String> = []
    public var elements: Set<String> = []

    public mutating func merge(_ other: CoverageSample) {
        scenes.formUnion(other.scenes)
        segues.formUnion(other.segues)
        elements.formUnion(other.elements)
    }
}

public struct TestOutcome: Sendable {
    public var test: FlowTest
    public var failure: TestFailure?
    public var duration: Duration
    /// Steps run (those of `run` included).
    public var steps: Int
    public var coverage: CoverageSample
    public var passed: Bool { failure == nil }
}

/// Runs one test's steps against a session of a ``SegueClient``.
public struct FlowTestRunner: Sendable {
    public var client: SegueClient
    public var traits: Traits?

    public init(client: SegueClient, traits: Traits?) {
        self.client = client
        self.traits = traits
    }

    public func run(_ test: FlowTest) -> TestOutcome {
        let clock = ContinuousClock()
        let start = clock.now
        var run = Run(test: test)
        run.execute(client: client, traits: traits)
        return TestOutcome(test: test, failure: run.failure, duration: clock.now - start, steps: run.stepCount, coverage: run.coverage)
    }
}

/// One test in progress.
struct Run {
    let test: FlowTest
    var session: SegueTestSession!
    var failure: TestFailure?
    var stepCount = 0
    var coverage = CoverageSample()
    /// Events since the previous expect.
    var pendingEvents: [JSONValue] = []
    var lastStepEvents: [JSONValue] = []
    var lastWarnings: [String] = []
    var lastSeq = 0
    /// The browser's history of page URLs and where in it the session is.
    var history: [String] = []
    var historyIndex = 0

    init(test: FlowTest) { self.test = test }

    mutating func execute(client: SegueClient, traits: Traits?) {
        do throws(SegueClientError) {
            session = try client.createSession(traits: traits, url: test.start)
            let launch = try session.events(after: 0)
            absorb(launch, warnings: [])
            history = [url]
        } catch {
            failure = TestFailure(file: test.file, line: test.line, step: test.start.map { "start: \($0)" } ?? "start",
                                  details: ["the session could not start: \(error)"], url: nil, events: [])
            return
        }
        defer { try? session.delete() }
        for step in test.steps {
            stepCount += 1
            if !isExpect(step) { lastStepEvents = [] }
            if let problem = perform(step) {
                failure = TestFailure(file: step.file, line: step.line, step: step.summary, details: problem, url: url,
                                      events: describe(isExpect(step) ? pendingEvents : lastStepEvents))
                return
            }
        }
    }

    var state: JSONValue { session.state }
    var url: String { state["url"]?.stringValue ?? "?" }

    func isExpect(_ step: FlowStep) -> Bool { if case .expect = step.kind { true } else { false } }

    /// Runs a step; answers the lines of its failure, or nil.
    mutating func perform(_ step: FlowStep) -> [String]? {
        switch step.kind {
        case .expect(let e):
            var problems = check(e)
            if !problems.isEmpty {
                // What a tester needs to see next to the mismatch: where the session is.
                if e.title == nil { problems.append("title: \(frontmostTitle ?? "none")") }
                if e.visible == nil { problems.append("visible: [\(visibleScenes.joined(separator: ", "))]") }
                if !problems.contains(where: { $0.hasPrefix("elements on screen") }) {
                    let elements = state["elements"]?.arrayValue ?? []
                    problems.append("elements on screen: " + (elements.isEmpty ? "none" : elements.map(describeElement).joined(separator: ", ")))
                }
                return problems
            }
            pendingEvents = []
            return nil
        case .see(let text):
            do throws(SegueClientError) {
                let page = visibleText(deviceScreen(try session.page()))
                if page.contains(text) { return nil }
                return ["expected to see: \(text)", "the page shows: \(String(page.prefix(400)))"]
            } catch {
                return ["the page could not be rendered: \(error)"]
            }
        case .run:
            return ["'run' was not expanded"]  // the loader expands runs
        case .fails(let inner, let code):
            switch act(inner) {
            case .success:
                return ["expected the step to fail with '\(code)', but it succeeded"]
            case .failure(let error) where error.code == code:
                return nil
            case .failure(let error):
                return ["expected the step to fail with '\(code)'", "it failed with \(error.code): \(error.message)"]
            }
        default:
            switch act(step) {
            case .success: return nil
            case .failure(let error):
                var lines = ["the step failed: \(error.status == 0 ? "" : "\(error.status) ")\(error.code): \(error.message)"]
                if case .tap(let q) = step.kind, error.code == "unknown_element" { lines += elementHints(for: q) }
                if case .type(let id, _) = step.kind, error.code == "unknown_element" { lines += elementHints(for: ElementQuery(id: id)) }
                if case .toggle(let id, _) = step.kind, error.code == "unknown_element" { lines += elementHints(for: ElementQuery(id: id)) }
                return lines
            }
        }
    }

    /// An action step: the session changes or the step fails with a code (changing nothing).
    mutating func act(_ step: FlowStep) -> Result<Void, SegueClientError> {
        do throws(SegueClientError) {
            switch step.kind {
            case .tap(let q):
                let id = try resolve(q)
                let answer = try session.tap(id)
                coverage.elements.insert(id)
                absorb(answer)
            case .type(let element, let text):
                absorb(try session.perform(.object(["action": .string("setValues"), "values": .object([element: .string(text)])])))
                coverage.elements.insert(element)
            case .toggle(let element, let isOn):
                if let isOn {
                    absorb(try session.perform(.object(["action": .string("setValues"), "values": .object([element: .bool(isOn)])])))
                    coverage.elements.insert(element)
                } else {
                    absorb(try session.tap(element))
                    coverage.elements.insert(element)
                }
            case .action(let body):
                let answer = try session.perform(body)
                if body["action"]?.stringValue == "tap", let id = body["element"]?.stringValue { coverage.elements.insert(id) }
                absorb(answer)
            case .back:
                guard historyIndex > 0 else { throw SegueClientError(status: 0, code: "no_history", message: "there is no page to go back to") }
                try navigate(to: historyIndex - 1)
            case .forward:
                guard historyIndex + 1 < history.count else { throw SegueClientError(status: 0, code: "no_history", message: "there is no page to go forward to") }
                try navigate(to: historyIndex + 1)
            case .open(let target):
                try session.open(target)
                try absorbLoggedEvents()
                visit(url)
            default:
                break
            }
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    mutating func navigate(to index: Int) throws(SegueClientError) {
        try session.open(history[index])
        historyIndex = index
        try absorbLoggedEvents()
        if url != history[index] { visit(url) }
    }

    /// Events logged by a page visit (the API answer of a GET carries none).
    mutating func absorbLoggedEvents() throws(SegueClientError) {
        let events = try session.events(after: lastSeq)
        absorb(events, warnings: [])
    }

    mutating func absorb(_ answer: ActionAnswer) {
        absorb(answer.events, warnings: answer.warnings)
        visit(url)
    }

    mutating func absorb(_ events: [JSONValue], warnings: [String]) {
        lastStepEvents = events
        lastWarnings = warnings
        pendingEvents += events
        for e in events {
            if let seq = e["seq"]?.intValue { lastSeq = max(lastSeq, seq) }
            if e["event"]?.stringValue == "prepareForSegue", let scene = e["scene"]?.stringValue, let segue = e["segue"]?.stringValue {
                coverage.segues.insert("\(scene)/\(segue)")
            }
        }
        recordScenes()
    }

    /// A new page in the browser's history (what a form post's redirect does).
    mutating func visit(_ newURL: String) {
        guard history.isEmpty || history[historyIndex] != newURL else { return }
        if !history.isEmpty { history.removeSubrange((historyIndex + 1)...) }
        history.append(newURL)
        historyIndex = history.count - 1
    }

    mutating func recordScenes() {
        func walk(_ c: JSONValue) {
            if c["appearance"]?.stringValue == "appeared", let scene = c["scene"]?.stringValue { coverage.scenes.insert(scene) }
            for child in c["children"]?.arrayValue ?? [] { walk(child) }
            if let p = c["presented"], p != .null { walk(p) }
            if let more = c["moreNavigationController"], more != .null { walk(more) }
        }
        if let root = state["root"] { walk(root) }
    }

    func resolve(_ q: ElementQuery) throws(SegueClientError) -> String {
        let elements = state["elements"]?.arrayValue ?? []
        if let id = q.id, q.title == nil, q.role == nil {
            if elements.contains(where: { $0["id"]?.stringValue == id }) { return id }
            if let named = chromeID(numbered: id, among: elements) { return named }
            throw SegueClientError(status: 404, code: "unknown_element", message: "no element '\(id)' on screen")
        }
        guard let found = elements.first(where: q.matches), let id = found["id"]?.stringValue else {
            throw SegueClientError(status: 404, code: "unknown_element", message: "no element \(q) on screen")
        }
        return id
    }

    /// The elements there were, and the nearest to what the step named.
    func elementHints(for q: ElementQuery) -> [String] {
        let elements = state["elements"]?.arrayValue ?? []
        var lines: [String] = []
        let names = elements.compactMap { $0["id"]?.stringValue } + elements.compactMap { $0["title"]?.stringValue }
        if let wanted = q.id ?? q.title, let near = NearestName.nearest(to: wanted, in: names) { lines.append("did you mean '\(near)'?") }
        lines.append("elements on screen: " + (elements.isEmpty ? "none" : elements.map(describeElement).joined(separator: ", ")))
        return lines
    }

    /// `, isOn: true` and the like: the values an element of STATE holds.
    func describeValues(_ e: JSONValue) -> String {
        var parts: [String] = []
        if let isOn = e["isOn"]?.boolValue { parts.append("isOn: \(isOn)") }
        if let value = e["value"]?.numberValue { parts.append("value: \(ElementQuery.number(value))") }
        if let text = e["text"]?.stringValue { parts.append("text: \(text)") }
        if let index = e["selectedSegmentIndex"]?.intValue { parts.append("selectedSegmentIndex: \(index)") }
        return parts.isEmpty ? " holding no value" : " with " + parts.joined(separator: ", ")
    }

    func describeElement(_ e: JSONValue) -> String {
        let id = e["id"]?.stringValue ?? "?"
        let role = e["role"]?.stringValue ?? "?"
        if let title = e["title"]?.stringValue, !title.isEmpty, title != id { return "\(id) (\(role) \"\(title)\")" }
        return "\(id) (\(role))"
    }

    // MARK: - Expectations

    /// The scene ids of STATE `visible`, back to front.
    var visibleScenes: [String] { StateReading.visibleScenes(state) }

    /// The title the frontmost navigation bar shows.
    var frontmostTitle: String? { StateReading.frontmostTitle(state) }

    func check(_ e: Expectation) -> [String] {
        var problems: [String] = []
        let elements = state["elements"]?.arrayValue ?? []
        if let visible = e.visible, visible != visibleScenes {
            problems += ["expected visible: [\(visible.joined(separator: ", "))]", "   found visible: [\(visibleScenes.joined(separator: ", "))]"]
        }
        if let title = e.title, title != frontmostTitle {
            problems += ["expected title: \(title)", "   found title: \(frontmostTitle ?? "none")"]
        }
        if let expected = e.url, expected != url {
            problems += ["expected url: \(expected)", "   found url: \(url)"]
        }
        for q in e.elements ?? [] where !elements.contains(where: q.matches) {
            // On screen, holding something else: say what it holds.
            if q.checksAValue, let found = elements.first(where: q.names) {
                problems.append("expected element \(q), found \(describeElement(found))\(describeValues(found))")
                continue
            }
            problems.append("expected element \(q), not on screen")
            problems += elementHints(for: q)
        }
        for q in e.missing ?? [] {
            if let found = elements.first(where: q.matches) { problems.append("expected no element \(q), found \(describeElement(found))") }
        }
        if let events = e.events, events.isEmpty, !pendingEvents.isEmpty {
            problems.append("expected no events since the previous expect, found: " + describe(pendingEvents).joined(separator: ", "))
        }
        if let events = e.events, !events.isEmpty {
            var remaining = events[...]
            for event in pendingEvents {
                guard let wanted = remaining.first else { break }
                if matches(event, wanted) { remaining.removeFirst() }
            }
            if let missing = remaining.first {
                problems.append("expected events in order: \(events.joined(separator: ", "))")
                problems.append("   missing from '\(missing)' on; logged since the previous expect: " +
                    (pendingEvents.isEmpty ? "none" : describe(pendingEvents).joined(separator: ", ")))
            }
        }
        if let warnings = e.warnings, warnings != lastWarnings.count {
            problems.append("expected \(warnings) warning(s) from the previous step, found \(lastWarnings.count)" +
                (lastWarnings.isEmpty ? "" : ": " + lastWarnings.joined(separator: "; ")))
        }
        return problems
    }

    func matches(_ event: JSONValue, _ wanted: String) -> Bool {
        let parts = wanted.split(separator: ".", maxSplits: 1).map(String.init)
        if parts.count == 2 { return event["scene"]?.stringValue == parts[0] && event["event"]?.stringValue == parts[1] }
        return event["event"]?.stringValue == wanted
    }

    func describe(_ events: [JSONValue]) -> [String] {
        events.map { "\($0["scene"]?.stringValue ?? $0["controller"]?.stringValue ?? "?").\($0["event"]?.stringValue ?? "?")" }
    }
}

/// The device screen of a page: its `<form class="screen">` (forms do not nest), without what
/// the page shows around it (the developer link, "Download as a test").
func deviceScreen(_ html: String) -> String {
    guard let open = html.range(of: "<form class=\"screen\""),
          let close = html.range(of: "</form>", range: open.upperBound..<html.endIndex) else { return html }
    return String(html[open.lowerBound..<close.upperBound])
}

/// The text a person sees on a page: tags dropped (scripts and styles with their content),
/// what a text field shows kept (its value, else its placeholder; hidden inputs show nothing),
/// entities decoded, white space collapsed.
func visibleText(_ html: String) -> String {
    var out = ""
    var inTag = false
    var skipUntil: String?
    let scalars = Array(html.unicodeScalars)
    var i = 0
    var tag = String.UnicodeScalarView()
    while i < scalars.count {
        let c = scalars[i]
        if let end = skipUntil {
            if c == "<", String(String.UnicodeScalarView(scalars[i..<min(scalars.count, i + end.count)])).lowercased() == end {
                skipUntil = nil
            } else { i += 1; continue }
        }
        if inTag {
            if c == ">" {
                inTag = false
                let text = String(tag)
                let name = text.prefix { !$0.isWhitespace && $0 != "/" }.lowercased()
                if name == "script" || name == "style" || name == "title" { skipUntil = "</" + name }
                out += " "
                if name == "input" { out += fieldText(text) + " " }
            } else if tag.count < 4096 {
                tag.append(c)
            }
            i += 1
            continue
        }
        if c == "<" { inTag = true; tag = String.UnicodeScalarView(); i += 1; continue }
        out.unicodeScalars.append(c)
        i += 1
    }
    return decodeEntities(out).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
}

/// What an `<input …>` shows: its value, else its placeholder; nothing for hidden inputs,
/// check boxes, radio buttons and sliders.
private func fieldText(_ tag: String) -> String {
    let type = attribute("type", in: tag)?.lowercased() ?? "text"
    guard !["hidden", "checkbox", "radio", "range"].contains(type) else { return "" }
    if let value = attribute("value", in: tag), !value.isEmpty { return value }
    return attribute("placeholder", in: tag) ?? ""
}

/// A double-quoted attribute of a tag's text (as the pages write them), entities left encoded.
private func attribute(_ name: String, in tag: String) -> String? {
    guard let r = tag.range(of: " \(name)=\""), let close = tag[r.upperBound...].firstIndex(of: "\"") else { return nil }
    return String(tag[r.upperBound..<close])
}

private func decodeEntities(_ text: String) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
        .replacingOccurrences(of: "&#x27;", with: "'").replacingOccurrences(of: "&nbsp;", with: " ")
        .replacingOccurrences(of: "&amp;", with: "&")
}
