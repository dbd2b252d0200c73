import UIKit

class InboxViewController: UITableViewController {
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        open(makeProfile())
    }

    func open(_ controller: UIViewController) {
        navigationController?.pushViewController(controller, animated: true)
    }

    func makeProfile() -> UIViewController {
        storyboard!.instantiateViewController(withIdentifier: "profile")
    }

    func refresh(_ sender: UIViewController) {
        present(sender, animated: true)
    }
}
