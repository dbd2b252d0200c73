import SegueCore

/// An overlay: what an app's code does at run time, declared in a file (`NAME.segue.yaml` next to
/// a storyboard or app folder, or `--overlay FILE`) and added to the storyboard the app's files
/// describe. The format is in docs/Overlays.md. Lines are kept so `check` can point at them.
public struct Overlay: Sendable {
    /// A value with the line it was written on.
    public struct Located<Value: Sendable>: Sendable {
        public var value: Value
        public var line: Int
    }

    /// A step: an element's tap (or a table's rows, or nothing: a manual step) leading somewhere.
    public struct Step: Sendable {
        public enum Verb: String, Sendable, CaseIterable { case push, present, show, showDetail, segue, action }
        public var id: String?
        public var verb: Verb
        /// The destination scene, the storyboard segue (`segue`), or the built-in action (`action`).
        public var target: String
        public var style: ModalPresentationStyle?
        public var element: String?
        /// An action method whose connected elements trigger it (`actionMethod`).
        public var actionMethod: String?
        public var rows = false
        public var source: String?
        public var line: Int
    }

    /// Sample rows made from a prototype cell.
    public struct Row: Sendable {
        public var cell: String
        public var texts: [String: String] = [:]
        public var images: [String: String] = [:]
        public var text: String?
        public var detail: String?
        public var tap: Step?
        /// The buttons a sideways swipe uncovers (modern era), as in flow files.
        public var leadingSwipeActions: [SwipeActionStep] = []
        public var trailingSwipeActions: [SwipeActionStep] = []
        public var line: Int
    }

    /// A sample row's swipe action: its title and style, and the step choosing it runs (none: a
    /// button that does nothing the flow can run).
    public struct SwipeActionStep: Sendable {
        public var id: String?
        public var title: String
        public var style: SwipeAction.Style = .normal
        public var step: Step?
        public var line: Int
    }

    public struct SceneChanges: Sendable {
        public var scene: String
        public var line: Int
        public var steps: [Step] = []
        public var refuse: [Located<String>] = []
        /// `shouldPerformSegue`: refusals by segue identifier, always or while fields are empty.
        public var shouldPerformSegue: [Located<(String, SegueRefusal)>] = []
        public var texts: [Located<(String, String)>] = []
        public var images: [Located<(String, String)>] = []
        public var rows: [Row] = []
        public var detail: Located<String>?
        public var children: [Located<(String, String)>] = []
    }

    public var file: String
    public var initial: Located<String>?
    public var scenes: [SceneChanges] = []

    public init(file: String) { self.file = file }
}
