import UIKit

/// Presented inside a navigation controller its presenter makes; its Done item is made here.
class HistoryViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(done))
    }

    @objc func done() {
        dismiss(animated: true)
    }
}
