@testable import SegueCore

/// Fixtures for presentation styles, popovers, alerts, split and page views, custom containers.
func button(_ id: String, _ text: String, _ tap: TapTarget) -> ViewNode {
    var b = ViewNode(.button, id: id, text: text)
    b.tap = tap
    return b
}

func presentationStoryboard() -> Storyboard {
    func present(_ id: String, _ dest: String, _ style: ModalPresentationStyle?, _ transition: ModalTransitionStyle? = nil, kind: SegueKind = .presentation) -> SegueSpec {
        var s = SegueSpec(id: id, kind: kind, destination: dest)
        s.modalPresentationStyle = style
        s.modalTransitionStyle = transition
        return s
    }
    return storyboard(initial: "nav", [
        scene("nav", .navigationController) { $0.rootViewController = "home" },
        scene("home", title: "Home") {
            $0.navigationItem.rightBarButtonItems = [BarButtonItemSpec(id: "share", systemItem: .action, tap: .segue("pop"))]
            $0.view = [
                button("sheetB", "Sheet", .segue("sheet")), button("pageB", "Page", .segue("page")),
                button("overB", "Over", .segue("over")), button("customB", "Custom", .segue("custom")),
                button("curlB", "Curl", .segue("curl")), button("badCurlB", "Bad curl", .segue("badCurl")),
                button("flipB", "Flip", .segue("flip")), button("dissolveB", "Dissolve", .segue("dissolve")),
                button("alertB", "Alert", .segue("alert")), button("sheetActionB", "Actions", .segue("actions")),
            ]
            $0.unwindActions = ["backHome"]
            $0.segues = [
                present("sheet", "modal", .formSheet), present("page", "modal", .pageSheet),
                present("over", "modal", .overFullScreen), present("custom", "modal", .custom),
                present("curl", "modal", .fullScreen, .partialCurl), present("badCurl", "modal", .formSheet, .partialCurl),
                present("flip", "flipper", nil), present("dissolve", "flipper", nil, .crossDissolve),
                present("pop", "modal", nil, kind: .popoverPresentation),
                present("alert", "confirm", nil), present("actions", "choices", nil),
                present("next", "modal", .fullScreen),
                SegueSpec(id: "details", kind: .show, destination: "details"),
            ]
        },
        scene("details", title: "Details"),
        scene("modal", title: "Modal") {
            $0.view = [button("chain", "Chain", .segue("chain")), button("close", "Close", .action("dismiss"))]
            $0.segues = [present("chain", "modal", .fullScreen), SegueSpec(id: "home", kind: .unwind, action: "backHome")]
        },
        scene("flipper", title: "Flipper") { $0.modalTransitionStyle = .flipHorizontal },
        scene("confirm", .alertController, title: "Delete draft?") {
            var alert = AlertSpec()
            alert.title = "Delete draft?"
            alert.message = "This cannot be undone."
            alert.textFields = [.init(id: "reason", placeholder: "Reason")]
            alert.actions = [
                .init(id: "keep", title: "Keep", style: .cancel),
                .init(id: "delete", title: "Delete", style: .destructive, tap: .segue("details")),
                .init(id: "home", title: "Home", style: .default, tap: .segue("next")),
            ]
            $0.alert = alert
        },
        scene("choices", .alertController, title: "Choose") {
            var alert = AlertSpec()
            alert.preferredStyle = .actionSheet
            alert.actions = [.init(id: "one", title: "One"), .init(id: "cancelSheet", title: "Cancel", style: .cancel, tap: .segue("details"))]
            $0.alert = alert
        },
    ])
}

/// nav-less split: primary nav[list], secondary nav[detail]; page views; a recipe container.
func containerStoryboard(initial: String = "split") -> Storyboard {
    storyboard(initial: initial, [
        scene("split", .splitViewController) { $0.masterViewController = "listNav"; $0.detailViewController = "detailNav" },
        scene("listNav", .navigationController) { $0.rootViewController = "list" },
        scene("list", .tableViewController, title: "Mailboxes") {
            var row = TableRow(id: "open", text: "Open")
            row.tap = .segue("showIt")
            var table = ViewNode(.table)
            table.sections = [TableSection(rows: [row])]
            $0.view = [table]
            $0.segues = [SegueSpec(id: "showIt", kind: .showDetail, destination: "otherNav"),
                         SegueSpec(id: "legacy", kind: .replace, destination: "other")]
        },
        scene("detailNav", .navigationController) { $0.rootViewController = "detail" },
        scene("detail", title: "Detail"),
        scene("otherNav", .navigationController) { $0.rootViewController = "other" },
        scene("other", title: "Other") { $0.segues = [SegueSpec(id: "legacy", kind: .replace, destination: "detail")] },
        scene("book", .pageViewController) {
            $0.pages = ["p1", "p2", "p3", "p4"]
            var spec = PageViewSpec()
            spec.transitionStyle = .pageCurl
            spec.spineLocation = .mid
            $0.pageView = spec
        },
        scene("album", .pageViewController) { $0.pages = ["p1", "p2", "p3"] },
        scene("oddBook", .pageViewController) {
            $0.pages = ["p1", "p2", "p3"]
            var spec = PageViewSpec()
            spec.transitionStyle = .pageCurl
            spec.spineLocation = .mid
            $0.pageView = spec
        },
        scene("p1"), scene("p2"), scene("p3"), scene("p4"),
        scene("recipe", title: "Recipe") {
            var container = ViewNode(.container, id: "box")
            container.embed = "content"
            $0.view = [ViewNode(.label, text: "Soup"), container]
            $0.segues = [SegueSpec(id: "content", kind: .embed, destination: "ingredients")]
        },
        scene("ingredients", title: "Ingredients"),
        scene("note", title: "Note"),
    ])
}
