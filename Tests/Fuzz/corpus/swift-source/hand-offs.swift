import UIKit

class DetailViewController: UIViewController {
    func present(_ settings: UIViewController) {
        present(settings, animated: true)
        present(settings)
        show(settings)
    }

    @IBAction func openSettings(_ sender: UIBarButtonItem) {
        let card = CardController()
        card.addChild(SettingsViewController())
        present(card)
        let navigation = UINavigationController()
        navigation.pushViewController(LegalViewController(), animated: false)
        present(navigation, animated: true)
    }
}

class CardController: UIViewController {
    func embed(child: UIViewController) { addChild(child) }
}

class SettingsViewController: UITableViewController {
    override func viewDidLoad() {
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Legal", style: .plain, target: self, action: #selector(legal))
    }

    @objc func legal() { navigationController?.pushViewController(LegalViewController(), animated: true) }
}
