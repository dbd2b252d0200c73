import SegueCore
import Yams

/// A sample row's `leadingSwipeActions`/`trailingSwipeActions` in an overlay: read with the
/// flow files' vocabulary (`id`, `title`, `style: normal|destructive`, and what choosing the
/// action does: `segue` or `action`, or an overlay step's `push`, `present`, `show`, `showDetail`),
/// and turned into the rows' ``SwipeAction``s when the overlay is applied.
extension OverlayLoader {
    static let swipeActionTargets = ["segue", "action", "push", "present", "show", "showDetail"]

    static func swipeActions(_ node: Node, _ key: String, cell: String, _ d: Diagnostics) -> [Overlay.SwipeActionStep] {
        guard let items = node.sequence else {
            d.error(node, .wrongType, "'\(key)' of a '\(cell)' row must be a list of swipe actions")
            return []
        }
        let context = "a swipe action of a '\(cell)' row"
        return items.compactMap { item in
            guard let fields = Fields(item, context: context, allowed: Set(["id", "title", "style"] + swipeActionTargets),
                                      what: context, diagnostics: d) else { return nil }
            guard let title = fields.string("title") else {
                d.error(item, "\(context) needs a 'title'")
                return nil
            }
            var action = Overlay.SwipeActionStep(id: fields.string("id"), title: title, line: item.line)
            if let style = fields.enumeration("style", SwipeAction.Style.self) { action.style = style }
            action.step = swipeStep(fields, context: context, d)
            return action
        }
    }

    /// The one step a swipe action runs; two are an error (which would run is not said).
    private static func swipeStep(_ fields: Fields, context: String, _ d: Diagnostics) -> Overlay.Step? {
        let given = swipeActionTargets.filter { fields.has($0) }
        if given.count > 1 {
            d.error(line: fields.line(given[1]), .invalidInput, "\(context) has both '\(given[0])' and '\(given[1])'")
        }
        guard let key = given.first, let verb = Overlay.Step.Verb(rawValue: key), let target = fields.string(key) else { return nil }
        return Overlay.Step(verb: verb, target: target, line: fields.line(key))
    }
}

extension Overlay {
    /// The swipe actions of a sample row, each with the tap its step gives (adding the step's
    /// segue to the scene, as a row's tap does).
    func swipeActions(_ actions: [SwipeActionStep], scene: inout Scene, storyboard: Storyboard) -> [SwipeAction] {
        actions.map { action in
            let tap = action.step.flatMap { apply($0, to: &scene, storyboard: storyboard) }
            return SwipeAction(id: action.id, title: action.title, style: action.style, tap: tap)
        }
    }
}

extension Overlay.Row {
    /// Every step the row declares: its tap's and its swipe actions'.
    var steps: [Overlay.Step] {
        (tap.map { [$0] } ?? []) + (leadingSwipeActions + trailingSwipeActions).compactMap(\.step)
    }
}
