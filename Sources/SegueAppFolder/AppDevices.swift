import Foundation
import SegueCore

/// Which devices an app is built for, as the app says it: its Info.plist's `UIDeviceFamily`
/// (1 iPhone, 2 iPad), else the `TARGETED_DEVICE_FAMILY` settings of the Xcode project beside it
/// (`1`, `2`, `"1,2"`; Xcode writes the plist key from this setting at build time). An app built
/// for the iPad alone opens on a pad-sized viewport: on a phone it would not run at all.
public enum AppDevices {
    /// Whether the app runs on the iPad and not the iPhone.
    public static func isPadOnly(_ app: AppFolder) -> Bool {
        let families = plistFamilies(app.info["UIDeviceFamily"])
            ?? XcodeProject.text(near: app.root).map(projectFamilies) ?? []
        return families.contains(2) && !families.contains(1)
    }

    /// `UIDeviceFamily` as numbers: an array of numbers or numeric strings, or one number.
    static func plistFamilies(_ value: PlistValue?) -> Set<Int>? {
        switch value {
        case .number(let n): return [Int(n)]
        case .string(let s): return Int(s).map { [$0] }
        case .array(let items):
            let numbers = items.compactMap { item -> Int? in
                if case .number(let n) = item { return Int(n) }
                return item.string.flatMap { Int($0) }
            }
            return numbers.isEmpty ? nil : Set(numbers)
        default: return nil
        }
    }

    /// Every family a project's targets name (`TARGETED_DEVICE_FAMILY = "1,2";`). Watch and TV
    /// targets (4, 3) are counted too, and decide nothing: only 1 and 2 are asked about.
    static func projectFamilies(_ text: String) -> Set<Int> {
        var families: Set<Int> = []
        for value in XcodeProject.settingValues("TARGETED_DEVICE_FAMILY", in: text) {
            for part in value.split(separator: ",") {
                if let n = Int(part.trimmingCharacters(in: .whitespaces)) { families.insert(n) }
            }
        }
        return families
    }
}
