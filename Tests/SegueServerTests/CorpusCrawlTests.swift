import Foundation
import SegueCore
import SegueHTML
import SegueServer
import SegueTesting
@testable import SegueStoryboard
import Testing
import SegueTestSupport
import SeguePageURL

/// The shared corpus of real Xcode storyboards, read in place (never copied into the project).
enum CrawlCorpus {
    static let directory = SharedFolder.path("corpus/storyboards")
    static var available: Bool {
        let ok = FileManager.default.fileExists(atPath: directory)
        if !ok { note("CorpusCrawlTests: corpus absent at \(directory); crawl skipped") }
        return ok
    }
    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".storyboard") }.sorted()
    }
}

/// What crawling one storyboard found.
struct CrawlReport: CustomStringConvertible {
    var file: String
    var importMilliseconds = 0.0
    var importError: String?
    var launchError: String?
    var servesInitial = false
    /// The storyboard names no initial view controller; served from its entry scene.
    var fallbackEntry = false
    var states = 0
    var taps = 0
    /// Tap outcomes: 303 (the page changed or stayed), or the ActionError status.
    var statuses: [Int: Int] = [:]
    /// 5xx, URLs the server produced that cannot be restored (stuck: no browser back or reload),
    /// unrenderable screens.
    var failures: [String] = []
    /// Stuck states: a tap that changes the scenes on screen but not the URL (reload and browser
    /// back lose the state), a back button that does nothing.
    var stuck: [String] = []
    /// Elements on screen whose tap was refused (4xx): listed, not fatal.
    var refused: [String] = []
    /// Presented screens with nothing to tap (only browser back leaves them).
    var deadEnds: [String] = []
    /// Scenes reachable from the initial scene within `depth` taps (storyboard graph).
    var reachable: Set<String> = []
    /// Scenes shown on some crawled screen.
    var reached: Set<String> = []
    var truncated = false
    /// Element ids that changed when the state was restored from its URL (ids made unique with a
    /// controller id): a stale page's form would get 404 for them.
    var remappedIDs = 0

    var reachedOfReachable: Int { reachable.intersection(reached).count }
    /// Scenes relationships and segues of every kind (code-triggered ones too) reach from the
    /// initial scene, at any depth (`StoryboardReachability.graphReachable`).
    var graphReachable: Set<String> = []
    /// Code-triggered segues performed (`performSegue` of a segue in STATE `manualSegues`).
    var manualSegues = 0
    var reachedOfGraph: Int { graphReachable.intersection(reached).count }
    var description: String {
        "\(file): import \(String(format: "%.1f", importMilliseconds)) ms, initial \(servesInitial ? "served" : "NOT served")\(fallbackEntry ? " (entry scene)" : "")"
            + " \(launchError ?? importError ?? ""), states \(states), taps \(taps), reached \(reachedOfReachable)/\(reachable.count)"
            + ", statuses \(statuses.sorted { $0.key < $1.key }), failures \(failures.count), stuck \(stuck.count), dead ends \(deadEnds.count)"
    }
}

/// Crawls a storyboard in process the way the server serves it: one session; for every state
/// (canonical URL) it restores the state like `POST /tap` does (`navigate(to:)`), taps one element,
/// and records the new URL; every state is rendered to HTML. Breadth first to `depth` taps.
enum Crawler {
    static func crawl(file: String, path: String, depth: Int = 3, maxStates: Int = 600, manualSegues: Bool = false) -> CrawlReport {
        var report = CrawlReport(file: file)
        let start = DispatchTime.now().uptimeNanoseconds
        let imported: Storyboard
        do {
            imported = try StoryboardImporter.load(path: path)
        } catch {
            report.importError = error.description
            return report
        }
        report.importMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        report.fallbackEntry = imported.initialViewController == nil
        let storyboard = FlowSource.servingStoryboard(imported)
        report.reachable = Set(StoryboardReachability.taps(storyboard, maxTaps: depth).keys)
        report.graphReachable = StoryboardReachability.graphReachable(storyboard)
        crawl(storyboard, traits: FlowSource.preferredTraits(path: path) ?? .phonePortrait, depth: depth, maxStates: maxStates,
              manualSegues: manualSegues, into: &report)
        return report
    }

    /// With `manualSegues`, every state also performs each of its code-triggered segues (STATE
    /// `manualSegues`, `performSegue` with the controller that declares it).
    static func crawl(_ storyboard: Storyboard, traits: Traits = .phonePortrait, depth: Int, maxStates: Int,
                      manualSegues: Bool = false, into report: inout CrawlReport) {
        if let problem = FlowSource.servable(storyboard) {
            report.launchError = problem.message
            return
        }
        let window = Window(id: "crawl", storyboard: storyboard, traits: traits)
        do { try window.launch() } catch {
            report.launchError = error.description
            if error.status >= 500 { report.failures.append("launch: \(error)") }
            return
        }
        var run = CrawlRun(window: window, storyboard: storyboard, traits: traits, maxStates: maxStates, report: report)
        while let (url, level) = run.next() {
            guard run.restore(url) else { continue }
            let live = run.check(url, level: level)
            guard level < depth else { continue }
            run.tapEach(live, at: url, level: level)
            if manualSegues, run.restore(url) { run.performManualSegues(at: url, level: level) }
        }
        report = run.report
    }
}

