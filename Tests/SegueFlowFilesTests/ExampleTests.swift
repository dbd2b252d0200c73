import Foundation
import SegueCore
import SegueFlowFiles
import Testing

@Suite struct ExampleTests {
    @Test func mailLoadsWithoutDiagnostics() throws {
        let storyboard = try FlowFileLoader.load(path: examplePath("mail.yaml"))
        #expect(storyboard.diagnostics.isEmpty)
        #expect(storyboard.name == "mail")
    }

    @Test func settingsLoadsWithoutDiagnostics() throws {
        let storyboard = try FlowFileLoader.load(path: examplePath("settings.yaml"))
        #expect(storyboard.diagnostics.isEmpty)
        #expect(storyboard.name == "settings")
    }

    @Test func mailJSONLoads() throws {
        let storyboard = try FlowFileLoader.load(path: examplePath("mail.json"))
        #expect(storyboard.diagnostics.isEmpty)
        #expect(storyboard.name == "mail")
    }
}
