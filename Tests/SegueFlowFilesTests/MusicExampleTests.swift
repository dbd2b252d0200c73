import Foundation
import SegueCore
import SegueFlowFiles
import SeguePageURL
import Testing

/// Examples/music.yaml: nine tabs (More), badges, a stack in a tab, customizing, currentContext.
@Suite struct MusicExampleTests {
    func launch(_ traits: Traits = .phonePortrait) throws -> Window {
        let storyboard = try FlowFileLoader.load(path: examplePath("music.yaml"))
        #expect(storyboard.diagnostics.isEmpty)
        let w = Window(id: "music", storyboard: storyboard, traits: traits)
        try w.launch()
        return w
    }

    func tap(_ w: Window, _ id: String) throws { _ = try w.perform(.tap(element: id, values: [:])) }
    func tabs(_ w: Window) -> [String] { w.elements.filter { $0.role == .tab }.compactMap(\.title) }
    var visible: (Window) -> [String] { { $0.visibleContentControllers.compactMap(\.sceneID) } }

    /// Browser back from a tab shown inside More to the More list, and away from the list while
    /// customizing: the URL names the list (`@count`), and leaving it ends customizing like Done.
    @Test func moreListURLsRestoreTheListAndLeavingEndsCustomizing() throws {
        let w = try launch()
        let bar = w.root as! TabBarController
        try tap(w, "\(bar.id).tab.more")
        let listURL = w.canonicalURL
        #expect(listURL.hasPrefix("/ui/tabs@9("))
        try tap(w, "\(bar.id).more.6")
        #expect(visible(w) == ["downloads"])
        _ = try w.navigate(to: HierarchyPath.parse(listURL)!)
        #expect(w.canonicalURL == listURL)
        #expect(bar.isShowingMoreList)
        try tap(w, "\(bar.id).more.edit")
        #expect(bar.isCustomizing)
        let firstTab = listURL.replacingOccurrences(of: "/ui/tabs@9(", with: "/ui/tabs@0(")
        _ = try w.navigate(to: HierarchyPath.parse(firstTab)!)
        #expect(!bar.isCustomizing)
        #expect(w.canonicalURL == firstTab)
        #expect(w.log.events.contains { $0.event == .tabBarControllerDidEndCustomizing })
    }

    @Test func drivesTheWholeApp() throws {
        let w = try launch()
        let bar = w.root as! TabBarController
        #expect(tabs(w) == ["Playlists", "Library", "Radio", "Search", "More"])
        if case .tabs(let pane) = w.screen().layers[0].pane {
            #expect(pane.items[2].badgeValue == "New")
            #expect(pane.items[3].systemItem == .search)
        }
        // Radio refuses (flow-file policy).
        try tap(w, "\(bar.id).tab.2")
        #expect(bar.selectedIndex == 0)
        // A stack in Library survives a tab switch.
        try tap(w, "\(bar.id).tab.1")
        try tap(w, "artistA")
        #expect(visible(w) == ["album"])
        #expect(w.elements.contains { $0.id == "shuffle" })       // the album's toolbar
        try tap(w, "track1")
        #expect(!w.elements.contains { $0.role == .tab })          // song hides the tab bar
        _ = try w.perform(.pop(navigationController: nil))
        try tap(w, "\(bar.id).tab.3")
        try tap(w, "\(bar.id).tab.1")
        #expect(visible(w) == ["album"])
        // More: Downloads (badge 3) inside More, back to More.
        try tap(w, "\(bar.id).tab.more")
        #expect(w.elements.filter { $0.role == .row }.map(\.title) == ["Favorites", "Most Recent", "Downloads", "Top Rated", "Most Viewed"])
        try tap(w, "\(bar.id).more.6")
        #expect(visible(w) == ["downloads"])
        try tap(w, "\(bar.id).more.back")
        // Customize: Playlists is fixed; Downloads goes into the bar in Search's place.
        try tap(w, "\(bar.id).more.edit")
        expectRefusal(.illegalTransition) { _ = try w.perform(.moveTab(from: 0, to: 6, controller: nil)) }
        _ = try w.perform(.moveTab(from: 6, to: 3, controller: nil))
        try tap(w, "\(bar.id).more.done")
        #expect(tabs(w) == ["Playlists", "Library", "Radio", "Downloads", "More"])
        #expect(w.canonicalURL.hasPrefix("/ui/tabs@9(playlistsNav(playlists),libraryNav(artists,album),radio,downloads,"))
        // currentContext on a pad covers only Playlists' area; the bar stays usable.
        _ = try w.perform(.setTraits(Traits(width: 1024, height: 768)))
        #expect(tabs(w).count == 8)
        try tap(w, "\(bar.id).tab.0")
        try tap(w, "roadTrip")
        #expect(visible(w) == ["nowPlaying"])
        #expect(w.frontmostController?.presentingViewController?.sceneID == "playlistsNav")
        #expect(w.frontmostController?.presentedTransition == .crossDissolve)
        #expect(tabs(w).count == 8)
        try tap(w, "closePlayer")
        #expect(visible(w) == ["playlists"])
        w.checkInvariants()
    }

    @Test func onAPhoneTheContextPresentationIsFullScreen() throws {
        let w = try launch()
        try tap(w, "roadTrip")
        #expect(w.frontmostController?.presentingViewController === w.root)
        #expect(tabs(w).isEmpty)
    }
}

/// `editButtonItem` and table editing with delete and reorder controls.
@Suite struct TableEditingTests {
    @Test func editDeleteAndReorderRows() throws {
        let storyboard = try FlowFileLoader.load(path: examplePath("music.yaml"))
        let w = Window(id: "edit", storyboard: storyboard)
        try w.launch()
        func rows() -> [String] { w.elements.filter { $0.role == .row }.compactMap(\.title) }
        func ids() -> [String] { w.elements.map(\.id) }
        #expect(rows() == ["Road Trip", "Focus", "Running"])
        #expect(w.elements.first { $0.id == "editPlaylists" }?.title == "Edit")
        let edit = try w.perform(.tap(element: "editPlaylists", values: [:]))
        #expect(edit.events.map(\.event) == [.setEditing])
        #expect(edit.events.first?.value == true)
        #expect(w.elements.first { $0.id == "editPlaylists" }?.title == "Done")
        #expect(rows().isEmpty)                                        // not selectable while editing
        #expect(ids().contains("roadTrip.delete") && ids().contains("roadTrip.moveDown") && !ids().contains("roadTrip.moveUp"))
        #expect(ids().contains("running.moveUp") && !ids().contains("running.moveDown"))
        let move = try w.perform(.tap(element: "focus.moveUp", values: [:]))
        #expect(move.events.isEmpty && move.changed)
        let delete = try w.perform(.tap(element: "running.delete", values: [:]))
        #expect(delete.changed)
        #expect(!ids().contains("running.delete"))
        _ = try w.perform(.tap(element: "editPlaylists", values: [:]))
        #expect(rows() == ["Focus", "Road Trip"])
        // Bad input: a control that is not on screen.
        expectRefusal(.unknownElement) { _ = try w.perform(.tap(element: "focus.delete", values: [:])) }
    }
}
