import Foundation
import SegueTestSupport
import Testing
import SegueCore
import SegueStoryboard
@testable import SegueSourceNav

/// The shared real apps (their sources extracted locally), read in place, never copied.
enum RealApps {
    static let directory = SharedFolder.apps
    /// Apps whose folder holds storyboards and extracted sources.
    static var withSources: [String] {
        let fm = FileManager.default
        let names = (try? fm.contentsOfDirectory(atPath: directory))?.filter { $0.contains("__") }.sorted() ?? []
        let apps = names.filter { !SourceTree.sourceFiles(root: directory + "/" + $0).isEmpty }
        if apps.isEmpty { print("SegueSourceNavTests: no app sources at \(directory); real-app tests skipped") }
        return apps
    }
}

@Suite("Real apps", .enabled(if: !RealApps.withSources.isEmpty, "app sources absent"))
struct RealAppTests {
    @Test("every step found is traceable to a navigating source line", arguments: RealApps.withSources)
    func traceable(app: String) throws {
        let root = RealApps.directory + "/" + app
        guard let storyboard = try? StoryboardImporter.loadDirectory(path: root) else { return }  // no storyboards
        let result = NavigationAnalysis.analyze(root: root, storyboard: storyboard)
        let keywords = ["performSegue", "instantiate", "push", "present", "show", "pop", "dismiss", "selectedIndex",
                        "rootViewController", "setViewControllers", "Storyboard", "init", "alloc", "Controller(", "Child"]
        for step in result.findings + [] {
            let parts = step.source.split(separator: ":")
            let file = root + "/" + parts.dropLast().joined(separator: ":")
            let number = try #require(Int(parts.last ?? ""))
            let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(number >= 1 && number <= lines.count)
            let line = lines[number - 1]
            #expect(keywords.contains { line.contains($0) }, "\(step.source): \(line)")
            // A destination is a scene of the app's, one made for a controller its code builds, or
            // one made for an alert it presents (whose actions the alert's steps are).
            if let destination = step.destination {
                #expect(storyboard[destination] != nil || result.madeScenes.contains { $0.id == destination && $0.className != nil }
                        || result.alertScenes.contains { $0.id == destination && $0.kind == .alertController })
            }
            for sceneID in step.scenes where sceneID.hasPrefix("code-alert-") {
                #expect(result.alertScenes.contains { $0.id == sceneID } && step.triggers.allSatisfy { if case .alertAction = $0 { true } else { false } })
            }
        }
        for problem in result.unresolved { #expect(!problem.reason.isEmpty && problem.source.contains(":")) }
    }
}
