import Foundation
import SegueCore
import SegueJSON

/// The console report: a line per test with its time, a failure's step as `file:line` with
/// expected against found, the state's URL and the step's events. Colour only on a terminal.
public struct ConsoleReport: Sendable {
    public var colour: Bool

    public init(colour: Bool) { self.colour = colour }

    /// Colour when standard output is a terminal and `NO_COLOR` is not set.
    public static var standardOutputIsColourTerminal: Bool {
        isatty(1) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }

    public static func milliseconds(_ d: Duration) -> String {
        let ms = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
        return ms < 10 ? String(format: "%.1f ms", ms) : String(format: "%.0f ms", ms)
    }

    /// The lines of one outcome; `heading` is the file's name when it is the file's first test.
    public func lines(_ outcome: TestOutcome, heading: String?) -> String {
        var out = ""
        if let heading { out += paint(heading, "1") + "\n" }
        let time = paint("(\(Self.milliseconds(outcome.duration)))", "2")
        guard let f = outcome.failure else {
            return out + "  \(paint("✓", "32")) \(outcome.test.name) \(time)\n"
        }
        out += "  \(paint("✗", "31")) \(paint(outcome.test.name, "31")) \(time)\n"
        out += "      \(f.file):\(f.line): \(paint(f.step, "1"))\n"
        for d in f.details { out += "        \(d)\n" }
        if let url = f.url { out += "        state: \(url)\n" }
        out += paint("        events: \(f.events.isEmpty ? "none" : f.events.joined(separator: ", "))", "2") + "\n"
        return out
    }

    public func summary(_ outcomes: [TestOutcome], wall: Duration) -> String {
        let failed = outcomes.filter { !$0.passed }.count
        let steps = outcomes.reduce(0) { $0 + $1.steps }
        let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
        let text = "\(outcomes.count) test\(outcomes.count == 1 ? "" : "s"), \(outcomes.count - failed) passed, \(failed) failed; \(steps) step\(steps == 1 ? "" : "s") in \(String(format: "%.2f", seconds)) s"
        return paint(text, failed == 0 ? "32" : "31") + "\n"
    }
}

/// JUnit XML: a `testsuite` per test file, a `testcase` per test, failures with the step.
public enum JUnitReport {
    /// The report of a run refused before anything ran: per file, one testcase named after the
    /// file whose failures are its problems, so a CI system shows them.
    public static func xml(problems: [Diagnostic]) -> String {
        var byFile: [(String, [Diagnostic])] = []
        for p in problems {
            let file = p.location?.file ?? "segue test"
            if let i = byFile.firstIndex(where: { $0.0 == file }) { byFile[i].1.append(p) } else { byFile.append((file, [p])) }
        }
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x += "<testsuites name=\"segue test\" tests=\"\(byFile.count)\" failures=\"\(byFile.count)\" errors=\"0\" time=\"0.000\">\n"
        for (file, list) in byFile {
            x += "  <testsuite name=\"\(escape(file))\" tests=\"1\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"0.000\">\n"
            x += "    <testcase name=\"\(escape(file))\" classname=\"\(escape(((file as NSString).lastPathComponent as NSString).deletingPathExtension))\" file=\"\(escape(file))\" time=\"0.000\">\n"
            for p in list {
                x += "      <failure message=\"\(escape(p.description))\" type=\"InvalidTestFile\">\(escape(p.description))</failure>\n"
            }
            x += "    </testcase>\n  </testsuite>\n"
        }
        return x + "</testsuites>\n"
    }

