import Foundation
import Testing

/// `Examples/Recipes` (WWDC 2011 containment): a custom container flips between its embedded
/// card and a note with transition(from:to:), and presents mail with currentContext.
@Suite struct RecipesExampleTests {
    @Test func flipsBetweenCardAndNoteAndMailsInContext() throws {
        let server = try ServerProcess("recipes", ["0"])
        let base = "/api/v1/sessions"
        let id = try #require(try server.request("POST", base, json: #"{"traits":{"width":1180,"height":820}}"#).json["id"] as? String)
        func act(_ body: String) throws -> HTTPResult { try server.request("POST", "\(base)/\(id)/actions", json: body) }
        func names(_ r: HTTPResult) -> [String] {
            r.events.map { "\($0["scene"] as? String ?? "").\($0["event"] as? String ?? "")" }
                .filter { !$0.contains("Layout") }
        }
        let open = try act(#"{"action":"tap","element":"soupRow"}"#)
        let openEvents = names(open)
        let prepare = try #require(openEvents.firstIndex(of: "recipe.prepareForSegue"))
        let didLoad = try #require(openEvents.firstIndex(of: "recipe.viewDidLoad"))
        #expect(openEvents[prepare + 1] == "recipeCard.willMoveToParentViewController" && prepare < didLoad)
        #expect(open.json[path: "state.root.children.1.children.0.scene"] as? String == "recipeCard")
        let flip = try act(#"{"action":"tap","element":"flip"}"#)
        #expect(names(flip) == [
            "recipeNote.willMoveToParentViewController", "recipeNote.didMoveToParentViewController",
            "recipeNote.loadView", "recipeNote.viewDidLoad",
            "recipeCard.viewWillDisappear", "recipeNote.viewWillAppear", "recipeCard.viewDidDisappear", "recipeNote.viewDidAppear",
        ])
        let flipped = flip.json["state"] as! [String: Any]
        #expect((flipped["elements"] as! [[String: Any]]).contains { $0["id"] as? String == "flip" && $0["title"] as? String == "Recipe" })
        let back = try act(#"{"action":"tap","element":"flip"}"#)
        #expect(names(back) == ["recipeNote.viewWillDisappear", "recipeCard.viewWillAppear", "recipeNote.viewDidDisappear", "recipeCard.viewDidAppear"])
        let mail = try act(#"{"action":"tap","element":"mailRecipe"}"#)
        let mailState = mail.json["state"] as! [String: Any]
        #expect(mailState[path: "root.children.1.presented.modalPresentationStyle"] as? String == "currentContext")
        #expect(!names(mail).contains("recipeList.viewWillAppear"))
        #expect(names(mail).contains("recipe.viewWillDisappear") && names(mail).contains("recipeCard.viewDidDisappear"))
        // The navigation bar around the context stays usable.
        #expect((mailState["elements"] as! [[String: Any]]).contains { $0["role"] as? String == "backButton" })
    }
}
