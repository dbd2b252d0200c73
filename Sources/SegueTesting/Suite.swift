import Foundation
import SegueCore
import SegueServer
import SeguePageURL

/// Test files loaded, checked against their flows, with `run` steps expanded: ready to run.
public struct FlowTestSuite: Sendable {
    public struct Job: Sendable {
        public var file: FlowTestFile
        public var test: FlowTest
        /// The flow's path (as the `flow:` key or `--flow` resolves it).
        public var flowPath: String
    }

    public var jobs: [Job]
    /// Each flow by path, in the order first used.
    public var flows: [(path: String, storyboard: Storyboard)]

    /// Finds `*.test.yaml` under folders, parses every file, loads the flows, and checks the
    /// tests against them. Every problem comes back as `file:line: message`; the suite only when
    /// there are none.
    public static func load(paths: [String], flow flowOverride: String? = nil, overlay: String? = nil,
                            filter: String? = nil) -> (FlowTestSuite?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var parsed: [String: FlowTestFile] = [:]
        var order: [String] = []
        for path in testFiles(paths, diagnostics: &diagnostics) where parsed[path] == nil {
            let (file, problems) = FlowTestParser.load(path: path)
            diagnostics += problems
            if let file { parsed[path] = file; order.append(path) }
        }
        let cache = TestFileCache(parsed)
        var flows = FlowCache(override: flowOverride, overlay: overlay)
        var jobs: [Job] = []
        for path in order {
            guard var testFile = parsed[path] else { continue }
            guard let named = flowOverride ?? testFile.flowPath else {
                diagnostics.append(Diagnostic(at: SourceLocation(file: path, line: 1), "the file names no 'flow:' (or pass --flow FILE)"))
                continue
            }
            guard let (flowPath, storyboard) = flows.flow(named, namedIn: path, line: testFile.flowLine, diagnostics: &diagnostics) else { continue }
            var expanded: [FlowTest] = []
            for test in testFile.tests {
                var steps: [FlowStep] = []
                var ok = true
                expand(test.steps, in: testFile, chain: [standardPath(path) + "#" + test.name], into: &steps, ok: &ok, diagnostics: &diagnostics, file: cache.file)
                var t = test
                t.steps = steps
                check(t, against: storyboard, diagnostics: &diagnostics)  // every problem in one pass, runs or not
                expanded.append(t)
            }
            testFile.tests = expanded
            for test in expanded where filter.map({ test.name.localizedCaseInsensitiveContains($0) }) ?? true {
                jobs.append(Job(file: testFile, test: test, flowPath: flowPath))
            }
        }
        diagnostics += cache.problems
        if let filter, jobs.isEmpty, diagnostics.isEmpty {
            diagnostics.append(Diagnostic(at: nil, "--filter '\(filter)' matches no test; nothing would be tested"))
        }
        guard diagnostics.isEmpty else { return (nil, sortedDiagnostics(diagnostics)) }
        return (FlowTestSuite(jobs: jobs, flows: flows.flows), [])
    }

