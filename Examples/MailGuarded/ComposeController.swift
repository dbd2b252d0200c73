import SegueCore

/// The compose screen of `Examples/mail.yaml` (`class: ComposeController`), in Swift: Send only
/// goes through once a subject is filled in. `shouldPerformSegue` is asked for taps only, as in
/// UIKit; a refusal records the `shouldPerformSegue` event and changes nothing else.
final class ComposeController: ViewController {
    override func shouldPerformSegue(withIdentifier identifier: String, sender: Element?) -> Bool {
        guard identifier == "sent" else { return true }
        let subject = text(of: "subject") ?? ""
        return !subject.allSatisfy { $0 == " " }
    }

    override func viewDidLoad() {
        // Start with a prompt explaining the rule.
        navigationItem.prompt = "Send needs a subject"
    }
}
