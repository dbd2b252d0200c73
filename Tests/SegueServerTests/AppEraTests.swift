import Foundation
import SegueCore
import SegueTestSupport
import Testing
@testable import SegueAppFolder
@testable import SegueServer

/// An app folder's era (docs/Semantics.md, "Two eras"): a scene manifest or a project's
/// deployment target of iOS 13 or later makes it modern; `--ios` (``AppLoadOptions/era``)
/// overrides what the files say.
@Suite("App era")
struct AppEraTests {
    @Test func aSceneManifestMakesTheAppModern() throws {
        let loaded = try loadApp("SceneApp")
        #expect(loaded.storyboard.era == .modern)
        #expect(loaded.storyboard.eraReason.contains("UIApplicationSceneManifest"))
    }

    @Test func anOldStoryboardWithoutOtherSignsStaysIOS7() throws {
        #expect(try loadApp("PadApp").storyboard.era == .ios7)
    }

    @Test func theProjectsDeploymentTargetDecides() throws {
        let root = Scratch.folder + "/era-\(UUID().uuidString)"
        let app = root + "/PadApp"
        try FileManager.default.createDirectory(atPath: root + "/Pad.xcodeproj", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: appFixture("PadApp"), toPath: app)
        defer { try? FileManager.default.removeItem(atPath: root) }
        func project(_ targets: [String]) throws {
            let lines = targets.map { "\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = \($0);" }.joined(separator: "\n")
            try Data("// !$*UTF8*$!\n{\n\(lines)\n}\n".utf8).write(to: URL(fileURLWithPath: root + "/Pad.xcodeproj/project.pbxproj"))
        }
        try project(["15.0", "16.4"])
        let modern = try #require(try AppLoader.load(path: app))
        #expect(modern.storyboard.era == .modern && modern.storyboard.eraReason.contains("15.0"))
        try project(["12.0", "15.0"])
        #expect(try #require(try AppLoader.load(path: app)).storyboard.era == .ios7)
        #expect(FlowSource.withEra(modern.storyboard, .ios7).era == .ios7)
    }

    @Test func deploymentTargetsAreReadFromProjectText() {
        let text = "A = 1;\n\t\tIPHONEOS_DEPLOYMENT_TARGET = 13.0;\n\t\tIPHONEOS_DEPLOYMENT_TARGET = \"9.3\";\nIPHONEOS_DEPLOYMENT_TARGET = ;\n"
        #expect(AppEra.deploymentTargets(in: text) == ["13.0", "9.3"])
    }

    @Test func theServeOptionOverridesTheFlowFile() throws {
        let flow = Scratch.folder + "/era-\(UUID().uuidString).yaml"
        try Data("era: modern\ninitialViewController: a\nscenes:\n  a: {title: A}\n".utf8).write(to: URL(fileURLWithPath: flow))
        defer { try? FileManager.default.removeItem(atPath: flow) }
        #expect(try FlowSource.load(path: flow, overlay: nil).era == .modern)
        let forced = try FlowSource.load(path: flow, overlay: nil, app: AppLoadOptions(era: .ios7))
        #expect(forced.era == .ios7 && forced.eraReason == "segue serve --ios 7")
    }
}
