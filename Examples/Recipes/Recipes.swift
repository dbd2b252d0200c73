import Foundation
import SegueCore
import SegueFlowFiles
import SegueServer

/// Serves `Examples/recipes.yaml` with `RecipeContainer` registered for the scene class
/// `RecipeContainer`: `swift run recipes [port]`.
@main
enum Recipes {
    static func main() throws {
        var registry = ControllerRegistry()
        registry.register(RecipeContainer.self, as: "RecipeContainer")
        let storyboard = try FlowFileLoader.load(path: "Examples/recipes.yaml")
        var configuration = SegueService.Configuration()
        configuration.http.port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 8080
        let service = SegueService(storyboard: storyboard, registry: registry, configuration: configuration)
        try service.start()
        FileHandle.standardOutput.write(Data("Segue (recipes, a custom container) at http://127.0.0.1:\(service.port)\n".utf8))
        while true { sleep(3600) }
    }
}
