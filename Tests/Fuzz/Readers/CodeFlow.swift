import SegueCore
import SegueFlowFiles

/// A small flow whose scenes name classes and storyboard identifiers, for what the source readers
/// find (`swift-source`, `objc-source`) and what overlays add (`overlay`) to resolve to.
public enum CodeFlow {
    public static let storyboard: Storyboard = {
        do {
            return try FlowFileLoader.parse(flowText, fileName: "code.yaml", format: .yaml)
        } catch {
            fatalError("the code fuzz flow does not load: \(error)")
        }
    }()

    /// Scene ids are the storyboard identifiers the code uses.
    static let flowText = """
        initialViewController: nav
        scenes:
          nav: {kind: navigationController, rootViewController: feed}
          feed:
            class: FeedViewController
            title: Feed
            view:
              - button: {id: compose, title: Compose}
              - button: {id: settings, title: Settings}
            segues:
              showWelcome: {kind: presentation, destination: welcome}
          welcome: {title: Welcome}
          DetailViewController: {class: DetailViewController, title: Detail}
          compose: {class: ComposeViewController, title: Compose}
          settings: {kind: navigationController, rootViewController: settingsList}
          settingsList: {class: SettingsViewController, title: Settings}
          legal: {class: LegalViewController, title: Legal}
          tabs:
            kind: tabBarController
            viewControllers: [feedTab, settingsTab]
          feedTab: {title: Feed tab}
          settingsTab: {title: Settings tab}
        """
}
