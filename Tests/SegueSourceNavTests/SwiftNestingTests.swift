import Foundation
import Testing
@testable import SegueCore
@testable import SegueSourceNav

/// Swift files nesting square brackets so deeply that SwiftSyntax's parser would take minutes are
/// not parsed; brackets in comments, strings and regex literals do not count.
@Suite("Swift bracket nesting")
struct SwiftNestingTests {
    @Test("depth counts code, and code inside interpolations, not comments or strings")
    func depthCountsCodeOnly() {
        #expect(SwiftNesting.deepestSquareBrackets(in: "let a = [[1], [2, [3]]]") == 3)
        #expect(SwiftNesting.deepestSquareBrackets(in: "// [[[[[[\nlet a = [1]") == 1)
        #expect(SwiftNesting.deepestSquareBrackets(in: "/* [[[ /* [[[ */ [[[ */ let a = [1]") == 1)
        #expect(SwiftNesting.deepestSquareBrackets(in: #"let s = "[[[[ \" [[[" + "x""#) == 0)
        #expect(SwiftNesting.deepestSquareBrackets(in: "let s = \"\"\"\n[[[[\n\"\"\"\nlet b = [[0]]") == 2)
        #expect(SwiftNesting.deepestSquareBrackets(in: ##"let r = #"[[[ "quoted" \( [[["#, t = [0]"##) == 1)
        // An interpolation is code: its brackets count, and a string inside it ends before the outer one.
        #expect(SwiftNesting.deepestSquareBrackets(in: #"let s = "\(a["k[[["][0])" + "[[""#) == 1)
        #expect(SwiftNesting.deepestSquareBrackets(in: #"let s = "\(f(g([[1]])))""#) == 2)
        // An unterminated string ends with its line.
        #expect(SwiftNesting.deepestSquareBrackets(in: "let s = \"[[[\nlet a = [[1]]") == 2)
        #expect(SwiftNesting.deepestSquareBrackets(in: "#if DEBUG\nlet a = [1]\n#endif") == 1)
    }

    @Test("regex literals hide what is in them, and only that, as they do from the parser")
    func regexLiterals() {
        // `#//#` is an empty extended regex, not a comment: the brackets after it are code.
        #expect(SwiftNesting.deepestSquareBrackets(in: "#//#[[[[[[[[[[[[[[[[[[[[[[[[") == 24)
        // A quote inside a regex opens no string.
        #expect(SwiftNesting.deepestSquareBrackets(in: #"let r = #/"[[[/# ; let a = [[1]]"#) == 2)
        #expect(SwiftNesting.deepestSquareBrackets(in: "let r = #/\n[[[[\n/#\nlet a = [0]") == 1)
    }

    @Test("the garbled file that hid deep brackets behind a regex is refused at once")
    func regexHidingDeepBrackets() {
        let clock = ContinuousClock()
        let started = clock.now
        let facts = SwiftReader.read(source: "import UIKit\n#//#" + String(repeating: "[", count: 24) + "a\n", file: "R.swift")
        #expect(clock.now - started < .seconds(2))
        #expect(facts.unreadReason?.contains("square brackets nested 24 deep") == true)
    }

    @Test("parentheses count in code and interpolations, not in comments or strings")
    func parenthesesDepth() {
        #expect(SwiftNesting.deepest(in: "f(g(h(1)), (2))").parentheses == 3)
        #expect(SwiftNesting.deepest(in: "// ((((((\nf(1) /* (((( */").parentheses == 1)
        #expect(SwiftNesting.deepest(in: #"let s = "(((( \(f(g(1))) ((""#).parentheses == 3)
        #expect(SwiftNesting.deepest(in: #"let s = "\(a)" ; f((1))"#).parentheses == 2)
    }

    @Test("a file nesting parentheses past the limit is not parsed, and says why, at once")
    func deepParenthesesAreNotParsed() throws {
        let clock = ContinuousClock()
        let started = clock.now
        // 600 levels with other tokens between: seconds of the parser's error recovery.
        let source = String(repeating: String(repeating: "(", count: 30) + "unc " + String(repeating: "#", count: 10), count: 20)
        let facts = SwiftReader.read(source: source, file: "P.swift")
        #expect(clock.now - started < .seconds(2))
        #expect(facts.unreadReason?.contains("parentheses nested 600 deep") == true)
        let limit = SwiftNesting.maximumParenthesisDepth
        let atLimit = "class C: UIViewController {\n func f() { g" + String(repeating: "(", count: limit) + "1" + String(repeating: ")", count: limit) + " }\n}\n"
        #expect(SwiftReader.read(source: atLimit, file: "C.swift").unreadReason == nil)
    }

