import Foundation
import SegueCore
import SegueFlowFiles
import SegueServer

/// Serves `Examples/mail.yaml` with `ComposeController` registered for the scene class
/// `ComposeController`: `swift run mail-guarded [port]`.
@main
enum MailGuarded {
    static func main() throws {
        var registry = ControllerRegistry()
        registry.register(ComposeController.self, as: "ComposeController")
        let storyboard = try FlowFileLoader.load(path: "Examples/mail.yaml")
        var configuration = SegueService.Configuration()
        configuration.http.port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 8080
        let service = SegueService(storyboard: storyboard, registry: registry, configuration: configuration)
        try service.start()
        FileHandle.standardOutput.write(Data("Segue (mail with a guarded Send) at http://127.0.0.1:\(service.port)\n".utf8))
        while true { sleep(3600) }
    }
}