    /// The test files given: each file, and the `*.test.yaml` files under each folder.
    static func testFiles(_ paths: [String], diagnostics: inout [Diagnostic]) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                diagnostics.append(Diagnostic(at: nil, "\(path): no such file or directory"))
                continue
            }
            if isDirectory.boolValue {
                let found = (FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? [])
                    .filter { $0.hasSuffix(".test.yaml") || $0.hasSuffix(".test.yml") }.sorted()
                if found.isEmpty { diagnostics.append(Diagnostic(at: nil, "\(path): no *.test.yaml files in this folder")) }
                files += found.map { (path as NSString).appendingPathComponent($0) }
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// The test files by standardized path (so `./a.test.yaml` and `a.test.yaml` are one file).
    /// `run: FILE#NAME` may name a file that was not given: parsed on demand, once; its problems
    /// are kept apart and merged after expansion.
    final class TestFileCache {
        private var byStandardPath: [String: FlowTestFile?] = [:]
        private(set) var problems: [Diagnostic] = []

        init(_ parsed: [String: FlowTestFile]) {
            for (path, file) in parsed { byStandardPath[FlowTestSuite.standardPath(path)] = file }
        }

        func file(_ path: String) -> FlowTestFile? {
            let key = FlowTestSuite.standardPath(path)
            if let known = byStandardPath[key] { return known }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                byStandardPath[key] = .some(nil)
                return nil
            }
            let (f, found) = FlowTestParser.load(path: path)
            problems += found
            byStandardPath[key] = .some(f)
            return f
        }
    }

    /// The flows the tests name, each loaded once however the files name it (relative, absolute,
    /// through a link): one coverage report, one in-process server. A flow keeps the name it
    /// was first given.
    struct FlowCache {
        let override: String?
        let overlay: String?
        var flows: [(path: String, storyboard: Storyboard)] = []
        var index: [String: Int] = [:]
        var failed: Set<String> = []

        init(override: String?, overlay: String?) {
            self.override = override
            self.overlay = overlay
        }

        /// The flow `named` (by a test file at `path`), loading it the first time; nil when it
        /// does not load (its problems reported once).
        mutating func flow(_ named: String, namedIn path: String, line: Int, diagnostics: inout [Diagnostic]) -> (path: String, storyboard: Storyboard)? {
            let key = FlowTestSuite.standardPath(named)
            if index[key] == nil, !failed.contains(key) {
                do {
                    // `--overlay` goes with `--flow`; any flow's own `NAME.segue.yaml` applies.
                    let storyboard = FlowSource.servingStoryboard(try FlowSource.load(path: named, overlay: override == nil ? nil : overlay))
                    index[key] = flows.count
                    flows.append((named, storyboard))
                } catch {
                    failed.insert(key)
                    let errors = error.diagnostics.filter { $0.severity == .error }
                    if errors.count == 1, errors[0].location == nil {
                        diagnostics.append(Diagnostic(at: SourceLocation(file: path, line: line), "flow \(errors[0].message)"))
                    } else {
                        diagnostics += errors
                    }
                }
            }
            return index[key].map { flows[$0] }
        }
    }

    /// A path made absolute and standardized, so one file has one key however it is named.
    static func standardPath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    static func sortedDiagnostics(_ all: [Diagnostic]) -> [Diagnostic] {
        all.enumerated().sorted { a, b in
            let fa = a.element.location?.file ?? "", fb = b.element.location?.file ?? ""
            if fa != fb { return fa < fb }
            let la = a.element.location?.line ?? 0, lb = b.element.location?.line ?? 0
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }

    /// Replaces `run` steps by the steps of the test they name (recursively, refusing cycles).
    static func expand(_ steps: [FlowStep], in file: FlowTestFile, chain: [String], into out: inout [FlowStep], ok: inout Bool,
                       diagnostics: inout [Diagnostic], file load: (String) -> FlowTestFile?) {
        for step in steps {
            guard case .run(let reference) = step.kind else { out.append(step); continue }
            var target = file
            var name = reference
            if let hash = reference.firstIndex(of: "#") {
                let relative = String(reference[..<hash])
                name = String(reference[reference.index(after: hash)...])
                let folder = (file.path as NSString).deletingLastPathComponent
                let path = relative.hasPrefix("/") || folder.isEmpty ? relative : (folder as NSString).appendingPathComponent(relative)
                guard let other = relative.isEmpty ? file : load(path) else {
                    var message = "run: cannot read the tests of '\(relative)'"
                    if !FileManager.default.fileExists(atPath: path) {
                        message = "run: no test file '\(relative)'"
                        let siblings = ((try? FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)) ?? [])
                            .filter { $0.hasSuffix(".test.yaml") || $0.hasSuffix(".test.yml") }
                        if let near = NearestName.nearest(to: (relative as NSString).lastPathComponent, in: siblings) { message += "; did you mean '\(near)'?" }
                    }
                    diagnostics.append(Diagnostic(at: SourceLocation(file: step.file, line: step.line), message))
                    ok = false
                    continue
                }
                target = other
            }
            guard let test = target.tests.first(where: { $0.name == name }) else {
                var message = "run: no test named '\(name)' in \(target.path)"
                if let near = NearestName.nearest(to: name, in: target.tests.map(\.name)) { message += "; did you mean '\(near)'?" }
                diagnostics.append(Diagnostic(at: SourceLocation(file: step.file, line: step.line), message))
                ok = false
                continue
            }
            let key = standardPath(target.path) + "#" + test.name
            guard !chain.contains(key) else {
                diagnostics.append(Diagnostic(at: SourceLocation(file: step.file, line: step.line), "run: '\(name)' runs itself (through \(chain.map { $0.split(separator: "#").last.map(String.init) ?? $0 }.joined(separator: " → ")))"))
                ok = false
                continue
            }
            expand(test.steps, in: target, chain: chain + [key], into: &out, ok: &ok, diagnostics: &diagnostics, file: load)
        }
    }

    /// The error codes an action can answer with (docs/API.md, Error codes).
    static let errorCodes = ActionError.Code.applicationCodes.map(\.rawValue)

    /// What a test names that its flow does not have: scenes, segues (with the nearest names).
    static func check(_ test: FlowTest, against storyboard: Storyboard, diagnostics: inout [Diagnostic]) {
        let scenes = storyboard.scenes.keys.sorted()
        let segues = Set(storyboard.scenes.values.flatMap { $0.segues.map(\.id) })
        func problem(_ step: FlowStep, _ message: String) {
            diagnostics.append(Diagnostic(at: SourceLocation(file: step.file, line: step.line), message))
        }
        func unknown(_ what: String, _ name: String, _ names: some Sequence<String>) -> String {
            var message = "unknown \(what) '\(name)' in this flow"
            if let near = NearestName.nearest(to: name, in: names) { message += "; did you mean '\(near)'?" }
            return message
        }
        if let start = test.start {
            let at = SourceLocation(file: test.file, line: test.line)
            if let path = HierarchyPath.parse(url: start) {
                for scene in path.sceneIDs where storyboard[scene] == nil {
                    diagnostics.append(Diagnostic(at: at, "start: " + unknown("scene", scene, scenes)))
                }
            } else {
                diagnostics.append(Diagnostic(at: at, "start: '\(start)' is not a valid Segue URL"))
            }
        }
        func visit(_ step: FlowStep, failing: Bool) {
            switch step.kind {
            case .expect(let e):
                for query in (e.elements ?? []) + (e.missing ?? []) {
                    if let role = query.role, ElementRole(rawValue: role) == nil {
                        problem(step, unknown("role", role, ElementRole.allCases.map(\.rawValue)).replacingOccurrences(of: " in this flow", with: ""))
                    }
                }
                for scene in e.visible ?? [] where storyboard[scene] == nil && !scene.hasPrefix("(") { problem(step, unknown("scene", scene, scenes)) }
                for event in e.events ?? [] {
                    let parts = event.split(separator: ".", maxSplits: 1).map(String.init)
                    if parts.count == 2, storyboard[parts[0]] == nil { problem(step, unknown("scene", parts[0], scenes)) }
                }
            case .action(let body) where !failing:
                // A step expected to fail may name what does not exist on purpose.
                if let scene = body["scene"]?.stringValue, storyboard[scene] == nil { problem(step, unknown("scene", scene, scenes)) }
                for scene in body["scenes"]?.arrayValue?.compactMap(\.stringValue) ?? [] where storyboard[scene] == nil {
                    problem(step, unknown("scene", scene, scenes))
                }
                if body["action"]?.stringValue == "performSegue", let id = body["identifier"]?.stringValue, !segues.contains(id) {
                    problem(step, unknown("segue", id, segues.sorted()))
                }
            case .fails(let inner, let code):
                if !errorCodes.contains(code) {
                    problem(step, unknown("error code", code, errorCodes).replacingOccurrences(of: " in this flow", with: ""))
                }
                visit(inner, failing: true)
            default:
                break
            }
        }
        for step in test.steps { visit(step, failing: false) }
    }

    /// Runs every job, in parallel across tests (`workers` threads), calling `report` with each
    /// outcome in the jobs' order as soon as it and those before it are done.
    public func run(workers: Int = ProcessInfo.processInfo.activeProcessorCount, server: String? = nil,
                    report: @escaping @Sendable (Int, TestOutcome) -> Void) throws -> [TestOutcome] {
        var clients: [String: SegueClient] = [:]
        if server == nil {
            for flow in flows { clients[flow.path] = SegueClient.inProcess(storyboard: flow.storyboard, defaultTraits: FlowSource.preferredTraits(path: flow.path)) }
        }
        let workerCount = max(1, min(workers, jobs.count))
        // One connection per worker against a server.
        var live: [SegueClient] = []
        if let server { for _ in 0..<workerCount { live.append(try SegueClient.live(server)) } }
        let results = ResultSlots(count: jobs.count, report: report)
        let jobs = self.jobs
        let shared = clients, liveClients = live
        DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
            while let index = results.next() {
                let job = jobs[index]
                let client = liveClients.isEmpty ? shared[job.flowPath]! : liveClients[worker]
                let outcome = FlowTestRunner(client: client, traits: job.file.traits).run(job.test)
                results.finish(index, outcome)
            }
        }
        return results.all
    }
}

/// Outcomes by job index, handed to the reporter in order.
final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [TestOutcome?]
    private var nextJob = 0
    private var nextReport = 0
    private let report: @Sendable (Int, TestOutcome) -> Void

    init(count: Int, report: @escaping @Sendable (Int, TestOutcome) -> Void) {
        slots = Array(repeating: nil, count: count)
        self.report = report
    }

    func next() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard nextJob < slots.count else { return nil }
        nextJob += 1
        return nextJob - 1
    }

    func finish(_ index: Int, _ outcome: TestOutcome) {
        lock.lock(); defer { lock.unlock() }
        slots[index] = outcome
        while nextReport < slots.count, let ready = slots[nextReport] {
            report(nextReport, ready)
            nextReport += 1
        }
    }

    var all: [TestOutcome] {
        lock.lock(); defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
