import UIKit

// Shapes at the edge of what the reader parses: regex literals beside brackets, generic runs,
// interpolations and nesting just under the limits.
final class LimitsViewController: UIViewController {
    let pattern = #/[a-z]+"(/#
    let table: [[[[[[Int]]]]]] = [[[[[[1]]]]]]
    let nested: Dictionary<String, Array<Set<Int>>> = [:]
    let label = "\(title ?? "") \(#"raw \#(1)"#)"

    @IBAction func show() {
        if nested.count < 2, table.count > 0 {
            let next = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "detail")
            navigationController?.pushViewController(next, animated: true)
        }
    }
}
