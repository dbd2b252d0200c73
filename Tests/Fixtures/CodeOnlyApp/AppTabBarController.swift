import UIKit

final class AppTabBarController: UITabBarController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let list = UINavigationController(rootViewController: ListController())
        list.tabBarItem = UITabBarItem(title: "List", image: UIImage(systemName: "list.bullet"), tag: 0)
        let settings = SettingsController()
        settings.title = "Settings"
        setViewControllers([list, settings], animated: false)
    }
}

final class ListController: UITableViewController {
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        navigationController?.pushViewController(DetailController(), animated: true)
    }
}

final class SettingsController: UIViewController {}
final class DetailController: UIViewController {}
