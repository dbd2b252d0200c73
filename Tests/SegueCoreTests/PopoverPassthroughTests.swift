import Testing
@testable import SegueCore
import SeguePageURL

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

    @Test func thePopoverAnchorIsInTheURLAndRestored() throws {
        let pad = Traits(width: 1024, height: 768)
        let w = try launched(unwindStoryboard(), traits: pad)
        _ = try w.run(.tap(element: "pick", values: [:]))
        let url = w.canonicalURL
        #expect(url.contains("~popover@pick~"), "\(url)")
        let path = try #require(HierarchyPath.parse(url))
        #expect(path.encoded == String(url.dropFirst(HierarchyPath.prefix.count)), "the parsed path writes the same URL")
        // Restored from the URL: the same passthrough bar, the same elements, the same URL.
        let restored = Window(id: "restored", storyboard: unwindStoryboard(), traits: pad)
        try restored.restore(path)
        #expect(restored.canonicalURL == url)
        #expect(restored.elements.map(\.id) == w.elements.map(\.id))
        // Reached through the URL (back, then forward): the same again.
        _ = try w.run(.dismiss(controller: nil))
        _ = try w.navigate(to: path)
        #expect(w.canonicalURL == url)
        // (The popover is a new instance there: its tap-outside element has its new id.)
        func kinds(_ w: Window) -> [String] { w.elements.map { $0.id.hasSuffix(".outside") ? "outside" : $0.id } }
        #expect(kinds(w) == kinds(restored) && kinds(w) == ["next", "pick", "outside"], "\(kinds(w))")
        // An anchor belongs to popovers only.
        #expect(HierarchyPath.parse(url.replacingOccurrences(of: "~popover@", with: "~formSheet@")) == nil)
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
