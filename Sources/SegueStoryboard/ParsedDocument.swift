import SegueCore

/// A storyboard reference (`<viewControllerPlaceholder>`): a scene standing for a scene of
/// another storyboard (or of this one, when `storyboardName` is absent).
struct StoryboardReference: Sendable {
    var xmlID: String
    var storyboardName: String?
    var referencedIdentifier: String?
    var bundleIdentifier: String?
    var line: Int
    /// The placeholder's own `<tabBarItem>`: since Xcode 7.1 a reference used as a tab carries
    /// the tab's item, which UIKit gives the controller it instantiates.
    var tabBarItem: TabBarItemSpec? = nil
}

/// What a storyboard identifier or the initial view controller names inside one document.
enum LocalTarget: Sendable, Hashable {
    case scene(String)
    case reference(String)
}

/// Counts kept while importing, to compare the model with what the XML declares.
struct ImportStats: Sendable {
    /// `<scene>` elements.
    var sceneElements = 0
    /// Scenes that are storyboard references (`viewControllerPlaceholder`).
    var referenceScenes = 0
    /// Segues by kind as declared in the XML (relationship segues included).
    var declaredSegues: [String: Int] = [:]
    /// Model scenes standing for unresolved storyboard references (not `<scene>`s).
    var placeholderScenes = 0
    /// Segues (and relationships) left out of the model, by kind: missing or unresolved destinations.
    var droppedSegues: [String: Int] = [:]
}

/// One storyboard file mapped to scenes with local ids; destinations naming a storyboard
/// reference carry `referenceToken + xmlID` until `link` resolves them.
struct ParsedDocument: Sendable {
    static let referenceToken = "\u{1}ref:"

    var name: String
    var file: String
    var scenes: [Scene] = []
    var references: [String: StoryboardReference] = [:]
    var storyboardIDs: [String: LocalTarget] = [:]
    var initial: LocalTarget?
    var initialLine = 1
    /// `targetRuntime="AppleTV"`.
    var isTV = false
    /// What the document says about the tools and system it was made for (``EraSignals``).
    var eraSignals = EraSignals()
    /// `launchScreen="YES"`: the launch image, never the app's main interface.
    var isLaunchScreen = false
    var unwindActions: Set<String> = []
    /// Local scene id → the controller's XML id.
    var xmlIDs: [String: String] = [:]
    var diagnostics: [Diagnostic] = []
    var stats = ImportStats()
}

/// The merged storyboard plus the counts of every document.
struct LinkResult: Sendable {
    var storyboard: Storyboard
    var stats: ImportStats
    /// Final scene id → the controller's XML id.
    var xmlIDs: [String: String] = [:]
}
