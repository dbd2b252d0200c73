import SegueCore

/// The developer panel of a session: the controller hierarchy, the event log, the segues only
/// code performs, the traits, the current URL, "open in a new session" and the recorded test.
///
/// It is a page of its own (`GET /dev/ID`, what the page links to; every control is a form post,
/// so it works without JavaScript) and the same markup as a fragment that `devpanel.js` shows
/// beside the device screen on wide windows. None of it is in the session's `elements`.
public enum DevPanel {
    public struct Info: Sendable {
        public var sessionID: String
        public var csrfToken: String
        public var url: String
        public var traits: Traits
        public var version: Int
        public var hierarchy: String
        public var manualSegues: [ManualSegue]
        /// Destination scene id → title, for the segue buttons.
        public var sceneTitles: [String: String]
        public var events: [Event]
        public var lastSeq: Int
        /// What the last tap did not do (UIKit's silent no-ops): shown here, never on the device screen.
        public var warnings: [String] = []
        /// The UIKit the session follows, and why.
        public var era: UIKitEra = .ios7
        public var eraReason = ""

        public init(sessionID: String, csrfToken: String, url: String, traits: Traits, version: Int, hierarchy: String,
                    manualSegues: [ManualSegue], sceneTitles: [String: String], events: [Event], lastSeq: Int) {
            self.sessionID = sessionID
            self.csrfToken = csrfToken
            self.url = url
            self.traits = traits
            self.version = version
            self.hierarchy = hierarchy
            self.manualSegues = manualSegues
            self.sceneTitles = sceneTitles
            self.events = events
            self.lastSeq = lastSeq
        }
    }

    /// Trait presets the panel offers: name, width, height.
    public static let traitPresets: [(String, Int, Int)] = [
        ("Phone portrait", 390, 844), ("Phone landscape", 844, 390),
        ("Pad portrait", 820, 1180), ("Pad landscape", 1180, 820),
    ]

    /// The whole page (`fragment` false) or the panel alone for `devpanel.js`.
    public static func render(_ info: Info, fragment: Bool, assetsPath: String) -> [UInt8] {
        var w = HTMLWriter(capacity: 8192)
        if !fragment {
            ExplorePage.open(&w, title: "Developer \u{2014} Segue", assetsPath: assetsPath, bodyClass: "explore-body dev-body", script: "devpanel.js")
            w.raw("<header class=\"explore-header\"><h1>Developer</h1><nav class=\"explore-nav\"><a")
            w.attribute("href", info.url)
            w.raw(">Back to the app</a> <a href=\"/map\">Map</a> <a href=\"/scenes\">Scenes</a></nav></header><main class=\"explore-main\">")
        }
        w.raw("<section class=\"dev-panel-content\"")
        w.attribute("data-session", info.sessionID)
        w.attribute("data-version", info.version)
        w.attribute("data-last-seq", info.lastSeq)
        w.raw(">")

        writeURL(info, into: &w)
        writeWarnings(info, into: &w)
        w.raw("<details open class=\"dev-section\"><summary>Hierarchy</summary><pre class=\"dev-hierarchy\">")
        w.text(info.hierarchy)
        w.raw("</pre></details>")
        writeManualSegues(info, into: &w)
        writeTraits(info, into: &w)
        writeEvents(info, into: &w)
        if !fragment { w.raw("</main></body></html>") }
        return w.bytes
    }

    /// The current URL, "open in a new session", the recorded test.
    static func writeURL(_ info: Info, into w: inout HTMLWriter) {
        w.raw("<details open class=\"dev-section\"><summary>URL</summary><p><code class=\"dev-url\">")
        w.text(info.url)
        w.raw("</code></p><p class=\"dev-links\"><a class=\"dev-new-session\"")
        w.attribute("href", "/dev/\(info.sessionID)/new")
        w.raw(" target=\"_blank\" rel=\"noopener\">Open in a new session</a> <a class=\"dev-test\"")
        w.attribute("href", "/api/v1/sessions/\(info.sessionID)/test")
        w.raw(" download=\"session.test.yaml\">Recorded test</a> <a href=\"/map\">Map</a> <a href=\"/scenes\">Scenes</a></p></details>")
    }

    /// What the last tap did not do, when it did not.
    static func writeWarnings(_ info: Info, into w: inout HTMLWriter) {
        guard !info.warnings.isEmpty else { return }
        w.raw("<details open class=\"dev-section dev-warnings\"><summary>Warnings</summary><ul>")
        for warning in info.warnings {
            w.raw("<li class=\"dev-warning\">")
            w.text(warning)
            w.raw("</li>")
        }
        w.raw("</ul></details>")
    }

    /// A form post per segue only code performs.
    static func writeManualSegues(_ info: Info, into w: inout HTMLWriter) {
        w.raw("<details open class=\"dev-section\"><summary>Segues performed in code</summary>")
        if info.manualSegues.isEmpty {
            w.raw("<p class=\"dev-empty\">None on this screen.</p>")
        } else {
            w.raw("<ul class=\"dev-segues\">")
            for m in info.manualSegues { writeManualSegue(m, info, into: &w) }
            w.raw("</ul>")
        }
        w.raw("</details>")
    }