/// One breadth-first crawl of a launched window: the states seen, those left to visit, and what
/// was found (``CrawlReport``).
struct CrawlRun {
    let window: Window
    let storyboard: Storyboard
    let traits: Traits
    let maxStates: Int
    var report: CrawlReport
    let context = PageContext(csrfToken: "t")
    var visited: Set<String>
    var queue: [(url: String, level: Int)]
    var head = 0

    init(window: Window, storyboard: Storyboard, traits: Traits, maxStates: Int, report: CrawlReport) {
        (self.window, self.storyboard, self.traits, self.maxStates, self.report) = (window, storyboard, traits, maxStates, report)
        visited = [window.canonicalURL]
        queue = [(window.canonicalURL, 0)]
    }

    /// The next state to visit, nil when there is none.
    mutating func next() -> (url: String, level: Int)? {
        guard head < queue.count else { return nil }
        defer { head += 1 }
        return queue[head]
    }

    /// A new state `level` taps deep joins the queue, unless the crawl has seen enough.
    mutating func enqueue(_ url: String, level: Int) {
        guard visited.insert(url).inserted else { return }
        if visited.count > maxStates { report.truncated = true; return }
        queue.append((url, level))
    }

    /// Brings the window to `url` as `POST /tap` does; a URL that does not come back is a failure.
    mutating func restore(_ url: String) -> Bool {
        if window.canonicalURL == url { return true }
        guard let path = HierarchyPath.parse(url) else {
            report.failures.append("\(url): the server produced a URL it cannot parse")
            return false
        }
        do { _ = try window.navigate(to: path) } catch {
            report.failures.append("\(url): cannot be restored (\(error))")
            return false
        }
        guard window.canonicalURL == url else {
            report.failures.append("\(url): restores to \(window.canonicalURL) (redirect loop)")
            return false
        }
        return true
    }

    /// Renders the state and checks it (a page, a URL that round-trips, a new session restoring
    /// it, STATE listing the page's elements); answers the elements that can be tapped.
    mutating func check(_ url: String, level: Int) -> [SegueCore.Element] {
        report.states += 1
        let screen = window.screen()
        let html = PageRenderer.render(screen, context: context)
        if html.isEmpty { report.failures.append("\(url): empty page") }
        if level == 0 { report.servesInitial = !html.isEmpty }
        for c in window.visibleControllers { if let s = c.sceneID { report.reached.insert(s) } }
        // The canonical URL parses back to a path that encodes to it again.
        if HierarchyPath.parse(window.canonicalURL).map({ HierarchyPath.prefix + $0.encoded }) != window.canonicalURL {
            report.failures.append("\(url): the canonical URL does not round-trip through its parsed path")
        }
        checkNewSession(restoring: url)
        // STATE lists elements without resolving views: it must list exactly the page's.
        if window.elements != screen.elements { report.failures.append("\(url): STATE elements differ from the page's") }
        let live = screen.elements.filter(\.enabled)
        if live.isEmpty && screen.layers.count > 1 { report.deadEnds.append(url) }
        return live
    }

    /// A fresh browser (a new session restored from the URL) gets the same hierarchy:
    /// restoration alone rebuilds it, with no navigation after it.
    mutating func checkNewSession(restoring url: String) {
        let fresh = Window(id: "fresh", storyboard: storyboard, traits: traits)
        guard let path = HierarchyPath.parse(url) else { return }
        do {
            try fresh.restore(path)
            if fresh.canonicalURL != url { report.failures.append("\(url): a new session restores \(fresh.canonicalURL)") }
        } catch {
            report.failures.append("\(url): a new session cannot restore it (\(error))")
        }
    }

    /// Taps each element of the state at `url` (restored before every tap) and queues where it leads.
    mutating func tapEach(_ live: [SegueCore.Element], at url: String, level: Int) {
        let scenesHere = window.visibleControllers.map { $0.sceneID ?? "-" }
        for (i, element) in live.enumerated() {
            guard restore(url) else { break }
            report.taps += 1
            // Restoring a URL may re-create controllers, and ids made unique with a
            // controller id (`field@c70`) change with them: take the element at the same place.
            var id = element.id
            let now = window.elements.filter(\.enabled)
            if !now.contains(where: { $0.id == id }), now.count == live.count {
                id = now[i].id
                report.remappedIDs += 1
            }
            do {
                _ = try window.perform(.tap(element: id, values: [:]))
                report.statuses[303, default: 0] += 1
                noteStuck(after: element, id: id, at: url, scenesBefore: scenesHere)
                enqueue(window.canonicalURL, level: level + 1)
            } catch {
                report.statuses[error.status, default: 0] += 1
                let line = "\(url) tap \(element.id) (\(element.role.rawValue) \(element.title ?? "")): \(error)"
                if error.status >= 500 { report.failures.append(line) } else { report.refused.append(line) }
            }
        }
    }

    /// A tap that changed the scenes on screen but not the URL (a reload or browser back would
    /// not bring the state back), or a back button that left the page as it was (it traps the person).
    mutating func noteStuck(after element: SegueCore.Element, id: String, at url: String, scenesBefore: [String]) {
        let next = window.canonicalURL
        let scenesNow = window.visibleControllers.map { $0.sceneID ?? "-" }
        if next == url, scenesNow != scenesBefore {
            report.stuck.append("\(url): tap \(id) changed the scenes on screen but not the URL")
        }
        if element.role == .backButton, next == url, scenesNow == scenesBefore {
            report.stuck.append("\(url): the back button \(id) does nothing")
        }
    }

