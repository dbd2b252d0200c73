/// The storyboard model: every scene of a flow, as loaded from a flow file or an Xcode storyboard.
///
/// A `Storyboard` is immutable once loaded and shared by every session that runs it. Importers
/// (`SegueFlowFiles`, `SegueStoryboard`) build it; the controller core instantiates scenes from it.
public struct Storyboard: Sendable {
    /// A display name: the file name without extension (`Main`, `mail`).
    public var name: String
    /// The scene that becomes the window's root view controller.
    public var initialViewController: String?
    /// Scenes by identifier (the identifier doubles as the storyboard ID).
    public var scenes: [String: Scene]
    /// Scene identifiers in the order they were declared, for deterministic output.
    public var sceneOrder: [String]
    /// Problems found while importing that did not stop the storyboard from loading (warnings).
    public var diagnostics: [Diagnostic]
    /// Initial scenes of the other storyboards of a directory: code reaches them with
    /// `instantiateInitialViewController()` (so `check` does not call them unreachable).
    public var entryScenes: Set<String> = []
    /// Scenes of the directory's launch screen (`launchScreen="YES"`): the launch image, which
    /// nothing in the app leads to (so `check` does not call them unreachable).
    public var launchScreenScenes: Set<String> = []
    /// Scenes of an app's nibs: code creates their controllers (`initWithNibName:`), so nothing
    /// in the storyboard needs to lead to them (`check` does not call them unreachable).
    public var nibScenes: Set<String> = []
    /// The file of the main storyboard (directory imports), for diagnostics about it.
    public var mainFile: String?
    /// The platform the storyboard is made for: tvOS tab bars show every tab (no More).
    public var platform: Platform = .iOS

    public enum Platform: String, Sendable { case iOS, tvOS }

    /// The UIKit the flow runs with (``UIKitEra``): decided from its files when it is loaded, or
    /// named by a flow file's `era` or `segue serve --ios`.
    public var era: UIKitEra = .ios7
    /// Why the flow runs in its era, in words (STATE and the developer panel show it).
    public var eraReason: String = "nothing says the flow is made for iOS 13 or later"

    /// An app's pad root when it differs from the phone's (`UIMainStoryboardFile~ipad`,
    /// `NSMainNibFile~ipad`): a window of pad idiom launches it instead of `initialViewController`.
    public var padInitialViewController: String?
    /// Scenes whose pad version differs (a nib-based view with a `~ipad` nib): a window of pad
    /// idiom instantiates these instead.
    public var padScenes: [String: Scene] = [:]
    /// Localized versions of scenes, by language (`de`) and scene id (pad versions under
    /// `id~ipad`). Only scenes with translated strings are here; the others show as declared.
    public var localizedScenes: [String: [String: Scene]] = [:]
    /// The languages the app is localized in (its `.lproj` folders), development region included.
    public var locales: [String] = []
    /// The language the scenes are declared in (an app's `CFBundleDevelopmentRegion`).
    public var developmentRegion: String?
    /// Said once on the page and in the log: how the root was chosen when the app builds it in
    /// code (no main storyboard or nib).
    public var launchNotice: String?

    /// The scene a window of `idiom` and `locale` instantiates for `sceneID`.
    public func scene(_ sceneID: String, pad: Bool, locale: String?) -> Scene? {
        if let locale, let localized = localizedScenes[locale] {
            if pad, let s = localized[sceneID + "~ipad"] { return s }
            if let s = localized[sceneID], !(pad && padScenes[sceneID] != nil) { return s }
        }
        if pad, let s = padScenes[sceneID] { return s }
        return scenes[sceneID]
    }

    /// The root a window of `idiom` launches.
    public func initialScene(pad: Bool) -> String? {
        pad ? (padInitialViewController ?? initialViewController) : initialViewController
    }

    /// The language of `requested` (a preference list, best first) this storyboard is
    /// localized in, else its development region.
    public func bestLocale(for requested: [String]) -> String? {
        for wanted in requested {
            let lower = wanted.lowercased()
            if let exact = locales.first(where: { $0.lowercased() == lower }) { return exact }
            let language = lower.split(separator: "-").first.map(String.init) ?? lower
            if let match = locales.first(where: { $0.lowercased() == language || $0.lowercased().hasPrefix(language + "-") }) { return match }
        }
        return developmentRegion ?? (locales.isEmpty ? nil : locales[0])
    }

    public init(name: String, initialViewController: String?, scenes: [Scene], diagnostics: [Diagnostic] = []) {
        self.name = name
        self.initialViewController = initialViewController
        self.scenes = Dictionary(scenes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.sceneOrder = scenes.map(\.id)
        self.diagnostics = diagnostics
    }

    public subscript(sceneID: String) -> Scene? { scenes[sceneID] }

    /// Scenes in declaration order.
    public var orderedScenes: [Scene] { sceneOrder.compactMap { scenes[$0] } }
}

/// Where something was declared: a file and a 1-based line.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }
    public var description: String { "\(file):\(line)" }
}

