import Foundation
import Testing
import SegueCore
@testable import SegueAppFolder

/// The binary property-list reader agrees with Foundation on what Foundation writes, and turns
/// damaged files into `malformed_plist` problems instead of crashes.
@Suite struct BinaryPropertyListTests {
    private func binary(_ object: Any) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
    }

    private func parse(_ data: Data) -> Result<[String: PlistValue], Diagnostic> {
        PropertyListReader.parse(data: data, fileName: "Info.plist")
    }

    @Test("what Foundation writes reads back: strings (ASCII and not), numbers, booleans, arrays, nested dictionaries")
    func roundTrip() throws {
        let list: [String: Any] = [
            "UIMainStoryboardFile": "Main",
            "CFBundleDisplayName": "Café ☕️",
            "Count": 70_000,
            "Negative": -3,
            "Ratio": 0.5,
            "Flag": true,
            "Off": false,
            "Modes": ["audio", "fetch"],
            "Manifest": ["Configs": ["Default": ["Storyboard": "Main"]]],
        ]
        let value = try parse(try binary(list)).get()
        #expect(value["UIMainStoryboardFile"] == .string("Main"))
        #expect(value["CFBundleDisplayName"] == .string("Café ☕️"))
        #expect(value["Count"] == .number(70_000) && value["Negative"] == .number(-3) && value["Ratio"] == .number(0.5))
        #expect(value["Flag"] == .bool(true) && value["Off"] == .bool(false))
        #expect(value["Modes"] == .array([.string("audio"), .string("fetch")]))
        #expect(value["Manifest"]?["Configs"]?["Default"]?["Storyboard"] == .string("Main"))
    }

    @Test("a collection holding itself, references past the table and truncation are malformed_plist")
    func damagedFiles() throws {
        let good = [UInt8](try binary(["A": ["B"]]))
        var cases: [[UInt8]] = [Array(good.prefix(20)), Array(good.dropLast(3))]
        // The top object's reference points past the object table.
        var pastTable = good
        pastTable[pastTable.count - 9] = 0x7F
        cases.append(pastTable)
        // A dictionary whose value for "A" is the dictionary itself.
        cases.append(Array("bplist00".utf8) + [0xD1, 0x01, 0x00] + [0x51, 0x41] + [8, 11] + [0, 0, 0, 0, 0, 0, 1, 1]
            + [0, 0, 0, 0, 0, 0, 0, 2] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 13])
        for bytes in cases {
            guard case .failure(let problem) = parse(Data(bytes)) else { Issue.record("read a damaged plist"); continue }
            #expect(problem.code == .malformedPlist)
        }
    }

    @Test("a damaged file Foundation's reader crashes on (a set of strings) is read without it")
    func setsAreNotBridged() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/Plists/set-at-top.bplist").path
        let data = try #require(FileManager.default.contents(atPath: path))
        guard case .failure(let problem) = parse(data) else { Issue.record("a set at the top read as a dictionary"); return }
        #expect(problem.code == .malformedPlist)
        #expect(problem.message.contains("not a dictionary"))
    }
}
