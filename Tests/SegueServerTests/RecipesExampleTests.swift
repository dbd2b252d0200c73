import Foundation
import SegueTesting
import Testing

/// `Examples/Recipes` (WWDC 2011 containment): a custom container flips between its embedded
/// card and a note with transition(from:to:), and presents mail with currentContext.
@Suite struct RecipesExampleTests {
    @Test func flipsBetweenCardAndNoteAndMailsInContext() throws {
        let server = try ServerProcess("recipes", ["0"])
        let base = "/api/v1/sessions"
        let id = try server.request("POST", base, json: #"{"traits":{"width":1180,"height":820}}"#).decode(CreatedSession.self).id
        func act(_ body: String) throws -> ActionResult { try server.request("POST", "\(base)/\(id)/actions", json: body).decode(ActionResult.self) }
        func names(_ r: ActionResult) -> [String] { r.events.map(\.sceneAndName).filter { !$0.contains("Layout") } }
        let open = try act(#"{"action":"tap","element":"soupRow"}"#)
        let openEvents = names(open)
        let prepare = try #require(openEvents.firstIndex(of: "recipe.prepareForSegue"))
        let didLoad = try #require(openEvents.firstIndex(of: "recipe.viewDidLoad"))
        #expect(openEvents[prepare + 1] == "recipeCard.willMoveToParentViewController" && prepare < didLoad)
        #expect(open.state.root.children[safe: 1]?.children.first?.scene == "recipeCard")
        let flip = try act(#"{"action":"tap","element":"flip"}"#)
        #expect(names(flip) == [
            "recipeNote.willMoveToParentViewController", "recipeNote.didMoveToParentViewController",
            "recipeNote.loadView", "recipeNote.viewDidLoad",
            "recipeCard.viewWillDisappear", "recipeNote.viewWillAppear", "recipeCard.viewDidDisappear", "recipeNote.viewDidAppear",
        ])
        #expect(flip.state.elements.contains { $0.id == "flip" && $0.title == "Recipe" })
        let back = try act(#"{"action":"tap","element":"flip"}"#)
        #expect(names(back) == ["recipeNote.viewWillDisappear", "recipeCard.viewWillAppear", "recipeNote.viewDidDisappear", "recipeCard.viewDidAppear"])
        let mail = try act(#"{"action":"tap","element":"mailRecipe"}"#)
        #expect(mail.state.root.children[safe: 1]?.presented?.modalPresentationStyle == "currentContext")
        #expect(!names(mail).contains("recipeList.viewWillAppear"))
        #expect(names(mail).contains("recipe.viewWillDisappear") && names(mail).contains("recipeCard.viewDidDisappear"))
        // The navigation bar around the context stays usable.
        #expect(mail.state.elements.contains { $0.role == "backButton" })
    }
}
