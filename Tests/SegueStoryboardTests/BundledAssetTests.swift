import Foundation
import Testing
@testable import SegueStoryboard

/// The static assets in `Public/`: every bundled SVG is well-formed XML (a browser shows a
/// broken image for one that is not, such as a repeated attribute). Parsed with the storyboard
/// importer's XML reader, which serializes libxml2 (not thread-safe) across parallel tests.
@Suite struct BundledAssetTests {
    static let icons: [String] = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let dir = url.appendingPathComponent("Public/icons").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasSuffix(".svg") }.sorted().map { dir + "/" + $0 }
    }()

    @Test func thereAreIcons() {
        #expect(Self.icons.count >= 20)
    }

    @Test(arguments: icons)
    func svgIsWellFormed(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try DOMBuilder.parse(data, file: path)  // a malformed file throws, failing the test
        #expect(root.name == "svg")
    }
}
