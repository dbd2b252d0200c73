import Testing
@testable import SegueCore
import SegueJSON

/// Navigation bar, toolbar and element rules.
@Suite struct ChromeTests {
    func bar(_ w: Window) -> NavigationBar? {
        guard case .navigation(let nav) = w.screen().layers.last!.pane else { return nil }
        return nav.bar
    }

    @Test func backButtonTitleRules() throws {
        var board = mailStoryboard()
        let w = try launched(board)
        #expect(bar(w)?.backButton == nil)  // root: no back button
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        #expect(bar(w)?.backButton?.title == "Mailboxes")  // the title of the controller below
        #expect(bar(w)?.title == "Inbox")

        board.scenes["mailboxes"]!.navigationItem.backBarButtonItem = BarButtonItemSpec(title: "Boxes")
        let w2 = try launched(board)
        _ = try w2.perform(.tap(element: "inboxRow", values: [:]))
        #expect(bar(w2)?.backButton?.title == "Boxes")  // backBarButtonItem wins

        board.scenes["mailboxes"]!.navigationItem.backBarButtonItem = nil
        board.scenes["mailboxes"]!.title = nil
        let w3 = try launched(board)
        _ = try w3.perform(.tap(element: "inboxRow", values: [:]))
        #expect(bar(w3)?.backButton?.title == "Back")  // no title: "Back"
    }

    @Test func leftItemsReplaceTheBackButtonUnlessTheySupplementIt() throws {
        var board = mailStoryboard()
        board.scenes["inbox"]!.navigationItem.leftBarButtonItems = [BarButtonItemSpec(id: "l1", title: "Left")]
        let w = try launched(board)
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        #expect(bar(w)?.backButton == nil)
        #expect(bar(w)?.leftItems.map(\.title) == ["Left"])
        board.scenes["inbox"]!.navigationItem.leftItemsSupplementBackButton = true
        let w2 = try launched(board)
        _ = try w2.perform(.tap(element: "inboxRow", values: [:]))
        #expect(bar(w2)?.backButton != nil)
        #expect(w2.elements.prefix(2).map(\.role) == [.backButton, .barButton])
        board.scenes["inbox"]!.navigationItem.hidesBackButton = true
        let w3 = try launched(board)
        _ = try w3.perform(.tap(element: "inboxRow", values: [:]))
        #expect(bar(w3)?.backButton == nil)
    }

    @Test func rightItemsReadLeftToRightWithTheFirstRightmost() throws {
        var board = mailStoryboard()
        board.scenes["mailboxes"]!.navigationItem.rightBarButtonItems = [
            BarButtonItemSpec(id: "first", systemItem: .add), BarButtonItemSpec(id: "second", title: "Two", style: .done),
        ]
        let w = try launched(board)
        let right = bar(w)!.rightItems
        #expect(right.map(\.elementID) == ["second", "first"])
        #expect(right[0].isBold)
        #expect(right[1].title == "Add")
    }

    @Test func aTableBeingEditedListsEachRowsControlsWithTheRow() throws {
        let board = storyboard(initial: "list", [
            scene("list", .tableViewController) {
                var table = ViewNode(.table)
                table.sections = [TableSection(rows: ["a", "b"].map { name in
                    var row = TableRow(id: name, text: name.uppercased())
                    row.content = [ViewNode(.switch, id: "\(name)Switch", text: "On")]
                    return row
                })]
                $0.view = [table]
            },
        ])
        let w = try launched(board)
        _ = try w.perform(.setEditing(true, controller: nil))
        // Reading order: Delete at the row's left, its own switch, then the move buttons.
        #expect(w.elements.map(\.id) == ["a.delete", "aSwitch", "a.moveDown", "b.delete", "bSwitch", "b.moveUp"])
        #expect(w.screen().elements.map(\.id) == w.elements.map(\.id))
    }

    @Test func tappingBackPopsAndEditTogglesItsTitle() throws {
        var board = mailStoryboard()
        board.scenes["inbox"]!.navigationItem.leftBarButtonItems = [BarButtonItemSpec(id: "editButton", systemItem: .edit)]
        board.scenes["inbox"]!.navigationItem.leftItemsSupplementBackButton = true
        let w = try launched(board)
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        #expect(w.elements.first { $0.id == "editButton" }?.title == "Edit")
        #expect(try w.run(.tap(element: "editButton", values: [:])) == ["inbox.setEditing"])
        #expect(w.elements.first { $0.id == "editButton" }?.title == "Done")
        let back = w.elements.first { $0.role == .backButton }!
        _ = try w.perform(.tap(element: back.id, values: [:]))
        #expect(w.visibleScenes == ["mailboxes"])
    }

