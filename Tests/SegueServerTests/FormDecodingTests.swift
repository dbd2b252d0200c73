import Testing
@testable import SegueServer

@Suite struct FormDecodingTests {
    @Test(arguments: [
        ("segue_session=abc", "abc"),
        ("a=1; segue_session=abc; b=2", "abc"),
        ("a=1;segue_session=abc", "abc"),
        ("xsegue_session=abc", nil),
        ("segue_sessionx=abc", nil),
        ("segue_session=", ""),
        ("segue_session", nil),
        ("", nil),
        ("other=segue_session=abc", nil),
        ("segue_session=first; segue_session=second", "first"),
    ] as [(String, String?)])
    func cookieIsFoundOnlyByItsExactName(_ header: String, _ expected: String?) {
        #expect(FormDecoding.cookie("segue_session", in: header) == expected)
    }

    @Test func noHeaderNoCookie() {
        #expect(FormDecoding.cookie("segue_session", in: nil) == nil)
    }
}
