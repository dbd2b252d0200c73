/// The canonical path of a state: the whole hierarchy (which scenes, in which containers, presented
/// how), readable and compact. A page URL is this path behind the server's page route (README.md,
/// Pages); the core knows only the path.
///
/// Grammar:
///
///     node      = scene [ "@" index ] *( ";" key "=" value ) [ "(" node *( "," node ) ")" ]
///                 [ "!(" node *( "," node ) ")" ] [ "~" style [ "." transition ] [ "@" anchor ] "~" node ]
///
/// `index` is a tab bar's selected tab or a page view's first page; the parenthesised list is a
/// container's children in containment order (a navigation stack bottom to top); `~style~` hangs
/// the presented controller off its presenting controller. Scene ids escape bytes outside
/// `[A-Za-z0-9_.:-]` as `$XX` (a space as `+`). Example: `mailNav(mailboxes,inbox)~formSheet~composeNav(compose)`.
/// `;key=value` pairs (escaped the same way) carry the restorable state of controllers on an
/// identifier path (see `Restoration.swift`): `settingsNav(settings;e=1)`.
/// `!(…)` after a tab shown inside More lists what was pushed above it onto the More navigation
/// controller (bottom to top): `tabs@5(…,t5!(detail))`. `@anchor` after the `popover` style
/// is the element the popover points from, escaped as a scene id: `~popover@filters~filterNav(filter)`.
public struct HierarchyPath: Sendable, Hashable {
    public var scene: String
    public var index: Int?
    /// `nil` for content controllers.
    public var children: [HierarchyPath]?
    public var presented: Presented?
    /// Restorable state, in order; empty for controllers off an identifier path.
    public var state: [StateEntry] = []
    /// A tab shown inside More: the controllers pushed above it onto the More navigation controller.
    public var pushedInMore: [HierarchyPath]?

    public struct StateEntry: Sendable, Hashable {
        public var key: String
        public var value: String
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    public struct Presented: Sendable, Hashable {
        public var style: ModalPresentationStyle
        public var transition: ModalTransitionStyle?
        /// A popover's anchor: the element it points from (`~popover@ELEMENT~scene`). The bar
        /// holding it stays usable while the popover shows (its passthrough views).
        public var anchor: String?
        private var storage: [HierarchyPath]
        public var node: HierarchyPath {
            get { storage[0] }
            set { storage = [newValue] }
        }
        public init(style: ModalPresentationStyle, transition: ModalTransitionStyle?, anchor: String? = nil, node: HierarchyPath) {
            self.style = style
            self.transition = transition
            self.anchor = anchor
            self.storage = [node]
        }
    }

    public init(scene: String, index: Int? = nil, children: [HierarchyPath]? = nil, presented: Presented? = nil) {
        self.scene = scene
        self.index = index
        self.children = children
        self.presented = presented
    }

    // MARK: Encoding

    /// The hierarchy under `c` (nil when `c` has no scene): what ``encode(controller:into:)``, the
    /// one place a state's path is worked out, writes, parsed back.
    public init?(controller c: ViewController) {
        var bytes: [UInt8] = []
        guard Self.encode(controller: c, into: &bytes), let path = Self(encoded: String(decoding: bytes, as: UTF8.self)) else { return nil }
        self = path
    }