    /// Performs each code-triggered segue of the state at `url` (restored before each) and queues
    /// where it leads.
    mutating func performManualSegues(at url: String, level: Int) {
        for segue in window.manualSegues {
            guard restore(url) else { break }
            report.manualSegues += 1
            do {
                _ = try window.perform(.performSegue(identifier: segue.identifier, controller: segue.controller))
                report.statuses[303, default: 0] += 1
                enqueue(window.canonicalURL, level: level + 1)
            } catch {
                report.statuses[error.status, default: 0] += 1
                let line = "\(url) performSegue \(segue.identifier) from \(segue.controller): \(error)"
                if error.status >= 500 { report.failures.append(line) } else { report.refused.append(line) }
            }
        }
    }
}

@Suite("Corpus crawl", .enabled(if: CrawlCorpus.available, "corpus absent"), .serialized)
struct CorpusCrawlTests {
    /// In process, every file: initial scene served, ≥ 90 % of the scenes reachable in three taps
    /// reached, no 5xx, no stuck state.
    @Test func crawlEveryCorpusStoryboardInProcess() throws {
        var reports: [CrawlReport] = []
        for file in CrawlCorpus.files {
            let report = Crawler.crawl(file: file, path: CrawlCorpus.directory + "/" + file)
            note("crawl \(report)")
            for f in report.failures.prefix(5) { note("  FAILURE \(f)") }
            for f in report.stuck.prefix(5) { note("  STUCK \(f)") }
            for r in report.refused.prefix(3) { note("  refused \(r)") }
            for u in report.reachable.subtracting(report.reached).sorted().prefix(5) { note("  unreached \(u)") }
            for d in report.deadEnds.prefix(3) { note("  dead end \(d)") }
            reports.append(report)
        }
        let served = reports.filter(\.servesInitial).count
        let reachable = reports.reduce(0) { $0 + $1.reachable.count }
        let reached = reports.reduce(0) { $0 + $1.reachedOfReachable }
        let fiveXX = reports.reduce(0) { $0 + ($1.statuses.filter { $0.key >= 500 }.map(\.value).reduce(0, +)) }
        let failures = reports.reduce(0) { $0 + $1.failures.count }
        let taps = reports.reduce(0) { $0 + $1.taps }
        let refused = reports.reduce(0) { $0 + $1.refused.count }
        let deadEnds = reports.reduce(0) { $0 + $1.deadEnds.count }
        let stuck = reports.reduce(0) { $0 + $1.stuck.count }
        let remapped = reports.reduce(0) { $0 + $1.remappedIDs }
        note("element ids changed by restoring a URL: \(remapped)")
        note("crawl summary: files \(reports.count), initial served \(served)/\(reports.count)"
              + " (\(percent(served, reports.count))), reached \(reached)/\(reachable) (\(percent(reached, reachable)))"
              + ", taps \(taps), refused \(refused), 5xx \(fiveXX), failures \(failures), stuck \(stuck), dead ends \(deadEnds)")
        // The multi-storyboard sets, as directories (extra: not in the per-file percentages).
        var sets: [CrawlReport] = []
        for app in ["wallabag", "rileytestut"] {
            let dir = try CrawlCorpus.linkSet(app)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            var report = CrawlReport(file: "set:\(app)")
            let imported = try StoryboardImporter.loadDirectory(path: dir)
            let storyboard = FlowSource.servingStoryboard(imported)
            report.fallbackEntry = imported.initialViewController == nil
            report.reachable = Set(StoryboardReachability.taps(storyboard, maxTaps: 3).keys)
            Crawler.crawl(storyboard, depth: 3, maxStates: 600, into: &report)
            note("crawl \(report)")
            #expect(report.servesInitial && report.failures.isEmpty, "\(report.failures)")
            sets.append(report)
        }
        if ProcessInfo.processInfo.environment["SEGUE_WRITE_CORPUS_REPORT"] != nil {
            try CorpusReport.write(reports + sets, to: repositoryRoot + "/docs/storyboard-corpus-report.md")
        }
        #expect(reports.count == 38)
        #expect(Double(served) >= 0.95 * Double(reports.count))
        #expect(Double(reached) >= 0.90 * Double(reachable))
        #expect(fiveXX == 0)
        #expect(failures == 0)
        #expect(deadEnds == 0, "presented screens with nothing to tap")
        #expect(stuck == 0, "states the URL does not capture, back buttons that do nothing")
        #expect(remapped == 0, "element ids that change when a page's URL is restored (stale forms get 404)")
    }

    /// Every file, tapping every element and performing every code-triggered segue (STATE
    /// `manualSegues`): at least 95 % of the scenes relationships and segues reach from the
    /// initial scene are shown, nothing answers 5xx, every state restores from its URL.
    @Test func crawlEveryCorpusStoryboardWithCodeTriggeredSegues() throws {
        let depth = 8
        var reports: [CrawlReport] = []
        for file in CrawlCorpus.files {
            let report = Crawler.crawl(file: file, path: CrawlCorpus.directory + "/" + file, depth: depth, maxStates: 400, manualSegues: true)
            for f in report.failures.prefix(3) { note("  FAILURE \(f)") }
            reports.append(report)
        }
        let reachable = reports.reduce(0) { $0 + $1.graphReachable.count }
        let reached = reports.reduce(0) { $0 + $1.reachedOfGraph }
        let fiveXX = reports.reduce(0) { $0 + $1.statuses.filter { $0.key >= 500 }.map(\.value).reduce(0, +) }
        let performed = reports.reduce(0) { $0 + $1.manualSegues }
        note("crawl with code-triggered segues: reached \(reached)/\(reachable) (\(percent(reached, reachable))), manual segues \(performed), 5xx \(fiveXX)")
        for r in reports { for u in r.graphReachable.subtracting(r.reached).sorted() { note("  unreached \(r.file): \(u)") } }
        if ProcessInfo.processInfo.environment["SEGUE_WRITE_CORPUS_REPORT"] != nil {
            try CorpusReport.writeEverySegueSection(reports, depth: depth, to: repositoryRoot + "/docs/storyboard-corpus-report.md")
        }
        #expect(performed > 0)
        #expect(Double(reached) >= 0.95 * Double(reachable))
        #expect(fiveXX == 0)
        // Every state restores from its URL, in the session (browser back) and in a new one.
        #expect(reports.allSatisfy { $0.failures.isEmpty })
    }

