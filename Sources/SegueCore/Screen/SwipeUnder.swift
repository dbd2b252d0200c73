/// The screen a back swipe uncovers: the controller below the top of a navigation stack, drawn
/// as it is (its content and its bar), so a page can show it under the finger before the pop
/// happens (docs/Pages.md, Swipe back). Nothing in it takes taps: its elements are not the
/// screen's, and it is built apart, so it changes no element id of the screen itself.
public struct SwipeUnder: Sendable {
    /// The bar as it shows for the controller below (nil when the bar is hidden for it).
    public var bar: NavigationBar?
    /// The controller below, as its own screen.
    public var pane: Pane
}

extension ScreenBuilder {
    /// What a back swipe on `nav` would uncover, for a drawn page's front layer only: nil when
    /// the stack cannot go back by swiping, or when only elements are listed.
    func swipeUnder(_ nav: NavigationController) -> SwipeUnder? {
        guard resolvesNodes, interactive, nav.children.count >= 2, nav.displayedStack.count == nav.children.count,
              let top = nav.children.last, !top.navigationItem.hidesBackButton,
              window.visibleControllers.contains(where: { $0 === top }) else { return nil }
        let index = nav.children.count - 2
        let below = nav.children[index]
        var builder = ScreenBuilder(window: window)
        builder.interactive = false
        var bar: NavigationBar?
        if !nav.isNavigationBarHidden, !below.sceneHidesNavigationBar {
            bar = builder.bar(for: below, in: nav, at: index)
        }
        return SwipeUnder(bar: bar, pane: builder.pane(for: below))
    }

    /// The bar of `c` at `index` in `nav`'s stack, as it shows when `c` is the top.
    mutating func bar(for c: ViewController, in nav: NavigationController, at index: Int) -> NavigationBar {
        let item = c.navigationItem
        var back: BarItem?
        if index >= 1, !item.hidesBackButton, item.leftBarButtonItems.isEmpty || item.leftItemsSupplementBackButton {
            let previous = nav.children[index - 1]
            back = BarItem(elementID: nil, role: .backButton, title: previous.navigationItem.backButtonTitle(controllerTitle: previous.title))
            back?.showsTitle = previous.navigationItem.backButtonShowsTitle
        }
        let left = barItems(item.leftBarButtonItems, owner: c, slot: "left")
        let right = barItems(item.rightBarButtonItems, owner: c, slot: "right", rightmostFirst: true)
        var bar = NavigationBar(title: item.title ?? c.title, prompt: item.prompt, backButton: back, leftItems: left, rightItems: right)
        bar.appearance = nav.scene?.barAppearance
        return bar
    }
}