    @Test func toolbarShowsTheTopItemsAndHidesForHidesBottomBarWhenPushed() throws {
        var board = mailStoryboard()
        board.scenes["nav"]!.toolbarHidden = false
        board.scenes["inbox"]!.toolbarItems = [BarButtonItemSpec(id: "refresh", systemItem: .refresh)]
        board.scenes["message"]!.hidesBottomBarWhenPushed = true
        let w = try launched(board)
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        guard case .navigation(let nav) = w.screen().layers[0].pane else { Issue.record("no nav"); return }
        #expect(nav.toolbar?.map(\.title) == ["Refresh"])
        _ = try w.perform(.tap(element: "msg1", values: [:]))
        guard case .navigation(let nav2) = w.screen().layers[0].pane else { Issue.record("no nav"); return }
        #expect(nav2.toolbar == nil)
    }

    @Test func aContentSceneHidesTheNavigationBarOrShowsTheToolbarWhileOnTop() throws {
        var board = mailStoryboard()
        board.scenes["inbox"]!.navigationBarHidden = true
        board.scenes["inbox"]!.toolbarHidden = false
        board.scenes["inbox"]!.toolbarItems = [BarButtonItemSpec(id: "refresh", systemItem: .refresh)]
        let w = try launched(board)
        func json() -> String { String(decoding: w.stateJSON(), as: UTF8.self) }
        #expect(bar(w) != nil)
        #expect(json().contains("\"navigationBarHidden\":false,\"toolbarHidden\":true"))
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        #expect(bar(w) == nil)
        #expect(!w.elements.contains { $0.role == .backButton })
        #expect(w.elements.last?.id == "refresh")
        // The state reports what shows, as UIKit's properties would after the scene set them.
        #expect(json().contains("\"navigationBarHidden\":true,\"toolbarHidden\":false"))
        _ = try w.perform(.pop(navigationController: nil))
        #expect(bar(w) != nil)
        #expect(!w.elements.contains { $0.id == "refresh" })
    }

    @Test func theStateShowsBarItemsAsDrawn() throws {
        var board = mailStoryboard()
        board.scenes["mailboxes"]!.navigationItem.rightBarButtonItems = [
            BarButtonItemSpec(id: "editBoxes", systemItem: .edit),
            { var i = BarButtonItemSpec(id: "add", title: nil); i.image = "plus"; i.tap = .segue("showInbox"); return i }(),
        ]
        board.scenes["nav"]!.tabBarItem = TabBarItemSpec(title: "Mail")
        board.scenes["nav"]!.tabBarItem?.image = "tray"
        let w = try launched(board)
        func json() -> String { String(decoding: w.stateJSON(), as: UTF8.self) }
        #expect(json().contains(#"{"id":"editBoxes","title":"Edit","systemItem":"edit"}"#))
        #expect(json().contains(#"{"id":"add","title":null,"image":"plus"}"#))
        #expect(json().contains(#""tabBarItem":{"title":"Mail","badgeValue":null,"image":"tray"}"#))
        _ = try w.perform(.tap(element: "editBoxes", values: [:]))
        #expect(json().contains(#"{"id":"editBoxes","title":"Done","systemItem":"done","style":"done"}"#))
    }

    @Test func elementsComeInReadingOrderAndOnlyFromTheFrontLayer() throws {
        let w = try launched(mailStoryboard(), traits: .padLandscape)
        _ = try w.perform(.tap(element: "inboxRow", values: [:]))
        #expect(w.elements.map(\.role) == [.backButton, .barButton, .row])
        _ = try w.perform(.tap(element: "composeButton", values: [:]))
        #expect(w.screen().layers.map(\.appearance) == [.fullScreen, .formSheet])
        #expect(w.screen().layers[0].isDimmed)
        #expect(w.elements.map(\.id) == ["cancel", "send", "subject"])
    }

    @Test func switchesToggleAndTextFieldsKeepValues() throws {
        let board = storyboard(initial: "s", [scene("s") {
            var go = ViewNode(.button, id: "go", text: "Go")
            go.tap = .action("edit")
            $0.view = [ViewNode(.switch, id: "wifi", text: "Wi-Fi"), ViewNode(.textField, id: "name"), go]
        }])
        let w = try launched(board)
        let outcome = try w.perform(.tap(element: "wifi", values: [:]))
        #expect(outcome.events.isEmpty && outcome.changed)
        #expect(w.root.isOn("wifi"))
        _ = try w.perform(.setValues(["name": .text("Ann")]))
        #expect(w.root.text(of: "name") == "Ann")
        expectRefusal(.unknownElement) { _ = try w.perform(.setValues(["nope": .text("x")])) }
        // A button takes no value; nothing is set, the text field's value included.
        expectRefusal(.invalidRequest) { _ = try w.perform(.setValues(["go": .text("x"), "name": .text("Bo")])) }
        #expect(w.root.text(of: "name") == "Ann" && w.root.values["go"] == nil)
    }
}
