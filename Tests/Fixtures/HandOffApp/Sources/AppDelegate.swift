import UIKit

class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func replaceRoot(_ viewController: UIViewController) {
        window?.rootViewController = viewController
    }

    func makeInbox() -> UIViewController {
        let storyboard = UIStoryboard(name: "Main", bundle: nil)
        let navigation = storyboard.instantiateViewController(withIdentifier: "InboxNav")
        return DrawerController(rootViewController: navigation)
    }
}
