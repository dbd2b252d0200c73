import UIKit

enum Identifiers {
    static let compose = "compose"
}

final class FeedViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        performSegue(withIdentifier: "showWelcome", sender: nil)
    }

    @IBAction func composeTapped(_ sender: Any) {
        let compose = storyboard!.instantiateViewController(withIdentifier: Identifiers.compose)
        compose.modalPresentationStyle = .formSheet
        present(compose, animated: true)
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let detail = storyboard?.instantiateViewController(withIdentifier: String(describing: DetailViewController.self))
        navigationController?.pushViewController(detail!, animated: true)
    }
}
