import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    /// After signing in: not what the app launches.
    func changeRoot() {
        window?.rootViewController = FeedController()
    }

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let scene = (scene as? UIWindowScene) else { return }
        window = UIWindow(windowScene: scene)
        window?.rootViewController = SignInBuilder.build()
        window?.makeKeyAndVisible()
    }
}

enum SignInBuilder {
    static func build() -> UIViewController {
        let view = SignInController()
        return UINavigationController(rootViewController: view)
    }
}

enum FeedBuilder {
    static func build() -> UIViewController { FeedController() }
}

class SignInController: UIViewController {
    @objc func signIn() {
        navigationController?.pushViewController(FeedBuilder.build(), animated: true)
    }
}

class FeedController: UIViewController {}
