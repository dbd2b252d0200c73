import Foundation
import SegueServer
import SegueStorePostgres
import SegueStoreSQLite
import SegueTesting
import Testing

/// `segue serve --watch` over the durable stores: a good edit carries every session over with
/// its place in the flow, and what is stored afterwards rebuilds the same place.
@Suite(.serialized) struct ReloadStoreTests {
    /// A session three screens deep on a copy of the Mail example, a title edit, and where the
    /// session is afterwards, live and rebuilt from storage.
    static func editATitleKeepsThePlace(storage: any SessionStorage) throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/mail.yaml"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Examples/mail.yaml", toPath: file)
        let server = try StoreServer(storage: storage) { $0.app.watchesFlow = true }
        defer { server.stop() }
        let id = try server.newSession()
        for element in ["inboxRow", "msgAnna"] { let r = try server.act(id, #"{"action":"tap","element":"\#(element)","animated":false}"#); #expect(r.status == 200, "\(r.body)") }
        let deep = try server.state(id).state().url
        #expect(deep.hasPrefix("/ui/mailNav(mailboxes,inbox,message"), "\(deep)")

        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "title: Mailboxes", with: "title: Boxes").write(toFile: file, atomically: true, encoding: .utf8)
        let outcome = server.service.reloadFlow(from: file)
        #expect(outcome.applied && outcome.sessionsCarried == 1)
        #expect(try server.state(id).state().url == deep)
        // Out of memory and rebuilt from what the reload stored: the same place, and it goes on.
        #expect(server.service.app.store.remove(id: id))
        #expect(try server.state(id).state().url == deep)
        #expect(try server.act(id, #"{"action":"pop"}"#).status == 200)
        #expect(try server.state(id).state().url == "/ui/mailNav(mailboxes,inbox)")
    }

    @Test func sqliteKeepsEverySessionsPlaceAcrossAnEdit() throws {
        try Self.editATitleKeepsThePlace(storage: try SQLiteSessionStorage(path: temporaryDirectory() + "/reload.sqlite"))
    }

    // PostgreSQL runs this test in `PostgresStoreTests`, whose suite has the test server to itself.
}