    /// Every scene of every corpus storyboard is listed and opens as instantiating it by
    /// identifier gives it (inside its containers, on screen), renders, and restores from its URL; those that
    /// cannot stand alone answer a coded 409. Never a 5xx.
    @Test func everyCorpusSceneOpens() throws {
        var opened = 0, refused = 0, total = 0
        for file in CrawlCorpus.files {
            let storyboard = FlowSource.servingStoryboard(try StoryboardImporter.load(path: CrawlCorpus.directory + "/" + file))
            let entries = ScenesPage.entries(storyboard)
            #expect(entries.count == storyboard.sceneOrder.count)
            for entry in entries {
                total += 1
                let window = Window(id: "open", storyboard: storyboard)
                do {
                    try window.open(sceneID: entry.scene.id)
                    opened += 1
                    #expect(entry.problem == nil)
                    // On screen: among STATE `visible`, or (a container) holding one of them; a
                    // tab bar's child comes up with its tab selected (inside More when listed there).
                    let onScreen = window.visibleControllers.contains { visible in
                        sequence(first: visible, next: { $0.parent }).contains { $0.sceneID == entry.scene.id }
                    }
                    #expect(onScreen, "\(file) \(entry.scene.id) is not on screen: \(window.canonicalURL)")
                    #expect(!PageRenderer.render(window.screen(), context: PageContext(csrfToken: "t")).isEmpty)
                    let again = Window(id: "again", storyboard: storyboard)
                    try again.restore(try #require(HierarchyPath.parse(window.canonicalURL)))
                    #expect(again.canonicalURL == window.canonicalURL, "\(file) \(entry.scene.id)")
                } catch let error as ActionError {
                    refused += 1
                    #expect(error.status == 409, "\(file) \(entry.scene.id): \(error)")
                    #expect(entry.problem != nil)
                } catch {
                    Issue.record("\(file) \(entry.scene.id): \(error)")
                }
            }
        }
        note("every corpus scene: \(opened) opened, \(refused) refused with 409, of \(total)")
        if ProcessInfo.processInfo.environment["SEGUE_WRITE_CORPUS_REPORT"] != nil {
            var md = CorpusReport.everySceneMarker + "\n\n"
            md += "Generated by `SEGUE_WRITE_CORPUS_REPORT=1 swift test --filter everyCorpusSceneOpens`. Every scene of every file is"
            md += " opened as `instantiateViewController(withIdentifier:)` gives it (inside the containers that hold it through"
            md += " relationships), rendered, and restored from its URL in a new session.\n\n"
            md += "| measure | value |\n|---|---|\n| scenes listed | \(total) |\n| opened | \(opened) |\n"
            md += "| refused with 409 `scene_not_standalone` (unresolved storyboard references) | \(refused) |\n| 5xx | 0 |\n"
            try CorpusReport.replaceSection(CorpusReport.everySceneMarker, with: md, in: repositoryRoot + "/docs/storyboard-corpus-report.md")
        }
        #expect(opened + refused == total)
        #expect(Double(opened) >= 0.95 * Double(total))
    }

    func percent(_ a: Int, _ b: Int) -> String { b == 0 ? "-" : String(format: "%.1f %%", 100 * Double(a) / Double(b)) }
}

extension CrawlCorpus {
    /// A temporary directory of symbolic links named like the app's storyboards (`Main.storyboard`,
    /// `Menu.storyboard`, …) for the corpus files whose names contain `app`.
    static func linkSet(_ app: String) throws -> String {
        let dir = Scratch.url.appendingPathComponent("segue-crawl-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for file in files where file.contains("__\(app)__") {
            let name = String(file.split(separator: "__").last!)
            try FileManager.default.createSymbolicLink(atPath: dir + "/" + name, withDestinationPath: directory + "/" + file)
        }
        return dir
    }
}

/// A real server on a free port serving what `FlowSource` loads from `path`, like `segue serve`.
/// A storyboard (or folder) served in process as `segue serve` serves it: its viewport, its
/// servability check.
final class StoryboardTestServer: RequestTarget, @unchecked Sendable {
    let service: SegueService
    let client: SegueClient

    init(path: String) throws {
        let storyboard = FlowSource.servingStoryboard(try FlowSource.load(path: path))
        if let problem = FlowSource.servable(storyboard) { throw problem }
        var configuration = SegueService.Configuration()
        configuration.publicDirectory = repositoryRoot + "/Public"
        if let traits = FlowSource.preferredTraits(path: path) { configuration.app.defaultTraits = traits }
        service = SegueService(storyboard: storyboard, configuration: configuration, logger: silentLogger)
        client = SegueClient(transport: InProcessTransport(app: service.app))
    }

