import Foundation
import SegueTestSupport
import Synchronization
import SegueCore
import SegueHTTP
import SegueStoryboard
import Testing
@testable import SegueAppFolder
@testable import SegueServer

/// Whole real apps, read in place from the shared folder beside the checkout (never copied):
/// each launches its Info.plist's first screen at phone and pad size, its nib-based controllers
/// exist, and every scene opens and renders without a server error. With
/// `SEGUE_APP_REPORT=docs/app-corpus-report.md` the run also writes the report.
enum AppCorpus {
    static let directory = SharedFolder.apps
    static let folders: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory) && isDirectory.boolValue
        }.sorted()
    }()
    static let available: Bool = {
        if folders.isEmpty { print("SegueServerTests: apps absent at \(directory); app corpus tests skipped") }
        return !folders.isEmpty
    }()
}

/// One app's numbers for the report.
struct AppCorpusRow: Sendable {
    var name: String
    var launched: String
    var why: String
    var padRoot: String
    var scenes: Int
    var nibControllers: Int
    var nibs: Int
    var archiveNibs: Int
    var locales: [String]
    var opened: Int
    var serverErrors: Int
}

@Suite("App corpus", .enabled(if: AppCorpus.available, "apps absent"), .serialized)
struct AppCorpusTests {
    static let rows = Mutex<[AppCorpusRow]>([])

