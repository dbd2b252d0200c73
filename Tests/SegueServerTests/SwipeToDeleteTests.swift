@testable import SegueCore
import SegueFlowFiles
@testable import SegueHTML
@testable import SegueSourceNav
import Testing

/// Swipe to delete read from the code: a controller class whose table data source commits
/// deletions gets UIKit's Delete button on each row, in either era; choosing it deletes the row.
@Suite("Swipe to delete")
struct SwipeToDeleteTests {
    static let flow = """
        initialViewController: notesNav
        scenes:
          notesNav: {kind: navigationController, rootViewController: notes}
          notes:
            kind: tableViewController
            class: NotesViewController
            title: Notes
            view:
              - table:
                  rows:
                    - {id: milk, text: Milk}
                    - {id: bread, text: Bread}
                    - {id: tea, text: Tea, trailingSwipeActions: [{id: pin, title: Pin}]}
        """

    static let sources = [
        SwiftReader.read(source: """
            class NotesViewController: UITableViewController {
                override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
                    notes.remove(at: indexPath.row)
                    tableView.deleteRows(at: [indexPath], with: .automatic)
                }
            }
            class ArchiveViewController: NotesViewController {}
            class CustomActionsViewController: NotesViewController {
                override func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
            }
            class PlainViewController: UITableViewController {}
            """, file: "Notes.swift"),
        ObjCReader.read(source: """
            @implementation InboxViewController
            - (void)tableView:(UITableView *)tableView commitEditingStyle:(UITableViewCellEditingStyle)style forRowAtIndexPath:(NSIndexPath *)indexPath {
                [self.items removeObjectAtIndex:indexPath.row];
            }
            @end
            """, file: "Inbox.m"),
    ]

    static func storyboard(era: UIKitEra) throws -> Storyboard {
        var flow = try FlowFileLoader.parse(flow, fileName: "notes.yaml", format: .yaml)
        flow.era = era
        let result = NavigationAnalysis.analyze(facts: sources, storyboard: flow)
        return CodeNavigationApplier.apply(result, to: flow)
    }

    @Test("classes that commit deletions, and those inheriting it, delete by swiping; custom actions win")
    func classesFromCode() throws {
        let flow = try FlowFileLoader.parse(Self.flow, fileName: "notes.yaml", format: .yaml)
        let result = NavigationAnalysis.analyze(facts: Self.sources, storyboard: flow)
        #expect(result.rowDeletingClasses == ["NotesViewController", "ArchiveViewController", "InboxViewController"])
        #expect(InferenceReport.text(result, storyboard: flow).contains("rows deleted by swiping: ArchiveViewController, InboxViewController, NotesViewController"))
        #expect(InferenceReport.json(result).contains(#""rowDeletingClasses":["ArchiveViewController","InboxViewController","NotesViewController"]"#))
    }

    @Test("each row without trailing actions of its own gets Delete", arguments: [UIKitEra.ios7, .modern])
    func deleteIsAnElementAndDeletesItsRow(era: UIKitEra) throws {
        let window = Window(id: "notes", storyboard: try Self.storyboard(era: era), traits: .phonePortrait)
        try window.launch()
        let deletes = window.elements.filter { $0.title == "Delete" }
        #expect(deletes.map(\.id) == ["milk.trailing.0", "bread.trailing.0"])
        #expect(deletes.allSatisfy { $0.role == .button && $0.enabled })
        // Tea's own action is the modern era's only (a contextual action).
        #expect(window.elements.contains { $0.id == "pin" } == (era == .modern))
        let notes = try #require(window.visibleControllers.last { !$0.isContainer })
        #expect(notes.tableRows(table: 1, section: 0)?.map(\.id) == ["milk", "bread", "tea"])
        try window.perform(.tap(element: "milk.trailing.0", values: [:]))
        #expect(notes.tableRows(table: 1, section: 0)?.map(\.id) == ["bread", "tea"])
        #expect(window.elements.filter { $0.title == "Delete" }.map(\.id) == ["bread.trailing.0"])
        let page = String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
        #expect(page.contains("swipe-action is-destructive") && page.contains(">Delete</button>"))
        #expect(!page.contains(">Milk<"))
    }

    @Test("a table being edited shows its delete controls, not swipe actions")
    func editingHidesSwipeActions() throws {
        let window = Window(id: "notes", storyboard: try Self.storyboard(era: .modern), traits: .phonePortrait)
        try window.launch()
        let notes = try #require(window.visibleControllers.last { !$0.isContainer })
        try window.perform(.setEditing(true, controller: notes.id))
        #expect(!window.elements.contains { $0.id.contains(".trailing.") || $0.id == "pin" })
        #expect(window.elements.contains { $0.id == "milk.delete" })
    }
}
