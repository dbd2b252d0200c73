import ArgumentParser
import Foundation
import SegueAppFolder
import SegueCore
import SegueServer
import SegueSourceNav
import SegueStoryboard

/// `segue infer DIR`: the navigation an app's code does, read from its sources and resolved
/// against its storyboards; what could not be resolved, with the reason and the line.
struct Infer: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the navigation an app's Swift and Objective-C code does, and what could not be resolved.")

    @Argument(help: "The app's folder (read as `serve` reads it: its Info.plist, storyboards, xibs and sources), or a folder of storyboards and sources.")
    var path: String

    @Option(help: "text or json.")
    var format = "text"

    @Option(help: "Also write the steps found as an overlay file (YAML) to edit.")
    var overlay: String?

    @Flag(help: "Also print how many scenes are reached breadth-first from the launch scene, without and with the navigation read from code.")
    var reach = false

    @Option(help: "The storyboard or nib the app launches (default: the one `serve` picks).")
    var main: String?

    func validate() throws {
        guard ["text", "json"].contains(format) else { throw ValidationError("--format must be text or json") }
    }

    func run() throws {
        let storyboard: Storyboard
        let result: InferenceResult
        do {
            (storyboard, result) = try load()
        } catch {
            Console.current.errorLine(error.description)
            throw ExitCode(1)
        }
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

    /// An app folder as `serve` loads it (every scene, nib-based ones included, launched at its
    /// Info.plist's or code's root); else the folder's storyboards.
    func load() throws(FlowSource.LoadError) -> (Storyboard, InferenceResult) {
        if let app = try FlowSource.analyzeApp(path: path, options: AppLoadOptions(main: main)) {
            return (app.app.storyboard, app.result)
        }
        var storyboard: Storyboard
        do {
            storyboard = try StoryboardImporter.loadDirectory(path: path)
        } catch {
            throw FlowSource.LoadError(diagnostics: error.diagnostics)
        }
        if let main, let initial = SceneReach.initialScene(ofStoryboard: main, in: storyboard) { storyboard.initialViewController = initial }
        storyboard = FlowSource.servingStoryboard(storyboard)
        return (storyboard, NavigationAnalysis.analyze(root: path, storyboard: storyboard))
    }

    /// `reach: BEFORE -> AFTER of N navigable scenes`, from the launch scene (``SceneReach/measure(_:result:)``).
    func printReach(_ storyboard: Storyboard, _ result: InferenceResult) throws {
        guard let reach = SceneReach.measure(storyboard, result: result) else {
            Console.current.line("reach: no launch scene")
            return
        }
        Console.current.line("reach: \(reach.before.count) -> \(reach.after.count) of \(reach.navigable.count) navigable scenes from \(reach.starts.joined(separator: " and "))")
        if !reach.unreached.isEmpty { Console.current.line("unreached: " + reach.unreached.joined(separator: ", ")) }
    }
}
