/// Reads one Objective-C file (`.m`, `.h`) into ``SourceFacts``: `@implementation` blocks and
/// their methods (selector, `IBAction`, body), the navigation each body performs, superclasses
/// from `@interface`, and string constants (`#define`, `NSString * const NAME = @"…"`).
public enum ObjCReader {
    public static func read(source: String, file: String) -> SourceFacts {
        let tokenizer = ObjCTokenizer.tokenize(source)
        var facts = SourceFacts(file: file)
        facts.constants = tokenizer.defines
        var reader = FileWalk(tokens: tokenizer.tokens)
        reader.run(into: &facts)
        return facts
    }
}

/// The top level of a file: interfaces, implementations, methods, constants.
private struct FileWalk {
    let tokens: [ObjCToken]
    var i = 0

    func text(_ k: Int) -> String { k < tokens.count ? tokens[k].text : "" }
    func kind(_ k: Int) -> ObjCToken.Kind? { k < tokens.count ? tokens[k].kind : nil }

    mutating func run(into facts: inout SourceFacts) {
        var superclasses: [String: String] = [:]
        var current: ClassFacts?
        var depth = 0
        while i < tokens.count {
            let t = tokens[i]
            if t.kind == .atKeyword, t.text == "interface", kind(i + 1) == .identifier {
                if text(i + 2) == ":", kind(i + 3) == .identifier { superclasses[text(i + 1)] = text(i + 3) }
                i += 2
            } else if t.kind == .atKeyword, t.text == "implementation", kind(i + 1) == .identifier {
                current = ClassFacts(name: text(i + 1))
                i += 2
            } else if t.kind == .atKeyword, t.text == "end" {
                if let done = current { facts.classes.append(done) }
                current = nil
                i += 1
            } else if current != nil, depth == 0, t.kind == .punctuation, t.text == "-" || t.text == "+" {
                if let method = method() { current?.methods.append(method) }
            } else if depth == 0, t.kind == .identifier, text(i + 1) == "=", kind(i + 2) == .string {
                facts.constants[t.text] = text(i + 2)
                i += 3
            } else {
                if t.text == "{" || t.text == "@{" { depth += 1 }
                if t.text == "}" { depth = max(0, depth - 1) }
                i += 1
            }
        }
        if let done = current { facts.classes.append(done) }
        for k in facts.classes.indices { facts.classes[k].superclass = superclasses[facts.classes[k].name] }
        facts.superclasses = superclasses
    }

    /// `- (IBAction)name:(id)sender { … }` from its `-`: the signature, then the body scanned.
    /// A declaration without a body is skipped.
    mutating func method() -> MethodFacts? {
        let line = tokens[i].line
        i += 1
        var isAction = false
        if text(i) == "(" {
            let close = matching(i, open: "(", close: ")")
            isAction = tokens[i..<close].contains { $0.text == "IBAction" }
            i = close + 1
        }
        var parts: [String] = []
        var parameters: [String] = []
        var takesArguments = false
        while i < tokens.count, text(i) != "{", text(i) != ";", tokens[i].kind != .atKeyword {
            if kind(i) == .identifier, parts.isEmpty || text(i + 1) == ":" { parts.append(text(i)) }
            if text(i) == ":" {
                takesArguments = true
                if text(i + 1) == "(" { i = matching(i + 1, open: "(", close: ")") }
                if kind(i + 1) == .identifier { parameters.append(text(i + 1)) }
                i += 2  // the parameter's name
                continue
            }
            i += 1
        }
        guard text(i) == "{", let name = parts.first else { return nil }
        let close = matching(i, open: "{", close: "}")
        var facts = MethodFacts(name: name, selector: parts.joined(separator: ":") + (takesArguments ? ":" : ""), line: line, isAction: isAction)
        var scanner = ObjCBodyScanner(tokens: tokens, parameters: parameters)
        scanner.scan(i + 1, close)
        facts.calls = RowBranches.marking(IdiomBranches.marking(scanner.calls, scanner.idiomLines(i + 1, close)), scanner.rowBranches(i + 1, close))
        facts.invokes = scanner.invokes
        facts.mayReturnTrue = scanner.mayReturnTrue
        facts.handOffs = scanner.handOffs
        facts.initCalls = scanner.initCalls
        facts.returns = scanner.returns
        facts.nibLoads = scanner.nibLoads
        facts.assigned = scanner.assigned
        facts.barItems = scanner.barItems
        facts.outletActions = scanner.outletActions
        facts.setsTitle = scanner.title
        facts.setsNavigationTitle = scanner.navigationTitle
        facts.bound()
        i = close + 1
        return facts
    }

    /// The index of the token closing the one at `start`, or the last token.
    func matching(_ start: Int, open: String, close: String) -> Int {
        var depth = 0
        var k = start
        while k < tokens.count {
            if tokens[k].kind == .punctuation {
                if tokens[k].text == open || tokens[k].text == "@" + open { depth += 1 }
                if tokens[k].text == close { depth -= 1; if depth == 0 { return k } }
            }
            k += 1
        }
        return max(tokens.count - 1, start)
    }
}
