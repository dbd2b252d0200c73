import Foundation
import SegueCore
import SegueFlowFiles
import SegueServer
import SegueTesting
import Testing
import SegueTestSupport

/// `segue serve --watch`: the reload logic called directly (no file watching, no waiting), and
/// the inotify watcher on its own.
@Suite("Live reload", .serialized)
struct LiveReloadTests {
    /// A copy of the Mail example to edit, and a server on it that watches.
    func setUp() throws -> (server: TestServer, file: String) {
        let dir = Scratch.folder + "/segue-reload-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let file = dir + "/mail.yaml"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Examples/mail.yaml", toPath: file)
        let server = try TestServer { $0.app.watchesFlow = true }
        return (server, file)
    }

    /// `GET /api/v1/flow`, typed.
    func flowStatus(_ server: TestServer) throws -> FlowStatus {
        try server.request("GET", "/api/v1/flow").decode(FlowStatus.self)
    }

    func edit(_ file: String, _ body: (String) -> String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try body(text).write(toFile: file, atomically: true, encoding: .utf8)
    }

    @Test func aGoodEditSwapsTheFlowAndSessionsKeepWhatRemains() throws {
        let (server, file) = try setUp()
        defer { try? FileManager.default.removeItem(atPath: (file as NSString).deletingLastPathComponent) }
        let jar = temporaryJar()
        let page = try server.request("GET", "/ui/mailNav(mailboxes,inbox,message)", jar: jar, follow: true)
        #expect(page.body.contains("data-flow-generation=\"0\""))
        #expect(page.body.contains("/public/reload.js"))
        let session = try #require(page.body.firstMatch(of: /data-session="([0-9a-f]+)"/).map { String($0.1) })

        // Rename the message scene: the session falls back to the inbox, the nearest ancestor left.
        try edit(file) { $0.replacingOccurrences(of: "destination: message", with: "destination: letter").replacingOccurrences(of: "\n  message:", with: "\n  letter:") }
        let outcome = server.service.reloadFlow(from: file)
        #expect(outcome.applied && outcome.sessionsCarried == 1 && outcome.generation == 1)
        #expect(try server.state(session).url == "/ui/mailNav(mailboxes,inbox)")
        let flow = try flowStatus(server)
        #expect(flow.generation == 1)
        #expect(flow.problems.isEmpty)
        // New sessions and scenes follow the new flow.
        let scenes = try server.request("GET", "/api/v1/scenes").decode(SceneList.self)
        #expect(scenes.scene("letter") != nil)
        // `/` brings the page to the session's URL on the new flow (what reload.js loads).
        let reloaded = try server.request("GET", "/", jar: jar, follow: true)
        #expect(reloaded.effectiveURL.hasSuffix("/ui/mailNav(mailboxes,inbox)"))
        #expect(reloaded.body.contains("data-flow-generation=\"1\""))
        // The session's stored steps follow: out of memory and rebuilt from storage, it is the same.
        #expect(server.service.app.store.remove(id: session))
        let rebuilt = try server.request("GET", "/api/v1/sessions/\(session)")
        #expect(rebuilt.status == 200)
        #expect(try rebuilt.decode(SessionState.self).url == "/ui/mailNav(mailboxes,inbox)")
    }

    @Test func aReloadKeepsTheIDsOfBackButtonsAndPopoverOutsides() throws {
        let dir = Scratch.folder + "/segue-reload-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/pick.yaml"
        try """
        initialViewController: nav
        scenes:
          nav: {kind: navigationController, rootViewController: home}
          home:
            navigationItem: {rightBarButtonItems: [{id: pickButton, title: Pick, segue: pick}]}
            view: [{button: {id: otherButton, text: Other, segue: other}}]
            segues:
              other: {kind: show, destination: other}
              pick: {kind: presentation, destination: pickNav, modalPresentationStyle: popover}
          other: {title: Other}
          pickNav: {kind: navigationController, rootViewController: pick}
          pick:
            view: [{button: {id: nextButton, text: Next, segue: next}}]
            segues: {next: {kind: show, destination: picked}}
          picked: {title: Picked}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let server = try TestServer(storyboard: try FlowFileLoader.load(path: file)) { $0.app.watchesFlow = true }
        let session = try server.createSession(#"{"traits": {"width": 1180, "height": 820}}"#).id
        // `other` is made and let go, so the popover's controllers are numbered past it.
        for element in ["otherButton", "nav.back", "pickButton", "nextButton"] {
            #expect(try server.request("POST", "/api/v1/sessions/\(session)/actions", json: #"{"action":"tap","element":"\#(element)"}"#).status == 200)
        }
        let before = try server.state(session).elements.map(\.id)
        #expect(before.contains("pickNav.back") && before.contains("pickNav.outside"))
        try edit(file) { $0.replacingOccurrences(of: "title: Picked", with: "title: Chosen") }
        #expect(server.service.reloadFlow(from: file).applied)
        // Rebuilt from its URL on the edited flow, the controllers are numbered afresh; the
        // ids a page or test taps are the same.
        #expect(try server.state(session).elements.map(\.id) == before)
        #expect(try server.request("POST", "/api/v1/sessions/\(session)/actions", json: #"{"action":"tap","element":"pickNav.back"}"#).status == 200)
    }

    @Test func sessionsOutOfMemoryAreCarriedOverToo() throws {
        let (server, file) = try setUp()
        defer { try? FileManager.default.removeItem(atPath: (file as NSString).deletingLastPathComponent) }
        let session = try server.createSession().id
        for element in ["inboxRow", "msg1"] {
            _ = try server.request("POST", "/api/v1/sessions/\(session)/actions", json: #"{"action":"tap","element":"\#(element)"}"#)
        }
        // Out of memory (its steps stay stored), then the message scene is renamed.
        #expect(server.service.app.store.remove(id: session))
        try edit(file) { $0.replacingOccurrences(of: "destination: message", with: "destination: letter").replacingOccurrences(of: "\n  message:", with: "\n  letter:") }
        #expect(server.service.reloadFlow(from: file).applied)
        // Replayed on the new flow its taps would lead elsewhere (the row's segue now shows the
        // renamed scene); carried over, it shows what remains of the URL it had.
        let state = try server.request("GET", "/api/v1/sessions/\(session)")
        #expect(state.status == 200)
        #expect(try state.decode(SessionState.self).url == "/ui/mailNav(mailboxes,inbox)")
    }

    @Test func aGoodEditKeepsTheVersionAndEventNumbersGrowing() throws {
        let (server, file) = try setUp()
        defer { try? FileManager.default.removeItem(atPath: (file as NSString).deletingLastPathComponent) }
        let session = try server.createSession().id
        for element in ["inboxRow", "msgAnna"] {
            let tapped = try server.request("POST", "/api/v1/sessions/\(session)/actions", json: #"{"action":"tap","element":"\#(element)"}"#)
            #expect(tapped.status == 200)
        }
        let version = try server.state(session).version
        let lastSeq = try server.events(session).lastSeq
        #expect(version == 2 && lastSeq > 0)

        try edit(file) { $0.replacingOccurrences(of: "title: Inbox\n", with: "title: Inbox 2\n") }
        #expect(server.service.reloadFlow(from: file).applied)
        #expect(try server.state(session).version == version + 1)
        // The reload's own events come after the ones the client has seen.
        let events = try server.request("GET", "/api/v1/sessions/\(session)/events?after=\(lastSeq)")
        let page = try events.decode(EventPage.self)
        let seqs = page.events.map(\.seq)
        #expect(!seqs.isEmpty && seqs.allSatisfy { $0 > lastSeq })
        let reloadedSeq = page.lastSeq
        // The events before the reload are still there: every number from the first on.
        let all = try server.request("GET", "/api/v1/sessions/\(session)/events?after=0")
        #expect(all.status == 200)
        #expect(try all.decode(EventPage.self).events.map(\.seq) == Array(1...reloadedSeq))
        // An action on the version the client now has is accepted, and numbers keep growing.
        let back = try server.request("POST", "/api/v1/sessions/\(session)/actions",
                            json: #"{"action":"pop","expectedVersion":\#(version + 1)}"#)
        #expect(back.status == 200)
        let shown = try server.state(session).url
        #expect(shown == "/ui/mailNav(mailboxes,inbox)")
        // Rebuilt from storage (a restart), the session has the same version and numbering.
        #expect(server.service.app.store.remove(id: session))
        let rebuilt = try server.state(session)
        #expect(rebuilt.version == version + 2)
        #expect(rebuilt.url == shown)
        let later = try server.request("GET", "/api/v1/sessions/\(session)/events?after=\(reloadedSeq)")
        let laterPage = try later.decode(EventPage.self)
        #expect(!laterPage.events.isEmpty && laterPage.events.allSatisfy { $0.seq > reloadedSeq })
        #expect(laterPage.lastSeq > reloadedSeq)
    }

    @Test func aBadEditKeepsTheLastGoodFlowAndShowsItsProblems() throws {
        let (server, file) = try setUp()
        defer { try? FileManager.default.removeItem(atPath: (file as NSString).deletingLastPathComponent) }
        let jar = temporaryJar()
        _ = try server.request("GET", "/ui/mailNav(mailboxes,inbox)", jar: jar, follow: true)
        try edit(file) { $0 + "\nbroken: [\n" }
        let outcome = server.service.reloadFlow(from: file)
        #expect(!outcome.applied)
        #expect(outcome.problems.first?.contains("mail.yaml:") == true)
        let flow = try flowStatus(server)
        #expect(flow.generation == 0)
        #expect(flow.problems.first?.contains("invalid YAML") == true)
        // The page still serves the last good flow, with the problems over it.
        let page = try server.request("GET", "/ui/mailNav(mailboxes,inbox,message)", jar: jar, follow: true)
        #expect(page.status == 200)
        #expect(page.body.contains("class=\"flow-problems\" role=\"alert\" data-flow-generation=\"0\">"))
        #expect(page.body.contains("invalid YAML"))
        // A flow that loads but cannot launch is refused the same way.
        try edit(file) { _ in "initialViewController: nowhere\nscenes:\n  a: {title: A}\n" }
        #expect(!server.service.reloadFlow(from: file).applied)
        // Fixed: the next good edit applies and clears the problems.
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Examples/mail.yaml", toPath: file)
        #expect(server.service.reloadFlow(from: file).applied)
        #expect(try flowStatus(server).problems.isEmpty)
    }

    /// A directory of two storyboards: `Main` (scene `home`) and `Other` (scene `away`).
    static func storyboardDirectory() throws -> String {
        func document(_ initial: String, _ id: String, _ title: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="\(initial)">
                <scenes>
                    <scene sceneID="s-\(id)">
                        <objects>
                            <viewController id="\(id)" title="\(title)" sceneMemberID="viewController"/>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        }
        let dir = Scratch.folder + "/segue-reload-dir-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try document("home", "home", "Home").write(toFile: dir + "/Main.storyboard", atomically: true, encoding: .utf8)
        try document("away", "away", "Away").write(toFile: dir + "/Other.storyboard", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func aDirectoryWhereOneStoryboardBreaksOrGoesKeepsTheLastGoodFlow() throws {
        let dir = try Self.storyboardDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let server = try TestServer(storyboard: try FlowSource.load(path: dir)) { $0.app.watchesFlow = true }
        let other = dir + "/Other.storyboard"
        let good = try Data(contentsOf: URL(fileURLWithPath: other))
        func sceneIDs() throws -> Set<String> {
            Set(try server.request("GET", "/api/v1/scenes").decode(SceneList.self).scenes.map(\.id))
        }
        #expect(try sceneIDs() == ["home", "Other:away"])

        // Invalid UTF-8 in one file: refused, its scenes keep serving, the problem is shown.
        var broken = good
        broken.replaceSubrange(broken.range(of: Data("Away".utf8))!, with: [0x41, 0xFF])
        try broken.write(to: URL(fileURLWithPath: other))
        let outcome = server.service.reloadFlow(from: dir)
        #expect(!outcome.applied)
        #expect(outcome.problems.contains { $0.contains("Other.storyboard:") })
        let flow = try flowStatus(server)
        #expect(flow.generation == 0)
        #expect(flow.problems.contains { $0.contains("Other.storyboard:") })
        #expect(try sceneIDs() == ["home", "Other:away"])
        let page = try server.request("GET", "/ui/home", follow: true)
        #expect(page.body.contains("class=\"flow-problems\" role=\"alert\" data-flow-generation=\"0\">"))
        #expect(page.body.contains("Other.storyboard:"))

        // Truncated XML: the same.
        try good.prefix(200).write(to: URL(fileURLWithPath: other))
        #expect(!server.service.reloadFlow(from: dir).applied)
        #expect(try sceneIDs() == ["home", "Other:away"])

        // A file that was in the flow and is gone: refused too.
        try FileManager.default.removeItem(atPath: other)
        let gone = server.service.reloadFlow(from: dir)
        #expect(!gone.applied)
        #expect(gone.problems.contains { $0.contains("Other.storyboard") })

        // Restored: the edit applies and the problems clear.
        try good.write(to: URL(fileURLWithPath: other))
        #expect(server.service.reloadFlow(from: dir).applied)
        let clean = try flowStatus(server)
        #expect(clean.generation == 1)
        #expect(clean.problems.isEmpty)
    }

    @Test func theWatcherReportsAnEditOfTheWatchedFileOnce() throws {
        let dir = Scratch.folder + "/segue-watch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/flow.yaml"
        try "initialViewController: a\nscenes:\n  a: {title: A}\n".write(toFile: file, atomically: true, encoding: .utf8)
        let changed = DispatchSemaphore(value: 0)
        let watcher = FlowWatcher(path: file, settle: .milliseconds(50)) { changed.signal() }
        try watcher.start()
        defer { watcher.stop() }
        // Another file in the same folder is not the flow.
        try "x".write(toFile: dir + "/notes.txt", atomically: false, encoding: .utf8)
        try "initialViewController: a\nscenes:\n  a: {title: B}\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(changed.wait(timeout: .now() + 10) == .success)
    }
}
