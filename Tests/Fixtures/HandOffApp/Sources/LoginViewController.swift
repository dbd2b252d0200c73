import UIKit

class LoginViewController: UIViewController {
    @IBAction func signIn(_ sender: Any) {
        let delegate = UIApplication.shared.delegate as! AppDelegate
        let inbox = delegate.makeInbox()
        delegate.replaceRoot(inbox)
    }
}
