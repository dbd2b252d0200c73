import Foundation
import SegueTesting
import Testing

/// Helpers shared by the fidelity suites: sessions, actions and compact event lists, all typed
/// (an answer that is not the expected JSON fails the test showing its body).
struct FidelityClient {
    let server: TestServer

    func create(width: Int = 390, height: Int = 844, url: String? = nil) throws -> (id: String, state: SessionState) {
        let body = url.map { #"{"url": "\#($0)", "traits": {"width": \#(width), "height": \#(height)}}"# }
            ?? #"{"traits": {"width": \#(width), "height": \#(height)}}"#
        return try server.createSession(body).pair
    }

    func act(_ id: String, _ action: String) throws -> HTTPResult {
        try server.request("POST", "/api/v1/sessions/\(id)/actions", json: action)
    }

    /// All events of a session so far.
    func log(_ id: String) throws -> [Event] { try server.events(id).events }

    /// `scene.event` for each event (the controller's id when it has no scene), layout events left out.
    func trace(_ events: [Event]) -> [String] {
        events.compactMap { e in
            guard !e.event.hasSuffix("LayoutSubviews") else { return nil }
            return "\(e.scene ?? e.controller).\(e.event)"
        }
    }

    /// An action's answer, typed.
    func result(_ r: HTTPResult) throws -> ActionResult { try r.decode(ActionResult.self) }
    func events(_ r: HTTPResult) throws -> [Event] { try result(r).events }
    func trace(_ r: HTTPResult) throws -> [String] { trace(try events(r)) }

    /// The id of the first controller of `scene` in a state's tree (depth first, children before
    /// what a controller presents).
    func controllerID(_ state: SessionState, scene: String) -> String? {
        state.controllers.first { $0.scene == scene }?.id
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
        #expect(try client.trace(unwind) == [
            "m.shouldPerformSegue", "m.prepareForSegue", "a.unwind", "b.willMoveToParentViewController",
            "m.viewWillDisappear", "nav.viewWillAppear", "a.viewWillAppear", "nav.navigationControllerWillShow",
            "m.viewDidDisappear", "nav.viewDidAppear", "a.viewDidAppear",
            "b.didMoveToParentViewController", "nav.navigationControllerDidShow",
        ])
        let gone = try client.events(unwind).first { $0.event == "viewWillDisappear" }
        #expect(gone?.isBeingDismissed == true)