    deinit { service.stop() }
}

/// The live `data-element` buttons of a page (not `disabled`), in page order.
func liveElements(in html: String) -> [String] {
    var out: [String] = []
    var rest = Substring(html)
    while let r = rest.range(of: "data-element=\"") {
        let after = rest[r.upperBound...]
        guard let end = after.firstIndex(of: "\"") else { break }
        let id = String(after[..<end]).replacingOccurrences(of: "&amp;", with: "&")
        let tagEnd = after[end...].firstIndex(of: ">") ?? after.endIndex
        if !after[end..<tagEnd].contains("disabled"), !out.contains(id) { out.append(id) }
        rest = after[end...]
    }
    return out
}

extension CorpusCrawlTests {
    /// End to end through the application's routes (in process): the server serves a few corpus
    /// storyboards (one file, a directory of storyboards); a browser-like client with a cookie
    /// jar starts at `/`, taps every live button of every page by form post to two taps deep,
    /// follows the 303s, and reloads every page it lands on. No 5xx, every page renders, every URL reloads.
    @Test(arguments: ["025__NordicSemiconductor__IOS-nRF-Toolbox__Main.storyboard",
                      "034__blinksh__blink__Settings.storyboard",
                      "002__Awful__Awful.app__MainiPad.storyboard",
                      "033__RocketChat__Rocket.Chat.iOS__LeftMenu.storyboard",
                      "set:wallabag"])
    func crawlThroughThePages(_ name: String) throws {
        var cleanup: String?
        let path: String
        if name.hasPrefix("set:") {
            path = try CrawlCorpus.linkSet(String(name.dropFirst(4)))
            cleanup = path
        } else {
            path = CrawlCorpus.directory + "/" + name
        }
        defer { if let cleanup { try? FileManager.default.removeItem(atPath: cleanup) } }
        let server = try StoryboardTestServer(path: path)
        let jar = temporaryJar()

        let first = try server.request("GET", "/", jar: jar, follow: true)
        #expect(first.status == 200, "\(name): initial page \(first.status)")
        #expect(first.effectiveURL.contains("/ui/"))
        #expect(first.body.contains("<form"))
        guard first.status == 200 else { return }

        var statuses: [Int: Int] = [:]
        var visited: Set<String> = [first.effectiveURL]
        var queue: [(url: String, html: String, depth: Int)] = [(first.effectiveURL, first.body, 0)]
        var taps = 0
        let maxTaps = 60
        while !queue.isEmpty, taps < maxTaps {
            let (url, html, depth) = queue.removeFirst()
            guard depth < 2 else { continue }
            let path = url.replacingOccurrences(of: server.base, with: "")
            for element in liveElements(in: html) where taps < maxTaps {
                // Each form carries the page's URL, so the server restores that state first.
                guard let csrf = hiddenValue("csrf", in: html) else { Issue.record("\(url): no CSRF field"); break }
                taps += 1
                let result = try server.request("POST", "/tap", form: [("csrf", csrf), ("url", path), ("element", element)],
                                      jar: jar, follow: true)
                statuses[result.status, default: 0] += 1
                if result.status != 200 { note("  http \(result.status) tapping \(element) on \(path)") }
                // 409 is UIKit refusing (an unwind nobody handles); 404 would be a button the page
                // shows that the server does not know once it restored the page's URL.
                #expect(result.status == 200 || result.status == 409, "\(name): tap \(element) on \(path) → \(result.status)")
                guard result.status == 200 else { continue }
                #expect(result.effectiveURL.contains("/ui/"), "\(name): tap \(element) landed on \(result.effectiveURL)")
                if visited.insert(result.effectiveURL).inserted {
                    // A reload of the new URL serves the same page (no redirect loop, no stuck state).
                    let reload = try server.request("GET", result.effectiveURL, jar: jar, follow: true)
                    #expect(reload.status == 200 && reload.effectiveURL == result.effectiveURL,
                            "\(name): reload of \(result.effectiveURL) → \(reload.status) \(reload.effectiveURL)")
                    queue.append((result.effectiveURL, reload.body, depth + 1))
                }
            }
        }
        note("page crawl \(name): \(visited.count) pages, \(taps) taps, statuses \(statuses.sorted { $0.key < $1.key })")
        #expect(taps > 0 || name.hasPrefix("033"), "\(name): nothing to tap")
        #expect(!statuses.keys.contains { $0 >= 500 })
    }
}

/// `docs/storyboard-corpus-report.md`: what the crawl met and what the importer does not support.
/// Regenerate with `SEGUE_WRITE_CORPUS_REPORT=1 swift test --filter crawlEveryCorpusStoryboardInProcess`.
enum CorpusReport {
    static let everySegueMarker = "## Every segue, code-triggered ones too"

