import Foundation
import SegueCore
import SegueFlowFiles
import Testing

/// What the loader builds: the storyboard model, field by field.
@Suite struct MappingTests {
    @Test func mailExampleStructure() throws {
        let path = examplePath("mail.yaml")
        let storyboard = try FlowFileLoader.load(path: path)
        #expect(storyboard.initialViewController == "mailNav")
        #expect(storyboard.sceneOrder == ["mailNav", "mailboxes", "inbox", "mailbox", "message", "composeNav", "compose"])
        #expect(storyboard["mailNav"]?.kind == .navigationController)
        #expect(storyboard["mailNav"]?.rootViewController == "mailboxes")

        let inbox = try #require(storyboard["inbox"])
        #expect(inbox.kind == .tableViewController)
        #expect(inbox.title == "Inbox")
        #expect(inbox.restorationIdentifier == "inbox")
        #expect(inbox.toolbarHidden == false)
        #expect(inbox.unwindActions == ["sentMessage", "deletedMessage"])
        #expect(inbox.navigationItem.backBarButtonItem?.title == "Inbox")
        #expect(inbox.navigationItem.leftItemsSupplementBackButton)
        #expect(inbox.navigationItem.rightBarButtonItems.first?.systemItem == .compose)
        #expect(inbox.navigationItem.rightBarButtonItems.first?.tap == .segue("compose"))
        #expect(inbox.toolbarItems.map(\.systemItem) == [.refresh, .flexibleSpace, nil, .flexibleSpace])
        #expect(inbox.toolbarItems[2].enabled == false)
        #expect(inbox.segues.map(\.id) == ["openAnna", "openDaniel", "openKate", "compose"])
        let compose = try #require(inbox.segue("compose"))
        #expect(compose.kind == .presentation)
        #expect(compose.destination == "composeNav")
        #expect(compose.modalPresentationStyle == .formSheet)
        #expect(inbox.segue("openAnna")?.passes["from"] == "Anna Haro")

        let table = try #require(inbox.view.first)
        #expect(table.kind == .table)
        #expect(table.style == "plain")
        #expect(table.sections.count == 1)
        let row = try #require(table.sections.first?.rows.first)
        #expect(row.id == "msgAnna")
        #expect(row.text == "Anna Haro")
        #expect(row.style == .subtitle)
        #expect(row.accessory == .disclosureIndicator)
        #expect(row.tap == .segue("openAnna"))

        // Locations point into the file.
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        func line(_ location: SegueCore.SourceLocation?) -> String { location.map { String(lines[$0.line - 1]) } ?? "" }
        #expect(inbox.location?.file == path)
        #expect(line(inbox.location) == "  inbox:")
        #expect(line(compose.location).hasPrefix("      compose:"))
        #expect(line(row.location).contains("id: msgAnna"))
        #expect(line(table.location).contains("- table:"))
        let composeItemLine = line(inbox.navigationItem.rightBarButtonItems.first?.location)
        #expect(composeItemLine.contains("id: compose"))

        let composeScene = try #require(storyboard["compose"])
        #expect(composeScene.navigationItem.leftBarButtonItems.first?.tap == .action("dismiss"))
        #expect(composeScene.navigationItem.rightBarButtonItems.first?.style == .done)
        #expect(composeScene.segue("sent")?.kind == .unwind)
        #expect(composeScene.segue("sent")?.action == "sentMessage")
        #expect(composeScene.view.map(\.kind) == [.textField, .textField, .textView])
        #expect(composeScene.view.map(\.placeholder) == ["To", "Subject", "Message"])
    }

    @Test func settingsExampleStructure() throws {
        let storyboard = try FlowFileLoader.load(path: examplePath("settings.yaml"))
        #expect(storyboard.initialViewController == "settingsNav")
        let settings = try #require(storyboard["settings"])
        let sections = try #require(settings.view.first?.sections)
        #expect(sections.count == 2)
        let wifi = try #require(sections[0].rows.first { $0.id == "wifiRow" })
        #expect(wifi.style == .value1)
        #expect(wifi.detail == "Home")
        #expect(storyboard["privacy"]?.navigationItem.prompt == "Apps that have requested access appear here.")
        #expect(storyboard["airplane"]?.view.first?.kind == .switch)
        #expect(storyboard["airplane"]?.view.first?.isOn == false)
        let alert = try #require(storyboard["resetSheet"]?.alert)
        #expect(alert.title == "Reset All Settings")
        #expect(alert.preferredStyle == .actionSheet)
        #expect(alert.actions.map(\.style) == [.destructive, .cancel])
        // General → About is two levels deep.
        #expect(storyboard["settings"]?.segue("showGeneral")?.destination == "general")
        #expect(storyboard["general"]?.segue("showAbout")?.destination == "about")
    }