    public static func xml(_ outcomes: [TestOutcome]) -> String {
        var byFile: [(String, [TestOutcome])] = []
        for o in outcomes {
            if let i = byFile.firstIndex(where: { $0.0 == o.test.file }) { byFile[i].1.append(o) } else { byFile.append((o.test.file, [o])) }
        }
        func seconds(_ d: Duration) -> String { String(format: "%.3f", Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18) }
        let total = outcomes.reduce(Duration.zero) { $0 + $1.duration }
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x += "<testsuites name=\"segue test\" tests=\"\(outcomes.count)\" failures=\"\(outcomes.filter { !$0.passed }.count)\" errors=\"0\" time=\"\(seconds(total))\">\n"
        for (file, list) in byFile {
            let time = list.reduce(Duration.zero) { $0 + $1.duration }
            x += "  <testsuite name=\"\(escape(file))\" tests=\"\(list.count)\" failures=\"\(list.filter { !$0.passed }.count)\" errors=\"0\" skipped=\"0\" time=\"\(seconds(time))\">\n"
            let classname = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            for o in list {
                x += "    <testcase name=\"\(escape(o.test.name))\" classname=\"\(escape(classname))\" file=\"\(escape(file))\" line=\"\(o.test.line)\" time=\"\(seconds(o.duration))\""
                if let f = o.failure {
                    x += ">\n      <failure message=\"\(escape("\(f.file):\(f.line): \(f.step)"))\" type=\"StepFailed\">"
                    var body = f.details
                    if let url = f.url { body.append("state: \(url)") }
                    if !f.events.isEmpty { body.append("events: " + f.events.joined(separator: ", ")) }
                    x += escape(body.joined(separator: "\n"))
                    x += "</failure>\n    </testcase>\n"
                } else {
                    x += "/>\n"
                }
            }
            x += "  </testsuite>\n"
        }
        return x + "</testsuites>\n"
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r": out.unicodeScalars.append(u)
            // Characters XML 1.0 cannot carry.
            case _ where u.value < 0x20 || (0xFFFE...0xFFFF).contains(u.value): out += "\u{FFFD}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}

/// Per flow: the scenes shown, segues performed (unwinds included) and elements tapped, out of
/// all of them, and what no test reached.
public struct CoverageReport: Sendable {
    public struct Part: Sendable {
        public var all: [String]
        public var reached: [String]
        public var missing: [String] { all.filter { !reached.contains($0) } }
        public var percent: Double { all.isEmpty ? 100 : Double(reached.count) * 100 / Double(all.count) }
    }

    public struct Flow: Sendable {
        public var path: String
        public var scenes: Part
        /// `scene/segue`.
        public var segues: Part
        public var elements: Part
    }

    public var flows: [Flow]

    public init(suite: FlowTestSuite, outcomes: [TestOutcome]) {
        flows = suite.flows.map { flow in
            var reached = CoverageSample()
            for (job, outcome) in zip(suite.jobs, outcomes) where job.flowPath == flow.path { reached.merge(outcome.coverage) }
            let u = Self.universe(flow.storyboard)
            // An alert action's segue declared on the alert scene runs from its presenter, so the
            // event names the presenter's scene: credit the alert scenes that declare it.
            for reachedSegue in reached.segues {
                let parts = reachedSegue.split(separator: "/", maxSplits: 1).map(String.init)
                guard parts.count == 2, flow.storyboard[parts[0]]?.segue(parts[1]) == nil else { continue }
                for scene in flow.storyboard.scenes.values where scene.kind == .alertController && scene.segue(parts[1]) != nil {
                    reached.segues.insert("\(scene.id)/\(parts[1])")
                }
            }
            return Flow(path: (flow.path as NSString).standardizingPath,
                        scenes: Part(all: u.scenes, reached: u.scenes.filter(reached.scenes.contains)),
                        segues: Part(all: u.segues, reached: u.segues.filter(reached.segues.contains)),
                        elements: Part(all: u.elements, reached: u.elements.filter(reached.elements.contains)))
        }
    }

    /// Every scene; every segue but relationships (`scene/segue`); every element with an id that
    /// a tap does something with (bar items, rows, controls).
    public static func universe(_ storyboard: Storyboard) -> (scenes: [String], segues: [String], elements: [String]) {
        var segues: [String] = [], elements: Set<String> = []
        func nodes(_ list: [ViewNode]) {
            for n in list {
                if let id = n.id, n.tap != nil || n.kind == .switch { elements.insert(id) }
                nodes(n.children)
                for section in n.sections {
                    for row in section.rows {
                        if let id = row.id, row.tap != nil { elements.insert(id) }
                        if let id = row.id, row.accessoryTap != nil { elements.insert(ElementID.accessory(ofRow: id)) }
                        nodes(row.content)
                    }
                }
            }
        }
        for scene in storyboard.scenes.values {
            for s in scene.segues where s.kind != .relationship { segues.append("\(scene.id)/\(s.id)") }
            nodes(scene.view)
            for item in scene.navigationItem.leftBarButtonItems + scene.navigationItem.rightBarButtonItems + scene.toolbarItems {
                if let id = item.id, item.tap != nil { elements.insert(id) }
            }
        }
        return (storyboard.scenes.keys.sorted(), segues.sorted(), elements.sorted())
    }

    public var text: String {
        var out = ""
        func line(_ name: String, _ p: Part) -> String {
            String(format: "  %@ %d/%d (%.0f%%)", name, p.reached.count, p.all.count, p.percent)
        }
        for f in flows {
            out += "Coverage of \(f.path):\n"
            out += line("scenes shown:     ", f.scenes) + "\n"
            out += line("segues performed: ", f.segues) + "\n"
            out += line("elements tapped:  ", f.elements) + "\n"
            for (name, part) in [("scenes", f.scenes), ("segues", f.segues), ("elements", f.elements)] where !part.missing.isEmpty {
                out += "  not reached (\(name)): \(part.missing.joined(separator: ", "))\n"
            }
        }
        return out
    }

    /// For tools: `{"flows": [{"flow", "scenes": {"total", "reached", "percent", "missing"}, …}]}`.
    public var json: String {
        func part(_ p: Part) -> JSONValue {
            .object(["total": .number(Double(p.all.count)), "reached": .number(Double(p.reached.count)),
                     "percent": .number((p.percent * 10).rounded() / 10), "missing": .array(p.missing.map { .string($0) })])
        }
        return JSONValue.object(["flows": .array(flows.map {
            .object(["flow": .string($0.path), "scenes": part($0.scenes), "segues": part($0.segues), "elements": part($0.elements)])
        })]).encoded + "\n"
    }
}
