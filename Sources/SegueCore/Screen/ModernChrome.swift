/// What the modern era adds to a screen (docs/Semantics.md, "Two eras"): sheets drawn as cards
/// at compact width, the grabber a person drags a sheet down by, and large titles.
extension Window {
    /// A modern page or form sheet at compact width: a card over its scaled-back presenter.
    func isCard(_ presented: ViewController) -> Bool {
        isSheet(presented) && traits.horizontalSizeClass == .compact
    }

    /// Whether the bar of `nav` shows its top item's title large: only where the bar prefers
    /// large titles (modern era), and never at compact height (a phone in landscape, where UIKit
    /// keeps every title in the bar); the top item's `largeTitleDisplayMode` decides, `automatic`
    /// following the item below it, down to the root, which follows the bar.
    func showsLargeTitle(in nav: NavigationController, stack: [ViewController]) -> Bool {
        guard era == .modern, traits.verticalSizeClass != .compact, nav.scene?.prefersLargeTitles == true else { return false }
        for controller in stack.reversed() {
            switch controller.scene?.navigationItem.largeTitleDisplayMode ?? .automatic {
            case .always: return true
            case .never: return false
            case .automatic: continue
            }
        }
        return true
    }
}

extension ScreenBuilder {
    /// The grabber of the front sheet in the modern era: the element a person drags the sheet
    /// down by (without a pointer, activating it does the same, as VoiceOver's does). Like the
    /// area outside a popover it comes after the sheet's own elements in reading order.
    mutating func registerGrabber(_ top: ViewController) -> String? {
        guard window.isSheet(top), top.presentedStorage == nil, interactive else { return nil }
        // One grabber on screen (the front sheet's): an id restoring the page's URL keeps.
        return register("sheet.grabber", role: .button, title: "Dismiss", controller: top,
                        target: .chrome(.sheetGrabber(top)))
    }
}

extension ScreenBuilder {
    /// A row's swipe actions, each an element after the row (leading ones, then trailing ones
    /// from the edge inwards): activating one runs its wiring, as choosing it after a swipe does.
    /// Contextual actions are the modern era's (iOS 11); the iOS 7 era draws rows without them
    /// but keeps swipe to delete, which iOS has had since its third version. Delete deletes the
    /// row at `place`, as a table being edited does. A table being edited offers no swipe
    /// actions (its delete controls stand in for them).
    mutating func registerSwipeActions(_ row: inout TableRow, rowID: String, owner: ViewController, place: TableRowPlace) {
        if owner.isEditing {
            row.leadingSwipeActions = []
            row.trailingSwipeActions = []
            return
        }
        if window.era != .modern {
            row.leadingSwipeActions = []
            row.trailingSwipeActions.removeAll { !$0.deletesRow }
        }
        func register(_ actions: inout [SwipeAction], edge: String) {
            for i in actions.indices {
                let id = actions[i].id ?? "\(rowID).\(edge).\(i)"
                if actions[i].deletesRow {
                    let edit = TableEdit(owner: owner, table: place.table, section: place.section, row: place.row, operation: .delete)
                    actions[i].elementID = self.register(id, role: .button, title: actions[i].title, controller: owner, target: .tableEdit(edit))
                    continue
                }
                var node = ViewNode(.button, id: actions[i].id, text: actions[i].title)
                node.tap = actions[i].tap
                actions[i].elementID = self.register(id, role: .button, title: actions[i].title,
                                                     controller: owner, target: .node(owner: owner, node: node),
                                                     enabled: actions[i].tap != nil && isRunnable(actions[i].tap, on: owner))
            }
        }
        register(&row.leadingSwipeActions, edge: "leading")
        register(&row.trailingSwipeActions, edge: "trailing")
    }
}

/// Where a row is: its table's pre-order position in its controller's view, its section and its
/// index among the rows shown.
struct TableRowPlace {
    let table: Int
    let section: Int
    let row: Int
}

extension ViewController {
    /// Where this controller is, from the root: its index among its parent's children, or `p`
    /// for a presentation, per level (`root`, `0`, `0.p.1`). A page's URL restores the same place.
    var placeInWindow: String {
        var parts: [String] = []
        var node = self
        while true {
            if let parent = node.parent {
                parts.append(String(parent.children.firstIndex { $0 === node } ?? 0))
                node = parent
            } else if let presenter = node.presentingStorage {
                parts.append("p")
                node = presenter
            } else {
                break
            }
        }
        return parts.isEmpty ? "root" : parts.reversed().joined(separator: ".")
    }
}
