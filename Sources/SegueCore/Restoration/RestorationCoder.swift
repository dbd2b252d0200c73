/// `NSCoder` for state restoration: string keys to small values, kept in the canonical URL.
///
/// Keys and values are strings; typed accessors store integers as decimal and booleans as `1`/`0`.
/// Everything a coder holds ends up in the URL, so keep it small (a scroll offset, a selected row,
/// a draft's id), never a whole document.
///
/// Like the controllers it serves, a coder is only used by the thread holding its session's lock:
/// its properties skip the runtime's exclusivity checks (the canonical URL asks every controller
/// on an identifier path for its state, with every answer).
public final class RestorationCoder {
    @exclusivity(unchecked) public private(set) var entries: [(key: String, value: String)]

    public init(entries: [(key: String, value: String)] = []) { self.entries = entries }

    public func encode(_ value: String, forKey key: String) {
        if let i = entries.firstIndex(where: { $0.key == key }) { entries[i].value = value } else { entries.append((key, value)) }
    }
    public func encode(_ value: Int, forKey key: String) { encode(String(value), forKey: key) }
    public func encode(_ value: Bool, forKey key: String) { encode(value ? "1" : "0", forKey: key) }

    public func decodeString(forKey key: String) -> String? { entries.first { $0.key == key }?.value }
    public func decodeInteger(forKey key: String) -> Int? { decodeString(forKey: key).flatMap { Int($0) } }
    public func decodeBool(forKey key: String) -> Bool? {
        switch decodeString(forKey: key) {
        case "1"?: true
        case "0"?: false
        default: nil
        }
    }
    public func containsValue(forKey key: String) -> Bool { entries.contains { $0.key == key } }

    /// Set while a reused coder is lent out, so a nested request gets a coder of its own.
    @exclusivity(unchecked) var isLent = false

    /// Empties a reused coder, keeping its storage.
    func removeAll() { entries.removeAll(keepingCapacity: true) }
}
