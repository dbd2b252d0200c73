/// Data passing between scenes (`prepare(for:sender:)` and unwinds).
///
/// A segue's `passes` (`key: template`) is evaluated when the segue is prepared, after the
/// `prepareForSegue` event is logged and before the source's `prepare(for:sender:)` override runs
/// (so Swift code sees, and may overwrite, what the flow file passed):
///
/// - Forward segues hand values to their destination; an **unwind** segue hands them back to the
///   controller it unwinds to (the destination of the unwind search).
/// - The key `title` sets the receiving controller's title (shown in bars); every key is kept in
///   `passedValues` and fills `{{key}}` in the receiver's view texts (labels, buttons, rows).
/// - When the receiver is a navigation controller (a presented `composeNav`), the values also go
///   to its root view controller, which is what the bar shows; a tab bar controller hands them to
///   its selected child likewise. This is what `prepare(for:sender:)` code does with
///   `(segue.destination as? UINavigationController)?.topViewController`.
/// - Templates: `{{sender.title}}` (the tapped element's title: a row's text, a button's title),
///   `{{sender.id}}`, `{{source.title}}`, `{{field.ID}}` (a text field's text or a switch's
///   `on`/`off` on the source, as typed in the form posted with the tap), `{{passed.KEY}}` (a value
///   the source itself was passed, to forward it). Unknown names render empty.
///
/// In Swift, override `prepare(for:sender:)` and set `segue.destination.passedValues[…]` or
/// `segue.destination.title` (see `StoryboardSegue.contentDestination`).
extension Window {
    func pass(_ passes: [String: String], from source: ViewController, to destination: ViewController, sender: Element?) {
        guard !passes.isEmpty else { return }
        let receivers = DataPassing.receivers(of: destination)
        for (key, template) in passes.sorted(by: { $0.key < $1.key }) {
            let value = DataPassing.render(template, source: source, sender: sender)
            for receiver in receivers {
                if key == "title" {
                    receiver.title = value
                    receiver.navigationItem.title = nil
                }
                receiver.passedValues[key] = value
            }
        }
    }
}

public enum DataPassing {
    /// The controllers that receive passed values: the destination, and for a navigation
    /// controller its root (recursively), for a tab bar controller its selected child.
    public static func receivers(of destination: ViewController) -> [ViewController] {
        var out = [destination]
        var node = destination
        while true {
            if let nav = node as? NavigationController, let root = nav.children.first {
                node = root
            } else if let tabs = node as? TabBarController, let selected = tabs.selectedViewController {
                node = selected
            } else {
                break
            }
            out.append(node)
        }
        return out
    }

    /// Renders one template against the source and sender.
    public static func render(_ template: String, source: ViewController, sender: Element?) -> String {
        Template.render(template) { name in
            switch name {
            case "sender.title": return sender?.title
            case "sender.id": return sender?.id
            case "source.title": return source.navigationItem.title ?? source.title
            default:
                if name.hasPrefix("field.") {
                    let field = String(name.dropFirst(6))
                    switch source.values[field] {
                    case .text(let t): return t
                    case .bool(let b): return b ? "on" : "off"
                    case nil: return nil
                    }
                }
                if name.hasPrefix("passed.") { return source.passedValues[String(name.dropFirst(7))] }
                return nil
            }
        }
    }
}

extension StoryboardSegue {
    /// The content controller behind the destination: a navigation controller's root, a tab bar
    /// controller's selected child, else the destination itself.
    public var contentDestination: ViewController { DataPassing.receivers(of: destination).last ?? destination }
}
