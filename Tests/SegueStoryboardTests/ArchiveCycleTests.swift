import Foundation
import Testing
@testable import SegueStoryboard

/// IB3 archive xibs name objects by reference, so an archive can make a view its own subview or
/// a controller its own child. Reading one ends, with the cycle left out.
@Suite("IB3 archive reference cycles")
struct ArchiveCycleTests {
    static func archive(_ objects: String) -> Data {
        Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="8.00">
        <data>
        <object class="NSMutableArray" key="IBDocument.RootObjects" id="1000">
        \(objects)
        </object>
        </data>
        </archive>
        """.utf8)
    }

    @Test("a view among its own subviews is read once")
    func viewInItsOwnSubviews() throws {
        let data = Self.archive("""
        <object class="IBUIView" id="61"><object class="NSMutableArray" key="NSSubviews"><reference ref="61"/><object class="IBUILabel" id="62"><string key="IBUIText">Hi</string></object></object></object>
        """)
        let nib = try XibImporter.parse(data: data, fileName: "Cycle.xib")
        #expect(nib.isArchive)
    }

    @Test("a controller among its own children is read once")
    func controllerInItsOwnChildren() throws {
        let data = Self.archive("""
        <object class="IBUITabBarController" id="70"><object class="NSMutableArray" key="IBUIViewControllers"><reference ref="70"/><object class="IBUIViewController" id="71"><string key="IBUITitle">One</string></object></object></object>
        """)
        let nib = try XibImporter.parse(data: data, fileName: "Tabs.xib")
        #expect(nib.isArchive)
    }
}
