import SegueCore
import SegueFlowFiles
import Testing

/// Flow-file keys for presentations and containers: inline alerts, container embeds, orientation settings.
@Suite struct PresentationFlowTests {
    @Test func inlineAlertsBecomeAlertScenesPresentedBySegues() throws {
        let board = try #require(load("""
        initialViewController: home
        scenes:
          home:
            navigationItem:
              rightBarButtonItems:
                - id: trash
                  systemItem: trash
                  alert:
                    title: Delete?
                    message: Gone for good.
                    preferredStyle: actionSheet
                    textFields: [{id: why, placeholder: Why}]
                    actions:
                      - {title: Delete, style: destructive, segue: gone}
                      - {title: Cancel, style: cancel}
            view:
              - button: {id: ask, text: Ask, alert: {title: Sure?, actions: [{title: OK}]}}
            segues:
              gone: {kind: show, destination: other}
          other: {}
        """))
        let home = try #require(board["home"])
        #expect(home.segue("alert.1")?.destination == "home.alert.1")
        #expect(home.segue("alert.2")?.kind == .presentation)
        let sheet = try #require(board["home.alert.1"])
        #expect(sheet.kind == .alertController)
        #expect(sheet.alert?.preferredStyle == .actionSheet && sheet.alert?.message == "Gone for good.")
        #expect(sheet.alert?.textFields.map(\.id) == ["why"])
        #expect(sheet.alert?.actions.map(\.style) == [.destructive, .cancel])
        #expect(home.navigationItem.rightBarButtonItems.first?.tap == .segue("alert.1"))
        #expect(board["home.alert.2"]?.alert?.title == "Sure?")
    }

    @Test func inlineAlertProblemsAreListed() {
        let lines = problems("""
        initialViewController: home
        scenes:
          home:
            view:
              - button: {text: A, segue: x, alert: {title: T}}
              - button: {text: B, alert: {title: T, colour: red}}
              - button: {text: C, alert: {actions: [{title: Go, segue: nowhere}]}}
        """)
        #expect(lines.contains { $0.contains("has 'alert' and also 'segue' or 'action'") })
        #expect(lines.contains { $0.contains("colour") })
        #expect(lines.contains { $0.contains("unknown segue 'nowhere'") })
    }

    @Test func containersEmbedSegues() throws {
        let board = try #require(load("""
        initialViewController: recipe
        scenes:
          recipe:
            view:
              - container: {id: box, embed: content}
            segues:
              content: {kind: embed, destination: ingredients}
          ingredients: {}
        """))
        let window = Window(id: "t", storyboard: board)
        try window.launch()
        #expect(window.root.children.map(\.sceneID) == ["ingredients"])
        let lines = problems("""
        initialViewController: recipe
        scenes:
          recipe:
            view:
              - container: {embed: nothing}
              - container: {embed: shown}
            segues:
              shown: {kind: show, destination: other}
          other: {}
        """)
        #expect(lines.contains { $0.contains("embeds unknown segue 'nothing'") })
        #expect(lines.contains { $0.contains("which is a show segue, not embed") })
    }

    @Test func orientationSettingsDecideTheRotationTrio() throws {
        let board = try #require(load("""
        initialViewController: home
        scenes:
          home: {supportedInterfaceOrientations: [portrait], shouldAutorotate: true}
          free: {}
          fixed: {shouldAutorotate: false}
        """))
        #expect(board["home"]?.supportedInterfaceOrientations == [.portrait])
        #expect(board["fixed"]?.shouldAutorotate == false)
        func trio(_ initial: String) throws -> Bool {
            var copy = board
            copy.initialViewController = initial
            let window = Window(id: "t", storyboard: copy)
            try window.launch()
            let outcome = try window.perform(.setTraits(Traits(width: 844, height: 390)))
            // A refused rotation changes nothing, traits included.
            let rotates = outcome.events.contains { $0.event == .willRotateToInterfaceOrientation }
            #expect(outcome.events.contains { $0.event == .traitCollectionDidChange } == rotates)
            #expect(window.traits.orientation == (rotates ? .landscape : .portrait))
            return rotates
        }
        #expect(try trio("free"))
        #expect(try !trio("home"))
        #expect(try !trio("fixed"))
        #expect(problems("""
        initialViewController: home
        scenes:
          home: {supportedInterfaceOrientations: [sideways]}
        """).contains { $0.contains("unknown supportedInterfaceOrientations 'sideways'") })
    }
}
