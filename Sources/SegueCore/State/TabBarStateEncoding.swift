/// Tab bar fields of a controller object (docs/API.md): `selectedIndex` plus extensions.
///
/// `children` lists the tabs (`viewControllers`) in their current order. With More:
/// `"moreNavigationController"` (a CONTROLLER whose one child is the More list), `"barItemCount"`
/// (tabs with their own bar item) and `selectedIndex` equal to the number of tabs while the More
/// list itself is shown. `"customizableViewControllers"` lists controller ids; `"customizing"`
/// is true during Edit on More.
extension Window {
    func writeTabBarFields(_ tabs: TabBarController, into w: inout JSONWriter) {
        w.field("selectedIndex", tabs.selectedIndex)
        w.field("selectedViewController", tabs.selectedViewController?.id)
        w.key("customizableViewControllers"); w.beginArray()
        for c in tabs.customizableViewControllers { w.string(c.id) }
        w.endArray()
        if tabs.showsMore {
            w.field("barItemCount", tabs.barTabCount)
            w.field("customizing", tabs.isCustomizing)
            w.key("moreNavigationController")
            writeController(tabs.moreNavigationController, into: &w)
        }
    }
}