    @Test("each app launches its first screen at phone and pad size, its nib controllers exist, every scene opens", arguments: AppCorpus.folders)
    func app(_ folder: String) throws {
        let path = AppCorpus.directory + "/" + folder
        // Launched as `segue serve` launches it: a root its code builds wins over a guess.
        let loaded = try #require(try FlowSource.loadAppWithCode(path: path)).app
        let storyboard = loaded.storyboard
        let phone = try launchedRoot(storyboard, .phonePortrait)
        let pad = try launchedRoot(storyboard, .padLandscape)
        // What the Info.plist names is what launches; an app that names nothing says so.
        switch loaded.launch.phone {
        case .storyboard(let name)?:
            #expect(phone.scene?.storyboardName == name, "\(folder): launched \(phone.scene?.id ?? "-")")
            #expect(loaded.launch.notice == nil)
        case .nib(let name)?:
            #expect(phone.scene?.id.hasPrefix(name + ":") == true, "\(folder): launched \(phone.scene?.id ?? "-")")
        case nil:
            #expect(loaded.launch.notice != nil)
        }
        if case .storyboard(let name)? = loaded.launch.pad { #expect(pad.scene?.storyboardName == name) }
        if case .nib(let name)? = loaded.launch.pad { #expect(pad.scene?.id.hasPrefix(name + ":") == true) }
        // Every nib with a controller gives scenes.
        let nibsWithControllers = loaded.nibs.filter { !$0.scenes.isEmpty }
        for nib in nibsWithControllers {
            #expect(nib.scenes.contains { storyboard[$0.id] != nil || storyboard.padScenes[$0.id] != nil }, "\(folder): \(nib.name).xib")
        }
        let (opened, errors) = try openEveryScene(storyboard)
        #expect(errors == 0, "\(folder): \(errors) scenes answered 5xx")
        let row = AppCorpusRow(
            name: folder, launched: describe(loaded.launch.phone, root: loaded.launch.phoneRoot), why: loaded.launch.reason,
            padRoot: loaded.launch.padRoot.map { storyboard.padInitialViewController == nil ? "same" : $0 } ?? "same",
            scenes: storyboard.sceneOrder.count, nibControllers: storyboard.nibScenes.count, nibs: loaded.nibs.count,
            archiveNibs: loaded.nibs.filter(\.isArchive).count, locales: storyboard.locales, opened: opened, serverErrors: errors)
        Self.rows.withLock { $0.append(row) }
        if Self.rows.withLock({ $0.count }) == AppCorpus.folders.count, let out = ProcessInfo.processInfo.environment["SEGUE_APP_REPORT"] {
            try AppCorpusReport.write(Self.rows.withLock { $0 }, to: out)
        }
    }

    func describe(_ interface: AppLaunch.Interface?, root: String?) -> String {
        switch interface {
        case .storyboard(let n)?: "\(n).storyboard → \(root ?? "-")"
        case .nib(let n)?: "\(n).xib → \(root ?? "-")"
        case nil: "built in code; stands in: \(root ?? "-")"
        }
    }

    /// Opens each scene in a session of its own (`GET /scenes/ID`, then its page) at phone size,
    /// and the pad root at pad size; counts the answers of 500 and above.
    func openEveryScene(_ storyboard: Storyboard) throws -> (opened: Int, serverErrors: Int) {
        let app = SegueApp(storyboard: FlowSource.servingStoryboard(storyboard), assets: StaticAssets(directory: nil), logger: silentLogger)
        var opened = 0, errors = 0
        for id in storyboard.sceneOrder {
            let encoded = id.addingPercentEncoding(withAllowedCharacters: CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? id
            let open = app.respond(to: HTTPRequest(method: .GET, path: "/scenes/" + encoded))
            if open.status >= 500 { errors += 1; continue }
            // A scene that cannot stand alone (inside an unresolved reference, say) is refused (4xx).
            guard open.status == 303, let location = open.header("location"), let cookie = open.header("set-cookie") else { continue }
            let page = app.respond(to: HTTPRequest(method: .GET, path: location, headers: [("cookie", String(cookie.prefix { $0 != ";" }))]))
            if page.status >= 500 { errors += 1 } else if page.status == 200 { opened += 1 }
        }
        let pad = app.respond(to: HTTPRequest(method: .POST, path: "/api/v1/sessions", headers: [("content-type", "application/json")],
                                              body: Array(#"{"traits":{"width":1180,"height":820}}"#.utf8)))
        if pad.status >= 500 { errors += 1 }
        return (opened, errors)
    }
}

/// Writes `docs/app-corpus-report.md`: the sections of this run, then whatever follows the
/// art section's heading in the existing file (kept as it was).
enum AppCorpusReport {
    static let artHeading = "## Art, colours and fonts"

    static func write(_ rows: [AppCorpusRow], to path: String) throws {
        let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let tail = existing.range(of: artHeading).map { String(existing[$0.lowerBound...]) } ?? artHeading + "\n\n(Added by the art and resources work.)\n"
        var out = """
        # App corpus report

        The shared app folders, each read as `segue serve DIR` reads it. Made with:

            SEGUE_APP_REPORT=$PWD/docs/app-corpus-report.md swift test --filter AppCorpusTests

        `launched` is the phone's root and what names it; `pad` is the pad root when it differs;
        `nib scenes` counts the controllers the app's xibs hold (nib-based classes and the
        controllers inside nibs); `opened` counts scenes opened one by one whose page rendered
        (200), out of `scenes`; `5xx` counts server errors (there must be none).

        | app | launched | why | pad | scenes | nib scenes | xibs (IB3) | locales | opened | 5xx |
        |---|---|---|---|---|---|---|---|---|---|

        """
        for r in rows.sorted(by: { $0.name < $1.name }) {
            let locales = r.locales.count > 6 ? "\(r.locales.count) languages" : r.locales.joined(separator: ", ")
            out += "| \(r.name) | \(r.launched) | \(r.why) | \(r.padRoot) | \(r.scenes) | \(r.nibControllers) | \(r.nibs) (\(r.archiveNibs)) | \(locales) | \(r.opened) | \(r.serverErrors) |\n"
        }
        let total = rows.reduce(0) { $0 + $1.scenes }, opened = rows.reduce(0) { $0 + $1.opened }
        out += "\n\(rows.count) apps, \(total) scenes, \(opened) opened and rendered, \(rows.reduce(0) { $0 + $1.serverErrors }) server errors.\n\n"
        try (out + tail).write(toFile: path, atomically: true, encoding: .utf8)
    }
}
