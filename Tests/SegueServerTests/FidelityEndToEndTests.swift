import Foundation
import Testing

/// Helpers shared by the fidelity suites: sessions, actions and compact event lists.
struct FidelityClient {
    let server: TestServer

    func create(width: Int = 390, height: Int = 844, url: String? = nil) throws -> (id: String, state: [String: Any]) {
        let body = url.map { #"{"url": "\#($0)", "traits": {"width": \#(width), "height": \#(height)}}"# }
            ?? #"{"traits": {"width": \#(width), "height": \#(height)}}"#
        let r = try server.request("POST", "/api/v1/sessions", json: body)
        try #require(r.status == 201, "\(r.body)")
        return (try #require(r.json["id"] as? String), try #require(r.json["state"] as? [String: Any]))
    }

    func act(_ id: String, _ action: String) throws -> HTTPResult {
        try server.request("POST", "/api/v1/sessions/\(id)/actions", json: action)
    }

    /// All events of a session so far.
    func log(_ id: String) throws -> [[String: Any]] {
        let r = try server.request("GET", "/api/v1/sessions/\(id)/events?after=0")
        return r.events
    }

    /// `scene.event` for each event, layout events left out.
    func trace(_ events: [[String: Any]]) -> [String] {
        events.compactMap { e in
            let name = e["event"] as? String ?? ""
            guard !name.hasSuffix("LayoutSubviews") else { return nil }
            return "\(e["scene"] as? String ?? e["controller"] as? String ?? "-").\(name)"
        }
    }

    func events(_ r: HTTPResult) -> [[String: Any]] { r.events }
    func trace(_ r: HTTPResult) -> [String] { trace(events(r)) }

    /// The id of the first controller of `scene` in a state's tree.
    func controllerID(_ state: [String: Any], scene: String) -> String? {
        func find(_ c: [String: Any]) -> String? {
            if c["scene"] as? String == scene { return c["id"] as? String }
            for child in c["children"] as? [[String: Any]] ?? [] { if let s = find(child) { return s } }
            if let p = c["presented"] as? [String: Any] { return find(p) }
            return nil
        }
        return (state["root"] as? [String: Any]).flatMap(find)
    }

    func elementIDs(_ state: [String: Any]) -> [String] {
        (state["elements"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }
}

/// Unwinds, popovers, presenting from off screen, rotation and `setViewControllers` through the JSON API.
@Suite(.serialized) struct StackFidelityEndToEndTests {
    let server: TestServer
    let client: FidelityClient
    init() throws {
        server = try TestServer(flow: "Tests/Fixtures/stack-fidelity.yaml")
        client = FidelityClient(server: server)
    }

    @Test func unwindsRunOneTransitionAndAnimatePops() throws {
        let (id, _) = try client.create()
        _ = try client.act(id, #"{"action":"tap","element":"goB"}"#)
        _ = try client.act(id, #"{"action":"tap","element":"full"}"#)
        let unwind = try client.act(id, #"{"action":"tap","element":"backM"}"#)
        #expect(unwind.status == 200)
        #expect(client.trace(unwind) == [
            "m.shouldPerformSegue", "m.prepareForSegue", "a.unwind", "b.willMoveToParentViewController",
            "m.viewWillDisappear", "nav.viewWillAppear", "a.viewWillAppear", "nav.navigationControllerWillShow",
            "m.viewDidDisappear", "nav.viewDidAppear", "a.viewDidAppear",
            "b.didMoveToParentViewController", "nav.navigationControllerDidShow",
        ])
        let gone = client.events(unwind).first { $0["event"] as? String == "viewWillDisappear" }
        #expect(gone?["isBeingDismissed"] as? Bool == true)

        // Only pops: animated like a back tap.
        _ = try client.act(id, #"{"action":"tap","element":"goB"}"#)
        _ = try client.act(id, #"{"action":"tap","element":"toC"}"#)
        let pop = try client.act(id, #"{"action":"tap","element":"backC"}"#)
        let disappear = try #require(client.events(pop).first { $0["scene"] as? String == "c" && $0["event"] as? String == "viewWillDisappear" })
        #expect(disappear["animated"] as? Bool == true && disappear["isMovingFromParent"] as? Bool == true)
    }

    @Test func aContextPresentationGoesWithThePoppedController() throws {
        let (id, _) = try client.create(width: 1024, height: 768)
        _ = try client.act(id, #"{"action":"tap","element":"goB"}"#)
        let over = try client.act(id, #"{"action":"tap","element":"over"}"#)
        #expect(over.json[path: "state.root.children.1.presented.scene"] as? String == "o")
        let unwind = try client.act(id, #"{"action":"tap","element":"backO"}"#)
        let events = client.events(unwind)
        let o = try #require(events.first { $0["scene"] as? String == "o" && $0["event"] as? String == "viewWillDisappear" })
        #expect(o["isBeingDismissed"] as? Bool == true)
        let b = try #require(events.first { $0["scene"] as? String == "b" && $0["event"] as? String == "viewWillDisappear" })
        #expect(b["isMovingFromParent"] as? Bool == true)
        #expect(unwind.json[path: "state.url"] as? String == "/ui/nav(a)")
    }

    @Test func presentingFromOffScreenAndTheFirstDisplayDelegateEvents() throws {
        let (id, state) = try client.create()
        let first = client.trace(try client.log(id))
        #expect(first.suffix(4) == ["nav.navigationControllerWillShow", "nav.viewDidAppear", "a.viewDidAppear", "nav.navigationControllerDidShow"])
        let a = try #require(client.controllerID(state, scene: "a"))
        _ = try client.act(id, #"{"action":"tap","element":"goB"}"#)
        let present = try client.act(id, #"{"action":"present","scene":"m","controller":"\#(a)"}"#)
        #expect(present.status == 200 && client.events(present).isEmpty)
        let warnings = present.warnings
        #expect(warnings.contains { $0.contains("not in the window hierarchy") })
        let presented = present.json[path: "state.root.presented"]
        #expect(presented is NSNull)  // sent, and null: nothing was presented
    }

    @Test func rotationFollowsTheDecidingControllerAndTraitEventsFollowClasses() throws {
        let (id, _) = try client.create()
        let refused = try client.act(id, #"{"action":"setTraits","traits":{"width":844,"height":390}}"#)
        #expect(refused.status == 200 && client.events(refused).isEmpty && !refused.warnings.isEmpty)
        #expect(refused.json[path: "state.traits.orientation"] as? String == "portrait")
        let resize = try client.act(id, #"{"action":"setTraits","traits":{"width":400,"height":860}}"#)
        #expect(!client.trace(resize).contains { $0.hasSuffix("traitCollectionDidChange") })
        _ = try client.act(id, #"{"action":"tap","element":"goB"}"#)
        for style in ["fullScreen", "overFullScreen"] {
            _ = try client.act(id, #"{"action":"present","scene":"m","modalPresentationStyle":"\#(style)"}"#)
            let turn = try client.act(id, #"{"action":"setTraits","traits":{"width":860,"height":400}}"#)
            #expect(client.trace(turn).contains("m.willRotateToInterfaceOrientation"))
            #expect(client.trace(turn).contains("a.traitCollectionDidChange"))   // covered, still told
            #expect(turn.json[path: "state.traits.idiom"] as? String == "phone")
            let dismiss = try client.act(id, #"{"action":"dismiss"}"#)
            #expect(client.trace(dismiss).contains("nav.didRotateFromInterfaceOrientation"))
            #expect(dismiss.json[path: "state.traits.orientation"] as? String == "portrait")
            let later = try client.act(id, #"{"action":"setTraits","traits":{"width":400,"height":860}}"#)
            #expect(!client.trace(later).contains { $0.contains("Rotat") })
        }
    }

    @Test func setViewControllersReplacesTheStack() throws {
        let (id, _) = try client.create()
        _ = try client.act(id, #"{"action":"tap","element":"goB"}"#)
        let set = try client.act(id, #"{"action":"setViewControllers","scenes":["a","c","m"],"animated":false}"#)
        #expect(set.status == 200)
        #expect(client.trace(set) == [
            "c.willMoveToParentViewController", "m.willMoveToParentViewController", "b.willMoveToParentViewController",
            "m.loadView", "m.viewDidLoad", "b.viewWillDisappear", "m.viewWillAppear", "nav.navigationControllerWillShow",
            "b.viewDidDisappear", "m.viewDidAppear",
            "c.didMoveToParentViewController", "m.didMoveToParentViewController", "b.didMoveToParentViewController",
            "nav.navigationControllerDidShow",
        ])
        #expect(client.events(set).first { $0["event"] as? String == "viewWillAppear" }?["animated"] as? Bool == false)
        #expect(set.json[path: "state.url"] as? String == "/ui/nav(a,c,m)")
        let version = set.json[path: "state.version"] as? Int
        for (body, status, code) in [
            (#"{"action":"setViewControllers"}"#, 400, "invalid_request"),
            (#"{"action":"setViewControllers","scenes":"a"}"#, 400, "invalid_request"),
            (#"{"action":"setViewControllers","scenes":[]}"#, 400, "invalid_request"),
            (#"{"action":"setViewControllers","scenes":["a","nowhere"]}"#, 404, "unknown_scene"),
            (#"{"action":"setViewControllers","scenes":["nav"]}"#, 409, "illegal_transition"),
        ] {
            let bad = try client.act(id, body)
            #expect(bad.status == status && bad.errorCode == code, "\(body)")
        }
        let after = try server.request("GET", "/api/v1/sessions/\(id)")
        #expect(after.json["version"] as? Int == version)
    }
}

/// Tabs inside More, selection under a modal, embeds, restoration order and traits through the JSON API.
@Suite(.serialized) struct TabsFidelityEndToEndTests {
    let server: TestServer
    let client: FidelityClient
    init() throws {
        server = try TestServer(flow: "Tests/Fixtures/tabs-fidelity.yaml")
        client = FidelityClient(server: server)
    }

    func tabTitles(_ state: [String: Any]) -> [String] {
        (state["elements"] as? [[String: Any]] ?? []).filter { $0["role"] as? String == "tab" }.compactMap { $0["title"] as? String }
    }

    @Test func aTabInsideMoreSitsOnTheMoreNavigationControllerHoweverSelected() throws {
        let (id, _) = try client.create()
        let select = try client.act(id, #"{"action":"selectTab","index":5}"#)
        let moves = client.events(select).filter { $0["scene"] as? String == "t5" && ($0["event"] as? String ?? "").contains("MoveToParent") }
        #expect(moves.count == 2)
        let more = try #require(moves.first?["parent"] as? String)
        #expect(more != (select.json[path: "state.root.id"] as? String))
        let appear = client.events(select).first { $0["scene"] as? String == "t5" && $0["event"] as? String == "viewWillAppear" }
        #expect(appear?["isMovingToParent"] as? Bool == true)
        // Restoring that URL puts it there again.
        let url = try #require(select.json[path: "state.url"] as? String)
        let (restored, restoredState) = try client.create(url: url)
        let restoredTabs = client.controllerID(restoredState, scene: "tabs")
        let restoredMoves = try client.log(restored).filter { $0["scene"] as? String == "t5" && $0["event"] as? String == "willMoveToParentViewController" }
        #expect(restoredMoves.contains { ($0["parent"] as? String).map { $0 != restoredTabs } ?? false })
        // And back to the More list: balanced.
        let back = try client.act(id, #"{"action":"pop"}"#)
        #expect(client.events(back).contains { $0["scene"] as? String == "t5" && $0["event"] as? String == "willMoveToParentViewController" && $0["parent"] is NSNull })
    }

    @Test func selectTabWorksUnderAModalAndPresentingFromAnUnselectedTabDoesNothing() throws {
        let (id, state) = try client.create()
        let t2 = try #require(client.controllerID(state, scene: "t2"))
        let offScreen = try client.act(id, #"{"action":"present","scene":"sheet","controller":"\#(t2)"}"#)
        #expect(offScreen.status == 200 && client.events(offScreen).isEmpty && !offScreen.warnings.isEmpty)
        _ = try client.act(id, #"{"action":"tap","element":"cover"}"#)
        let select = try client.act(id, #"{"action":"selectTab","index":2}"#)
        #expect(select.status == 200 && select.json[path: "state.root.selectedIndex"] as? Int == 2)
        let close = try client.act(id, #"{"action":"tap","element":"closeSheet"}"#)
        #expect(client.trace(close).contains("t2.viewDidAppear"))
    }

    @Test func embedsLoadTheChildInsideAndAnUnplacedEmbedFillsTheView() throws {
        let (id, _) = try client.create()
        let open = try client.act(id, #"{"action":"tap","element":"openHost"}"#)
        let trace = client.trace(open)
        let start = try #require(trace.firstIndex(of: "host.loadView"))
        #expect(Array(trace[start..<(start + 8)]) == [
            "host.loadView", "host.shouldPerformSegue", "host.prepareForSegue", "child.willMoveToParentViewController",
            "child.loadView", "child.viewDidLoad", "child.didMoveToParentViewController", "host.viewDidLoad",
        ])
        // The host without a container view: its child fills its view, on the page too.
        let bare = try client.act(id, #"{"action":"selectTab","index":1}"#)
        #expect(client.trace(bare).contains("child.viewDidAppear"))
        let url = try #require(bare.json[path: "state.url"] as? String)
        let jar = temporaryJar()
        let page = try server.request("GET", url, jar: jar, follow: true)
        #expect(page.status == 200)
        let html = page.body
        let bareStart = try #require(html.range(of: "data-scene=\"bare\""))
        let rest = html[bareStart.upperBound...]
        let embed = try #require(rest.range(of: "container-embed"))
        let child = try #require(rest.range(of: "data-scene=\"child\""))
        #expect(embed.lowerBound < child.lowerBound)
        #expect(rest.contains("data-embed=\"content\"") && rest.contains("Inside the box"))
    }

    @Test func restorationLoadsParentFirstThenDecodes() throws {
        let (id, _) = try client.create()
        let open = try client.act(id, #"{"action":"tap","element":"openHost"}"#)
        let url = try #require(open.json[path: "state.url"] as? String)
        let (restored, _) = try client.create(url: url)
        let trace = client.trace(try client.log(restored))
        let loads = trace.filter { $0.hasSuffix(".viewDidLoad") }
        // Parent first down each chain: the stack's root, then the host pushed above it, then
        // the child its container view embeds.
        #expect(Array(loads.prefix(5)) == ["tabs.viewDidLoad", "nav.viewDidLoad", "list.viewDidLoad", "host.viewDidLoad", "child.viewDidLoad"])
        let lastLoad = try #require(trace.lastIndex { $0.hasSuffix(".viewDidLoad") })
        let firstDecode = try #require(trace.firstIndex { $0.hasSuffix(".decodeRestorableState") })
        #expect(lastLoad < firstDecode)
    }

    @Test func aPhoneInLandscapeIsAPhoneAndEveryControllerHearsOfTheChange() throws {
        let (id, state) = try client.create()
        #expect(tabTitles(state) == ["List", "Bare", "T2", "T3", "More"])
        let turn = try client.act(id, #"{"action":"setTraits","traits":{"width":844,"height":390}}"#)
        let turned = try #require(turn.json["state"] as? [String: Any])
        #expect(turned[path: "traits.idiom"] as? String == "phone" && turned[path: "traits.verticalSizeClass"] as? String == "compact")
        #expect(tabTitles(turned) == ["List", "Bare", "T2", "T3", "More"])
        let told = client.trace(turn).filter { $0.hasSuffix(".traitCollectionDidChange") }
        #expect(told.contains("t5.traitCollectionDidChange") && told.contains("list.traitCollectionDidChange"))
    }
}

/// A user's page turn announces its start; a jump announces nothing (Examples/photo-book.yaml).
@Suite(.serialized) struct PageTurnEndToEndTests {
    @Test func aTurnTellsTheDelegateBeforeTheNewPageAppears() throws {
        let server = try TestServer(flow: "Examples/photo-book.yaml")
        let client = FidelityClient(server: server)
        let (id, _) = try client.create()
        _ = try client.act(id, #"{"action":"tap","element":"albumRow"}"#)
        let turn = try client.act(id, #"{"action":"turnPage"}"#)
        let events = client.events(turn).map { $0["event"] as? String ?? "" }
        let start = try #require(events.firstIndex(of: "pageViewControllerWillTransitionTo"))
        let appear = try #require(events.firstIndex(of: "viewWillAppear"))
        #expect(start < appear && events.last == "pageViewControllerDidFinishAnimating")
        let jump = try client.act(id, #"{"action":"showPage","index":0}"#)
        #expect(!client.events(jump).contains { ($0["event"] as? String ?? "").hasPrefix("pageViewController") })
    }
}