    /// Replaces (or appends) the section of the crawl that also performs code-triggered segues.
    static func writeEverySegueSection(_ reports: [CrawlReport], depth: Int, to path: String) throws {
        func pct(_ a: Int, _ b: Int) -> String { b == 0 ? "-" : String(format: "%.1f %%", 100 * Double(a) / Double(b)) }
        let reachable = reports.reduce(0) { $0 + $1.graphReachable.count }
        let reached = reports.reduce(0) { $0 + $1.reachedOfGraph }
        let fiveXX = reports.reduce(0) { $0 + $1.statuses.filter { $0.key >= 500 }.map(\.value).reduce(0, +) }
        var md = everySegueMarker + "\n\n"
        md += "Generated by `SEGUE_WRITE_CORPUS_REPORT=1 swift test --filter crawlEveryCorpusStoryboardWithCodeTriggeredSegues`."
        md += " Apps perform many segues in code (`performSegue(withIdentifier:)`); STATE lists them as `manualSegues`."
        md += " This crawl taps every live element and also performs every code-triggered segue of every screen, to a depth of \(depth) steps,"
        md += " and measures reach against every scene the initial scene leads to through relationships, container views and segues of any"
        md += " kind but unwind, at any depth (`StoryboardReachability.graphReachable`).\n\n"
        md += "| measure | value |\n|---|---|\n"
        md += "| scenes reached of those relationships and segues reach | \(reached)/\(reachable) (\(pct(reached, reachable))) |\n"
        md += "| taps | \(reports.reduce(0) { $0 + $1.taps }) |\n"
        md += "| code-triggered segues performed | \(reports.reduce(0) { $0 + $1.manualSegues }) |\n"
        md += "| refused (4xx) | \(reports.reduce(0) { $0 + $1.refused.count }) |\n"
        md += "| 5xx | \(fiveXX) |\n"
        md += "| failures (URL that cannot be restored, redirect loop, empty page) | \(reports.reduce(0) { $0 + $1.failures.count }) |\n\n"
        let missed = reports.flatMap { r in r.graphReachable.subtracting(r.reached).sorted().map { "- \(r.file): \($0)" } }
        if !missed.isEmpty { md += "Not reached:\n\n" + missed.joined(separator: "\n") + "\n" }
        try replaceSection(everySegueMarker, with: md, in: path)
    }

    static let everySceneMarker = "## Every scene opens"

