import Foundation
import Testing
import SegueTestSupport

/// `segue check` (lines, exit status) and `segue graph` on storyboards and flow files, in process.
@Suite struct CLIStoryboardTests {
    /// `segue ARGUMENTS` in process: the exit status and everything it wrote.
    func run(_ arguments: [String]) -> (status: Int32, out: String) {
        let r = segue(arguments)
        return (r.status, r.out + r.err)
    }

    @Test(.enabled(if: CrawlCorpus.available, "corpus absent"))
    func checkReportsStoryboardProblemsWithLinesAndExitStatus() throws {
        let file = CrawlCorpus.directory + "/" + CrawlCorpus.files.first { $0.hasPrefix("037") }!
        let result = run(["check", file])
        #expect(result.status == 1)  // the unresolved storyboard reference
        #expect(result.out.contains(".storyboard:180: unresolved storyboard reference F5Y-Gm-KdX"))
        // UIKit raises for partialCurl over a sheet only when it runs: a warning.
        #expect(result.out.contains(".storyboard:136: warning: scene ElF-Se-9Ra: segue 'o8d-bM-qoT' uses the partialCurl transition"))
        #expect(result.out.contains("StoryboardConnections: 5 scenes, 1 error, 2 warnings"), "\(result.out)")
        // A clean storyboard: exit 0.
        let clean = run(["check", CrawlCorpus.directory + "/" + CrawlCorpus.files.first { $0.hasPrefix("067") }!])
        #expect(clean.status == 0, "\(clean.out)")
    }

    @Test func checkPrintsEachProblemWithItsCodeAsTextOrJSON() throws {
        let path = Scratch.folder + "/segue-codes-\(UUID().uuidString).yaml"
        try """
        initialViewController: a
        scenes:
          a:
            view:
              - button: {id: go, title: Go, segue: go}
            segues:
              go: {kind: push, destination: b}
          b: {title: B}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = run(["check", path])
        #expect(text.status == 0)
        #expect(text.out.contains(":7: warning: scene a: push segue 'go' but the scene has no navigation controller ancestor"))
        #expect(text.out.contains("(illegal_transition) [push_without_navigation]"))
        let json = run(["check", "--format", "json", path])
        #expect(json.status == 0)
        let report = try decodeAnswer(CheckReport.self, from: json.out)
        #expect(report.errors == 0 && report.warnings == 2)
        let problems = report.diagnostics
        #expect(problems.map(\.code) == ["push_without_navigation", "unreachable_scene"])
        #expect(problems.first?.severity == "warning" && problems.first?.line == 7)
        #expect(problems.first?.message.hasPrefix("scene a: push segue 'go'") == true)
        // A file that does not load: its problems, coded, and exit status 1.
        let missing = run(["check", "--format", "json", path + ".absent"])
        #expect(missing.status == 1)
        let refused = try decodeAnswer(CheckReport.self, from: missing.out)
        #expect(refused.errors == 1)
        #expect(run(["check", "--format", "xml", path]).status != 0)
    }

    @Test func checkAndGraphWorkForFlowFiles() throws {
        let check = run(["check", repositoryFile("Examples/mail.yaml")])
        #expect(check.status == 0 && check.out.contains("0 errors"))
        let json = run(["graph", "--format", "json", repositoryFile("Examples/mail.yaml")])
        #expect(json.status == 0)
        let graph = try decodeAnswer(GraphReport.self, from: json.out)
        #expect(!graph.scenes.isEmpty && !graph.edges.isEmpty)
        let dot = run(["graph", repositoryFile("Examples/mail.yaml")])
        #expect(dot.out.hasPrefix("digraph"))
    }

    @Test func graphAsSVGIsTheDrawingTheMapServes() throws {
        let svg = run(["graph", "--format", "svg", repositoryFile("Examples/mail.yaml")])
        #expect(svg.status == 0)
        #expect(svg.out.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"flow-map\""))
        for id in ["mailNav", "inbox", "compose"] { #expect(svg.out.contains("data-scene=\"\(id)\"")) }
        // The same drawing as GET /map.
        let server = try TestServer()
        let page = try server.request("GET", "/map")
        let drawn = try #require(page.body.range(of: "<svg").map { page.body[$0.lowerBound...] }?.components(separatedBy: "</svg>").first)
        #expect(svg.out.trimmingCharacters(in: .whitespacesAndNewlines) == drawn + "</svg>")
        let bad = run(["graph", "--format", "png", repositoryFile("Examples/mail.yaml")])
        #expect(bad.status != 0)
    }

    @Test func checkOfMalformedInputIsALocatedErrorNotACrash() throws {
        let path = Scratch.folder + "/segue-broken-\(UUID().uuidString).storyboard"
        try #"<?xml version="1.0"?><document type="x"><scenes><scene sceneID="a">"#.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = run(["check", path])
        #expect(result.status == 1)
        #expect(result.out.contains(path + ":1:"))
        let graph = run(["graph", path])
        #expect(graph.status == 1)
    }
}