/// A problem in an input file, reported as `file:line: message`, with a stable code.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible, Error {
    public enum Severity: String, Sendable { case error, warning }
    /// What kind of problem this is; `segue check` reports each with the severity of its code.
    public var code: Code
    public var severity: Severity
    public var location: SourceLocation?
    public var message: String

    /// A problem whose severity is its code's.
    public init(_ code: Code, at location: SourceLocation?, _ message: String) {
        self.init(code, severity: code.severity, at: location, message)
    }

    /// A problem with a severity of its own: an importer tolerates some problems its code calls
    /// errors (the flow still serves, with a placeholder or without the broken segue), and
    /// reports them as warnings until `segue check` applies the code's severity.
    public init(_ code: Code, severity: Severity, at location: SourceLocation?, _ message: String) {
        self.code = code
        self.severity = severity
        self.location = location
        self.message = message
    }

    /// A problem in a file that is not a storyboard model (a flow file's field, a test file):
    /// the generic code of its severity.
    public init(_ severity: Severity = .error, at location: SourceLocation?, _ message: String) {
        self.init(severity == .error ? .invalidInput : .inputWarning, severity: severity, at: location, message)
    }

    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return severity == .warning ? "\(prefix)warning: \(message)" : "\(prefix)\(message)"
    }
}

extension Diagnostic {
    /// The stable codes of diagnostics (docs/Diagnostics.md lists them with their meaning).
    /// The severity of a code is fixed: **error** when the flow cannot run as declared,
    /// **warning** when it runs but something will be refused or ignored when it happens.
    public enum Code: String, Sendable, CaseIterable {
        // Input in general (flow files, test files, unreadable or malformed storyboards).
        case invalidInput = "invalid_input"
        /// A flow file's key that its place does not take (a typo, or a comma in a `{…}` value).
        case unknownKey = "unknown_key"
        case duplicateKey = "duplicate_key"
        /// A value of the wrong type (text where a number goes, a value where a map goes).
        case wrongType = "wrong_type"
        /// A value outside the ones its key takes (an unknown style, kind or accessory).
        case unknownValue = "unknown_value"
        /// The file is not valid YAML or JSON.
        case invalidSyntax = "invalid_syntax"
        case duplicateElementID = "duplicate_element_id"
        /// A container without the children it needs (a navigation controller's root).
        case missingRelationship = "missing_relationship"
        /// A custom action no built-in or registered class handles.
        case unknownAction = "unknown_action"
        case inputWarning = "input_warning"
        case unreadableFile = "unreadable_file"
        case fileTooLarge = "file_too_large"
        case malformedXML = "malformed_xml"
        case notAStoryboard = "not_a_storyboard"
        case duplicateStoryboard = "duplicate_storyboard"
        case noMainStoryboard = "no_main_storyboard"
        // Whole apps (an app folder with an Info.plist).
        case malformedPlist = "malformed_plist"
        case malformedStrings = "malformed_strings"
        case mainInterfaceNotFound = "main_interface_not_found"
        case rootBuiltInCode = "root_built_in_code"
        case duplicateScene = "duplicate_scene"
        // The initial view controller.
        case noInitialViewController = "no_initial_view_controller"
        case unknownInitialViewController = "unknown_initial_view_controller"
        case initialSceneGuessed = "initial_scene_guessed"
        // References between scenes.
        case duplicateStoryboardIdentifier = "duplicate_storyboard_identifier"
        case unresolvedStoryboardReference = "unresolved_storyboard_reference"
        case cyclicStoryboardReference = "cyclic_storyboard_reference"
        case missingScene = "missing_scene"
        case unknownRelationshipTarget = "unknown_relationship_target"
        case relationshipNotAllowed = "relationship_not_allowed"
        case relationshipSegue = "relationship_segue"
        case containmentCycle = "containment_cycle"
        // Segues.
        case duplicateSegueIdentifier = "duplicate_segue_identifier"
        /// A storyboard scene gives several segues one identifier (Xcode builds it): each is
        /// named apart, and code still sees the identifier.
        case repeatedSegueIdentifier = "repeated_segue_identifier"
        case unknownDestination = "unknown_destination"
        case missingDestination = "missing_destination"
        case unwindWithoutAction = "unwind_without_action"
        case unknownSegue = "unknown_segue"
        case unknownEmbedSegue = "unknown_embed_segue"
        case embedOfNonEmbedSegue = "embed_of_non_embed_segue"
        case customSegue = "custom_segue"
        case popoverWithoutAnchor = "popover_without_anchor"
        case unwindNotToExit = "unwind_not_to_exit"
        case droppedUnwindSegue = "dropped_unwind_segue"
        // What UIKit refuses only when it happens.
        case pushWithoutNavigation = "push_without_navigation"
        case partialCurlStyle = "partial_curl_style"
        case unwindNotImplemented = "unwind_not_implemented"
        case unwindResolvedAtRunTime = "unwind_resolved_at_run_time"
        // Reachability and empty containers.
        case unreachableScene = "unreachable_scene"
        case unreachableEntryScene = "unreachable_entry_scene"
        case navigationWithoutRoot = "navigation_without_root"
        case pageViewWithoutPages = "page_view_without_pages"
        case tabBarWithoutTabs = "tab_bar_without_tabs"
        // What an importer or the registry does not know and shows some other way.
        case sceneWithoutController = "scene_without_controller"
        case unsupportedController = "unsupported_controller"
        case unsupportedRelationship = "unsupported_relationship"
        case unsupportedSegueKind = "unsupported_segue_kind"
        case unsupportedElement = "unsupported_element"
        case unknownAttributeValue = "unknown_attribute_value"
        case unknownSystemItem = "unknown_system_item"
        case unknownControllerClass = "unknown_controller_class"
        /// A number no screen has (NaN, infinite, a length far beyond any screen, a negative
        /// size…); serving ignores or clamps it.
        case absurdNumber = "absurd_number"
        /// An app's source file that was found and not read (its navigation is not known).
        case sourceNotRead = "source_not_read"

