import SegueCore
import Testing
@testable import SegueStoryboard

/// What the XML parser would accept wrongly, refuse late or take minutes over is refused up
/// front, with its line and code.
@Suite struct XMLLimitTests {
    static let valid = document(initial: "a", scene("a", #"<viewController id="a" sceneMemberID="viewController"/>"#))

    func refusal(_ xml: String) -> Diagnostic? {
        do {
            _ = try StoryboardImporter.parse(data: Array(xml.utf8), fileName: "Test.storyboard")
            return nil
        } catch {
            return error.diagnostics.first
        }
    }

    var lastLine: Int { Self.valid.split(separator: "\n", omittingEmptySubsequences: false).count + 1 }

    @Test(arguments: ["garbage", "<extra/>", "</document>", "&amp;", "<document/>"])
    func contentAfterTheDocumentElementIsRefusedAtItsLine(_ junk: String) throws {
        let found = try #require(refusal(Self.valid + "\n" + junk + "\n"))
        #expect(found.code == .malformedXML)
        #expect(found.location?.line == lastLine)
        #expect(found.message.contains("content after the document element"))
    }

    @Test func commentsAndProcessingInstructionsMayFollowIt() throws {
        #expect(refusal(Self.valid + "\n<!-- a </document> comment -->\n<?pi x?>\n  \n") == nil)
    }

    /// 200,000 attributes on one element (2.2 MB) are refused in one linear scan, before the
    /// parser (quadratic in attributes per element) sees them.
    @Test func anElementWithTooManyAttributesIsRefusedAtItsLine() throws {
        let attributes = (0..<200_000).map { "a\($0)=\"1\"" }.joined(separator: " ")
        let xml = Self.valid.replacingOccurrences(of: #"<viewController id="a""#, with: #"<viewController id="a" "# + attributes)
        let found = try #require(refusal(xml))
        #expect(found.code == .malformedXML)
        #expect(found.message.contains("more than 512 attributes"))
        let line = Self.valid.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("<viewController") }! + 1
        #expect(found.location?.line == line)
        // Up to the limit, quoted `=` and `>` counting for nothing, an element still parses.
        let many = (0..<500).map { "a\($0)=\"x=>\"" }.joined(separator: " ")
        #expect(refusal(Self.valid.replacingOccurrences(of: #"<viewController id="a""#, with: #"<viewController id="a" "# + many)) == nil)
    }

    @Test func aDocumentOverTheSizeLimitIsRefusedNamingTheLimit() throws {
        let padding = String(repeating: " ", count: DOMBuilder.maxBytes)
        let found = try #require(refusal(Self.valid + "<!--" + padding + "-->"))
        #expect(found.code == .fileTooLarge)
        #expect(found.location?.line == 1)
        #expect(found.message.contains("at most 8388608 bytes (8 MiB)"))
    }
}
