import SegueAppFolder
import SegueCore
import SegueSourceNav
import Testing
@testable import SegueServer

/// An app folder whose code shows controllers no storyboard has, and containers it fills in
/// code, served as `serve` serves it: each is a screen a person reaches by tapping.
@Suite("Controllers made in code, served")
struct MadeInCodeServingTests {
    static func loaded() throws -> (app: AppImport, storyboard: Storyboard) {
        try #require(try FlowSource.loadAppWithCode(path: repositoryRoot + "/Tests/Fixtures/MadeInCodeApp"))
    }

    static func launched() throws -> Window {
        let loaded = try loaded()
        let window = Window(id: "m", storyboard: loaded.storyboard)
        try window.launch()
        return window
    }

    static func tap(_ title: String, in window: Window) throws {
        let element = try #require(window.elements.first { $0.title == title && $0.enabled }, "no element '\(title)'")
        try window.perform(.tap(element: element.id, values: [:]))
    }

    @Test("a controller made in code is pushed as a screen that says so, and its bar item made in code leads on")
    func pushedAndOnward() throws {
        let window = try Self.launched()
        try Self.tap("Settings", in: window)
        #expect(window.visibleControllers.last?.sceneID == "SettingsViewController")
        try Self.tap("About", in: window)
        #expect(window.visibleControllers.last?.sceneID == "about")
        // Back twice: UIKit's back buttons, as for any pushed screen.
        try window.perform(.pop(navigationController: nil))
        try window.perform(.pop(navigationController: nil))
        #expect(window.visibleControllers.last?.sceneID == "feed")
    }

    @Test("a container filled in code presents what it holds; a navigation controller made in code shows its root")
    func containers() throws {
        let window = try Self.launched()
        try Self.tap("Sign In", in: window)
        #expect(window.visibleControllers.last?.sceneID == "login")
        try Self.tap("Terms", in: window)
        // Presented inside the navigation controller the code made around it.
        let top = try #require(window.visibleControllers.last)
        #expect(top.sceneID == "terms" && top.navigationController?.sceneID == "code-nav-terms")
    }

    @Test("a screen made in code shows a label that says where its view is made")
    func placeholderLabel() throws {
        let loaded = try Self.loaded()
        let help = try #require(loaded.storyboard["HelpScreen"])
        #expect(help.title == nil)
        #expect(help.view.map(\.text) == ["HelpScreen: view made in code (Sources/EditNavigationController.m)"])
        #expect(loaded.storyboard["EditNavigationController"]?.rootViewController == "about")
    }
}
