import UIKit

/// Storyboard identifiers the feed uses.
enum Identifiers {
    static let compose = "compose"
}

/// Scenes named by an enum's raw values.
enum Route: String {
    case profile = "profile"
    case photoViewer
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

    @IBAction func openSettings(_ sender: UIBarButtonItem) {
        let settings = UIStoryboard(name: "Settings", bundle: nil).instantiateInitialViewController()!
        present(settings, animated: true)
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        showDetail()
    }

    private func showDetail() {
        let detail = storyboard?.instantiateViewController(withIdentifier: String(describing: DetailViewController.self)) as! DetailViewController
        navigationController?.pushViewController(detail, animated: true)
    }

    /// Run by a timer: nothing on screen triggers it.
    @objc func refreshTimerFired() {
        let about = UIStoryboard(name: "Settings", bundle: nil).instantiateViewController(withIdentifier: "about")
        show(about, sender: self)
    }

    func openMissing() {
        let missing = storyboard!.instantiateViewController(withIdentifier: "nowhere")
        present(missing, animated: true)
    }

    func share(_ item: String) {
        let sheet = UIActivityViewController(activityItems: [item], applicationActivities: nil)
        present(sheet, animated: true)
    }
}
