import UIKit

class MainTabBarController: UITabBarController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let home = UINavigationController(rootViewController: HomeController())
        home.tabBarItem.title = "Home"
        home.tabBarItem.image = UIImage(systemName: "house")
        let profile = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "profile")
        let inbox = InboxController()
        inbox.tabBarItem = UITabBarItem(title: "Inbox", image: UIImage(named: "tray")!, selectedImage: nil)
        viewControllers = [home, wrap(SearchController(), title: "Search", image: "magnifyingglass"), profile, inbox]
    }

    func wrap(_ controller: UIViewController, title: String, image: String) -> UINavigationController {
        let navigation = UINavigationController(rootViewController: controller)
        navigation.tabBarItem.title = title
        navigation.tabBarItem.image = UIImage(systemName: image)?.withRenderingMode(.alwaysTemplate)
        return navigation
    }
}

class HomeController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Detail", style: .plain, target: self, action: #selector(openDetail))
    }

    @objc func openDetail() {
        navigationController?.pushViewController(DetailController(), animated: true)
    }
}

class SearchController: UITableViewController {}
class InboxController: UIViewController {}
class DetailController: UIViewController {}
