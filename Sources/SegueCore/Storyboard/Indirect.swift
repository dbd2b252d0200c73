/// An optional value kept behind a reference, so that copying what holds it copies a pointer.
///
/// Looks (`ViewAppearance`, four `BarAppearance`s inside) are large, rarely set and read
/// mostly whole, while the values that hold them (a `Scene`, every `ViewNode`, the panes of a
/// `Screen`) are copied on every action: inline, each copy of a node moved two kilobytes, and
/// each `nil` stored zeroed as much. Behind the wrapper a copy is a retain, `nil` is no
/// allocation, and setting a value allocates one immutable box (so copies never share a change).
@propertyWrapper
public struct Indirect<Wrapped> {
    private final class Box {
        let value: Wrapped
        init(_ value: Wrapped) { self.value = value }
    }

    private var box: Box?

    public init(wrappedValue: Wrapped?) {
        box = wrappedValue.map(Box.init)
    }

    public var wrappedValue: Wrapped? {
        get { box?.value }
        set { box = newValue.map(Box.init) }
    }
}

extension Indirect: @unchecked Sendable where Wrapped: Sendable {}

/// Reflects as the value it holds: fingerprints and digests read through `Mirror` see the
/// value, never the box (an object they could not compare).
extension Indirect: CustomReflectable {
    public var customMirror: Mirror { Mirror(reflecting: wrappedValue as Any) }
}

extension Indirect: Equatable where Wrapped: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        if lhs.box === rhs.box { return true }
        return lhs.wrappedValue == rhs.wrappedValue
    }
}

extension Indirect: Hashable where Wrapped: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(wrappedValue)
    }
}
