/// The ids of the elements a flow gives no id of their own, derived from their controller's id
/// (`c1.tab.2`, `c4.right.0`, `c3.row.0.2`), or for chrome no flow can name, from its
/// controller's scene (`mailNav.back`, `pickNav.outside`: see ``ViewController/chromeName``). They are a public contract (STATE
/// `elements`, `data-element` on pages, flow tests and recorded tests name elements by them):
/// this is their one definition.
public enum ElementID {
    /// A navigation controller's (or a collapsed split view's) back button, by its chrome name.
    public static func back(_ container: String) -> String { container + ".back" }
    /// Bar button item `index` of a bar slot (`left`, `right`, `toolbar`).
    public static func barItem(_ owner: String, slot: StaticString, index: Int) -> String { "\(owner).\(slot).\(index)" }
    /// View element `index` of a controller's view, in the view's order.
    public static func view(_ owner: String, index: Int) -> String { "\(owner).view.\(index)" }
    /// Row `index` of table section `section`.
    public static func row(_ owner: String, section: Int, index: Int) -> String { "\(owner).row.\(section).\(index)" }
    /// A row's accessory button (`trigger="accessoryAction"`).
    public static func accessory(ofRow row: String) -> String { row + ".accessory" }
    /// A row's delete, move-up and move-down buttons while its table is editing.
    public static func delete(ofRow row: String) -> String { row + ".delete" }
    public static func moveUp(ofRow row: String) -> String { row + ".moveUp" }
    public static func moveDown(ofRow row: String) -> String { row + ".moveDown" }
    /// Action `index` of an alert.
    public static func alertAction(_ alert: String, index: Int) -> String { "\(alert).action.\(index)" }
    /// A tab bar's tab `index`, and its More tab.
    public static func tab(_ tabs: String, index: Int) -> String { "\(tabs).tab.\(index)" }
    public static func moreTab(_ tabs: String) -> String { tabs + ".tab.more" }
    /// Row `index` of the More list, its back button, its Edit and Done buttons.
    public static func moreRow(_ tabs: String, index: Int) -> String { "\(tabs).more.\(index)" }
    public static func moreBack(_ tabs: String) -> String { tabs + ".more.back" }
    public static func moreEdit(_ tabs: String) -> String { tabs + ".more.edit" }
    public static func moreDone(_ tabs: String) -> String { tabs + ".more.done" }
    /// Moving tab `index` up or down while customizing the tab bar.
    public static func moreMoveUp(_ tabs: String, index: Int) -> String { "\(tabs).more.up.\(index)" }
    public static func moreMoveDown(_ tabs: String, index: Int) -> String { "\(tabs).more.down.\(index)" }
    /// A page view controller's previous and next controls.
    public static func previousPage(_ pages: String) -> String { pages + ".previous" }
    public static func nextPage(_ pages: String) -> String { pages + ".next" }
    /// A split view's show-primary and hide-primary buttons.
    public static func showPrimary(_ split: String) -> String { split + ".showPrimary" }
    public static func hidePrimary(_ split: String) -> String { split + ".hidePrimary" }
    /// Dismissing a partial curl, and a tap outside a popover (by the popover's chrome name).
    public static func curl(_ presented: String) -> String { presented + ".curl" }
    public static func outside(_ presented: String) -> String { presented + ".outside" }
    /// The search field a navigation item's search controller shows, and its Cancel button.
    public static func search(_ owner: String) -> String { owner + ".search" }
    public static func searchCancel(_ owner: String) -> String { owner + ".search.cancel" }
    /// The search field whose Cancel `id` is, if it is one.
    public static func searchField(cancelledBy id: String) -> String? {
        id.hasSuffix(".search.cancel") ? String(id.dropLast(".cancel".count)) : nil
    }
}