        /// The severity `segue check` reports this code with.
        public var severity: Severity {
            switch self {
            case .invalidInput, .unreadableFile, .fileTooLarge, .malformedXML, .notAStoryboard, .malformedPlist, .mainInterfaceNotFound,
                 .unknownKey, .duplicateKey, .wrongType, .unknownValue, .invalidSyntax, .duplicateElementID,
                 .missingRelationship, .unknownAction,
                 .noInitialViewController, .unknownInitialViewController,
                 .duplicateStoryboardIdentifier, .unresolvedStoryboardReference, .cyclicStoryboardReference,
                 .missingScene, .unknownRelationshipTarget, .relationshipNotAllowed, .relationshipSegue,
                 .containmentCycle, .duplicateSegueIdentifier, .unknownDestination, .missingDestination,
                 .unwindWithoutAction, .unknownSegue, .unknownEmbedSegue, .embedOfNonEmbedSegue,
                 .unknownControllerClass:
                .error
            case .inputWarning, .duplicateStoryboard, .noMainStoryboard, .malformedStrings, .rootBuiltInCode, .duplicateScene, .initialSceneGuessed, .customSegue, .popoverWithoutAnchor,
                 .unwindNotToExit, .droppedUnwindSegue, .pushWithoutNavigation, .partialCurlStyle,
                 .unwindNotImplemented, .unwindResolvedAtRunTime, .unreachableScene, .unreachableEntryScene,
                 .navigationWithoutRoot, .pageViewWithoutPages, .tabBarWithoutTabs, .sceneWithoutController,
                 .unsupportedController, .unsupportedRelationship, .unsupportedSegueKind, .unsupportedElement,
                 .unknownAttributeValue, .unknownSystemItem, .repeatedSegueIdentifier, .absurdNumber, .sourceNotRead:
                .warning
            }
        }
    }
}

extension Storyboard {
    /// Runs `body` on every table of scenes: the storyboard's, the pad's and each language's, so
    /// that a change made from code reaches every variant of a scene.
    public mutating func updateEverySceneTable(_ body: (inout [String: Scene]) -> Void) {
        body(&scenes)
        body(&padScenes)
        for locale in Array(localizedScenes.keys) { body(&localizedScenes[locale]!) }
    }

    /// Runs `body` on every copy of the scene `id` (the storyboard's, the pad's of the same
    /// class, each language's), given the storyboard as it is before that copy changes.
    public mutating func updateEveryCopy(of id: String, _ body: (inout Scene, Storyboard) -> Void) {
        guard var base = scenes[id] else { return }
        body(&base, self)
        scenes[id] = base
        if var pad = padScenes[id], pad.className == base.className {
            body(&pad, self)
            padScenes[id] = pad
        }
        for locale in Array(localizedScenes.keys) {
            for key in [id, id + "~ipad"] {
                guard var copy = localizedScenes[locale]?[key] else { continue }
                body(&copy, self)
                localizedScenes[locale]?[key] = copy
            }
        }
    }

    /// The storyboard with `made` added, in order, where no scene has its id.
    public func adding(_ made: [Scene]) -> Storyboard {
        var out = self
        for scene in made where out.scenes[scene.id] == nil {
            out.scenes[scene.id] = scene
            out.sceneOrder.append(scene.id)
        }
        return out
    }

    /// The first navigation controller scene whose root is `root`.
    public func navigationScene(around root: String) -> Scene? {
        orderedScenes.first { $0.kind == .navigationController && $0.rootViewController == root }
    }
}
