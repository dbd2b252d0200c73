import UIKit

final class DetailViewController: UIViewController {
    enum Route: String { case legal, settings = "settings" }

    @IBAction func openSettings(_ sender: UIBarButtonItem) {
        let settings = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: Route.settings.rawValue)
        present(settings, animated: true)
    }

    @objc func close() {
        navigationController?.popViewController(animated: true)
    }

    func goHome() { navigationController?.popToRootViewController(animated: true) }
}

extension DetailViewController {
    func showLegal() {
        let legal = LegalViewController()
        show(legal, sender: self)
    }
}
