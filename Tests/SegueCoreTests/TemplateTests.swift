import Testing
@testable import SegueCore

@Suite struct TemplateTests {
    let values = ["from": "Anna", "subject": "Lunch ☕️", "empty": ""]
    func render(_ t: String) -> String { Template.render(t) { values[$0] } }

    @Test func substitutesNamesWithSpacesTrimmed() {
        #expect(render("From: {{from}}") == "From: Anna")
        #expect(render("{{ from }} – {{subject}}!") == "Anna – Lunch ☕️!")
        #expect(render("{{from}}{{from}}") == "AnnaAnna")
    }

    @Test func unknownNamesRenderEmptyAndTextWithoutMarkersIsUntouched() {
        #expect(render("x{{nobody}}y") == "xy")
        #expect(render("x{{empty}}y") == "xy")
        #expect(render("plain { text } here") == "plain { text } here")
        #expect(!Template.hasMarker("a { b }"))
        #expect(Template.hasMarker("a {{b}}"))
        // At either end, in small and long strings, next to non-ASCII text.
        for text in ["{{", "{{x", "x{{", "é{{", String(repeating: "long ", count: 20) + "{{"] { #expect(Template.hasMarker(text), "\(text)") }
        for text in ["", "{", "{ {", "}}{", String(repeating: "{ ", count: 40)] { #expect(!Template.hasMarker(text), "\(text)") }
    }

    @Test func unclosedMarkersStayAsWritten() {
        #expect(render("Hi {{from") == "Hi {{from")
        #expect(render("{{from}} and {{") == "Anna and {{")
        #expect(render("é{{from}}ü") == "éAnnaü")
    }
}
