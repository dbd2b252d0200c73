import Foundation
import Testing
import SegueFuzzTargets

/// Every fuzz target on its seeds and on a few thousand seeded mutations of them, so the
/// ordinary test suite catches a decoder that crashes or hangs without a fuzz build. A crash
/// here stops the test process; the failing input is the target's mutation number `n` of the
/// seed below (rerun the target's fuzzer on its corpus to minimise it).
@Suite("Mutation smoke")
struct MutationSmokeTests {
    static let fuzzFolder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz")

    static func seeds(_ target: FuzzTarget) throws -> [(name: String, bytes: [UInt8])] {
        let folder = fuzzFolder.appendingPathComponent("corpus/\(target.name)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return try names.map { ($0, Array(try Data(contentsOf: folder.appendingPathComponent($0)))) }
    }

    static func tokens(_ target: FuzzTarget) throws -> [[UInt8]] {
        guard let dictionary = target.dictionary else { return [] }
        let text = try String(contentsOf: fuzzFolder.appendingPathComponent("dict/\(dictionary)"), encoding: .utf8)
        return Mutator.tokens(ofDictionary: text)
    }

    @Test("every seed is accepted", arguments: FuzzTargets.all.map(\.name))
    func seedsAreAccepted(_ name: String) throws {
        let target = try #require(FuzzTargets.named(name))
        let seeds = try Self.seeds(target)
        #expect(!seeds.isEmpty, "Tests/Fuzz/corpus/\(name) has no seeds")
        for seed in seeds {
            #expect(target.run(seed.bytes), "seed \(seed.name) of \(name) is rejected")
        }
    }

    @Test("seeded mutations neither crash nor hang", arguments: FuzzTargets.all.map(\.name))
    func mutationsRun(_ name: String) throws {
        let target = try #require(FuzzTargets.named(name))
        var mutator = Mutator(seed: 0x5E6E, seeds: try Self.seeds(target).map(\.bytes), tokens: try Self.tokens(target))
        var accepted = 0
        for _ in 0..<2000 where target.run(mutator.input()) { accepted += 1 }
        // Mutations that keep most seeds valid and those that break them both get tried.
        #expect(accepted > 0 && accepted < 2000, "\(accepted) of 2000 mutations accepted")
    }

    @Test func dictionaryTokensUnescape() {
        let tokens = Mutator.tokens(ofDictionary: "# comment\n\"a\\\"b\"\nkw=\"\\x41\\\\\"\n")
        #expect(tokens == [Array("a\"b".utf8), Array("A\\".utf8)])
    }
}
