/// What the modern era adds to a screen (docs/Semantics.md, "Two eras"): sheets drawn as cards
/// at compact width, the grabber a person drags a sheet down by, and large titles.
extension Window {
    /// A modern page or form sheet at compact width: a card over its scaled-back presenter.
    func isCard(_ presented: ViewController) -> Bool {
        isSheet(presented) && traits.horizontalSizeClass == .compact
    }

    /// Whether the bar of `nav` shows its top item's title large: only where the bar prefers
    /// large titles (modern era); the top item's `largeTitleDisplayMode` decides, `automatic`
    /// following the item below it, down to the root, which follows the bar.
    func showsLargeTitle(in nav: NavigationController, stack: [ViewController]) -> Bool {
        guard era == .modern, nav.scene?.prefersLargeTitles == true else { return false }
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
    /// down by (without a pointer, activating it does the same, as VoiceOver's does).
    mutating func registerGrabber(_ top: ViewController) -> String? {
        guard window.isSheet(top), top.presentedStorage == nil, interactive else { return nil }
        return register("\(top.id).grabber", role: .button, title: "Dismiss", controller: top,
                        target: .chrome(.sheetGrabber(top)))
    }
}
