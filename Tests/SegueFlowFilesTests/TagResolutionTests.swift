@testable import SegueFlowFiles
import Testing
import Yams

/// The loader's quick answer for plain scalars that cannot be anything but strings agrees with
/// the YAML resolver it skips.
@Suite struct TagResolutionTests {
    static let scalars = [
        "", "title", "Title", "_id", "é", "✓ done", "yes", "Yes", "YES", "no", "on", "Off", "true", "False", "null", "Null", "~",
        "0", "-1", "+2", "0x1F", "0o17", "0b101", "1_000", "1:30", ".5", "-.inf", ".NaN", "1e3", "3.", "2026-11-28",
        "2026-11-28 10:05:00", "<<", "=", "yesterday", "nothing", "tab", "offer", "~home", ".hidden", "-x", "<a>", "=b",
    ]

    @Test(arguments: scalars) func plainScalarsResolveAsTheDefaultResolverSays(_ text: String) throws {
        #expect(Node(text).tagName == Resolver.default.resolveTag(of: Node(text)), "\(text)")
        // Parsed as a plain value of a mapping, as the loader meets them.
        if !text.isEmpty, let parsed = try Yams.compose(yaml: "key: \(text)")?.mapping?.first?.value {
            #expect(parsed.tagName == Resolver.default.resolveTag(of: parsed), "\(text)")
        }
    }
}