        // Only pops: animated like a back tap.
        _ = try client.act(id, #"{"action":"tap","element":"goB"}"#)
        _ = try client.act(id, #"{"action":"tap","element":"toC"}"#)
        let pop = try client.act(id, #"{"action":"tap","element":"backC"}"#)
        let disappear = try #require(try client.events(pop).first { $0.scene == "c" && $0.event == "viewWillDisappear" })
        #expect(disappear.animated == true && disappear.isMovingFromParent == true)
    }

    @Test func aContextPresentationGoesWithThePoppedController() throws {
        let (id, _) = try client.create(width: 1024, height: 768)
        _ = try client.act(id, #"{"action":"tap","element":"goB"}"#)
        let over = try client.act(id, #"{"action":"tap","element":"over"}"#)
        #expect(try client.result(over).state.root.children[safe: 1]?.presented?.scene == "o")
        let unwind = try client.act(id, #"{"action":"tap","element":"backO"}"#)
        let events = try client.events(unwind)
        let o = try #require(events.first { $0.scene == "o" && $0.event == "viewWillDisappear" })
        #expect(o.isBeingDismissed == true)
        let b = try #require(events.first { $0.scene == "b" && $0.event == "viewWillDisappear" })
        #expect(b.isMovingFromParent == true)
        #expect(try client.result(unwind).state.url == "/ui/nav(a)")
    }

    @Test func presentingFromOffScreenAndTheFirstDisplayDelegateEvents() throws {
        let (id, state) = try client.create()
        let first = client.trace(try client.log(id))
        #expect(first.suffix(4) == ["nav.navigationControllerWillShow", "nav.viewDidAppear", "a.viewDidAppear", "nav.navigationControllerDidShow"])
        let a = try #require(client.controllerID(state, scene: "a"))
        _ = try client.act(id, #"{"action":"tap","element":"goB"}"#)
        let present = try client.act(id, #"{"action":"present","scene":"m","controller":"\#(a)"}"#)
        #expect(try present.status == 200 && client.events(present).isEmpty)
        let warnings = try client.result(present).warnings
        #expect(warnings.contains { $0.contains("not in the window hierarchy") })
        let presented = try present.response.jsonValue()["state"]?["root"]?["presented"]
        #expect(presented == .null)  // sent, and null: nothing was presented
    }

    @Test func rotationFollowsTheDecidingControllerAndTraitEventsFollowClasses() throws {
        let (id, _) = try client.create()
        let refused = try client.act(id, #"{"action":"setTraits","traits":{"width":844,"height":390}}"#)
        #expect(try refused.status == 200 && client.events(refused).isEmpty && !client.result(refused).warnings.isEmpty)
        #expect(try client.result(refused).state.traits.orientation == "portrait")
        let resize = try client.act(id, #"{"action":"setTraits","traits":{"width":400,"height":860}}"#)
        #expect(try !client.trace(resize).contains { $0.hasSuffix("traitCollectionDidChange") })
        _ = try client.act(id, #"{"action":"tap","element":"goB"}"#)
        for style in ["fullScreen", "overFullScreen"] {
            _ = try client.act(id, #"{"action":"present","scene":"m","modalPresentationStyle":"\#(style)"}"#)
            let turn = try client.act(id, #"{"action":"setTraits","traits":{"width":860,"height":400}}"#)
            #expect(try client.trace(turn).contains("m.willRotateToInterfaceOrientation"))
            #expect(try client.trace(turn).contains("a.traitCollectionDidChange"))   // covered, still told
            #expect(try client.result(turn).state.traits.idiom == "phone")
            let dismiss = try client.act(id, #"{"action":"dismiss"}"#)
            #expect(try client.trace(dismiss).contains("nav.didRotateFromInterfaceOrientation"))
            #expect(try client.result(dismiss).state.traits.orientation == "portrait")
            let later = try client.act(id, #"{"action":"setTraits","traits":{"width":400,"height":860}}"#)
            #expect(try !client.trace(later).contains { $0.contains("Rotat") })
        }
    }

    @Test func setViewControllersReplacesTheStack() throws {
        let (id, _) = try client.create()
        _ = try client.act(id, #"{"action":"tap","element":"goB"}"#)
        let set = try client.act(id, #"{"action":"setViewControllers","scenes":["a","c","m"],"animated":false}"#)
        #expect(set.status == 200)
        #expect(try client.trace(set) == [
            "c.willMoveToParentViewController", "m.willMoveToParentViewController", "b.willMoveToParentViewController",
            "m.loadView", "m.viewDidLoad", "b.viewWillDisappear", "m.viewWillAppear", "nav.navigationControllerWillShow",
            "b.viewDidDisappear", "m.viewDidAppear",
            "c.didMoveToParentViewController", "m.didMoveToParentViewController", "b.didMoveToParentViewController",
            "nav.navigationControllerDidShow",
        ])
        #expect(try client.events(set).first { $0.event == "viewWillAppear" }?.animated == false)
        let setState = try client.result(set).state
        #expect(setState.url == "/ui/nav(a,c,m)")
        let version = setState.version
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
        #expect(try server.state(id).version == version)
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

    func tabTitles(_ state: SessionState) -> [String] {
        state.elements.filter { $0.role == "tab" }.compactMap(\.title)
    }

    @Test func aTabInsideMoreSitsOnTheMoreNavigationControllerHoweverSelected() throws {
        let (id, _) = try client.create()
        let select = try client.act(id, #"{"action":"selectTab","index":5}"#)
        let selected = try client.result(select)
        let moves = selected.events.filter { $0.scene == "t5" && $0.event.contains("MoveToParent") }
        #expect(moves.count == 2)
        let more = try #require(moves.first?.parent ?? nil)
        #expect(more != selected.state.root.id)
        let appear = selected.events.first { $0.scene == "t5" && $0.event == "viewWillAppear" }
        #expect(appear?.isMovingToParent == true)
        // Restoring that URL puts it there again.
        let url = selected.state.url
        let (restored, restoredState) = try client.create(url: url)
        let restoredTabs = client.controllerID(restoredState, scene: "tabs")
        let restoredMoves = try client.log(restored).filter { $0.scene == "t5" && $0.event == "willMoveToParentViewController" }
        #expect(restoredMoves.contains { ($0.parent ?? nil).map { $0 != restoredTabs } ?? false })
        // And back to the More list: balanced.
        let back = try client.act(id, #"{"action":"pop"}"#)
        #expect(try client.events(back).contains { $0.scene == "t5" && $0.event == "willMoveToParentViewController" && $0.parent == .some(nil) })
    }

    @Test func selectTabWorksUnderAModalAndPresentingFromAnUnselectedTabDoesNothing() throws {
        let (id, state) = try client.create()
        let t2 = try #require(client.controllerID(state, scene: "t2"))
        let offScreen = try client.act(id, #"{"action":"present","scene":"sheet","controller":"\#(t2)"}"#)
        #expect(try offScreen.status == 200 && client.events(offScreen).isEmpty && !client.result(offScreen).warnings.isEmpty)
        _ = try client.act(id, #"{"action":"tap","element":"cover"}"#)
        let select = try client.act(id, #"{"action":"selectTab","index":2}"#)
        #expect(select.status == 200)
        #expect(try client.result(select).state.root.selectedIndex == 2)
        let close = try client.act(id, #"{"action":"tap","element":"closeSheet"}"#)
        #expect(try client.trace(close).contains("t2.viewDidAppear"))
    }

    @Test func embedsLoadTheChildInsideAndAnUnplacedEmbedFillsTheView() throws {
        let (id, _) = try client.create()
        let open = try client.act(id, #"{"action":"tap","element":"openHost"}"#)
        let trace = try client.trace(open)
        let start = try #require(trace.firstIndex(of: "host.loadView"))
        #expect(Array(trace[start..<(start + 8)]) == [
            "host.loadView", "host.shouldPerformSegue", "host.prepareForSegue", "child.willMoveToParentViewController",
            "child.loadView", "child.viewDidLoad", "child.didMoveToParentViewController", "host.viewDidLoad",
        ])
        // The host without a container view: its child fills its view, on the page too.
        let bare = try client.act(id, #"{"action":"selectTab","index":1}"#)
        #expect(try client.trace(bare).contains("child.viewDidAppear"))
        let url = try client.result(bare).state.url
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
        let url = try client.result(open).state.url
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
        let turned = try client.result(turn).state
        #expect(turned.traits.idiom == "phone" && turned.traits.verticalSizeClass == "compact")
        #expect(tabTitles(turned) == ["List", "Bare", "T2", "T3", "More"])
        let told = try client.trace(turn).filter { $0.hasSuffix(".traitCollectionDidChange") }
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
        let events = try client.events(turn).map(\.event)
        let start = try #require(events.firstIndex(of: "pageViewControllerWillTransitionTo"))
        let appear = try #require(events.firstIndex(of: "viewWillAppear"))
        #expect(start < appear && events.last == "pageViewControllerDidFinishAnimating")
        let jump = try client.act(id, #"{"action":"showPage","index":0}"#)
        #expect(try !client.events(jump).contains { $0.event.hasPrefix("pageViewController") })
    }
}
