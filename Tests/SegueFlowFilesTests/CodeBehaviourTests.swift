import Testing
import SegueCore
@testable import SegueFlowFiles

/// Flow-file and overlay keys for what code does.
@Suite struct CodeBehaviourTests {
    static let flow = """
    initialViewController: nav
    scenes:
      nav: {kind: navigationController, rootViewController: list}
      list:
        kind: tableViewController
        shouldPerformSegue: {open: {requires: [name]}, info: false, other: true}
        view:
          - textField: {id: name}
          - table:
              rows:
                - {id: row1, text: One, segue: open, accessorySegue: info}
                - {id: row2, text: Two, accessory: detailButton, accessorySegue: info}
        segues:
          open: {kind: show, destination: detail}
          info: {kind: presentation, destination: detail}
          other: {kind: show, destination: detail}
      detail: {preferredInterfaceOrientationForPresentation: landscapeRight, shouldAutomaticallyForwardAppearanceMethods: false}
      book:
        kind: pageViewController
        transitionStyle: pageCurl
        pages: [detail, detail, detail]
        spineLocationForInterfaceOrientation: {portrait: min, landscape: mid}
    """

    @Test func theKeysLoad() throws {
        let board = try FlowFileLoader.parse(Self.flow, fileName: "code.yaml", format: .yaml)
        let list = try #require(board["list"])
        #expect(list.shouldPerformSegue == ["open": .whileEmpty(["name"]), "info": .always])
        let rows = list.view.flatMap { node -> [TableRow] in node.sections.flatMap(\.rows) }
        #expect(rows.map(\.accessoryTap) == [.segue("info"), .segue("info")])
        #expect(rows.map(\.accessory) == [.detailDisclosureButton, .detailButton])
        #expect(board["detail"]?.preferredInterfaceOrientationForPresentation == .landscapeRight)
        #expect(board["detail"]?.shouldAutomaticallyForwardAppearanceMethods == false)
        #expect(board["book"]?.spineLocationForInterfaceOrientation == SpineLocations(portrait: .min, landscape: .mid))
    }

    @Test func wrongNamesAreRefusedWithTheirLines() {
        let broken = Self.flow
            .replacingOccurrences(of: "requires: [name]", with: "requires: [nmae]")
            .replacingOccurrences(of: "info: false", with: "infoo: false")
            .replacingOccurrences(of: "accessory: detailButton, accessorySegue", with: "accessory: checkmark, accessorySegue")
        do {
            _ = try FlowFileLoader.parse(broken, fileName: "code.yaml", format: .yaml)
            Issue.record("a broken file loaded")
        } catch {
            let text = error.description
            #expect(text.contains("unknown element 'nmae'") && text.contains("did you mean 'name'"))
            #expect(text.contains("unknown segue 'infoo'"))
            #expect(text.contains("needs a detailButton or detailDisclosureButton accessory"))
        }
    }

    @Test func overlaysDeclareRefusalsToo() throws {
        let board = try FlowFileLoader.parse(Self.flow, fileName: "code.yaml", format: .yaml)
        let overlay = try OverlayLoader.parse("""
        scenes:
          list:
            shouldPerformSegue: {other: false, open: {requires: [name]}}
        """, file: "o.yaml")
        #expect(overlay.validate(against: board).isEmpty)
        let applied = overlay.applied(to: board)
        #expect(applied["list"]?.shouldPerformSegue["other"] == .always)
        let wrong = try OverlayLoader.parse("scenes:\n  list:\n    shouldPerformSegue: {nope: false}\n", file: "o.yaml")
        #expect(wrong.validate(against: board).contains { $0.message.contains("nope") })
    }
}
