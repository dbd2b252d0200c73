import SegueCore
import SegueFlowFiles
import Testing
@testable import SegueHTML

/// Sliders, steppers, progress views and page controls keep their values within their ranges,
/// as UIKit clamps them; a value that is no finite number is refused and changes nothing; any
/// number renders.
@Suite struct ControlRangeTests {
    static let flow = """
    initialViewController: form
    scenes:
      form:
        title: Controls
        view:
          - slider: {id: volume, value: 5, minValue: 0, maxValue: 10}
          - slider: {id: plain, value: 0.5}
          - stepper: {id: copies, value: 2, minimumValue: 1, maximumValue: 4, stepValue: 2}
    """

    func window() throws -> Window {
        let window = Window(id: "s1", storyboard: try FlowFileLoader.parse(Self.flow, fileName: "t.yaml", format: .yaml))
        try window.launch()
        return window
    }

    func html(_ window: Window) -> String {
        String(decoding: PageRenderer.render(window.screen(), context: PageContext(csrfToken: "t")), as: UTF8.self)
    }

    @Test func valuesAreClampedToTheControlsRange() throws {
        let w = try window()
        _ = try w.perform(.setValues(["volume": .text("1e15"), "plain": .text("-3"), "copies": .text("-1e300")]))
        #expect(w.root.values["volume"] == .text("10"))
        #expect(w.root.values["plain"] == .text("0"))
        #expect(w.root.values["copies"] == .text("1"))
        _ = try w.perform(.setValues(["volume": .text("2.5")]))
        #expect(w.root.values["volume"] == .text("2.5"))
        let page = html(w)
        #expect(page.contains(#"type="range" min="0" max="10" step="any" name="field.volume""#))
        #expect(page.contains(#"value="2.5" data-fill="25""#))
    }

    @Test(arguments: ["abc", "nan", "inf", "-infinity", ""])
    func aValueThatIsNoFiniteNumberIsRefused(_ text: String) throws {
        let w = try window()
        let version = w.version
        #expect(throws: ActionError.self) { _ = try w.perform(.setValues(["plain": .text("0.7"), "volume": .text(text)])) }
        do {
            _ = try w.perform(.setValues(["volume": .text(text)]))
        } catch {
            #expect(error.code == .invalidRequest)
        }
        #expect(w.root.values.isEmpty)
        #expect(w.version == version)
    }

    /// A stepper's buttons post one step away within its range, and are disabled at its ends.
    @Test func aStepperStepsWithinItsRange() throws {
        let w = try window()
        var page = html(w)
        #expect(page.contains(#"name="field.copies" value="1""#))  // 2 − 2 clamped to the minimum 1
        #expect(page.contains(#"name="field.copies" value="4""#))
        _ = try w.perform(.setValues(["copies": .text("4")]))
        page = html(w)
        #expect(page.contains(#"name="field.copies" value="4" disabled"#))
        #expect(!page.contains(#"name="field.copies" value="2" disabled"#))
    }

    /// A value kept before the range narrowed (a stored session, a reloaded flow) is drawn clamped.
    @Test func aStoredOutOfRangeValueRendersClamped() throws {
        let w = try window()
        w.root.values["volume"] = .text("1e300")
        w.root.values["copies"] = .text("-5")
        let page = html(w)
        #expect(page.contains(#"value="10" data-fill="100""#))
        #expect(page.contains(#"<output class="stepper-value">1</output>"#))
    }

    /// Every double renders: integers plainly, fractions to four places, huge ones in exponent form.
    @Test(arguments: [(1e15, "1000000000000000"), (1e20, "1e+20"), (-1e300, "-1e+300"), (123_456.5, "123456.5"), (.nan, "0"), (.infinity, "0"), (-0.25, "-0.25")])
    func anyNumberIsWritten(_ value: Double, _ written: String) {
        var w = HTMLWriter()
        w.number(value)
        #expect(w.string == written)
    }
}