    /// Writes the path of the hierarchy under `c` (the canonical path) straight from
    /// the controllers, as it is part of every answer. Returns false, writing nothing, when `c` has
    /// no scene. Containers name their children; a content controller names the children embedded
    /// in it (container views), so navigation inside an embedded stack is in the URL too.
    /// `valueLimit` leaves out restorable values longer than that many UTF-8 bytes (the page URL,
    /// ``Window/canonicalPath``); the full encoding (``Window/restorationPath``) keeps them all.
    /// `identifiedAbove` says whether every controller above `c` (its parent or presenter, up to
    /// the root) has a restoration identifier, when the caller knows it (nil: `c` finds out).
    static func encode(controller c: ViewController, into out: inout [UInt8], valueLimit: Int = .max,
                       identifiedAbove: Bool? = nil) -> Bool {
        guard let scene = c.sceneID else { return false }
        escape(scene, into: &out)
        if c.isContainer, let index = selectionIndex(of: c) { out.append(UInt8(ascii: "@")); appendDecimal(index, into: &out) }
        // A restoration identifier path: every controller from the root to `c` has an identifier.
        let identified = c.restorationIdentifier != nil && (identifiedAbove ?? c.hasRestorationIdentifierPath)
        if identified {
            c.forEachRestorableEntry { key, value in
                guard value.utf8.count <= valueLimit else { return }
                out.append(UInt8(ascii: ";"))
                escape(key, into: &out)
                out.append(UInt8(ascii: "="))
                escape(value, into: &out)
            }
        }
        // A custom container's child whose view is out of the container's view.
        if !c.isViewInContainerView, let parent = c.parent, !parent.isBuiltInContainer {
            out.append(contentsOf: ";v=0".utf8)
        }
        if c.isContainer || !c.children.isEmpty {
            out.append(UInt8(ascii: "("))
            var first = true
            for child in c.children {
                let mark = out.count
                if !first { out.append(UInt8(ascii: ",")) }
                if encode(controller: child, into: &out, valueLimit: valueLimit, identifiedAbove: identified) {
                    first = false
                } else {
                    out.removeSubrange(mark...)
                }
            }
            out.append(UInt8(ascii: ")"))
        }
        if let tabs = c.parent as? TabBarController, let pushed = tabs.pushedInMore(above: c), pushed.contains(where: { $0.sceneID != nil }) {
            out.append(UInt8(ascii: "!"))
            out.append(UInt8(ascii: "("))
            var first = true
            for p in pushed {
                let mark = out.count
                if !first { out.append(UInt8(ascii: ",")) }
                if encode(controller: p, into: &out, valueLimit: valueLimit) { first = false } else { out.removeSubrange(mark...) }
            }
            out.append(UInt8(ascii: ")"))
        }
        if let p = c.presentedStorage {
            let mark = out.count
            out.append(UInt8(ascii: "~"))
            out.append(contentsOf: (p.presentedStyle ?? .fullScreen).rawValue.utf8)
            if let t = p.presentedTransition, t != .coverVertical { out.append(UInt8(ascii: ".")); out.append(contentsOf: t.rawValue.utf8) }
            if p.presentedStyle == .popover, let anchor = p.popoverAnchor { out.append(UInt8(ascii: "@")); escape(anchor, into: &out) }
            out.append(UInt8(ascii: "~"))
            if !encode(controller: p, into: &out, valueLimit: valueLimit, identifiedAbove: identified) { out.removeSubrange(mark...) }
        }
        return true
    }

    /// What a container names after its scene: the selected tab, the current page, or the primary
    /// of a split view showing one column (`split@0`).
    static func selectionIndex(of c: ViewController) -> Int? {
        if let tabs = c as? TabBarController { return tabs.selectedIndex }
        if let pages = c as? PageViewController { return pages.currentIndex }
        if let split = c as? SplitViewController, split.isPrimaryInFront, let w = split.window,
           SplitViewController.showsOneColumn(w.traits) { return 0 }
        return nil
    }

    public var encoded: String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        encode(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    func encode(into out: inout [UInt8]) {
        Self.escape(scene, into: &out)
        if let index { out.append(UInt8(ascii: "@")); Self.appendDecimal(index, into: &out) }
        for entry in state {
            out.append(UInt8(ascii: ";"))
            Self.escape(entry.key, into: &out)
            out.append(UInt8(ascii: "="))
            Self.escape(entry.value, into: &out)
        }
        if let children {
            out.append(UInt8(ascii: "("))
            for (i, child) in children.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                child.encode(into: &out)
            }
            out.append(UInt8(ascii: ")"))
        }
        if let pushedInMore {
            out.append(UInt8(ascii: "!"))
            out.append(UInt8(ascii: "("))
            for (i, p) in pushedInMore.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                p.encode(into: &out)
            }
            out.append(UInt8(ascii: ")"))
        }
        if let presented {
            out.append(UInt8(ascii: "~"))
            out.append(contentsOf: presented.style.rawValue.utf8)
            if let t = presented.transition { out.append(UInt8(ascii: ".")); out.append(contentsOf: t.rawValue.utf8) }
            if let anchor = presented.anchor { out.append(UInt8(ascii: "@")); Self.escape(anchor, into: &out) }
            out.append(UInt8(ascii: "~"))
            presented.node.encode(into: &out)
        }
    }

