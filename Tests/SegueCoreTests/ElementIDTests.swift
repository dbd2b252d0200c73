import SegueCore
import Testing

/// The derived element ids are a public contract: their spelling is the one docs/API.md gives.
@Suite struct ElementIDTests {
    @Test func derivedIDsKeepTheirPublishedSpelling() {
        #expect(ElementID.back("c1") == "c1.back")
        #expect(ElementID.tab("c1", index: 2) == "c1.tab.2")
        #expect(ElementID.moreTab("c1") == "c1.tab.more")
        #expect(ElementID.moreRow("c1", index: 4) == "c1.more.4")
        #expect(ElementID.barItem("c4", slot: "right", index: 0) == "c4.right.0")
        #expect(ElementID.row("c3", section: 0, index: 2) == "c3.row.0.2")
        #expect(ElementID.accessory(ofRow: "msgAnna") == "msgAnna.accessory")
        #expect(ElementID.alertAction("c5", index: 1) == "c5.action.1")
        #expect(ElementID.view("c2", index: 3) == "c2.view.3")
    }
}
