import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        let board = UIStoryboard(name: "Main", bundle: nil)
        let tabs = board.instantiateViewController(withIdentifier: "tabs") as! UITabBarController
        tabs.selectedIndex = 1
        window?.rootViewController = UINavigationController(rootViewController: tabs)
    }
}

final class ComposeViewController: UIViewController {
    @IBAction func cancel(_ sender: Any) { dismiss(animated: true) }
    @IBAction func send(_ sender: Any) {
        let text = "sent \(1 + 2) \"items\""
        print(text)
        dismiss(animated: true, completion: nil)
    }
}