    static func appendDecimal(_ n: Int, into out: inout [UInt8]) {
        var digits = String(n)
        digits.withUTF8 { out.append(contentsOf: $0) }
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    static func escape(_ s: String, into out: inout [UInt8]) {
        // Native and small strings lend their bytes without a copy of the string.
        if s.utf8.withContiguousStorageIfAvailable({ escape($0, into: &out) }) != nil { return }
        var s = s
        s.withUTF8 { escape($0, into: &out) }
    }

    private static func escape(_ utf8: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        if utf8.allSatisfy(isUnreserved) { out.append(contentsOf: utf8); return }
        let hex: StaticString = "0123456789ABCDEF"
        for byte in utf8 {
            if isUnreserved(byte) {
                out.append(byte)
            } else if byte == UInt8(ascii: " ") {
                out.append(UInt8(ascii: "+"))
            } else {
                out.append(UInt8(ascii: "$"))
                out.append(hex.utf8Start[Int(byte >> 4)])
                out.append(hex.utf8Start[Int(byte & 15)])
            }
        }
    }

    // MARK: Parsing

    /// Every scene the path names, its own first.
    public var sceneIDs: [String] {
        var out = [scene]
        for child in children ?? [] { out += child.sceneIDs }
        for pushed in pushedInMore ?? [] { out += pushed.sceneIDs }
        if let presented { out += presented.node.sceneIDs }
        return out
    }

    /// Parses a path as ``encoded`` writes it (nothing before it: no route, no scheme or
    /// host). Nil for anything malformed.
    public init?(encoded path: Substring) {
        var parser = Parser(bytes: Array(path.utf8))
        guard let node = parser.node(depth: 0), parser.position == parser.bytes.count else { return nil }
        self = node
    }

    public init?(encoded path: String) {
        self.init(encoded: Substring(path))
    }

    /// The most controllers a URL may name: far above any real flow, low enough that a crafted
    /// URL cannot make a session (and its every answer) huge.
    public static let maximumNodes = 1000
    /// The deepest a URL may nest (children and presentations each go one level down).
    public static let maximumDepth = 64

    struct Parser {
        let bytes: [UInt8]
        var position = 0
        var nodes = 0

        mutating func node(depth: Int) -> HierarchyPath? {
            nodes += 1
            guard depth < HierarchyPath.maximumDepth, nodes <= HierarchyPath.maximumNodes, let scene = name(), !scene.isEmpty else { return nil }
            var result = HierarchyPath(scene: scene)
            if peek == UInt8(ascii: "@") {
                position += 1
                guard let n = number() else { return nil }
                result.index = n
            }
            while peek == UInt8(ascii: ";") {
                position += 1
                guard result.state.count < 256, let key = name(), !key.isEmpty, peek == UInt8(ascii: "=") else { return nil }
                position += 1
                guard let value = name() else { return nil }
                result.state.append(StateEntry(key: key, value: value))
            }
            if peek == UInt8(ascii: "(") {
                // `()`: a container without children (an empty navigation controller).
                guard let children = list(depth: depth, allowsEmpty: true) else { return nil }
                result.children = children
            }
            if peek == UInt8(ascii: "!") {
                position += 1
                guard peek == UInt8(ascii: "("), let pushed = list(depth: depth, allowsEmpty: false) else { return nil }
                result.pushedInMore = pushed
            }
            if peek == UInt8(ascii: "~") {
                position += 1
                guard let styleText = word(until: [UInt8(ascii: "~"), UInt8(ascii: "."), UInt8(ascii: "@")]),
                      let style = ModalPresentationStyle(rawValue: styleText) else { return nil }
                var transition: ModalTransitionStyle?
                if peek == UInt8(ascii: ".") {
                    position += 1
                    guard let t = word(until: [UInt8(ascii: "~"), UInt8(ascii: "@")]), let parsed = ModalTransitionStyle(rawValue: t) else { return nil }
                    transition = parsed
                }
                var anchor: String?
                if peek == UInt8(ascii: "@") {
                    position += 1
                    guard style == .popover, let a = name(), !a.isEmpty else { return nil }
                    anchor = a
                }
                guard peek == UInt8(ascii: "~") else { return nil }
                position += 1
                guard let presented = node(depth: depth + 1) else { return nil }
                result.presented = Presented(style: style, transition: transition, anchor: anchor, node: presented)
            }
            return result
        }

        var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        /// `"(" node *( "," node ) ")"` at `position` (which is at the `(`).
        mutating func list(depth: Int, allowsEmpty: Bool) -> [HierarchyPath]? {
            position += 1
            var nodes: [HierarchyPath] = []
            if allowsEmpty, peek == UInt8(ascii: ")") { position += 1; return nodes }
            while true {
                guard let child = node(depth: depth + 1) else { return nil }
                nodes.append(child)
                if peek == UInt8(ascii: ",") { position += 1; continue }
                guard peek == UInt8(ascii: ")") else { return nil }
                position += 1
                return nodes
            }
        }

        mutating func name() -> String? {
            var out: [UInt8] = []
            while let b = peek {
                switch b {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "-"):
                    out.append(b)
                    position += 1
                case UInt8(ascii: "+"):
                    out.append(UInt8(ascii: " "))
                    position += 1
                case UInt8(ascii: "$"):
                    guard position + 2 < bytes.count, let hi = hex(bytes[position + 1]), let lo = hex(bytes[position + 2]) else { return nil }
                    out.append(hi << 4 | lo)
                    position += 3
                default:
                    return String(validating: out, as: UTF8.self)
                }
            }
            return String(validating: out, as: UTF8.self)
        }

        mutating func number() -> Int? {
            var value = 0, digits = 0
            while let b = peek, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9"), digits < 6 {
                value = value * 10 + Int(b - UInt8(ascii: "0"))
                digits += 1
                position += 1
            }
            return digits > 0 ? value : nil
        }

