import SegueCore
import SegueFlowFiles

/// Windows for the targets that act on a flow: a small flow of every container kind (tabs,
/// navigation, split, pages, presentations, controls), parsed once.
public enum FuzzWindow {
    static let flow: Storyboard = {
        do {
            return try FlowFileLoader.parse(flowText, fileName: "fuzz.yaml", format: .yaml)
        } catch {
            fatalError("the fuzz flow does not load: \(error)")
        }
    }()

    /// A window of the fuzz flow, not launched (for restoring a URL).
    public static func unlaunched() -> Window { Window(id: "fuzz", storyboard: flow) }

    /// A launched window of the fuzz flow.
    public static func launched() -> Window? {
        let window = unlaunched()
        return (try? window.launch()) == nil ? nil : window
    }

    /// Launches a window on an imported storyboard, ignoring errors (a flow without an initial
    /// scene cannot launch).
    public static func launch(_ storyboard: Storyboard) {
        _ = try? Window(id: "fuzz", storyboard: storyboard).launch()
    }

    static let flowText = """
        initialViewController: tabs
        scenes:
          tabs:
            kind: tabBarController
            viewControllers: [nav, split, book, t3, t4, t5, t6]
          nav: {kind: navigationController, rootViewController: list, definesPresentationContext: true}
          list:
            title: List
            unwindActions: [toList]
            view:
              - button: {id: toDetail, title: Detail, segue: toDetail}
              - button: {id: toSheet, title: Sheet, segue: toSheet}
              - button: {id: toPopover, title: Popover, segue: toPopover}
              - switch: {id: flag, text: Flag, isOn: true}
              - textField: {id: name, placeholder: Name}
            segues:
              toDetail: {kind: show, destination: detail}
              toSheet: {kind: presentation, destination: sheetNav, modalPresentationStyle: pageSheet}
              toPopover: {kind: popoverPresentation, destination: detail}
          detail:
            title: Detail
            view:
              - button: {id: back, title: Back, segue: back}
              - button: {id: deeper, title: Deeper, segue: deeper}
            segues:
              back: {kind: unwind, action: toList}
              deeper: {kind: show, destination: detail}
          sheetNav: {kind: navigationController, rootViewController: sheet}
          sheet:
            title: Sheet
            view:
              - button: {id: done, title: Done, segue: done}
            segues:
              done: {kind: unwind, action: toList}
          split:
            kind: splitViewController
            masterViewController: masterNav
            detailViewController: detail
          masterNav: {kind: navigationController, rootViewController: master}
          master:
            title: Master
            view:
              - button: {id: showDetail, title: Show, segue: showDetail}
            segues:
              showDetail: {kind: showDetail, destination: detail}
          book:
            kind: pageViewController
            title: Book
            transitionStyle: scroll
            pages: [p1, p2, p3]
          p1: {title: P1, view: [{label: One}]}
          p2: {title: P2, view: [{label: Two}]}
          p3: {title: P3, view: [{label: Three}]}
          t3: {title: T3, view: [{label: T3}]}
          t4: {title: T4, view: [{label: T4}]}
          t5: {title: T5, view: [{label: T5}]}
          t6: {title: T6, view: [{label: T6}]}
        """
}
