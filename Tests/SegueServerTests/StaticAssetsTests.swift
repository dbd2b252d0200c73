import Foundation
import SegueServer
import Testing
import SegueTestSupport

/// Finding the page assets (`Public/`), and saying so at start-up when they are missing.
@Suite struct StaticAssetsTests {
    @Test func missingAssetsGetOneWarningNamingWhereItLookedAndTheOption() throws {
        let nowhere = Scratch.folder + "/segue-no-public-\(UUID().uuidString)/Public"
        let warning = try #require(StaticAssets.missingAssetsWarning(explicit: nil, candidates: [nowhere, "/nonexistent/Public"]))
        #expect(warning.contains(nowhere) && warning.contains("/nonexistent/Public"))
        #expect(warning.contains("--public-dir"))
        #expect(!warning.contains("\n"))
        // An explicit directory without the assets is named too.
        let explicit = try #require(StaticAssets.missingAssetsWarning(explicit: nowhere))
        #expect(explicit.contains("--public-dir \(nowhere)"))
        // Found: no warning.
        #expect(StaticAssets.missingAssetsWarning(explicit: nil, candidates: [nowhere, repositoryRoot + "/Public"]) == nil)
        #expect(StaticAssets.missingAssetsWarning(explicit: repositoryRoot + "/Public") == nil)
    }
}
