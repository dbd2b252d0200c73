import SegueJSON

/// Test files written when a back button's or popover outside's id was made from its
/// controller's number (`c1.back`, `c4.outside`) still run: the number names a controller of the
/// state, whose scene names the element now (`mailNav.back`; docs/API.md, STATE `elements`).
extension Run {
    func chromeID(numbered id: String, among elements: [JSONValue]) -> String? {
        guard let dot = id.lastIndex(of: "."), [".back", ".outside"].contains(String(id[dot...])) else { return nil }
        let number = id[..<dot]
        guard number.first == "c", number.count > 1, number.dropFirst().allSatisfy(\.isNumber),
              let scene = scene(ofController: String(number)) else { return nil }
        let named = scene + id[dot...]
        return elements.lazy.compactMap { $0["id"]?.stringValue }.first { $0 == named || $0.hasPrefix(named + "@") }
    }

    /// The scene of controller `id` in the state's hierarchy.
    func scene(ofController id: String) -> String? {
        func find(_ c: JSONValue) -> String? {
            if c["id"]?.stringValue == id { return c["scene"]?.stringValue }
            for child in c["children"]?.arrayValue ?? [] { if let s = find(child) { return s } }
            if let p = c["presented"], p != .null, let s = find(p) { return s }
            if let more = c["moreNavigationController"], more != .null { return find(more) }
            return nil
        }
        return state["root"].flatMap(find)
    }
}