    /// Examples/mail.json written as YAML.
    static let mailTwinYAML = """
        initialViewController: nav
        scenes:
          nav:
            kind: navigationController
            rootViewController: inbox
          inbox:
            kind: tableViewController
            title: Inbox
            restorationIdentifier: inbox
            unwindActions: [sentMessage]
            navigationItem:
              rightBarButtonItems:
                - {id: compose, systemItem: compose, segue: compose}
            view:
              - table:
                  id: messages
                  rows:
                    - {id: msg1, text: Anna Haro, detail: Lunch on Friday?, style: subtitle, accessory: disclosureIndicator, segue: open}
                    - {id: msg2, text: Kate Bell, detail: Photos from the trip, style: subtitle, accessory: disclosureIndicator, segue: open}
            segues:
              open:
                kind: show
                destination: message
                passes: {from: "{{sender.title}}"}
              compose: {kind: presentation, destination: composeNav, modalPresentationStyle: formSheet}
          message:
            title: Message
            view:
              - label: {id: from, text: "From: {{from}}", style: headline}
              - label: Hello!
          composeNav: {kind: navigationController, rootViewController: compose}
          compose:
            title: New Message
            navigationItem:
              leftBarButtonItems: [{id: cancel, systemItem: cancel, action: dismiss}]
              rightBarButtonItems: [{id: send, title: Send, style: done, segue: sent}]
            view:
              - textField: {id: subject, placeholder: Subject}
              - switch: {id: urgent, title: Urgent, isOn: false}
              - slider: {id: priority, value: 0.5}
            segues:
              sent: {kind: unwind, action: sentMessage, animates: true}
        """

