import UIKit

class MainTabBarController: UITabBarController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let home = UINavigationController(rootViewController: HomeController())
        home.tabBarItem.title = "Home"
        let profile = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "profile")
        viewControllers = [home, wrap(SearchController(), title: "Search"), profile]
    }

    func wrap(_ controller: UIViewController, title: String) -> UINavigationController {
        let navigation = UINavigationController(rootViewController: controller)
        navigation.tabBarItem.title = title
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
class DetailController: UIViewController {}
