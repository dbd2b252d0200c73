import SegueCore

/// The recipe screen of WWDC 2011's containment session: a custom container that flips between
/// the recipe card (embedded by the storyboard) and the cook's note (added in code on the first
/// flip) with `transition(from:to:)`.
final class RecipeContainer: ViewController {
    override func handleAction(_ name: String, sender: Element?) -> Bool {
        guard name == "flip", let window else { return false }
        do {
            guard let shown = visibleChildren.first else { return false }
            let other: ViewController
            if let existing = children.first(where: { $0 !== shown }) {
                other = existing
            } else {
                other = try window.instantiate(sceneID: "recipeNote")
                try addChild(other, showingView: false)
            }
            try transition(from: shown, to: other, animated: true)
            // The bar button names what a flip shows next.
            if let i = navigationItem.rightBarButtonItems.firstIndex(where: { $0.id == "flip" }) {
                navigationItem.rightBarButtonItems[i].title = other.sceneID == "recipeNote" ? "Recipe" : "Note"
            }
            return true
        } catch {
            return false
        }
    }
}
