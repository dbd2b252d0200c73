import SegueCore

/// A short fingerprint of a flow's shape: its scenes (id, kind) and their segues (id, kind,
/// destination, action), in a fixed order. `GET /api/v1/scenes` reports it as `flowDigest`, so
/// `segue test --server` can tell that the server serves the flow its tests were written for.
/// Titles and view contents do not count: a server serving an edited copy of the flow still runs
/// the tests, which report what differs.
public enum FlowDigest {
    public static func of(_ storyboard: Storyboard) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
        func add(_ text: String) {
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            hash ^= 0x1f
            hash = hash &* 0x0000_0100_0000_01b3
        }
        add(storyboard.initialViewController ?? "")
        for id in storyboard.scenes.keys.sorted() {
            guard let scene = storyboard.scenes[id] else { continue }
            add(id)
            add(scene.kind.rawValue)
            for segue in scene.segues.sorted(by: { $0.id < $1.id }) {
                add(segue.id)
                add(segue.kind.rawValue)
                add(segue.destination ?? "")
                add(segue.action ?? "")
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
