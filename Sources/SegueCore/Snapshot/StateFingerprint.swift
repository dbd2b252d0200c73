/// State fingerprints: a window's whole state as text read through reflection, so that a window
/// rebuilt from its snapshot can be compared with the live one (`verifiedSnapshot()`).
extension Window {
    /// Every stored property of the window's state and of each of its controllers, as text read
    /// through Swift's reflection (`Mirror`), so two windows with equal fingerprints are the same
    /// state: ``verifiedSnapshot()`` compares the live window with the one its snapshot rebuilds.
    ///
    /// Controllers are named by id, so references between them compare by id; a controller
    /// referenced from outside the tree is written too. Left out: the event log (a rebuilt log
    /// starts empty; its last sequence number is compared), caches, the scene each controller was
    /// made from (compared by id) and the back reference to the window. Nil when the state holds
    /// something reflection cannot compare: an object that is not a controller (a delegate), or a
    /// closure. Views are compared as values (`==`), not written out: reflecting a large view
    /// tree node by node is most of the cost.
    public func stateFingerprint() -> StateFingerprint? {
        var out = "version \(version) seq \(log.lastSeq) capacity \(log.capacity) next \(nextControllerNumber) launched \(isLaunched)\n"
        out += "traits \(traits)\nwarnings \(warnings)\nchange \(lastChange)\n"
        var writer = FingerprintWriter()
        if let root { writer.queue(root) }
        var index = 0
        while index < writer.pending.count {
            let c = writer.pending[index]
            index += 1
            out += "\(type(of: c)) \(c.id):"
            guard writer.write(object: c, into: &out) else { return nil }
            out += "\n"
        }
        return StateFingerprint(text: out, views: writer.views)
    }
}

/// What ``Window/stateFingerprint()`` found: the state as text, and the controllers' views (in
/// the order the text names them as `view#N`).
public struct StateFingerprint: Equatable, Sendable, CustomStringConvertible {
    public var text: String
    public var views: [[ViewNode]]
    public var description: String { text }
}

/// Writes values as text through `Mirror`, queuing each controller it meets.
private struct FingerprintWriter {
    var pending: [ViewController] = []
    var seen: Set<ObjectIdentifier> = []
    /// Every controller queued, by object: `ObjectIdentifier`s stored in state are written as ids.
    var ids: [ObjectIdentifier: String] = [:]
    var views: [[ViewNode]] = []

    mutating func queue(_ c: ViewController) {
        guard seen.insert(ObjectIdentifier(c)).inserted else { return }
        ids[ObjectIdentifier(c)] = c.id
        pending.append(c)
        for child in c.children { queue(child) }
        if let presented = c.presentedStorage { queue(presented) }
    }

    mutating func write(object: ViewController, into out: inout String) -> Bool {
        var mirror: Mirror? = Mirror(reflecting: object)
        while let m = mirror {
            for child in m.children {
                let label = child.label ?? "_"
                switch label {
                case "window", "encodingMemo", "memoRevision": continue
                case "scene":
                    out += " scene=\((child.value as? Scene)?.id ?? "nil")"
                    continue
                case "view" where child.value is [ViewNode]:
                    out += " view=view#\(views.count)"
                    views.append(child.value as! [ViewNode])
                    continue
                default:
                    out += " \(label)="
                    guard write(child.value, into: &out) else { return false }
                }
            }
            mirror = m.superclassMirror
        }
        return true
    }

    mutating func write(_ value: Any, into out: inout String) -> Bool {
        if let c = value as? ViewController {
            queue(c)
            out += "→\(c.id)"
            return true
        }
        if let object = value as? ObjectIdentifier {
            guard let id = ids[object] else { return false }
            out += "→\(id)"
            return true
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first else { out += "nil"; return true }
            return write(wrapped.value, into: &out)
        case .class:
            return false  // an object other than a controller: not comparable by value
        case .dictionary, .set:
            var entries: [String] = []
            for child in mirror.children {
                var entry = ""
                guard write(child.value, into: &entry) else { return false }
                entries.append(entry)
            }
            out += "{" + entries.sorted().joined(separator: ",") + "}"
            return true
        default:
            if mirror.children.isEmpty {
                if String(describing: type(of: value)).contains("->") { return false }  // a closure
                out += String(reflecting: value)
                return true
            }
            out += "("
            for child in mirror.children {
                if let label = child.label { out += label + ":" }
                guard write(child.value, into: &out) else { return false }
                out += ","
            }
            out += ")"
            return true
        }
    }
}

extension Storyboard {
    /// A digest of every scene (64-bit FNV-1a over their reflected text, scenes in id order): a
    /// snapshot records the flow it was taken on, and one taken on another flow is not used.
    /// The same storyboard gives the same digest in every process.
    public func contentDigest() -> String {
        var writer = FingerprintWriter()
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        mix(name + "\u{0}" + (initialViewController ?? "") + "\u{0}" + era.rawValue + "\u{0}")
        for id in scenes.keys.sorted() {
            var text = ""
            _ = writer.write(scenes[id]!, into: &text)
            mix(id + "\u{0}" + text + "\u{0}")
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