    /// Replaces (or appends) a section of the report: from its heading to the next `## ` heading.
    static func replaceSection(_ marker: String, with md: String, in path: String) throws {
        var text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var rest = ""
        if let r = text.range(of: marker) {
            if let next = text.range(of: "\n## ", range: r.upperBound..<text.endIndex) { rest = String(text[text.index(after: next.lowerBound)...]) }
            text = String(text[..<r.lowerBound])
        }
        if !text.isEmpty, !text.hasSuffix("\n\n") { text += text.hasSuffix("\n") ? "\n" : "\n\n" }
        try (text + md + (rest.isEmpty ? "" : "\n" + rest)).write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func write(_ reports: [CrawlReport], to path: String) throws {
        var md = summary(reports.filter { !$0.file.hasPrefix("set:") }) + perFile(reports) + importSections()
        // The section the crawl with code-triggered segues writes is kept as it is.
        if let old = try? String(contentsOfFile: path, encoding: .utf8), let r = old.range(of: CorpusReport.everySegueMarker) {
            md += "\n" + old[r.lowerBound...]
        }
        try md.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func pct(_ a: Int, _ b: Int) -> String { b == 0 ? "-" : String(format: "%.1f %%", 100 * Double(a) / Double(b)) }

    /// The title, how the crawl works, and the summary table over the single files.
    static func summary(_ files: [CrawlReport]) -> String {
        var md = "# Storyboard corpus report\n\n"
        md += "Generated by `CorpusCrawlTests` (`SEGUE_WRITE_CORPUS_REPORT=1 swift test --filter crawlEveryCorpusStoryboardInProcess`)"
        md += " from the 38 public storyboards of `shared/corpus` (not part of this repository).\n\n"
        md += "The crawler starts every storyboard at its initial scene (or, when it names none, at the scene"
        md += " `segue serve` starts from), taps every live element of every screen to a depth of three taps,"
        md += " restoring each state from its canonical URL the way `POST /tap` does, and renders every screen;"
        md += " iPad storyboards are crawled at iPad size, the others at iPhone size.\n"
        md += "*Reachable* scenes are those the storyboard's graph reaches from the initial scene within three taps"
        md += " (`StoryboardReachability`: relationships, embeds and segues fired by controls, bar buttons, rows and"
        md += " alert actions; not segues performed by code). *Reached* scenes were shown on some crawled screen.\n\n"
        let served = files.filter(\.servesInitial).count
        let reachable = files.reduce(0) { $0 + $1.reachable.count }
        let reached = files.reduce(0) { $0 + $1.reachedOfReachable }
        let fiveXX = files.reduce(0) { $0 + $1.statuses.filter { $0.key >= 500 }.map(\.value).reduce(0, +) }
        md += "## Summary\n\n"
        md += "| measure | value |\n|---|---|\n"
        md += "| files serving their initial scene | \(served)/\(files.count) (\(pct(served, files.count))); \(files.filter(\.fallbackEntry).count) name no initial view controller and start at their entry scene |\n"
        md += "| reachable scenes reached | \(reached)/\(reachable) (\(pct(reached, reachable))) |\n"
        md += "| taps | \(files.reduce(0) { $0 + $1.taps }) |\n"
        md += "| 5xx | \(fiveXX) |\n"
        md += "| failures (URL that cannot be restored, redirect loop, empty page) | \(files.reduce(0) { $0 + $1.failures.count }) |\n"
        md += "| stuck states (scenes changed but not the URL, back does nothing) | \(files.reduce(0) { $0 + $1.stuck.count }) |\n"
        md += "| dead ends (presented screens with nothing to tap) | \(files.reduce(0) { $0 + $1.deadEnds.count }) |\n"
        md += "| taps refused (4xx) | \(files.reduce(0) { $0 + $1.refused.count }) |\n\n"
        return md
    }

    /// A row per crawl, the reachable scenes no crawl reached, and the refused taps.
    static func perFile(_ reports: [CrawlReport]) -> String {
        var md = "## Per file\n\n| file | import ms (debug) | initial | states | taps | reached/reachable | refused |\n|---|---|---|---|---|---|---|\n"
        for r in reports {
            md += "| \(r.file) | \(String(format: "%.1f", r.importMilliseconds)) | \(r.servesInitial ? (r.fallbackEntry ? "entry scene" : "yes") : "no")"
            md += " | \(r.states) | \(r.taps) | \(r.reachedOfReachable)/\(r.reachable.count) | \(r.refused.count) |\n"
        }
        var unreached: [String] = []
        for r in reports { for id in r.reachable.subtracting(r.reached).sorted() { unreached.append("\(r.file): \(id)") } }
        md += "\n## Reachable but not reached\n\nMostly scenes embedded by container views (embed segues: child view"
        md += " controllers are not instantiated yet) and scenes behind them.\n\n"
        md += unreached.map { "- \($0)" }.joined(separator: "\n") + "\n"
        md += "\n## Refused taps\n\n" + (reports.flatMap(\.refused).map { "- \($0)" }.joined(separator: "\n")) + "\n"
        return md
    }

    /// Unsupported elements and other import warnings by kind, the view kinds imported and the
    /// placeholders, over every file of the corpus.
    static func importSections() -> String {
        var counts: [String: Int] = [:]
        var filesWith: [String: Set<String>] = [:]
        var kinds: [String: Int] = [:]
        var placeholders: [String: Int] = [:]
        var customClasses = 0, scenes = 0
        for file in CrawlCorpus.files {
            guard let sb = try? StoryboardImporter.load(path: CrawlCorpus.directory + "/" + file) else { continue }
            for scene in sb.orderedScenes {
                scenes += 1
                if scene.className != nil { customClasses += 1 }
                for node in scene.view {
                    node.forEach { n in
                        kinds[n.kind.rawValue, default: 0] += 1
                        if n.kind == .placeholder { placeholders[(n.text ?? "?").hasPrefix("Storyboard reference") ? "storyboard reference (not loaded)" : (n.text ?? "?"), default: 0] += 1 }
                        for section in n.sections { for row in section.rows { for c in row.content { c.forEach { kinds[$0.kind.rawValue, default: 0] += 1 } } } }
                    }
                }
            }
            for d in sb.diagnostics {
                let key = normalize(d.message)
                counts[key, default: 0] += 1
                filesWith[key, default: []].insert(String(file.prefix(3)))
            }
        }
        var md = "\n## Unsupported elements and import warnings (single-file import)\n\n"
        let unsupported = counts.filter { $0.key.hasPrefix("unsupported") || $0.key.hasPrefix("unknown") }.map(\.value).reduce(0, +)
        md += unsupported == 0
            ? "No element, controller, segue kind or attribute value of the corpus is unsupported by the importer; what Segue cannot run is what needs the app's code or other files:\n\n"
            : "\(unsupported) unsupported elements, controllers, segue kinds or attribute values (below); beyond them, what Segue cannot run is what needs the app's code or other files:\n\n"
        md += "- storyboards that are not loaded (single-file import of a multi-storyboard app): placeholder scenes;\n"
        md += "- custom classes: their code does not run (controls wired only to actions are inert; views made in code are a labelled placeholder; data sources are three sample rows per prototype cell);\n"
        md += "- custom segue classes run as `show`; unwind destinations are assumed to be the content scenes with a custom class;\n"
        md += "- container views' embedded scenes (embed segues) are instantiated by the containment work of the presentation branch.\n\n"
        md += "| warning | count | files |\n|---|---|---|\n"
        for (key, n) in counts.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
            md += "| \(key.replacingOccurrences(of: "|", with: "\\|")) | \(n) | \(filesWith[key]!.sorted().joined(separator: " ")) |\n"
        }
        md += "\n## View kinds imported (all files)\n\n\(scenes) scenes, \(customClasses) with a custom class (their code is not run:"
        md += " controls wired only to actions look and act inert).\n\n| kind | count |\n|---|---|\n"
        for (k, n) in kinds.sorted(by: { $0.value > $1.value }) { md += "| \(k) | \(n) |\n" }
        md += "\n## Placeholders (labelled, inert)\n\n| placeholder | count |\n|---|---|\n"
        for (k, n) in placeholders.sorted(by: { $0.value > $1.value }) { md += "| \(k) | \(n) |\n" }
        return md
    }

    /// A warning without its ids, so warnings of one kind group together.
    static func normalize(_ message: String) -> String {
        if message.hasPrefix("unsupported element") || message.hasPrefix("unsupported controller")
            || message.hasPrefix("unknown ") || message.hasPrefix("unsupported segue kind") {
            return message
        }
        if message.hasPrefix("unresolved storyboard reference") {
            if let r = message.range(of: ": ") { return "unresolved storyboard reference: " + message[r.upperBound...].replacingOccurrences(of: "'[^']*'", with: "'…'", options: .regularExpression) }
        }
        return message.replacingOccurrences(of: "'[^']*'", with: "'…'", options: .regularExpression)
            .replacingOccurrences(of: "scene [A-Za-z0-9:_-]+", with: "scene …", options: .regularExpression)
            .replacingOccurrences(of: "ref[A-Za-z0-9-]+|[A-Za-z0-9]{3}-[A-Za-z0-9]{2}-[A-Za-z0-9]{3}", with: "…", options: .regularExpression)
    }
}

extension CorpusCrawlTests {
    /// Bad input from real files: each of a few corpus storyboards truncated at many points and
    /// with single lines deleted (dangling destinations, missing scenes, broken relationships).
    /// Import either fails with a located error or succeeds; what imports is checked, graphed and
    /// crawled one tap deep. Nothing crashes, nothing answers 5xx.
    @Test func mutatedCorpusFilesNeverCrash() throws {
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(max(bound, 1)))
        }
        var imported = 0, refused = 0
        for prefix in ["002", "029", "045", "061"] {
            guard let file = CrawlCorpus.files.first(where: { $0.hasPrefix(prefix) }) else { continue }
            let text = try String(contentsOfFile: CrawlCorpus.directory + "/" + file, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var variants: [String] = []
            for _ in 0..<6 { variants.append(String(text.utf8.prefix(next(text.utf8.count))) ?? "") }
            for _ in 0..<14 {
                var copy = lines
                copy.remove(at: next(copy.count))
                variants.append(copy.joined(separator: "\n"))
            }
            for (i, variant) in variants.enumerated() {
                do {
                    let sb = try StoryboardImporter.parse(data: Array(variant.utf8), fileName: "\(file)#\(i)")
                    imported += 1
                    _ = StoryboardCheck.check(sb)
                    _ = StoryboardGraph.json(sb)
                    var report = CrawlReport(file: "\(file)#\(i)")
                    Crawler.crawl(FlowSource.servingStoryboard(sb), depth: 1, maxStates: 50, into: &report)
                    #expect(report.failures.isEmpty, "\(file)#\(i): \(report.failures)")
                } catch {
                    refused += 1
                    #expect(error.diagnostics.allSatisfy { ($0.location?.line ?? 0) >= 1 }, "\(error)")
                }
            }
        }
        note("mutated corpus files: \(imported) imported, \(refused) refused with located errors")
        #expect(imported > 0 && refused > 0)
    }
}

