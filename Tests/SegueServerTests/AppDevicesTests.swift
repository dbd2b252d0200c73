import Foundation
import SegueCore
import SegueTestSupport
import Testing
@testable import SegueAppFolder
@testable import SegueServer

/// The devices an app is built for: `UIDeviceFamily` in its Info.plist, else its project's
/// `TARGETED_DEVICE_FAMILY`. An app built for the iPad alone opens on a pad-sized viewport.
@Suite("App devices")
struct AppDevicesTests {
    /// A copy of the PadApp fixture (a phone and a pad storyboard) under a folder holding a
    /// project whose targets name `families`, with `plistFamilies` added to its Info.plist.
    func app(projectFamilies: [String], plistFamilies: [Int]? = nil) throws -> (app: String, root: String) {
        let root = Scratch.folder + "/devices-\(UUID().uuidString)"
        let app = root + "/PadApp"
        try FileManager.default.createDirectory(atPath: root + "/Pad.xcodeproj", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: appFixture("PadApp"), toPath: app)
        let lines = projectFamilies.map { "\t\t\t\tTARGETED_DEVICE_FAMILY = \($0);" }.joined(separator: "\n")
        try Data("// !$*UTF8*$!\n{\n\(lines)\n}\n".utf8).write(to: URL(fileURLWithPath: root + "/Pad.xcodeproj/project.pbxproj"))
        if let plistFamilies {
            let path = app + "/Pad-Info.plist"
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            var info = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
            info["UIDeviceFamily"] = plistFamilies
            try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0).write(to: URL(fileURLWithPath: path))
        }
        return (app, root)
    }

    @Test func anAppForThePadAloneOpensAtThePadsSize() throws {
        let (app, root) = try app(projectFamilies: ["2", "4"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(AppDevices.isPadOnly(try #require(AppFolder.find(root: app))))
        #expect(FlowSource.preferredTraits(path: app) == .padLandscape)
    }

    @Test func anAppForBothOrThePhoneOpensAtThePhonesSize() throws {
        for families in [[#""1,2""#], ["1", "2"], ["1"], []] {
            let (app, root) = try app(projectFamilies: families)
            defer { try? FileManager.default.removeItem(atPath: root) }
            #expect(!AppDevices.isPadOnly(try #require(AppFolder.find(root: app))), "\(families)")
            #expect(FlowSource.preferredTraits(path: app) == nil)
        }
    }

    @Test func thePlistsDeviceFamilyComesFirst() throws {
        var (app, root) = try app(projectFamilies: [#""1,2""#], plistFamilies: [2])
        #expect(AppDevices.isPadOnly(try #require(AppFolder.find(root: app))))
        try? FileManager.default.removeItem(atPath: root)
        (app, root) = try self.app(projectFamilies: ["2"], plistFamilies: [1, 2])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(!AppDevices.isPadOnly(try #require(AppFolder.find(root: app))))
    }

    @Test func familiesAreReadFromEitherForm() {
        #expect(AppDevices.projectFamilies("TARGETED_DEVICE_FAMILY = \"1,2\";\nTARGETED_DEVICE_FAMILY = 4;\nTARGETED_DEVICE_FAMILY = ;") == [1, 2, 4])
        #expect(AppDevices.plistFamilies(.array([.number(2)])) == [2])
        #expect(AppDevices.plistFamilies(.array([.string("1"), .string("2")])) == [1, 2])
        #expect(AppDevices.plistFamilies(.number(2)) == [2])
        #expect(AppDevices.plistFamilies(.array([])) == nil)
        #expect(AppDevices.plistFamilies(nil) == nil)
    }
}
