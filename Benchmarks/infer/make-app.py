#!/usr/bin/env python3
"""Writes a synthetic app of N source files (half Swift, half Objective-C) and one storyboard
with a scene per controller, each navigating to the next in code, for timing `segue infer`."""
import os, sys

def storyboard(n):
    scenes = []
    for i in range(n):
        cls = f"Screen{i}ViewController"
        scenes.append(f'''        <scene sceneID="s{i}"><objects>
            <viewController storyboardIdentifier="screen{i}" id="vc{i}" customClass="{cls}" sceneMemberID="viewController">
                <view key="view" contentMode="scaleToFill" id="v{i}"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <subviews><button opaque="NO" contentMode="scaleToFill" buttonType="system" id="b{i}">
                        <rect key="frame" x="20" y="100" width="200" height="44"/><state key="normal" title="Next {i}"/>
                        <connections><action selector="next:" destination="vc{i}" eventType="touchUpInside" id="a{i}"/></connections>
                    </button></subviews></view>
            </viewController></objects><point key="canvasLocation" x="{i * 400}" y="0"/></scene>''')
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="vc0">
    <scenes>
{chr(10).join(scenes)}
    </scenes>
</document>
'''

FILLER_SWIFT = '''
    func helper{k}(_ items: [String]) -> Int {{
        var total = 0
        for item in items where !item.isEmpty {{ total += item.count * {k} }}
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        return total + (formatter.string(from: NSNumber(value: total))?.count ?? 0)
    }}
'''

def swift(i, n):
    nxt = (i + 1) % n
    filler = "".join(FILLER_SWIFT.format(k=k) for k in range(12))
    return f'''import UIKit

enum Screen{i}Identifiers: String {{
    case next = "screen{nxt}"
}}

final class Screen{i}ViewController: UIViewController, UITableViewDelegate {{
    @IBOutlet weak var tableView: UITableView!

    override func viewDidLoad() {{
        super.viewDidLoad()
        title = "Screen {i}"
    }}

    @IBAction func next(_ sender: Any) {{
        let controller = storyboard!.instantiateViewController(withIdentifier: Screen{i}Identifiers.next.rawValue)
        navigationController?.pushViewController(controller, animated: true)
    }}

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {{
        showDetails()
    }}

    private func showDetails() {{
        let controller = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "screen{nxt}")
        controller.modalPresentationStyle = .formSheet
        present(controller, animated: true)
    }}
{filler}}}
'''

FILLER_OBJC = '''
- (NSInteger)helper{k}:(NSArray<NSString *> *)items {{
    NSInteger total = 0;
    for (NSString *item in items) {{ if (item.length > 0) {{ total += item.length * {k}; }} }}
    NSNumberFormatter *formatter = [[NSNumberFormatter alloc] init];
    formatter.numberStyle = NSNumberFormatterDecimalStyle;
    return total + [[formatter stringFromNumber:@(total)] length];
}}
'''

def objc(i, n):
    nxt = (i + 1) % n
    filler = "".join(FILLER_OBJC.format(k=k) for k in range(12))
    return f'''#import "Screen{i}ViewController.h"

static NSString * const kScreen{i}Next = @"screen{nxt}";

@implementation Screen{i}ViewController

- (void)viewDidLoad {{
    [super viewDidLoad];
    self.title = @"Screen {i}";
}}

- (IBAction)next:(id)sender {{
    UIViewController *controller = [self.storyboard instantiateViewControllerWithIdentifier:kScreen{i}Next];
    [self.navigationController pushViewController:controller animated:YES];
}}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {{
    [self showDetails];
}}

- (void)showDetails {{
    UIStoryboard *board = [UIStoryboard storyboardWithName:@"Main" bundle:nil];
    UIViewController *controller = [board instantiateViewControllerWithIdentifier:@"screen{nxt}"];
    controller.modalPresentationStyle = UIModalPresentationFormSheet;
    [self presentViewController:controller animated:YES completion:^{{
        NSLog(@"presented %@", controller);
    }}];
}}
{filler}
@end
'''

def main():
    out, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 300
    os.makedirs(os.path.join(out, "Base.lproj"), exist_ok=True)
    with open(os.path.join(out, "Base.lproj", "Main.storyboard"), "w") as f:
        f.write(storyboard(n))
    for i in range(n):
        name = f"Screen{i}ViewController"
        if i % 2 == 0:
            with open(os.path.join(out, name + ".swift"), "w") as f: f.write(swift(i, n))
        else:
            with open(os.path.join(out, name + ".m"), "w") as f: f.write(objc(i, n))

main()
