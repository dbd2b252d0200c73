import SegueCore
import SegueStoryboard

/// Xcode storyboard XML: the importer (XML parser, document mapper, linker), then a window
/// launched on whatever it imported.
enum StoryboardFuzzing {
    @Sendable static func storyboard(_ bytes: [UInt8]) -> Bool {
        guard let storyboard = try? StoryboardImporter.parse(data: bytes, fileName: "Fuzz.storyboard") else { return false }
        FuzzWindow.launch(storyboard)
        return true
    }
}
