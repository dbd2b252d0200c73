import Foundation
import SegueCore
import Testing
@testable import SegueAppFolder
import SegueTestSupport

/// The code's texts are keys of its strings tables and String Catalogs: the development region's
/// text replaces them, and each other language's copy of a scene gets that language's.
@Suite("Strings the code shows")
struct CodeStringsTests {
    func write(_ files: [String: String]) throws -> String {
        let root = Scratch.folder + "/code-strings-\(UUID().uuidString)"
        try writeFiles(files, under: root)
        return root
    }

    @Test("keys in titles, tab items, bar items and alerts become each language's text")
    func keysBecomeTexts() throws {
        let root = try write([
            "App/Info.plist": "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>CFBundleDevelopmentRegion</key><string>en</string></dict></plist>",
            "App/en.lproj/Localizable.strings": "\"tab.home\" = \"Home\";\n\"alert.delete\" = \"Delete this?\";",
            "App/de.lproj/Localizable.strings": "\"tab.home\" = \"Start\";",
            "App/Base.lproj/Main.storyboard": "<document/>",
            "App/en.lproj/Main.strings": "\"Main.title\" = \"Never\";",
            "App/Resources/Texts.xcstrings": """
                {"sourceLanguage": "en", "strings": {"done": {"localizations": {
                  "en": {"stringUnit": {"state": "translated", "value": "Done"}},
                  "fr": {"stringUnit": {"state": "translated", "value": "Terminé"}}}}}}
                """,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let app = try #require(AppFolder.find(root: root))
        var home = Scene(id: "home")
        home.title = "tab.home"
        home.tabBarItem = TabBarItemSpec(title: "tab.home")
        home.navigationItem.rightBarButtonItems = [BarButtonItemSpec(title: "done")]
        var alert = Scene(id: "alert", kind: .alertController)
        var spec = AlertSpec()
        spec.title = "alert.delete"
        spec.actions = [AlertSpec.Action(title: "done")]
        alert.alert = spec
        var other = Scene(id: "other")
        other.title = "Main.title"
        var board = Storyboard(name: "Main", initialViewController: "home", scenes: [home, alert, other])
        CodeStrings.localize(&board, app: app)
        #expect(board["home"]?.title == "Home" && board["home"]?.tabBarItem?.title == "Home")
        #expect(board["home"]?.navigationItem.rightBarButtonItems.first?.title == "Done")
        #expect(board["alert"]?.alert?.title == "Delete this?" && board["alert"]?.alert?.actions.first?.title == "Done")
        // A storyboard's own strings table is no table of the code's.
        #expect(board["other"]?.title == "Main.title")
        // German has its own word for the tab, and falls back to English for the rest.
        #expect(board.scene("home", pad: false, locale: "de")?.title == "Start")
        #expect(board.scene("alert", pad: false, locale: "de")?.alert?.title == "Delete this?")
        #expect(board.scene("home", pad: false, locale: "fr")?.navigationItem.rightBarButtonItems.first?.title == "Terminé")
    }

    @Test("a String Catalog that is not JSON gives no texts and no crash")
    func malformedCatalog() throws {
        let root = try write(["Texts.xcstrings": "{\"strings\": [1, 2"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(CodeStrings.catalog(path: root + "/Texts.xcstrings").isEmpty)
    }
}
