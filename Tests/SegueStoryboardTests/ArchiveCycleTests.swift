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

/// Archives of Xcode 4.2 and later (version 8.00) write lists as `<array class="NSMutableArray">`
/// and custom classes as a `<dictionary>` of `N.CustomClassName` strings; version 7 wrote both as
/// objects. Both are read alike.
@Suite("IB3 archive version 8")
struct ArchiveVersion8Tests {
    static let xib = Data("""
    <?xml version="1.0" encoding="UTF-8"?>
    <archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="8.00">
    <data>
    <array class="NSMutableArray" key="IBDocument.RootObjects" id="1000">
      <object class="IBUINavigationController" id="9">
        <array class="NSMutableArray" key="IBUIViewControllers">
          <object class="IBUIViewController" id="11">
            <object class="IBUINavigationItem" key="IBUINavigationItem" id="12"><string key="IBUITitle">Feed</string></object>
            <object class="IBUIView" key="IBUIView" id="13">
              <array class="NSMutableArray" key="NSSubviews">
                <object class="IBUILabel" id="14"><string key="IBUIText">Hello</string></object>
              </array>
            </object>
          </object>
        </array>
      </object>
    </array>
    <object class="IBObjectContainer" key="IBDocument.Objects">
      <array class="NSMutableArray" key="connectionRecords"/>
      <object class="IBMutableOrderedSet" key="objectRecords">
        <array key="orderedObjects">
          <object class="IBObjectRecord"><int key="objectID">9</int><reference key="object" ref="9"/></object>
          <object class="IBObjectRecord"><int key="objectID">16</int><reference key="object" ref="11"/></object>
        </array>
      </object>
      <dictionary class="NSMutableDictionary" key="flattenedProperties">
        <string key="16.CustomClassName">FeedViewController</string>
        <string key="16.IBPluginDependency">com.apple.InterfaceBuilder.IBCocoaTouchPlugin</string>
      </dictionary>
    </object>
    </data>
    </archive>
    """.utf8)

    @Test func listsAndCustomClassesAreRead() throws {
        let nib = try XibImporter.parse(data: Self.xib, fileName: "Window.xib")
        let nav = try #require(nib.scenes.first { $0.kind == .navigationController })
        let root = try #require(nib.scenes.first { $0.id == nav.rootViewController })
        #expect(root.className == "FeedViewController")
        #expect(root.navigationItem.title == "Feed")
        #expect(root.view.flatMap(\.children).map(\.text) == ["Hello"] || root.view.map(\.text) == ["Hello"])
    }
}

/// The iPad's "Split View-based Application" template of Xcode 3.2: the split view controller of
/// its MainWindow names its master and detail controllers, not a list.
@Suite("IB3 archive split views")
struct ArchiveSplitViewTests {
    @Test func theMasterAndDetailAreTheColumns() throws {
        let data = ArchiveCycleTests.archive("""
        <object class="IBUISplitViewController" id="80">
          <object class="IBUINavigationController" key="IBUIMasterViewController" id="81">
            <object class="NSMutableArray" key="IBUIViewControllers"><object class="IBUITableViewController" id="82"><string key="IBUITitle">Notes</string></object></object>
          </object>
          <object class="IBUIViewController" key="IBUIDetailViewController" id="83"><string key="IBUITitle">Note</string></object>
        </object>
        """)
        let nib = try XibImporter.parse(data: data, fileName: "MainWindow.xib")
        let split = try #require(nib.scenes.first { $0.kind == .splitViewController })
        #expect(nib.scenes.first { $0.id == split.masterViewController }?.kind == .navigationController)
        #expect(nib.scenes.first { $0.id == split.detailViewController }?.title == "Note")
    }
}
