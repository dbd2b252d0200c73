import Foundation
import SegueAssets
import Synchronization

/// Asset catalogs: the input is written as the `Contents.json` of an image set, a colour set, an
/// app icon set and a namespace folder of a small catalog (beside a PNG and an SVG the entries
/// may name), then the app's resources are read from that folder. Accepted when something was
/// read from the catalog: an image, a colour or the app icon.
enum AssetCatalogFuzzing {
    /// The folders of the catalog that get the input as their `Contents.json`.
    static let entries = ["Group", "Group/Icon.imageset", "Group/Tint.colorset", "AppIcon.appiconset"]

    @Sendable static func contentsJSON(_ bytes: [UInt8]) -> Bool {
        // One input at a time per process: tests may run the target from several threads.
        workspace.inUse.withLock { _ in
            let catalog = workspace.root + "/Assets.xcassets"
            for entry in entries {
                _ = FileManager.default.createFile(atPath: catalog + "/" + entry + "/Contents.json", contents: Data(bytes))
            }
            let resources = AppResources(root: workspace.root, symbolsDirectory: nil)
            return !resources.catalog.images.isEmpty || !resources.catalog.colors.isEmpty || resources.catalog.appIconURL != nil
        }
    }

    /// The catalog's folders, made once per process: each input only rewrites the
    /// `Contents.json` files (the art beside them never changes), which keeps the target fast.
    /// In memory (`/dev/shm`) where the system has it. Removed when the process exits.
    static let workspace = Workspace()

    final class Workspace: Sendable {
        let root: String
        let inUse = Mutex(())

        init() {
            let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : FileManager.default.temporaryDirectory.path
            root = base + "/segue-fuzz-assets-" + UUID().uuidString
            let catalog = root + "/Assets.xcassets"
            for entry in AssetCatalogFuzzing.entries {
                try? FileManager.default.createDirectory(atPath: catalog + "/" + entry, withIntermediateDirectories: true)
            }
            for folder in ["Group/Icon.imageset", "AppIcon.appiconset"] {
                _ = FileManager.default.createFile(atPath: catalog + "/" + folder + "/icon.png", contents: Data(AssetCatalogFuzzing.png))
                _ = FileManager.default.createFile(atPath: catalog + "/" + folder + "/icon.svg", contents: Data(AssetCatalogFuzzing.svg.utf8))
            }
            atexit { try? FileManager.default.removeItem(atPath: AssetCatalogFuzzing.workspace.root) }
        }
    }

    /// A 1×1 PNG.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
        0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0x00, 0x02, 0x00,
        0x00, 0x05, 0x00, 0x01, 0xE9, 0xFA, 0xDC, 0xD8, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44,
        0xAE, 0x42, 0x60, 0x82,
    ]
    static let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>"#
}