    static func writeManualSegue(_ m: ManualSegue, _ info: Info, into w: inout HTMLWriter) {
        w.raw("<li><form method=\"post\"")
        w.attribute("action", "/dev/\(info.sessionID)/perform")
        w.raw(">")
        w.hiddenInput("csrf", info.csrfToken)
        w.hiddenInput("controller", m.controller)
        w.hiddenInput("identifier", m.identifier)
        w.raw("<button type=\"submit\" class=\"dev-segue\"")
        w.attribute("data-segue", m.identifier)
        w.raw(">performSegue(\u{201C}")
        w.text(m.identifier)
        w.raw("\u{201D})</button> <span class=\"dev-segue-detail\">")
        w.text(m.kind.rawValue)
        if let d = m.destination { w.text(" \u{2192} " + (info.sceneTitles[d] ?? d)) }
        if let a = m.action { w.text(" \u{2192} " + a) }
        w.text(" (from \(m.controller))")
        if let source = m.source {
            w.raw(" <code class=\"dev-segue-source\">")
            w.text(source)
            w.raw("</code>")
        }
        w.raw("</span></form></li>")
    }

    /// The traits now, a form post per preset, the colour scheme buttons.
    static func writeTraits(_ info: Info, into w: inout HTMLWriter) {
        w.raw("<details open class=\"dev-section\"><summary>Traits</summary><p class=\"dev-traits-now\">")
        let t = info.traits
        w.text("\(t.idiom.rawValue), \(t.orientation.rawValue), \(t.width) \u{00D7} \(t.height), width \(t.horizontalSizeClass.rawValue)")
        w.raw("</p>")
        writeEra(info, into: &w)
        w.raw("<div class=\"dev-traits\">")
        for (name, width, height) in traitPresets {
            w.raw("<form method=\"post\"")
            w.attribute("action", "/dev/\(info.sessionID)/traits")
            w.raw(">")
            w.hiddenInput("csrf", info.csrfToken)
            w.hiddenInput("width", width)
            w.hiddenInput("height", height)
            w.raw("<button type=\"submit\"")
            w.flag("aria-pressed", t.width == width && t.height == height)
            w.raw(">")
            w.text(name)
            w.raw("</button></form>")
        }
        w.raw("<span class=\"dev-schemes\"><button type=\"button\" data-scheme=\"light\">Light</button><button type=\"button\" data-scheme=\"dark\">Dark</button><button type=\"button\" data-scheme=\"system\">System</button></span>")
        w.raw("</div></details>")
    }

    /// The event log, newest first.
    static func writeEvents(_ info: Info, into w: inout HTMLWriter) {
        w.raw("<details open class=\"dev-section\"><summary>Event log</summary><ol class=\"dev-events\" reversed>")
        for e in info.events {
            w.raw("<li")
            w.attribute("data-seq", e.seq)
            w.raw(">")
            w.text("\(e.seq) " + describe(e))
            w.raw("</li>")
        }
        w.raw("</ol></details></section>")
    }

    /// One event as a line: `inbox.viewWillAppear (c3)` with its details.
    public static func describe(_ e: Event) -> String {
        var s = "\(e.scene ?? "-").\(e.event.rawValue) (\(e.controller))"
        if let segue = e.segue { s += " segue=\(segue)" }
        if let child = e.child { s += " child=\(child)" }
        if let action = e.action { s += " action=\(action)" }
        return s
    }

    /// What every app page adds after its screen: a link to the developer page, shown on wide
    /// windows only (narrow windows look exactly as without it), which `devpanel.js` turns into
    /// the collapsible panel beside the device screen.
    public static func writePageLink(sessionID: String, context: PageContext, into w: inout HTMLWriter) {
        w.raw("<a class=\"dev-link\"")
        w.attribute("href", "/dev/\(sessionID)")
        w.raw(">Developer</a><script defer src=\"")
        w.text(context.assetsPath)
        w.raw("/devpanel.js\"></script>")
        if let notice = context.appNotice {
            w.raw("<p class=\"app-notice\" role=\"note\">")
            w.text(notice)
            w.raw("</p>")
        }
        guard let generation = context.flowGeneration else { return }
        // Live reload: the problems of a bad edit over the page, and the script that follows edits.
        w.raw("<div class=\"flow-problems\" role=\"alert\"")
        w.attribute("data-flow-generation", generation)
        w.flag("hidden", context.flowProblems.isEmpty)
        w.raw("><p class=\"flow-problems-title\">The flow file has problems; the last good version is serving.</p><pre>")
        w.text(context.flowProblems.joined(separator: "\n"))
        w.raw("</pre></div><script defer src=\"")
        w.text(context.assetsPath)
        w.raw("/reload.js\"></script>")
    }

    /// The UIKit the session follows, and why (the flow file, `--ios`, the storyboard or app).
    static func writeEra(_ info: Info, into w: inout HTMLWriter) {
        w.raw("<p class=\"dev-era\"")
        w.attribute("data-era", info.era.rawValue)
        w.raw(">UIKit: <strong>")
        w.raw(info.era == .modern ? "modern (iOS 13 and later)" : "iOS 7")
        w.raw("</strong>")
        if !info.eraReason.isEmpty {
            w.raw(" \u{2014} ")
            w.text(info.eraReason)
        }
        w.raw("</p>")
    }
}
