/// The names chrome element ids are made from. A controller's id counts the controllers the
/// window has made (`c7`), so the same hierarchy rebuilt from its URL (a live reload of the
/// flow, a new session opened on a page) numbers its controllers afresh; the ids of chrome no
/// flow can name (a back button, the area outside a popover) are made from the controller's
/// scene instead, which the same hierarchy always has. Where one scene shows twice, the second
/// is told apart by its place in the window, as every repeated id is.
extension ViewController {
    /// The controller's scene id, or its id when it has no scene.
    public var chromeName: String { sceneID ?? id }
}

extension ScreenBuilder {
    /// The chrome id an id made from a controller's number (`c7.back`, `c9.outside`, as ids
    /// were made before) stands for, so a test or page written with those still taps.
    func chromeID(numbered id: String) -> String? {
        for (suffix, make) in [(".back", ElementID.back), (".outside", ElementID.outside)] where id.hasSuffix(suffix) {
            let number = String(id.dropLast(suffix.count))
            guard number.first == "c", number.dropFirst().allSatisfy(\.isNumber),
                  let controller = window.controller(id: number), controller.chromeName != number else { return nil }
            let stable = make(controller.chromeName)
            // A repeated scene's id carries its place (`ScreenBuilder.register`).
            return targets[stable] != nil ? stable : targets.keys.first { $0.hasPrefix(stable + "@") && isTarget($0, of: controller) }
        }
        return nil
    }

    private func isTarget(_ id: String, of controller: ViewController) -> Bool {
        switch targets[id] {
        case .back(let nav)?: nav === controller
        case .chrome(.outsidePopover(let popover))?: popover === controller
        case .chrome(.collapsedBack(let split))?: split === controller
        default: false
        }
    }
}