    /// mail.json and its YAML twin load to the same storyboard.
    @Test func jsonAndYAMLLoadTheSameStructure() throws {
        let json = try FlowFileLoader.load(path: examplePath("mail.json"))
        let yaml = try FlowFileLoader.parse(Self.mailTwinYAML, fileName: "twin/mail.yml", format: .yaml)
        #expect(json.name == "mail")
        #expect(yaml.name == "mail")
        #expect(json.initialViewController == yaml.initialViewController)
        #expect(json.sceneOrder == yaml.sceneOrder)
        #expect(json.sceneOrder.count == 5)
        #expect(Set(json.scenes.values.flatMap { scene in scene.segues.map { "\(scene.id).\($0.id)" } })
                == Set(yaml.scenes.values.flatMap { scene in scene.segues.map { "\(scene.id).\($0.id)" } }))
        for id in json.sceneOrder {
            #expect(fingerprint(json[id]) == fingerprint(yaml[id]), "scene \(id)")
        }
        // The fingerprint sees the difference a single value makes.
        var changed = try #require(yaml["compose"])
        changed.view[2].value = 0.75
        #expect(fingerprint(changed) != fingerprint(json["compose"]))
    }

    @Test func shorthandsAndDefaults() throws {
        let storyboard = try #require(load("""
        initialViewController: a
        scenes:
          a:
            navigationItem:
              backBarButtonItem: {title: Back to A, style: plain}
            tabBarItem: {title: A, badgeValue: 3, systemItem: favorites, enabled: false, id: tabA}
            supportedInterfaceOrientations: [portrait, landscapeLeft]
            view:
              - label: Hello
              - button: Go
              - image: logo
              - textField: Email
              - spacer:
              - switch: {title: Wi‑Fi, isOn: true}
              - segmentedControl: {segments: [Day, Week], value: 1}
              - stack:
                  axis: horizontal
                  views:
                    - label: {text: Left, style: caption}
                    - button: {title: Right, style: filled, action: pop}
              - table:
                  rows:
                    - Plain row
                    - {text: Second, detail: 2, style: value1}
          b:
        """))
        let a = try #require(storyboard["a"])
        #expect(a.kind == .viewController)
        #expect(a.toolbarHidden)
        #expect(a.navigationItem.backBarButtonItem?.title == "Back to A")
        #expect(a.tabBarItem?.badgeValue == "3")
        #expect(a.tabBarItem?.systemItem == .favorites)
        #expect(a.tabBarItem?.enabled == false)
        #expect(a.supportedInterfaceOrientations == [.portrait, .landscapeLeft])
        #expect(a.view.map(\.kind) == [.label, .button, .image, .textField, .spacer, .switch, .segmentedControl, .stack, .table])
        #expect(a.view[0].text == "Hello")
        #expect(a.view[1].text == "Go")
        #expect(a.view[2].image == "logo")
        #expect(a.view[3].placeholder == "Email")
        #expect(a.view[5].text == "Wi‑Fi")
        #expect(a.view[5].isOn == true)
        #expect(a.view[6].segments == ["Day", "Week"])
        #expect(a.view[6].value == 1)
        #expect(a.view[7].axis == .horizontal)
        #expect(a.view[7].children.map(\.text) == ["Left", "Right"])
        #expect(a.view[7].children[1].style == "filled")
        #expect(a.view[7].children[1].tap == .action("pop"))
        #expect(a.view[8].sections.count == 1)
        #expect(a.view[8].sections[0].rows.map(\.text) == ["Plain row", "Second"])
        #expect(a.view[8].sections[0].rows[1].detail == "2")
        #expect(storyboard["b"]?.kind == .viewController)
    }

    @Test func containersAndAlerts() throws {
        let storyboard = try #require(load("""
        initialViewController: tabs
        scenes:
          tabs:
            kind: tabBarController
            viewControllers: [split, pages]
            selectedIndex: 1
            customizableViewControllers: [pages]
            refusesSelectionOf: [0]
          split:
            kind: splitViewController
            masterViewController: list
            detailViewController: detail
          pages:
            kind: pageViewController
            pages: [list, detail]
            navigationOrientation: vertical
          list:
            segues:
              ask: {kind: presentation, destination: ask, modalTransitionStyle: crossDissolve, animates: false}
          detail:
            unwindActions: [answered]
          ask:
            kind: alertController
            title: Sure?
            message: This cannot be undone.
            textFields: [{id: reason, placeholder: Reason}]
            actions:
              - {id: yes, title: Delete, style: destructive, segue: done}
              - {title: Cancel, style: cancel}
            segues:
              done: {kind: unwind, action: answered}
        """))
        let tabs = try #require(storyboard["tabs"])
        #expect(tabs.viewControllers == ["split", "pages"])
        #expect(tabs.selectedIndex == 1)
        #expect(tabs.customizableViewControllers == ["pages"])
        #expect(tabs.refusesSelectionOf == [0])
        #expect(storyboard["split"]?.relationshipTargets == ["list", "detail"])
        #expect(storyboard["pages"]?.pageView?.navigationOrientation == .vertical)
        #expect(storyboard["pages"]?.pageView?.transitionStyle == .scroll)
        let ask = try #require(storyboard["list"]?.segue("ask"))
        #expect(ask.animates == false)
        #expect(ask.modalTransitionStyle == .crossDissolve)
        let alert = try #require(storyboard["ask"]?.alert)
        #expect(alert.title == "Sure?")
        #expect(alert.message == "This cannot be undone.")
        #expect(alert.textFields == [.init(id: "reason", placeholder: "Reason")])
        #expect(alert.actions.map(\.title) == ["Delete", "Cancel"])
        #expect(alert.actions.first?.tap == .segue("done"))
        #expect(alert.actions.first?.id == "yes")
    }

    @Test func yamlMergeKeysAndAnchors() throws {
        let storyboard = try #require(load("""
        initialViewController: a
        scenes:
          a:
            view:
              - table:
                  rows:
                    - &row {text: One, accessory: disclosureIndicator, segue: next}
                    - {<<: *row, text: Two}
            segues:
              next: {destination: a}
        """))
        let rows = storyboard["a"]?.view.first?.sections.first?.rows ?? []
        #expect(rows.map(\.text) == ["One", "Two"])
        #expect(rows.map(\.accessory) == [.disclosureIndicator, .disclosureIndicator])
        #expect(storyboard["a"]?.segue("next")?.kind == .show)
    }
}

/// Everything about a scene but its source locations.
func fingerprint(_ scene: Scene?) -> String {
    guard var scene else { return "nil" }
    scene.location = nil
    func clear(_ item: inout BarButtonItemSpec) { item.location = nil }
    scene.navigationItem.leftBarButtonItems.indices.forEach { clear(&scene.navigationItem.leftBarButtonItems[$0]) }
    scene.navigationItem.rightBarButtonItems.indices.forEach { clear(&scene.navigationItem.rightBarButtonItems[$0]) }
    if scene.navigationItem.backBarButtonItem != nil { scene.navigationItem.backBarButtonItem!.location = nil }
    scene.toolbarItems.indices.forEach { clear(&scene.toolbarItems[$0]) }
    let passes = scene.segues.map { $0.passes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } }
    scene.segues.indices.forEach { scene.segues[$0].location = nil; scene.segues[$0].passes = [:] }
    func strip(_ node: ViewNode) -> ViewNode {
        var node = node
        node.location = nil
        node.children = node.children.map(strip)
        node.sections = node.sections.map { section in
            var section = section
            section.rows = section.rows.map { var row = $0; row.location = nil; return row }
            return section
        }
        return node
    }
    scene.view = scene.view.map(strip)
    return "\(scene) passes: \(passes)"
}
