/// The UIKit a flow expects (docs/Semantics.md, "Two eras"): iOS 7's rules, or modern UIKit's
/// (iOS 13 and later: sheets as cards, drag to dismiss, large titles), and how a flow's era is
/// decided from what its files say about the tools and the system they were made for.
public enum UIKitEra: String, Sendable, CaseIterable, Codable {
    /// iOS 7's view controllers: `automatic` is full screen, a covered presenter leaves the window.
    case ios7
    /// Current UIKit: `automatic` is a page sheet, a card that leaves its presenter in the window.
    case modern

    /// The era a command line or flow file names: `ios7`/`7` and `modern`/`ios17`/`17` (and the
    /// iOS versions between: 13 and later are modern).
    public init?(name: String) {
        switch name.lowercased() {
        case "ios7", "7": self = .ios7
        case "modern", "ios17", "17": self = .modern
        default:
            let digits = name.lowercased().hasPrefix("ios") ? String(name.dropFirst(3)) : name
            guard let major = Int(digits), (2...99).contains(major) else { return nil }
            self = major >= UIKitEra.firstModernMajor ? .modern : .ios7
        }
    }

    /// iOS 13 introduced sheets as cards and `UIScene`.
    public static let firstModernMajor = 13
    /// Interface Builder's tools versions from Xcode 11 on (the first Xcode building with the
    /// iOS 13 SDK) are 15000 and above; an app built with them runs with modern UIKit.
    public static let firstModernToolsVersion = 15000
}

/// What a flow's files say about the era it was made for, each piece optional; ``decide()``
/// turns them into an era and the reason for it.
public struct EraSignals: Sendable, Hashable {
    /// The storyboard's `toolsVersion` (Interface Builder's build number: `14490`, `21701`).
    public var toolsVersion: String?
    /// The storyboard's `targetRuntime` (`iOS.CocoaTouch`, `iOS.CocoaTouch.iPad`, `AppleTV`).
    public var targetRuntime: String?
    /// The `<deployment>` element's `version` or `defaultVersion`, as Interface Builder writes it:
    /// the iOS version's digits read as hexadecimal (`1792` is 0x0700, iOS 7.0; `4864` iOS 13).
    public var deploymentVersion: Int?
    /// `IPHONEOS_DEPLOYMENT_TARGET` of the folder's Xcode project (`12.0`, `15.4`).
    public var projectDeploymentTarget: String?
    /// The app's Info.plist declares `UIApplicationSceneManifest` (an iOS 13 API).
    public var hasSceneManifest = false

    public init(toolsVersion: String? = nil, targetRuntime: String? = nil, deploymentVersion: Int? = nil,
                projectDeploymentTarget: String? = nil, hasSceneManifest: Bool = false) {
        self.toolsVersion = toolsVersion
        self.targetRuntime = targetRuntime
        self.deploymentVersion = deploymentVersion
        self.projectDeploymentTarget = projectDeploymentTarget
        self.hasSceneManifest = hasSceneManifest
    }

    /// The iOS major version a `<deployment>` version stands for (`4864` → 13), nil when it is
    /// not one Interface Builder writes.
    public static func majorVersion(ofDeployment value: Int) -> Int? {
        guard value > 0, value <= 0xFFFF else { return nil }
        return Int(String(value >> 8, radix: 16))
    }

    /// The major version of a dotted version text (`"13.0"` → 13).
    public static func majorVersion(of text: String) -> Int? {
        let head = text.split(separator: ".").first.map(String.init) ?? text
        return Int(head[...].trimmingSpaces)
    }

    /// The era these signals call for, with the reason in words. Modern when the app needs
    /// iOS 13 or later (a deployment target of 13+, a scene manifest), or when its storyboard was
    /// saved by Xcode 11 or later (built with the iOS 13 SDK, it runs with modern UIKit). Else,
    /// and for every Apple TV storyboard, iOS 7.
    public func decide() -> (era: UIKitEra, reason: String) {
        if targetRuntime == "AppleTV" { return (.ios7, "an Apple TV storyboard keeps the classic rules") }
        if let target = projectDeploymentTarget, let major = EraSignals.majorVersion(of: target),
           major >= UIKitEra.firstModernMajor {
            return (.modern, "the project's IPHONEOS_DEPLOYMENT_TARGET is \(target)")
        }
        if hasSceneManifest { return (.modern, "the Info.plist declares a scene manifest (UIApplicationSceneManifest)") }
        if let value = deploymentVersion, let major = EraSignals.majorVersion(ofDeployment: value),
           major >= UIKitEra.firstModernMajor {
            return (.modern, "the storyboard's deployment target is iOS \(major)")
        }
        if let tools = toolsVersion, let build = EraSignals.majorVersion(of: tools) {
            if build >= UIKitEra.firstModernToolsVersion {
                return (.modern, "the storyboard was saved by Xcode 11 or later (toolsVersion \(tools))")
            }
            return (.ios7, "the storyboard was saved by Xcode 10 or earlier (toolsVersion \(tools))")
        }
        return (.ios7, "nothing says the app is made for iOS 13 or later")
    }
}

extension UIKitEra {
    /// What `automatic` presents as: full screen in iOS 7 (before the style existed), a page
    /// sheet in modern UIKit.
    public var automaticStyle: ModalPresentationStyle { self == .modern ? .pageSheet : .fullScreen }
}