        mutating func word(until stops: [UInt8]) -> String? {
            let start = position
            while let b = peek, !stops.contains(b) { position += 1 }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
            default: nil
            }
        }
    }
}

extension HierarchyPath {
    /// Restorable values longer than this many UTF-8 bytes stay in the session and out of the
    /// canonical path (a long text typed into a field).
    public static let urlValueLimit = 256
    /// The longest canonical path Segue hands out: behind the server's page route, the page URL
    /// stays within 4 KiB, well under the server's request-target limit. A hierarchy that cannot
    /// be named within it gets the short form, its root scene alone.
    public static let pathBudget = 4_092
}

extension Window {
    /// The path of the current state as pages, redirects and the API show it (behind the page
    /// route), and as the server accepts it back: the hierarchy with its short restorable values
    /// (``HierarchyPath/urlValueLimit``), never longer than ``HierarchyPath/pathBudget`` bytes.
    /// Past the budget it is the short form `ROOT` (the root scene alone): it names the session's
    /// current state for the session that holds it, and the root for a new session opening it
    /// (docs/Semantics.md, Restoration and URLs).
    public var canonicalPath: String {
        // Every change of hierarchy logs events, so (version, last event) identifies the state.
        if let cache = pathCache, cache.version == version, cache.lastSeq == log.lastSeq { return cache.path }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(96)
        if let root {
            _ = HierarchyPath.encode(controller: root, into: &bytes, valueLimit: HierarchyPath.urlValueLimit)
            if bytes.count > HierarchyPath.pathBudget, let scene = root.sceneID {
                bytes = []
                HierarchyPath.escape(scene, into: &bytes)
            }
        }
        let path = String(decoding: bytes, as: UTF8.self)
        pathCache = (version, log.lastSeq, path)
        return path
    }

    /// The whole state as a path, every restorable value included however long, with no length
    /// bound: what a session's durable log and a flow reload restore from, never shown to a browser.
    public var restorationPath: String {
        var bytes: [UInt8] = []
        if let root { _ = HierarchyPath.encode(controller: root, into: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
