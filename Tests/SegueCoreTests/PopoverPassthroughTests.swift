import Testing
@testable import SegueCore

/// A popover from a bar button item leaves that bar usable (passthrough).
@Suite struct PopoverPassthroughTests {
    @Test func aPopoverFromABarButtonKeepsThatBarUsable() throws {
        let w = try launched(unwindStoryboard(), traits: Traits(width: 1024, height: 768))
        _ = try w.run(.tap(element: "pick", values: [:]))
        #expect(w.topmostPresented?.presentedStyle == .popover)
        let ids = w.elements.map(\.id)
        #expect(ids.contains("pick") && ids.contains("next"))
        #expect(!ids.contains("aButton"))   // the content under the popover stays covered
        #expect(ids.contains { $0.hasSuffix(".outside") })
        // A passthrough item works while the popover shows.
        let push = try w.run(.tap(element: "next", values: [:]))
        #expect(push.contains("b.viewDidAppear{movingTo}"))
    }

    @Test func elementsReadTopToBottomAcrossLayers() throws {
        // A popover from a navigation bar button: the bar above it, then the popover.
        let w = try launched(unwindStoryboard(), traits: Traits(width: 1024, height: 768))
        _ = try w.run(.tap(element: "pick", values: [:]))
        let ids = w.elements.map(\.id)
        let popoverStart = try #require(ids.firstIndex { !["pick", "next"].contains($0) })
        #expect(Set(ids[..<popoverStart]) == ["pick", "next"] && ids.last?.hasSuffix(".outside") == true)
        // Over a current context in a tab (pad): the navigation bar around the context above the
        // presented controller, the tab bar below it.
        let board = storyboard(initial: "tabs", [
            scene("tabs", .tabBarController) { $0.viewControllers = ["nav", "other"] },
            scene("nav", .navigationController) { $0.rootViewController = "host" },
            scene("host", title: "Host") {
                $0.navigationItem.rightBarButtonItems = [BarButtonItemSpec(id: "hostAction", title: "Act")]
                var box = ViewNode(.container, id: "box")
                box.embed = "embed"
                $0.view = [box]
                $0.segues = [segue("embed", .embed, to: "inner")]
            },
            scene("inner", title: "Inner") { $0.definesPresentationContext = true },
            scene("other", title: "Other"),
            scene("sheet", title: "Sheet") { $0.view = [button("sheetButton", "Go", .action("dismiss"))] },
        ])
        let pad = try launched(board, traits: Traits(width: 1024, height: 768))
        let inner = try #require(pad.allControllers.first { $0.sceneID == "inner" })
        _ = try pad.run(.present(scene: "sheet", style: .currentContext, transitionStyle: nil, controller: inner.id))
        let order = pad.elements.map(\.id)
        let act = try #require(order.firstIndex(of: "hostAction"))
        let sheet = try #require(order.firstIndex(of: "sheetButton"))
        let tab = try #require(order.firstIndex { $0.hasPrefix("\(pad.root.id).tab.") })
        #expect(act < sheet && sheet < tab, "\(order)")
    }
}
