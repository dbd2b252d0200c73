import SegueCore
import SegueFlowFiles
import Testing

/// The flow-file keys of the modern era: `era`, `prefersLargeTitles`, `largeTitleDisplayMode`,
/// `isModalInPresentation`, `searchController`.
@Suite("Era keys")
struct EraKeyTests {
    @Test func aFlowFileFollowsIOS7UnlessItNamesAnEra() throws {
        #expect(load("initialViewController: a\nscenes:\n  a: {}\n")?.era == .ios7)
        let modern = try #require(load("era: modern\ninitialViewController: a\nscenes:\n  a: {}\n"))
        #expect(modern.era == .modern && modern.eraReason.contains("era: modern"))
        #expect(load("era: ios17\ninitialViewController: a\nscenes:\n  a: {}\n")?.era == .modern)
    }

    @Test func anUnknownEraIsRefusedWithItsLine() {
        let found = problems("initialViewController: a\nera: ios99x\nscenes:\n  a: {}\n")
        #expect(found.count == 1 && found[0].hasPrefix("bad.yaml:2:") && found[0].contains("unknown era"))
    }

    @Test func modernSceneKeys() throws {
        let board = try #require(load("""
            era: modern
            initialViewController: nav
            scenes:
              nav: {kind: navigationController, rootViewController: a, prefersLargeTitles: true}
              a:
                isModalInPresentation: true
                largeTitleDisplayMode: always
                navigationItem: {searchController: {placeholder: Find}}
              b: {navigationItem: {searchController: true, largeTitleDisplayMode: never}}
            """))
        #expect(board["nav"]?.prefersLargeTitles == true)
        #expect(board["a"]?.isModalInPresentation == true)
        #expect(board["a"]?.navigationItem.largeTitleDisplayMode == .always)
        #expect(board["a"]?.navigationItem.searchBarPlaceholder == "Find")
        #expect(board["b"]?.navigationItem.searchBarPlaceholder == "Search")
        #expect(board["b"]?.navigationItem.largeTitleDisplayMode == .never)
    }

    @Test func prefersLargeTitlesBelongsToNavigationControllers() {
        let found = problems("initialViewController: a\nscenes:\n  a: {prefersLargeTitles: true}\n")
        #expect(found.contains { $0.contains("prefersLargeTitles") })
    }
}
