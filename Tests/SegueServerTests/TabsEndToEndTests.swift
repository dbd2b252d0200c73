import Foundation
import SegueTesting
import Testing

/// Tab bars end to end (in process): the JSON API and the no-JS pages, with Examples/music.yaml.
@Suite(.serialized) struct TabsEndToEndTests {
    let server: TestServer
    init() throws { server = try TestServer(flow: "Examples/music.yaml") }

    func act(_ id: String, _ action: String) throws -> HTTPResult {
        try server.request("POST", "/api/v1/sessions/\(id)/actions", json: action)
    }
    /// The events' names; an answer that is not an action result reads as none (its status is checked).
    func events(_ r: HTTPResult) -> [String] {
        ((try? r.decode(ActionResult.self))?.events ?? []).map(\.event)
    }
    func tabTitles(_ state: SessionState) -> [String] {
        state.elements.filter { $0.role == "tab" }.map { $0.title ?? "" }
    }

    @Test func jsonAPIMoreCustomizingAndBadInput() throws {
        let created = try server.request("POST", "/api/v1/sessions", json: "")
        #expect(created.status == 201)
        let (id, state) = try created.decode(CreatedSession.self).pair
        #expect(tabTitles(state) == ["Playlists", "Library", "Radio", "Search", "More"])
        #expect(state.root.selectedIndex == 0)
        #expect(state.root.children.count == 9)
        #expect(state.root.barItemCount == 4)
        #expect(state.root.children.dropFirst(2).first?.tabBarItem?["badgeValue"]?.stringValue == "New")
        let tabsID = state.root.id

        // A refused tab: only shouldSelect, with its answer.
        let refused = try act(id, #"{"action":"tap","element":"\#(tabsID).tab.2"}"#)
        #expect(refused.status == 200 && events(refused) == ["tabBarControllerShouldSelect"])
        #expect(try refused.decode(ActionResult.self).events.first?.fields["result"] == .bool(false))

        // Out of range: 400, nothing changes.
        let bad = try act(id, #"{"action":"selectTab","index":42}"#)
        #expect(bad.status == 400 && bad.errorCode == "invalid_request")

        // Programmatic selection of a tab listed in More: no delegate events.
        let select = try act(id, #"{"action":"selectTab","index":5}"#)
        #expect(select.status == 200 && !events(select).contains { $0.hasPrefix("tabBarController") })
        let selected = try select.decode(ActionResult.self).state
        #expect(!selected.visible.isEmpty)
        #expect(selected.elements.contains { $0.role == "backButton" && $0.title == "More" })

        // Customizing from the More list.
        _ = try act(id, #"{"action":"tap","element":"\#(tabsID).more.back"}"#)
        let edit = try act(id, #"{"action":"tap","element":"\#(tabsID).more.edit"}"#)
        #expect(events(edit) == ["tabBarControllerWillBeginCustomizing"])
        let fixed = try act(id, #"{"action":"moveTab","from":0,"to":5}"#)
        #expect(fixed.status == 409 && fixed.errorCode == "illegal_transition", "\(fixed.body)")
        let move = try act(id, #"{"action":"moveTab","from":5,"to":1}"#)
        #expect(move.status == 200)
        let done = try act(id, #"{"action":"tap","element":"\#(tabsID).more.done"}"#)
        #expect(events(done) == ["tabBarControllerWillEndCustomizing", "tabBarControllerDidEndCustomizing"])
        let ended = try done.decode(ActionResult.self)
        #expect(ended.events.dropFirst().first?.fields["changed"] == .bool(true))
        #expect(tabTitles(ended.state) == ["Playlists", "Most Recent", "Radio", "Search", "More"])
        let url = ended.state.url
        #expect(url.hasPrefix("/ui/tabs@9(playlistsNav(playlists),recents,radio,search,favorites,libraryNav(artists),"))

        // The order persists: a new session restored from the URL has it.
        let restored = try server.request("POST", "/api/v1/sessions", json: #"{"url":"\#(url)"}"#)
        #expect(restored.status == 201)
        #expect(tabTitles(try restored.decode(CreatedSession.self).state).prefix(2) == ["Playlists", "Most Recent"])

        // A viewport change to pad re-lays the bar.
        let pad = try act(id, #"{"action":"setTraits","traits":{"width":1024,"height":768}}"#)
        #expect(tabTitles(try pad.decode(ActionResult.self).state).count == 8)
    }

    @Test func pagesWithoutJavaScript() throws {
        let jar = temporaryJar()
        var page = try server.request("GET", "/", jar: jar, follow: true)
        #expect(page.status == 200)
        #expect(page.body.contains("<nav class=\"tabbar\""))
        #expect(page.body.contains("/icons/search.svg"))
        #expect(page.body.contains("<span class=\"badge\">New</span>"))
        #expect(page.body.contains("aria-current=\"page\""))
        let csrf = try #require(hiddenValue("csrf", in: page.body))
        let tabsID = try #require(attribute("data-controller", in: page.body.components(separatedBy: "pane-tabs").dropFirst().first ?? ""))
        func tap(_ element: String) throws -> HTTPResult {
            let url = hiddenValue("url", in: page.body) ?? ""
            page = try server.request("POST", "/tap", form: [("csrf", csrf), ("url", url), ("element", element)], jar: jar, follow: true)
            return page
        }
        #expect(try tap("\(tabsID).tab.more").status == 200)
        #expect(page.body.contains("data-element=\"\(tabsID).more.4\""))       // More rows
        #expect(page.body.contains("Most Viewed"))
        #expect(try tap("\(tabsID).more.8").effectiveURL.contains("/ui/tabs@8("))
        #expect(page.body.contains("data-element=\"\(tabsID).more.back\""))
        _ = try tap("\(tabsID).more.back")
        _ = try tap("\(tabsID).more.edit")
        #expect(page.body.contains("Configure"))
        #expect(page.body.contains("data-element=\"\(tabsID).more.up.5\""))
        _ = try tap("\(tabsID).more.up.5")
        _ = try tap("\(tabsID).more.done")
        #expect(page.effectiveURL.contains("/ui/tabs@9(playlistsNav(playlists),libraryNav(artists),radio,search,recents,favorites,"))
        // hidesBottomBarWhenPushed: no tab bar on the song page.
        _ = try tap("\(tabsID).tab.1")
        _ = try tap("artistA")
        #expect(page.body.contains("class=\"toolbar\""))
        _ = try tap("track1")
        #expect(!page.body.contains("<nav class=\"tabbar\""))
        // Table editing without script: Edit, move, delete, Done.
        #expect(page.body.contains("data-element=\"libraryNav.back\""))
        _ = try tap("libraryNav.back")
        _ = try tap("\(tabsID).tab.0")
        _ = try tap("editPlaylists")
        #expect(page.body.contains("data-element=\"running.delete\""))
        _ = try tap("focus.moveUp")
        _ = try tap("running.delete")
        _ = try tap("editPlaylists")
        let rows = page.body.components(separatedBy: "class=\"cell-text\">").dropFirst().map { $0.components(separatedBy: "<").first! }
        #expect(rows == ["Focus", "Road Trip"])
        // The stylesheet part and the icons are served.
        let css = try server.request("GET", "/public/segue.css")
        #expect(css.body.contains(".tabbar"))
        let icon = try server.request("GET", "/public/icons/more.svg")
        #expect(icon.status == 200 && icon.body.contains("<svg"))
    }
}
