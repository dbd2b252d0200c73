/// What a tap on an element does: fire a segue of the scene, or run a named action.
public enum TapTarget: Sendable, Hashable {
    /// `segue: ID`, an identifier among the scene's segues.
    case segue(String)
    /// `action: NAME`: a built-in (`BuiltInAction`) or one a registered subclass handles.
    case action(String)
}

/// The actions every element can run without code (flow-file `action:` values).
public enum BuiltInAction: String, Sendable, CaseIterable {
    case dismiss, pop, popToRoot, edit
}

/// The segue kinds. Raw values are the storyboard and flow-file names.
public enum SegueKind: String, Sendable, CaseIterable, Codable {
    case show, showDetail, presentation, modal, popoverPresentation, popover, push, replace
    case embed, relationship, unwind, custom
}

/// A segue declared on a scene.
public struct SegueSpec: Sendable {
    /// Unique among the scene's segues: taps, manual segues and URLs name the segue by it.
    public var id: String
    /// The identifier the app's code sees (`segue.identifier`), when `id` had to differ from it:
    /// a storyboard may give several segues of one scene the same identifier.
    public var identifier: String? = nil
    public var kind: SegueKind
    /// Destination scene id (every kind but `unwind`).
    public var destination: String?
    /// The unwind action searched for (`unwind` only).
    public var action: String?
    public var modalPresentationStyle: ModalPresentationStyle?
    public var modalTransitionStyle: ModalTransitionStyle?
    public var animates = true
    /// The segue's class (`customClass` in a storyboard): the registered behaviour of a `custom`
    /// segue. Without one the runtime performs a `custom` segue like `show`.
    public var className: String? = nil
    /// Values handed to the destination: destination key ← template (`{{row.text}}`, `{{field.subject}}`).
    public var passes: [String: String] = [:]
    public var location: SourceLocation?
    /// Where the app's code navigates (`Feed/FeedViewController.swift:142`, relative to the app's
    /// root) when this is not a storyboard segue but navigation read from the sources
    /// (`pushViewController`, `present`, …): it performs the same transition, without
    /// `shouldPerformSegue` or `prepareForSegue`, which UIKit calls only for segues.
    public var codeSource: String? = nil

    /// Whether this step is code navigation rather than a storyboard segue.
    public var isCodeNavigation: Bool { codeSource != nil }

    /// `segue.identifier` as code sees it.
    public var codeIdentifier: String { identifier ?? id }

    public init(id: String, kind: SegueKind, destination: String? = nil, action: String? = nil) {
        self.id = id
        self.kind = kind
        self.destination = destination
        self.action = action
    }
}

/// `modalPresentationStyle`.
public enum ModalPresentationStyle: String, Sendable, CaseIterable, Codable {
    case fullScreen, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
    /// iOS 13's `automatic`; Segue's default is full screen, as before iOS 13.
    case automatic
}

/// `modalTransitionStyle`.
public enum ModalTransitionStyle: String, Sendable, CaseIterable, Codable {
    case coverVertical, flipHorizontal, crossDissolve, partialCurl
}
