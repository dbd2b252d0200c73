import UIKit

// A fixture of the test suite: a list whose data source deletes rows a person swipes away.
class ShoppingListViewController: UITableViewController {
    var items = ["Milk", "Bread"]

    override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        items.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .automatic)
    }
}
