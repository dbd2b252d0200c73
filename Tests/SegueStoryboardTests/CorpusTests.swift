import Foundation
import Testing
import SegueCore
@testable import SegueStoryboard
import SegueTestSupport

/// The shared corpus: 38 real storyboards from 28 public apps, read in place (never copied).
enum Corpus {
    static let directory = SharedFolder.path("corpus/storyboards")
    static let manifestPath = SharedFolder.path("corpus/manifest.tsv")
    static var available: Bool {
        let ok = FileManager.default.fileExists(atPath: manifestPath) && FileManager.default.fileExists(atPath: directory)
        if !ok { print("SegueStoryboardTests: corpus absent at \(directory); corpus tests skipped") }
        return ok
    }

    struct Entry: Sendable, CustomStringConvertible {
        var fields: [String: String]
        var file: String { fields["file"]! }
        var path: String { Corpus.directory + "/" + file }
        var scenes: Int { Int(fields["scenes"]!)! }
        var initial: String? { fields["initialViewController"].flatMap { $0 == "-" || $0.isEmpty ? nil : $0 } }
        var segueKinds: [String: Int] {
            var kinds: [String: Int] = [:]
            for part in (fields["segue_kinds"] ?? "-").split(separator: ",") where part != "-" {
                let kv = part.split(separator: ":")
                kinds[String(kv[0])] = Int(kv[1])!
            }
            return kinds
        }
        func int(_ column: String) -> Int { Int(fields[column] ?? "0") ?? 0 }
        var description: String { file }
    }

    static func entries() -> [Entry] {
        guard let text = try? String(contentsOfFile: manifestPath, encoding: .utf8) else { return [] }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { return [] }
        return lines.dropFirst().filter { $0.count == header.count }.map { row in
            Entry(fields: Dictionary(uniqueKeysWithValues: zip(header, row)))
        }
    }
}

/// Model counts: relationships (every relationship target) and segues by kind.
func modelSegueKinds(_ storyboard: Storyboard) -> [String: Int] {
    var kinds: [String: Int] = [:]
    for scene in storyboard.orderedScenes {
        let relationships = scene.relationshipTargets.count
        if relationships > 0 { kinds["relationship", default: 0] += relationships }
        for segue in scene.segues { kinds[segue.kind.rawValue, default: 0] += 1 }
    }
    return kinds
}

@Suite("Corpus", .enabled(if: Corpus.available, "corpus absent"))
struct CorpusTests {
    static let entries = Corpus.entries()

