import Testing
@testable import SegueCore

/// nav[a] pushes b; b (a presentation context) presents m full screen, o over its context, and
/// pushes c; every one of them unwinds to a (`toA`). `a` has two bar buttons, one a popover.
func unwindStoryboard() -> Storyboard {
    func present(_ id: String, _ destination: String, _ style: ModalPresentationStyle) -> SegueSpec {
        segue(id, .presentation, to: destination, style: style)
    }
    return storyboard(initial: "nav", [
        scene("nav", .navigationController) { $0.rootViewController = "a" },
        scene("a") {
            $0.unwindActions = ["toA"]
            $0.navigationItem.rightBarButtonItems = [
                BarButtonItemSpec(id: "pick", title: "Pick", tap: .segue("pick")),
                BarButtonItemSpec(id: "next", title: "Next", tap: .segue("b")),
            ]
            $0.view = [button("aButton", "Go", .segue("b"))]
            $0.segues = [segue("b", .show, to: "b"), segue("pick", .popoverPresentation, to: "picker")]
        },
        scene("b") {
            $0.definesPresentationContext = true
            $0.segues = [present("full", "m", .fullScreen), present("over", "o", .overCurrentContext),
                         present("context", "o", .currentContext), segue("c", .show, to: "c"),
                         segue("back", .unwind, action: "toA")]
        },
        scene("c") { $0.segues = [segue("back", .unwind, action: "toA")] },
        scene("m") { $0.segues = [segue("back", .unwind, action: "toA")] },
        scene("o") { $0.segues = [segue("back", .unwind, action: "toA")] },
        scene("picker"),
    ])
}
