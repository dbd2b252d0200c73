import Foundation
import SegueAppFolder
import SegueCore
import SegueStoryboard

/// An app folder's own formats: property lists (the Info.plist reader, XML and binary) and xibs
/// (both formats; the IB3 archive reader's seeds), then a window launched on the xib's scenes.
enum AppFolderFuzzing {
    @Sendable static func plist(_ bytes: [UInt8]) -> Bool {
        if case .success = PropertyListReader.parse(data: Data(bytes), fileName: "Info.plist") { return true }
        return false
    }

    @Sendable static func xib(_ bytes: [UInt8]) -> Bool {
        guard let nib = try? XibImporter.parse(data: Data(bytes), fileName: "Fuzz.xib") else { return false }
        var storyboard = Storyboard(name: nib.name, initialViewController: nib.rootScene ?? nib.scenes.first?.id, scenes: nib.scenes)
        storyboard.diagnostics = nib.diagnostics
        FuzzWindow.launch(storyboard)
        return true
    }
}
