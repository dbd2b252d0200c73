/// Traits and the orientation policy (docs/Semantics.md, Traits, rotation and memory): the trait
/// environment derived from the browser viewport, viewport changes with their events, and which
/// controller decides the interface orientation and what it allows.
///
/// The trait environment derived from the browser viewport.
public struct Traits: Sendable, Hashable, Codable {
    public enum Idiom: String, Sendable, Codable { case phone, pad }
    public enum SizeClass: String, Sendable, Codable { case compact, regular }
    public enum Orientation: String, Sendable, Codable { case portrait, landscape }

    public var width: Int
    public var height: Int

    public init(width: Int = 390, height: Int = 844) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    /// The default viewport when a browser has not reported one: an iPhone in portrait.
    public static let phonePortrait = Traits(width: 390, height: 844)
    public static let padLandscape = Traits(width: 1180, height: 820)

    /// `pad` when the shorter side is at least 700 CSS px. A device's idiom does not change when
    /// it turns, so the shorter side decides: a phone in landscape is still a phone.
    public var idiom: Idiom { min(width, height) >= 700 ? .pad : .phone }
    /// On a pad `regular` from a width of 678 CSS px (full screen and the larger split-screen
    /// shares); on a phone `regular` only from 896 (the large phones in landscape).
    public var horizontalSizeClass: SizeClass {
        width >= (idiom == .pad ? 678 : 896) ? .regular : .compact
    }
    /// `compact` on a phone in landscape, else `regular`.
    public var verticalSizeClass: SizeClass { idiom == .phone && orientation == .landscape ? .compact : .regular }
    /// Landscape when wider than tall. Not a trait: turning a pad changes no size class.
    public var orientation: Orientation { width > height ? .landscape : .portrait }
    /// Whether `other` differs in a trait (idiom or a size class), not just in size.
    public func differsInTraits(from other: Traits) -> Bool {
        idiom != other.idiom || horizontalSizeClass != other.horizontalSizeClass || verticalSizeClass != other.verticalSizeClass
    }
    /// The same viewport turned a quarter (width and height swapped).
    public var turned: Traits { Traits(width: height, height: width) }

    enum CodingKeys: String, CodingKey { case idiom, horizontalSizeClass, verticalSizeClass, orientation, width, height }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(width: try c.decode(Int.self, forKey: .width), height: try c.decode(Int.self, forKey: .height))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(idiom, forKey: .idiom)
        try c.encode(horizontalSizeClass, forKey: .horizontalSizeClass)
        try c.encode(verticalSizeClass, forKey: .verticalSizeClass)
        try c.encode(orientation, forKey: .orientation)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
    }
}

// MARK: - Viewport changes and the orientation policy

extension Window {
    /// A viewport change. An orientation flip the deciding controller refuses changes nothing
    /// (a warning): the interface stays as it was, traits included. Otherwise the traits change:
    /// `traitCollectionDidChange` to every controller when the idiom or a size class changes,
    /// layout events for the visible ones, and the rotation trio when the orientation flips.
    func setTraits(_ newTraits: Traits) -> Bool {
        guard newTraits != traits else { return false }
        if newTraits.orientation != traits.orientation, !allowsRotation(to: newTraits) {
            warn("\(orientationDecider.id) does not support \(newTraits.orientation.rawValue); the interface does not rotate")
            return false
        }
        applyTraits(newTraits)
        return true
    }

    /// Changes the traits with their events (the rotation trio when the orientation flips).
    func applyTraits(_ newTraits: Traits) {
        let previous = traits
        let rotates = newTraits.orientation != previous.orientation
        let traitsChange = newTraits.differsInTraits(from: previous)
        let rotating = rotates ? visibleControllers : []
        for c in rotating {
            record(c, .willRotateToInterfaceOrientation) { $0.orientation = newTraits.orientation.rawValue; $0.animated = true }
            c.willRotate(to: newTraits.orientation)
        }
        sendSplitRotationDelegates(rotating: rotating, to: newTraits)
        var plan = TransitionPlan(
            mutate: {
                for case let split as SplitViewController in self.allControllers { split.traitsWillChange(from: previous, to: newTraits) }
                self.traits = newTraits
            },
            willCommit: [.traitsDidChange(from: previous, to: newTraits, traitsChanged: traitsChange, rotating: rotating)])
        // Page views whose spine follows the orientation change their pages within the rotation.
        if let spines = spineChangePlan(rotating: rotating, to: newTraits) { plan.append(spines) }
        run(plan, animated: true)
        for c in rotating {
            record(c, .didRotateFromInterfaceOrientation) { $0.orientation = previous.orientation.rawValue }
            c.didRotate(from: previous.orientation)
        }
    }

    /// The controller that decides the interface orientation: the topmost presented controller
    /// that covers the window (`overFullScreen` counts, though its presenter stays visible), else
    /// the root.
    var orientationDecider: ViewController {
        var decider: ViewController = root
        for c in allControllers where c.presentingStorage != nil && !(c is AlertController)
            && (coversWindow(c) || c.presentedStyle == .overFullScreen) {
            decider = c
        }
        return decider
    }

    /// Only the deciding controller's orientation mask counts.
    func allowsRotation(to newTraits: Traits) -> Bool {
        supports(newTraits.orientation, decider: orientationDecider, idiom: newTraits.idiom)
    }

    /// Whether the deciding controller lets the interface take `orientation`. `shouldAutorotate`
    /// only holds back autorotation (the device turning); a rotation forced by what the
    /// controller supports (`forced`) happens whatever it answers.
    func supports(_ orientation: Traits.Orientation, decider: ViewController, idiom: Traits.Idiom, forced: Bool = false) -> Bool {
        guard forced || decider.shouldAutorotate else { return false }
        let mask = decider.supportedInterfaceOrientations
            ?? (idiom == .pad ? InterfaceOrientation.allCases : [.portrait, .landscapeLeft, .landscapeRight])
        return Self.mask(mask, allows: orientation)
    }

    /// Whether an orientation mask has an orientation of the kind (either landscape, either portrait).
    static func mask(_ mask: [InterfaceOrientation], allows orientation: Traits.Orientation) -> Bool {
        orientation == .landscape
            ? mask.contains(.landscapeLeft) || mask.contains(.landscapeRight)
            : mask.contains(.portrait) || mask.contains(.portraitUpsideDown)
    }

    /// At launch (or restoration) the interface takes an orientation the deciding controller
    /// supports, with no events: UIKit sends none for the initial rotation. A root that allows
    /// only landscape starts in landscape whatever the viewport.
    func settleLaunchOrientation() {
        let decider = orientationDecider
        guard let mask = decider.supportedInterfaceOrientations,
              !Self.mask(mask, allows: traits.orientation), Self.mask(mask, allows: traits.turned.orientation) else { return }
        traits = traits.turned
    }

    /// After a presentation or a dismissal: when the controller that now decides does not
    /// support the current orientation (a presented controller allows only landscape; it is
    /// dismissed and the root is portrait only), the interface turns to one it supports, with
    /// the rotation events.
    func rotateToSupportedOrientationIfNeeded() {
        guard isLaunched else { return }
        let decider = orientationDecider
        guard !supports(traits.orientation, decider: decider, idiom: traits.idiom, forced: true),
              supports(traits.turned.orientation, decider: decider, idiom: traits.idiom, forced: true),
              decider.supportedInterfaceOrientations != nil else { return }
        applyTraits(traits.turned)
    }
}
