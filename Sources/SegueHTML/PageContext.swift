import SegueAssets

/// What a page needs besides the screen: where forms post, where assets live, the CSRF token.
public struct PageContext: Sendable {
    /// Goes in the form as the hidden input `csrf`.
    public var csrfToken: String
    /// The form's `action`, where taps post (`/tap`).
    public var actionPath: String
    /// Where `segue.css` and `icons/` are served (`/public`), without a trailing slash.
    public var assetsPath: String
    /// Where the session's steps so far download as a flow test file (nil: no link).
    public var recordedTestPath: String?
    /// Live reload (`segue serve --watch`): the flow's generation, which `reload.js` compares with
    /// the server's to refresh the page after a good edit; nil when the flow is not watched.
    public var flowGeneration: Int? = nil
    /// Live reload: the problems of the last edit of the flow file (the last good flow still
    /// serves), shown over the page.
    public var flowProblems: [String] = []
    /// The app's images, colours, fonts and symbols (nil: none, as for a flow file).
    public var resources: ResourceCatalog? = nil
    /// Said once above an app's pages: how its root was chosen when the app builds it in code
    /// (`Storyboard.launchNotice`). Not part of the screen: no element, no tap.
    public var appNotice: String? = nil

    public init(csrfToken: String, actionPath: String = "/tap", assetsPath: String = "/public",
                recordedTestPath: String? = nil) {
        self.csrfToken = csrfToken
        self.actionPath = actionPath
        self.assetsPath = assetsPath
        self.recordedTestPath = recordedTestPath
    }
}
