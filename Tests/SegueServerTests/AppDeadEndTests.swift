import Foundation
import SegueCore
import SegueSourceNav
import Testing
@testable import SegueServer

/// No screen without a way on or back that the app has: every screen of the shared real apps
/// (read in place with their sources extracted locally) that Segue shows from the app's launch,
/// walked breadth-first over taps and manual segues, either leads somewhere or is a screen the
/// app itself leaves no way from. `SEGUE_TEST_REPORT=1` prints each app's numbers and dead ends.
@Suite("App dead ends", .enabled(if: AppReach.available, "app sources absent"))
struct AppDeadEndTests {
    /// States walked per app, at most: the walk stops there (and says so in the report).
    static let maxStates = 300

    @Test("no screen is a dead end where the app has a way on or back")
    func deadEnds() throws {
        var states = 0, deadEnds = 0, withAppWay: [String] = []
        for app in AppReach.withSources {
            let walk = try Self.walk(app: app)
            states += walk.states
            deadEnds += walk.deadEnds.count
            withAppWay += walk.withAppWay.map { "\(app): \($0)" }
            note("\(app): \(walk.states) screens\(walk.truncated ? " (stopped)" : ""), \(walk.deadEnds.count) dead ends, \(walk.withAppWay.count) where the app has a way")
            for d in walk.deadEnds { note("  \(d)") }
        }
        note("all: \(states) screens, \(deadEnds) dead ends, \(withAppWay.count) where the app has a way")
        #expect(states > 0)
        #expect(withAppWay.isEmpty, "\(withAppWay.joined(separator: "\n"))")
    }

    static func walk(app: String) throws -> DeadEndWalk {
        let analyzed = try #require(try FlowSource.analyzeApp(path: AppCorpus.directory + "/" + app))
        let loaded = analyzed.app.storyboard
        let served = FlowSource.servingStoryboard(CodeNavigation.augment(loaded, result: analyzed.result).storyboard)
        return DeadEndWalker.walk(served, maxStates: maxStates) { window in
            DeadEndWalker.appWay(window, storyboard: loaded, result: analyzed.result)
        }
    }
}
