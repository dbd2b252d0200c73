import ArgumentParser
import Foundation
import SegueCore
import SegueServer
import SegueSourceNav
import SegueStoryboard

/// `segue infer DIR`: the navigation an app's code does, read from its sources and resolved
/// against its storyboards; what could not be resolved, with the reason and the line.
struct Infer: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the navigation an app's Swift and Objective-C code does, and what could not be resolved.")

    @Argument(help: "The app's folder: its storyboards and sources.")
    var path: String

    @Option(help: "text or json.")
    var format = "text"

    @Option(help: "Also write the steps found as an overlay file (YAML) to edit.")
    var overlay: String?

    @Flag(help: "Also print how many scenes are reached breadth-first from the launch scene, without and with the navigation read from code.")
    var reach = false

    @Option(help: "With --reach: the storyboard the app launches (default: the one `serve` picks).")
    var main: String?

    func validate() throws {
        guard ["text", "json"].contains(format) else { throw ValidationError("--format must be text or json") }
    }

    func run() throws {
        let storyboard: Storyboard
        do {
            storyboard = try StoryboardImporter.loadDirectory(path: path)
        } catch {
            Console.current.errorLine(error.description)
            throw ExitCode(1)
        }
        let result = NavigationAnalysis.analyze(root: path, storyboard: storyboard)
        Console.current.line(format == "json" ? InferenceReport.json(result) : InferenceReport.text(result, storyboard: storyboard))
        if reach { try printReach(storyboard, result) }
        if let overlay {
            let text = OverlayWriter.yaml(result, storyboard: storyboard)
            guard FileManager.default.createFile(atPath: overlay, contents: Data(text.utf8)) else {
                Console.current.errorLine("\(overlay): cannot write the overlay")
                throw ExitCode(1)
            }
        }
    }

    /// `reach: BEFORE -> AFTER of N navigable scenes`, from the launch scene.
    func printReach(_ storyboard: Storyboard, _ result: InferenceResult) throws {
        let after = CodeNavigation.augment(storyboard, result: result).storyboard
        func start(_ sb: Storyboard) -> String? {
            if let main { return SceneReach.initialScene(ofStoryboard: main, in: sb) }
            return FlowSource.servingStoryboard(sb).initialViewController
        }
        guard let from = start(storyboard) ?? start(after), let fromAfter = start(after) ?? start(storyboard) else {
            Console.current.line("reach: no launch scene")
            return
        }
        let navigable = Set(SceneReach.navigable(storyboard))
        let before = SceneReach.reached(storyboard, from: from).intersection(navigable).count
        let reachedAfter = SceneReach.reached(after, from: fromAfter).intersection(navigable)
        Console.current.line("reach: \(before) -> \(reachedAfter.count) of \(navigable.count) navigable scenes from \(fromAfter)")
        let unreached = storyboard.sceneOrder.filter { navigable.contains($0) && !reachedAfter.contains($0) }
        if !unreached.isEmpty { Console.current.line("unreached: " + unreached.joined(separator: ", ")) }
    }
}