    @Test("a file nesting brackets past the limit is not parsed, and says why, at once")
    func deepFileIsNotParsed() throws {
        let clock = ContinuousClock()
        let started = clock.now
        // 40 levels: SwiftSyntax's lookahead would take hours on this.
        let source = "class A: UIViewController {\n func f() { x = " + String(repeating: "[a<", count: 40) + "\n }\n}\n"
        let facts = SwiftReader.read(source: source, file: "A.swift")
        #expect(clock.now - started < .seconds(5))
        let reason = try #require(facts.unreadReason)
        #expect(reason.contains("nested 40 deep"))
        #expect(facts.classes.isEmpty)
        let result = NavigationAnalysis.analyze(facts: [facts], storyboard: Storyboard(name: "Main", initialViewController: nil, scenes: []))
        #expect(result.unreadFiles.map(\.file) == ["A.swift"])
        #expect(InferenceReport.text(result, storyboard: Storyboard(name: "Main", initialViewController: nil, scenes: [])).contains("not read:\n  A.swift: square brackets nested 40 deep"))
        #expect(InferenceReport.json(result).contains(#""unread":[{"file":"A.swift""#))
        // `check` and `serve` report it as a warning at the file.
        let augmented = CodeNavigation.augment(Storyboard(name: "Main", initialViewController: nil, scenes: []), result: result)
        let warning = try #require(augmented.storyboard.diagnostics.first { $0.code == .sourceNotRead })
        #expect(warning.severity == .warning && warning.location == SourceLocation(file: "A.swift", line: 1))
    }

    @Test("a file at the limit is parsed")
    func fileAtTheLimitIsParsed() {
        let nested = String(repeating: "[", count: SwiftNesting.maximumSquareBracketDepth) + "1"
            + String(repeating: "]", count: SwiftNesting.maximumSquareBracketDepth)
        let facts = SwiftReader.read(source: "class B: UIViewController {\n let table = \(nested)\n func go() { dismiss(animated: true) }\n}\n", file: "B.swift")
        #expect(facts.unreadReason == nil)
        #expect(facts.classes.map(\.name) == ["B"])
    }

    @Test("a run of type tokens counts its `<`; a statement, `=` or a brace ends the run")
    func angleRuns() {
        #expect(SwiftNesting.deepest(in: "let d: Dictionary<String, Array<Int>> = [:]").angleRun == 2)
        #expect(SwiftNesting.deepest(in: "func f<T: P<Q>>(a: Set<T>) -> Result<[T], Error> { a < b }").angleRun == 4)
        // Each statement starts a new run; `<<` holds two.
        #expect(SwiftNesting.deepest(in: "if a < b { x = c < d }\nlet y = e << 2").angleRun == 2)
        #expect(SwiftNesting.deepest(in: "let s = \"<<<<\" // <<<<\nlet t = a + b < c").angleRun == 1)
        #expect(SwiftNesting.deepest(in: String(repeating: "a<", count: 100)).angleRun == 100)
        #expect(SwiftNesting.deepest(in: String(repeating: "@a<\n", count: 100)).angleRun == 100)
    }

    @Test("a run of `<` past the limit is refused at once, and one at the limit is parsed")
    func longAngleRunsAreNotParsed() {
        let clock = ContinuousClock()
        let started = clock.now
        // 4 KB of `a<`: 15 s of the parser's lookahead in an instrumented build.
        let facts = SwiftReader.read(source: "class A {\n func f() {\n  let x = " + String(repeating: "a<", count: 2000) + "\n }\n}\n", file: "A.swift")
        #expect(clock.now - started < .seconds(2))
        #expect(facts.unreadReason == "2000 `<` in one run of type tokens (the parser takes too long past 64)")
        let limit = SwiftNesting.maximumAngleRun
        let atLimit = "class C: UIViewController {\n let x: " + String(repeating: "A<", count: limit) + "B" + String(repeating: ">", count: limit) + "? = nil\n}\n"
        let read = SwiftReader.read(source: atLimit, file: "C.swift")
        #expect(read.unreadReason == nil && read.classes.map(\.name) == ["C"])
    }