    @Test("every corpus storyboard imports and matches the manifest", arguments: entries)
    func importsAndMatchesManifest(_ entry: Corpus.Entry) throws {
        let data = try StoryboardImporter.read(entry.path)
        let doc = try StoryboardImporter.parseDocument(data: data, fileName: entry.path)
        let result = StoryboardImporter.link([doc], main: 0)
        let storyboard = result.storyboard

        // Scenes: every <scene>; storyboard references are scenes of the file but not of the model
        // (a single file cannot resolve references to other storyboards).
        #expect(result.stats.sceneElements == entry.scenes)
        #expect(storyboard.scenes.count - result.stats.placeholderScenes + result.stats.referenceScenes == entry.scenes)
        #expect(storyboard.sceneOrder.count == storyboard.scenes.count, "scene ids are unique")

        // Segues per kind: declared in the XML, and in the model plus what was dropped.
        #expect(result.stats.declaredSegues == entry.segueKinds)
        var accounted = modelSegueKinds(storyboard)
        accounted.merge(result.stats.droppedSegues, uniquingKeysWith: +)
        #expect(accounted == entry.segueKinds)
        // Only references to other storyboards may drop anything.
        if result.stats.referenceScenes == 0 {
            #expect(result.stats.droppedSegues.isEmpty, "dropped \(result.stats.droppedSegues)")
        }

        // Initial view controller (manifest: XML id).
        if let initial = entry.initial {
            let id = try #require(storyboard.initialViewController, "initial view controller missing")
            #expect(result.xmlIDs[id] == initial)
        } else {
            #expect(storyboard.initialViewController == nil)
        }

        // Controller kinds.
        func count(_ kind: SceneKind) -> Int { storyboard.orderedScenes.filter { $0.kind == kind }.count }
        #expect(count(.navigationController) == entry.int("navigationController"))
        #expect(count(.tabBarController) == entry.int("tabBarController"))
        #expect(count(.splitViewController) == entry.int("splitViewController"))
        #expect(count(.pageViewController) == entry.int("pageViewController"))
        #expect(count(.tableViewController) == entry.int("tableViewController"))
        #expect(count(.collectionViewController) == entry.int("collectionViewController"))

        // Unwind segues carry an action, and taps only name segues of their scene.
        for scene in storyboard.orderedScenes {
            for segue in scene.segues where segue.kind == .unwind {
                #expect(segue.action?.isEmpty == false)
                #expect(segue.action?.hasSuffix(":") == false)
            }
            StoryboardCheck.forEachTap(scene) { tap, _ in
                if case .segue(let id) = tap { #expect(scene.segue(id) != nil, "\(scene.id) taps unknown segue \(id)") }
            }
        }
        // Check and graph run on every file.
        _ = StoryboardCheck.check(storyboard)
        #expect(StoryboardGraph.dot(storyboard).hasPrefix("digraph"))
    }

    @Test("corpus totals")
    func totals() throws {
        var files = 0, scenes = 0, segues = 0, warnings = 0, model = 0, checks = 0
        for entry in Self.entries {
            let data = try StoryboardImporter.read(entry.path)
            let result = StoryboardImporter.link([try StoryboardImporter.parseDocument(data: data, fileName: entry.path)], main: 0)
            files += 1
            scenes += result.stats.sceneElements
            segues += result.stats.declaredSegues.values.reduce(0, +)
            model += modelSegueKinds(result.storyboard).values.reduce(0, +)
            warnings += result.storyboard.diagnostics.count
            checks += StoryboardCheck.check(result.storyboard).count
        }
        print("corpus: \(files) files, \(scenes) scenes, \(segues) segues (\(model) in the single-file models), \(warnings) import warnings, \(checks) check diagnostics")
        #expect(files == 38)
    }

    @Test("the largest storyboard imports quickly")
    func timing() throws {
        let largest = Self.entries.max { $0.int("bytes") < $1.int("bytes") }!
        let data = try StoryboardImporter.read(largest.path)
        var best = Duration.seconds(1000)
        var storyboard: Storyboard?
        for _ in 0..<5 {
            let clock = ContinuousClock()
            let elapsed = try clock.measure {
                storyboard = try StoryboardImporter.parse(data: data, fileName: largest.path)
            }
            best = min(best, elapsed)
        }
        print("import of \(largest.file) (\(data.count) bytes, \(storyboard?.scenes.count ?? 0) scenes): best of 5 \(best)")
        #expect(storyboard?.scenes.count == largest.scenes)
    }

    @Test("a truncated corpus file is an error with a line")
    func truncated() throws {
        let entry = Self.entries.first { $0.file.hasPrefix("061") }!
        let data = try StoryboardImporter.read(entry.path)
        let cut = data.prefix(data.count / 2)
        #expect {
            _ = try StoryboardImporter.parse(data: cut, fileName: "Main.storyboard")
        } throws: { error in
            guard let error = error as? StoryboardImportError, let d = error.diagnostics.first else { return false }
            return d.severity == .error && (d.location?.line ?? 0) > 10 && d.location?.file == "Main.storyboard"
        }
    }

    @Test("the wallabag set resolves every storyboard reference as a directory")
    func wallabagDirectory() throws {
        let set = Self.entries.filter { $0.fields["multi_storyboard_set"] == "wallabag@804f097" }
        #expect(set.count == 7)
        let dir = Scratch.url.appendingPathComponent("segue-wallabag-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for entry in set {
            // Links to the corpus files under their app names (Main.storyboard, Menu.storyboard, ...).
            let name = String(entry.file.split(separator: "__").last!)
            try FileManager.default.createSymbolicLink(atPath: dir + "/" + name, withDestinationPath: entry.path)
        }
        let result = try StoryboardImporter.loadDirectoryReport(path: dir)
        let storyboard = result.storyboard
        #expect(storyboard.name == "Main")
        #expect(result.stats.droppedSegues.isEmpty, "dropped: \(result.stats.droppedSegues)")
        #expect(!storyboard.diagnostics.contains { $0.message.contains("unresolved") })
        let realScenes = set.map(\.scenes).reduce(0, +) - result.stats.referenceScenes
        #expect(storyboard.scenes.count == realScenes)
        var expected: [String: Int] = [:]
        for entry in set { expected.merge(entry.segueKinds, uniquingKeysWith: +) }
        #expect(modelSegueKinds(storyboard) == expected)

        // Main's articles list: its prototype cell shows the Article storyboard's initial scene.
        #expect(storyboard.initialViewController == "articlesNavigation")
        let nav = try #require(storyboard["articlesNavigation"])
        let list = try #require(storyboard[nav.rootViewController ?? ""])
        let read = try #require(list.segue("readArticle"))
        #expect(read.kind == .show)
        #expect(read.destination == "Article:zsG-x9-2za")
        let table = try #require(list.view.first)
        #expect(table.kind == .table)
        #expect(table.sections.first?.rows.count == 1 && table.sections.first?.rows.first?.text?.hasPrefix("Item ") == false)
        #expect(table.sections.first?.rows.first?.tap == .segue("readArticle"))
        #expect(table.sections.first?.rows.first?.accessory == .disclosureIndicator)
        // The bookmarks button presents the Menu storyboard's initial scene.
        let menu = try #require(list.navigationItem.leftBarButtonItems.first)
        #expect(menu.systemItem == .bookmarks)
        guard case .segue(let menuSegue)? = menu.tap else { Issue.record("bookmarks item has no segue"); return }
        #expect(list.segue(menuSegue)?.kind == .presentation)
        #expect(list.segue(menuSegue)?.destination?.hasPrefix("Menu:") == true)
        // Unwind: the action without its colon, on the segue and on custom-class scenes.
        let unwind = try #require(list.segue("authError"))
        #expect(unwind.kind == .unwind && unwind.action == "authErrorWithSegue")
        #expect(list.unwindActions.contains("authErrorWithSegue"))
        // Check: the set as a whole has no unresolved references.
        let problems = StoryboardCheck.check(storyboard)
        #expect(!problems.contains { $0.message.contains("unresolved") })
    }

