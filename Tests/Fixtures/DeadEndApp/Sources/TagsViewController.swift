import UIKit

/// Makes itself inside a navigation controller, for any presenter.
class TagsViewController: UIViewController {
    @objc class func instantiate() -> UINavigationController {
        UINavigationController(rootViewController: TagsViewController())
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Close", style: .plain, target: self, action: #selector(close))
    }

    @objc private func close() {
        dismiss(animated: true)
    }
}
