import UIKit

final class DetailViewController: UIViewController {
    @IBAction func showProfile(_ sender: UIButton) {
        let profile = storyboard!.instantiateViewController(withIdentifier: Route.profile.rawValue)
        present(profile, animated: true)
    }

    @IBAction func photoTapped(_ sender: UITapGestureRecognizer) {
        navigationController?.pushViewController(PhotoViewController.instantiate(), animated: true)
    }
}

extension UIViewController {
    /// The scene whose storyboard ID is the class name.
    static func instantiate() -> Self {
        UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: String(describing: self)) as! Self
    }
}
