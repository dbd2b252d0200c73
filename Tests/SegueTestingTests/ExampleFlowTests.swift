import Foundation
import SegueTesting
import Testing

/// The bundled examples' flow tests (Examples/tests) pass and reach every scene, segue and element.
@Suite struct ExampleFlowTests {
    @Test func examplesTestsPassWithFullCoverage() throws {
        let (suite, problems) = FlowTestSuite.load(paths: [repositoryRoot + "/Examples/tests"])
        #expect(problems.isEmpty, "\(problems)")
        let loaded = try #require(suite)
        let outcomes = try loaded.run(workers: 2) { _, _ in }
        for outcome in outcomes where !outcome.passed {
            Issue.record("\(outcome.test.name): \(outcome.failure?.details ?? [])")
        }
        let coverage = CoverageReport(suite: loaded, outcomes: outcomes)
        let examples = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/Examples")
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }
        #expect(Set(coverage.flows.map { ($0.path as NSString).lastPathComponent }) == Set(examples))
        for flow in coverage.flows {
            #expect(flow.scenes.missing.isEmpty, "\(flow.path): scenes \(flow.scenes.missing)")
            #expect(flow.segues.missing.isEmpty, "\(flow.path): segues \(flow.segues.missing)")
            #expect(flow.elements.missing.isEmpty, "\(flow.path): elements \(flow.elements.missing)")
        }
    }
}

/// Flow checks of the test fixtures (Tests/Fixtures/*.test.yaml) pass.
@Suite struct FixtureFlowTests {
    @Test func fixtureTestFilesPass() throws {
        let (suite, problems) = FlowTestSuite.load(paths: [repositoryRoot + "/Tests/Fixtures"])
        #expect(problems.isEmpty, "\(problems)")
        let outcomes = try #require(suite).run(workers: 2) { _, _ in }
        #expect(!outcomes.isEmpty)
        for outcome in outcomes where !outcome.passed {
            Issue.record("\(outcome.test.name): \(outcome.failure?.details ?? [])")
        }
    }
}