extension CorpusCrawlTests {
    /// Through the routes, every corpus file: the server is built on it and `GET /` lands on a
    /// rendered page of its initial (or entry) scene.
    @Test func everyCorpusStoryboardServesItsInitialPage() throws {
        var served = 0
        for file in CrawlCorpus.files {
            let server = try StoryboardTestServer(path: CrawlCorpus.directory + "/" + file)
            let jar = temporaryJar()
            let page = try server.request("GET", "/", jar: jar, follow: true)
            let ok = page.status == 200 && page.effectiveURL.contains("/ui/") && page.body.contains("<form")
            #expect(ok, "\(file): \(page.status) \(page.effectiveURL)")
            if ok { served += 1 }
        }
        note("initial pages served: \(served)/\(CrawlCorpus.files.count)")
        #expect(served == CrawlCorpus.files.count)
    }
}

/// The bundled example flows, crawled like the corpus: every state restorable from its URL,
/// renderable, STATE's element list the page's, no 5xx, nothing stuck.
@Suite("Example flows crawl")
struct ExampleFlowsCrawlTests {
    static let examples = ["mail.yaml", "mail.json", "settings.yaml", "music.yaml", "ipad-mail.yaml", "photo-book.yaml", "recipes.yaml"]

    @Test(arguments: examples)
    func crawlExample(_ file: String) throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples/\(file)").standardized.path
        let storyboard = try FlowSource.load(path: path)
        var report = CrawlReport(file: file)
        Crawler.crawl(FlowSource.servingStoryboard(storyboard), traits: FlowSource.preferredTraits(path: path) ?? .phonePortrait,
                      depth: 3, maxStates: 300, into: &report)
        note("crawl \(report)")
        for r in report.refused.prefix(5) { note("  refused \(r)") }
        #expect(report.servesInitial)
        #expect(report.states > 1)
        #expect(report.failures.isEmpty, "\(report.failures.prefix(5))")
        #expect(report.stuck.isEmpty, "\(report.stuck.prefix(5))")
    }
}

extension CorpusCrawlTests {
    /// The map of a directory of storyboards: every scene a card, each file's name over its
    /// scenes at their canvas positions, edges into other files marked as storyboard references;
    /// the drawing of the whole corpus stays small and fast enough to serve.
    @Test func mapOfADirectoryOfStoryboards() throws {
        let dir = try CrawlCorpus.linkSet("wallabag")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let storyboard = FlowSource.servingStoryboard(try StoryboardImporter.loadDirectory(path: dir))
        let svg = String(decoding: FlowMap.svg(storyboard), as: UTF8.self)
        for id in storyboard.sceneOrder { #expect(svg.contains("data-scene=\"\(id)\""), "\(id)") }
        #expect(svg.contains(">Main.storyboard</text>") && svg.contains(">Settings.storyboard</text>"))
        #expect(svg.contains("cross-storyboard"))
        // Canvas positions: scenes of one file keep Interface Builder's left-to-right order.
        let places = FlowMap.layout(storyboard)
        let placed = storyboard.orderedScenes.filter { $0.canvasLocation != nil && $0.storyboardName == "Main" }
        for a in placed { for b in placed where a.canvasLocation!.x < b.canvasLocation!.x {
            #expect(places[a.id]!.x < places[b.id]!.x, "\(a.id) \(b.id)")
        } }
    }
}
