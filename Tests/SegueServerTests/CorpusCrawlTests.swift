import Foundation
import SegueCore
import SegueHTML
import SegueServer
@testable import SegueStoryboard
import Testing

/// The shared corpus of real Xcode storyboards, read in place (never copied into the project).
enum CrawlCorpus {
    static let directory = "/work/shared/corpus/storyboards"
    static var available: Bool {
        let ok = FileManager.default.fileExists(atPath: directory)
        if !ok { print("CorpusCrawlTests: corpus absent at \(directory); crawl skipped") }
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
    /// Elements on screen whose tap was refused (4xx): listed, not fatal.
    var refused: [String] = []
    /// Presented screens with nothing to tap (only browser back leaves them).
    var deadEnds: [String] = []
    /// Scenes reachable from the initial scene within `depth` taps (storyboard graph).
    var reachable: Set<String> = []
    /// Scenes shown on some crawled screen.
    var reached: Set<String> = []
    var truncated = false

    var reachedOfReachable: Int { reachable.intersection(reached).count }
    var description: String {
        "\(file): import \(String(format: "%.1f", importMilliseconds)) ms, initial \(servesInitial ? "served" : "NOT served")\(fallbackEntry ? " (entry scene)" : "")"
            + " \(launchError ?? importError ?? ""), states \(states), taps \(taps), reached \(reachedOfReachable)/\(reachable.count)"
            + ", statuses \(statuses.sorted { $0.key < $1.key }), failures \(failures.count), dead ends \(deadEnds.count)"
    }
}

/// Crawls a storyboard in process the way the server serves it: one session; for every state
/// (canonical URL) it restores the state like `POST /tap` does (`navigate(to:)`), taps one element,
/// and records the new URL; every state is rendered to HTML. Breadth first to `depth` taps.
enum Crawler {
    static func crawl(file: String, path: String, depth: Int = 3, maxStates: Int = 600) -> CrawlReport {
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
        crawl(storyboard, depth: depth, maxStates: maxStates, into: &report)
        return report
    }

    static func crawl(_ storyboard: Storyboard, depth: Int, maxStates: Int, into report: inout CrawlReport) {
        if let problem = FlowSource.servable(storyboard) {
            report.launchError = problem.message
            return
        }
        let window = Window(id: "crawl", storyboard: storyboard)
        do { try window.launch() } catch {
            report.launchError = error.description
            if error.status >= 500 { report.failures.append("launch: \(error)") }
            return
        }
        let context = PageContext(csrfToken: "t")
        var visited: Set<String> = [window.canonicalURL]
        var queue: [(String, Int)] = [(window.canonicalURL, 0)]
        var head = 0

        func restore(_ url: String) -> Bool {
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

        while head < queue.count {
            let (url, level) = queue[head]; head += 1
            guard restore(url) else { continue }
            report.states += 1
            let screen = window.screen()
            let html = PageRenderer.render(screen, context: context)
            if html.isEmpty { report.failures.append("\(url): empty page") }
            if level == 0 { report.servesInitial = !html.isEmpty }
            for c in window.visibleControllers { if let s = c.sceneID { report.reached.insert(s) } }
            let live = screen.elements.filter(\.enabled)
            if live.isEmpty && screen.layers.count > 1 { report.deadEnds.append(url) }
            guard level < depth else { continue }
            for (i, element) in live.enumerated() {
                guard restore(url) else { break }
                report.taps += 1
                // Restoring a URL may re-create controllers, and ids made unique with a
                // controller id (`field@c70`) change with them: take the element at the same place.
                var id = element.id
                let now = window.elements.filter(\.enabled)
                if !now.contains(where: { $0.id == id }), now.count == live.count { id = now[i].id }
                do {
                    _ = try window.perform(.tap(element: id, values: [:]))
                    report.statuses[303, default: 0] += 1
                    let next = window.canonicalURL
                    if visited.insert(next).inserted {
                        if visited.count > maxStates { report.truncated = true; continue }
                        queue.append((next, level + 1))
                    }
                } catch {
                    report.statuses[error.status, default: 0] += 1
                    let line = "\(url) tap \(element.id) (\(element.role.rawValue) \(element.title ?? "")): \(error)"
                    if error.status >= 500 { report.failures.append(line) } else { report.refused.append(line) }
                }
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
            print("crawl \(report)")
            for f in report.failures.prefix(5) { print("  FAILURE \(f)") }
            for r in report.refused.prefix(3) { print("  refused \(r)") }
            for u in report.reachable.subtracting(report.reached).sorted().prefix(5) { print("  unreached \(u)") }
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
        print("crawl summary: files \(reports.count), initial served \(served)/\(reports.count)"
              + " (\(percent(served, reports.count))), reached \(reached)/\(reachable) (\(percent(reached, reachable)))"
              + ", taps \(taps), refused \(refused), 5xx \(fiveXX), failures \(failures), dead ends \(deadEnds)")
        #expect(reports.count == 38)
        #expect(Double(served) >= 0.95 * Double(reports.count))
        #expect(Double(reached) >= 0.90 * Double(reachable))
        #expect(fiveXX == 0)
        #expect(failures == 0)
    }

    func percent(_ a: Int, _ b: Int) -> String { b == 0 ? "-" : String(format: "%.1f %%", 100 * Double(a) / Double(b)) }
}