    @Test("attributes without a name, which send the parser's recovery round, are counted and refused")
    func namelessAttributes() {
        #expect(SwiftNesting.deepest(in: "@objc(name) func f() {}\n@available(iOS 13, *) class A {}").namelessAttributes == 0)
        #expect(SwiftNesting.deepest(in: "let s = \"@(\" // @(\n@ (a)").namelessAttributes == 1)
        let clock = ContinuousClock()
        let started = clock.now
        // 14 nested: 20 s of the parser's recovery in an instrumented build.
        let facts = SwiftReader.read(source: String(repeating: "@(", count: 14), file: "N.swift")
        #expect(clock.now - started < .seconds(2))
        #expect(facts.unreadReason == "14 attributes without a name (`@(`; the parser takes too long past 4)")
    }

    @Test("brackets an open interpolation hides from the lexer, but not from the parser, count")
    func openInterpolation() {
        // The parser's recovery lexes the rest of the line again after `\(3 /s\"`, as code.
        let source = #"t = "t \(3 /s\""""  "# + String(repeating: "[", count: 24)
        #expect(SwiftNesting.deepest(in: source).squareBrackets == 0)
        #expect(SwiftNesting.bytesDepth(in: source).squareBrackets == 24)
        #expect(SwiftReader.read(source: source, file: "I.swift").unreadReason?.hasPrefix("square brackets nested 24 deep") == true)
        // Real code is read: brackets in a comment count only in the bytes, under the limit.
        #expect(SwiftReader.read(source: "// [[[\nclass A: UIViewController { let a = [[1]] }", file: "A.swift").unreadReason == nil)
        // A terminal's escapes open brackets only inside string literals: a file of them is read.
        let escapes = (0..<12).map { #"let c\#($0) = "\u{1B}[38;5;\#($0)m" + "\"[" + name"# }.joined(separator: "\n")
        #expect(SwiftNesting.bytesDepth(in: escapes).squareBrackets == 0)
        #expect(SwiftReader.read(source: "class A: UIViewController {}\n" + escapes, file: "E.swift").unreadReason == nil)
        // After a line's interpolation everything counts, in a string or not.
        #expect(SwiftNesting.bytesDepth(in: #"s = "\(a) [[[" + "[[""#).squareBrackets == 5)
    }

    @Test("deep recursion in the parser runs on a large stack, in process too")
    func deepRecursionDoesNotOverflow() {
        // 20,000 nested `try`s overflow an 8 MB stack in SwiftSyntax's parser.
        let source = "func f() {\n let x = " + String(repeating: "try ", count: 20000) + "a\n}\n"
        #expect(SwiftReader.read(source: source, file: "T.swift").unreadReason == nil)
    }
}

@Suite("What one method can make the reader keep")
struct MethodFactLimitTests {
    @Test("a name given hundreds of values and passed thousands of times keeps its facts within the limits")
    func boundedFacts() throws {
        // Each use of `legal` would carry every value it was given: 2,000 × 300 controllers.
        let assignments = (0..<300).map { "        legal = Legal\($0)ViewController()\n" }.joined()
        let uses = String(repeating: "        show(legal, sender: self)\n        prepare(legal)\n", count: 1_000)
        let source = """
            class DetailViewController: UIViewController {
                func open() {
                    var legal = LegalViewController()
            \(assignments)\(uses)    }
            }
            """
        let clock = ContinuousClock()
        let started = clock.now
        let facts = SwiftReader.read(source: source, file: "Detail.swift")
        let encoded = try JSONEncoder().encode(facts)
        // The bounds below are the real check; the clock only catches work that grows with the
        // uses even though what is kept does not (unbounded, hundreds of times this run). Its
        // limit leaves room for a debug build on two busy cores (3 s measured).
        #expect(clock.now - started < .seconds(20))
        let method = try #require(facts.classes.first?.methods.first)
        #expect(method.handOffs.count == MethodFacts.limit)
        #expect(method.invokes == ["prepare"])
        for handOff in method.handOffs {
            guard case .oneOf(let values)? = handOff.arguments.first else { Issue.record("not the values of a name"); break }
            #expect(values.count == MethodFacts.valuesLimit)
        }
        #expect(encoded.count < 2_000_000)
    }
}
