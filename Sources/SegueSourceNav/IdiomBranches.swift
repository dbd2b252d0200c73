import SwiftSyntax

/// Branches a method takes on one idiom only: `if UIDevice.current.userInterfaceIdiom == .pad
/// { … } else { … }`, `if (UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad)`, `if (IS_IPHONE)`.
/// The lines of the pad's branch mark the calls made there (``NavigationCall/padOnly``): a window
/// root set there is the pad's, and a phone launches the other one. A line shared by both
/// branches (`if (IS_IPHONE) a; else b;`) marks nothing.
enum IdiomBranches {
    /// Whether a condition selects the pad (true), the phone (false), or no idiom (nil).
    static func selectsPad(_ condition: String) -> Bool? {
        let lower = condition.lowercased()
        guard ["idiom", "ipad", "iphone", "ispad", "isphone"].contains(where: lower.contains) else { return nil }
        let pad = lower.contains("pad"), phone = lower.contains("phone")
        guard pad != phone else { return nil }
        let negated = condition.contains("!=") || condition.drop(while: { $0 == " " || $0 == "(" }).hasPrefix("!")
        return pad != negated
    }

    /// The lines of each idiom's branches in a method.
    struct Lines {
        var pad: [ClosedRange<Int>] = []
        var phone: [ClosedRange<Int>] = []

        mutating func add(pad selectsPad: Bool, taken: ClosedRange<Int>, otherwise: ClosedRange<Int>?) {
            if selectsPad { pad.append(taken) } else { phone.append(taken) }
            if let otherwise { if selectsPad { phone.append(otherwise) } else { pad.append(otherwise) } }
        }
    }

    /// `calls` with those on a line of a pad's branch only marked as the pad's.
    static func marking(_ calls: [NavigationCall], _ lines: Lines) -> [NavigationCall] {
        guard !lines.pad.isEmpty else { return calls }
        return calls.map { call in
            var marked = call
            marked.padOnly = lines.pad.contains { $0.contains(call.line) } && !lines.phone.contains { $0.contains(call.line) }
            return marked
        }
    }

    /// The lines of each idiom's branches in a Swift method body.
    final class SwiftFinder: SyntaxVisitor {
        let converter: SourceLocationConverter
        var lines = Lines()

        init(converter: SourceLocationConverter) {
            self.converter = converter
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
            guard let pad = selectsPad(node.conditions.trimmedDescription) else { return .visitChildren }
            lines.add(pad: pad, taken: range(of: Syntax(node.body)), otherwise: node.elseBody.map { range(of: Syntax($0)) })
            return .visitChildren
        }

        private func range(of node: Syntax) -> ClosedRange<Int> {
            let first = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
            return first...max(first, converter.location(for: node.endPositionBeforeTrailingTrivia).line)
        }
    }
}

extension ObjCBodyScanner {
    /// The lines of each idiom's branches among the tokens `start..<end` of an Objective-C method.
    func idiomLines(_ start: Int, _ end: Int) -> IdiomBranches.Lines {
        var found = IdiomBranches.Lines()
        var i = start
        while i < end {
            guard text(i) == "if", text(i + 1) == "(" else { i += 1; continue }
            let afterCondition = skipBalanced(i + 1, end)
            let condition = (i + 2..<max(i + 2, afterCondition - 1)).map(text).joined(separator: " ")
            let afterBody = statementEnd(afterCondition, end)
            if let pad = IdiomBranches.selectsPad(condition) {
                let otherwise = text(afterBody) == "else" ? lines(afterBody + 1, statementEnd(afterBody + 1, end)) : nil
                found.add(pad: pad, taken: lines(afterCondition, afterBody), otherwise: otherwise)
            }
            i += 2
        }
        return found
    }

    /// The index after the statement or braced block starting at `k`.
    func statementEnd(_ k: Int, _ end: Int, depth: Int = 0) -> Int {
        if text(k) == "{" { return skipBalanced(k, end) }
        if text(k) == "if", text(k + 1) == "(", depth < 64 {
            // `else if (…) {…} else …`: the chain, not the statement after it.
            let body = statementEnd(skipBalanced(k + 1, end), end, depth: depth + 1)
            return text(body) == "else" ? statementEnd(body + 1, end, depth: depth + 1) : body
        }
        var j = k
        while j < end, text(j) != ";" {
            j = text(j) == "(" || text(j) == "[" || text(j) == "{" ? skipBalanced(j, end) : j + 1
        }
        return min(j + 1, end)
    }

    /// The source lines of the tokens `from..<to`.
    func lines(_ from: Int, _ to: Int) -> ClosedRange<Int> {
        guard from < tokens.count else { return Int.max...Int.max }
        let first = tokens[from].line
        return first...max(first, tokens[max(from, min(to, tokens.count) - 1)].line)
    }
}
