import Foundation
import SegueTestSupport
import SegueCore
import SegueSourceNav
import Testing
@testable import SegueServer

/// How much of the shared real apps (read in place, with their sources extracted locally) their
/// launch reaches with the navigation read from their code: at least 80% of the navigable scenes
/// over all of them. Skipped, saying so, when the apps or their sources are absent.
enum AppReach {
    static let withSources: [String] = AppCorpus.folders.filter { !SourceTree.sourceFiles(root: AppCorpus.directory + "/" + $0).isEmpty }
    static let available: Bool = {
        if withSources.isEmpty { print("SegueServerTests: no app sources at \(AppCorpus.directory); reach test skipped") }
        return !withSources.isEmpty
    }()
}

@Suite("App reach", .enabled(if: AppReach.available, "app sources absent"))
struct AppReachTests {
    @Test("the launch reaches at least 80% of the navigable scenes over the apps, and more than the storyboards alone")
    func reach() throws {
        var before = 0, after = 0, navigable = 0
        for app in AppReach.withSources {
            let analyzed = try #require(try FlowSource.analyzeApp(path: AppCorpus.directory + "/" + app))
            let measure = try #require(SceneReach.measure(analyzed.app.storyboard, result: analyzed.result), "\(app)")
            #expect(measure.after.isSuperset(of: measure.before), "\(app)")
            before += measure.before.count
            after += measure.after.count
            navigable += measure.navigable.count
        }
        #expect(navigable > 0 && after * 100 >= navigable * 80, "\(after) of \(navigable)")
        #expect(after > before)
    }
}
