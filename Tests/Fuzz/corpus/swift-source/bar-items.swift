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

/// Its bar button items are made in code: Done closes the screen, Sync pushes another, Edit
/// only toggles editing.
class BookmarksViewController: UIViewController {
    private lazy var doneButton = UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(close))

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.leftBarButtonItem = isEditing ? nil : doneButton
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .edit, target: self, action: #selector(toggleEditing))
        toolbarItems = [UIBarButtonItem(title: "Sync", style: .plain, target: self, action: #selector(sync(_:)))]
    }

    @objc private func close() {
        dismiss(animated: true)
    }

    @objc private func toggleEditing() {
        setEditing(!isEditing, animated: true)
    }

    @objc private func sync(_ sender: Any) {
        let next = storyboard!.instantiateViewController(withIdentifier: "sync")
        navigationController?.pushViewController(next, animated: true)
    }
}
