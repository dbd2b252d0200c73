import SegueCore
import SegueFlowFiles
import SeguePageURL
import Testing

/// A flow that UIKit runs but whose segues fail when performed: it loads, launches, and each
/// failing segue is refused with its code, leaving the state and the event log as they were.
@Suite struct RunTimeFailureTests {
    static let flow = """
    initialViewController: a
    scenes:
      a:
        title: A
        view:
          - button: {id: go, title: Go, segue: go}
          - button: {id: back, title: Back, segue: back}
          - button: {id: curl, title: Curl, segue: curl}
        segues:
          go: {kind: push, destination: b}
          back: {kind: unwind, action: backToNowhere}
          curl: {kind: presentation, destination: b, modalPresentationStyle: formSheet, modalTransitionStyle: partialCurl}
      b: {title: B}
    """

    @Test(arguments: [
        ("go", ActionError.Code.illegalTransition),
        ("back", .unwindNotFound),
        ("curl", .illegalTransition),
    ])
    func refusedWithItsCodeAndNoChange(element: String, code: ActionError.Code) throws {
        let storyboard = try FlowFileLoader.parse(Self.flow, fileName: "flow.yaml", format: .yaml)
        let window = Window(id: "w", storyboard: storyboard)
        try window.launch()
        let (url, version, lastSeq) = (window.canonicalURL, window.version, window.log.lastSeq)
        do {
            _ = try window.perform(.tap(element: element, values: [:]))
            Issue.record("tap \(element) was performed")
        } catch {
            #expect(error.code == code)
        }
        #expect(window.canonicalURL == url)
        #expect(window.version == version)
        #expect(window.log.lastSeq == lastSeq)
    }
}
