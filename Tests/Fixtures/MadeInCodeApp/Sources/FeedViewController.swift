import UIKit

class FeedViewController: UIViewController {
    @IBAction func openSettings(_ sender: Any) {
        navigationController?.pushViewController(SettingsViewController(), animated: true)
    }

    @IBAction func signIn(_ sender: Any) {
        let card = CardContainerController()
        let login = storyboard!.instantiateViewController(withIdentifier: "login")
        card.embed(child: login)
        present(card, animated: true)
    }
}

/// A container of the app's own: it shows one child in a card.
class CardContainerController: UIViewController {
    func embed(child: UIViewController) {
        addChild(child)
        view.addSubview(child.view)
        child.didMove(toParent: self)
    }
}

/// A settings screen whose view the code builds: no storyboard scene, no nib.
class SettingsViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "About", style: .plain, target: self, action: #selector(showAbout))
    }

    @objc func showAbout() {
        navigationController?.pushViewController(AboutViewController(), animated: true)
    }
}

class AboutViewController: UIViewController {}