    @Test("every multi-storyboard set imports as a directory with all references resolved",
          arguments: ["wallabag@804f097", "AltStore@HEAD"])
    func multiStoryboardSets(_ name: String) throws {
        let set = Self.entries.filter { $0.fields["multi_storyboard_set"] == name }
        #expect(set.count >= 3)
        let dir = Scratch.url.appendingPathComponent("segue-set-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for entry in set {
            let file = String(entry.file.split(separator: "__").last!)
            try FileManager.default.createSymbolicLink(atPath: dir + "/" + file, withDestinationPath: entry.path)
        }
        let result = try StoryboardImporter.loadDirectoryReport(path: dir)
        #expect(result.storyboard.name == "Main")
        #expect(result.stats.droppedSegues.isEmpty, "dropped: \(result.stats.droppedSegues)")
        #expect(result.storyboard.diagnostics.isEmpty, "\(result.storyboard.diagnostics)")
        #expect(result.storyboard.scenes.count == set.map(\.scenes).reduce(0, +) - result.stats.referenceScenes)
        var expected: [String: Int] = [:]
        for entry in set { expected.merge(entry.segueKinds, uniquingKeysWith: +) }
        #expect(modelSegueKinds(result.storyboard) == expected)
        print("set \(name): \(set.count) storyboards, \(result.storyboard.scenes.count) scenes, \(result.stats.referenceScenes) references resolved")
    }

    @Test("single-file import of a multi-storyboard file shows references as placeholder scenes with warnings")
    func singleFileReferences() throws {
        let entry = Self.entries.first { $0.file.hasPrefix("061") }!
        let storyboard = try StoryboardImporter.load(path: entry.path)
        #expect(storyboard.scenes.count == 4) // 2 scenes + Menu and Article placeholders
        let list = try #require(storyboard["Ykf-Ei-TaT"])
        let read = try #require(list.segue("readArticle"))
        #expect(storyboard[read.destination ?? ""]?.view.first?.kind == .placeholder)
        let rows = list.view.first?.sections.first?.rows ?? []
        #expect(rows.count == 1 && rows.allSatisfy { $0.tap != nil })
        let warnings = storyboard.diagnostics.filter { $0.message.hasPrefix("unresolved storyboard reference") }
        #expect(!storyboard.diagnostics.contains { $0.message.hasSuffix("; dropped") })
        // The Menu reference is presented: its placeholder offers Close (dismiss).
        let menuSegue = list.segues.first { $0.kind == .presentation }
        let menu = try #require(storyboard[menuSegue?.destination ?? ""])
        #expect(menu.view.contains { $0.kind == .button && $0.tap == .action("dismiss") })
        #expect(warnings.count == 2) // Menu and Article; the Registration references are unused
        #expect(warnings.allSatisfy { $0.severity == .warning && ($0.location?.line ?? 0) > 1 })
    }
}

@Suite("Dump", .enabled(if: ProcessInfo.processInfo.environment["SEGUE_DUMP"] != nil))
struct Dump {
    @Test func dump() throws {
        for entry in Corpus.entries() {
            let s = try StoryboardImporter.load(path: entry.path)
            for d in s.diagnostics { print("IMPORT", d) }
            for d in StoryboardCheck.check(s) { print("CHECK", d.severity, d) }
            for scene in s.orderedScenes {
                var kinds: [String] = []
                for node in scene.view { node.forEach { kinds.append($0.kind.rawValue + ($0.text.map { "(\($0.prefix(20)))" } ?? "") + ($0.tap != nil ? "*" : "")) } }
                let rows = scene.view.flatMap { n in n.sections.flatMap { $0.rows.map { ($0.text ?? "-") + ($0.tap != nil ? "*" : "") } } }
                print("SCENE", entry.file.prefix(3), scene.id, scene.kind.rawValue, scene.title ?? "", kinds.prefix(12).joined(separator: " "), "| rows:", rows.prefix(6).joined(separator: ","))
            }
        }
    }
}
