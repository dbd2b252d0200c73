import UIKit

final class AppCoordinator {
    let navigationController: UINavigationController
    init(navigationController: UINavigationController) { self.navigationController = navigationController }

    func start() {
        let list = ListCoordinator(navigationController: navigationController)
        list.start()
    }
}

final class DetailCoordinator {
    weak var navigationController: UINavigationController?
    func start() {
        navigationController?.pushViewController(DetailController(), animated: true)
    }
}

final class ListCoordinator {
    weak var navigationController: UINavigationController?
    init(navigationController: UINavigationController) { self.navigationController = navigationController }

    func start() {
        let controller = ListController()
        controller.title = "Comics"
        navigationController?.pushViewController(controller, animated: false)
    }
}

class ListController: UITableViewController {}
class DetailController: UIViewController {}
