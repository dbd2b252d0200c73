import SegueCore
import SwiftSyntax

/// Branches of a selection handler taken for some rows only: `switch indexPath.row { case 0: … }`,
/// `switch indexPath.section`, `switch (indexPath.section, indexPath.row) { case (1, 0): … }`,
/// `if indexPath.row == 2 { … }` (Swift and Objective-C). The calls on a branch's lines get its
/// ``RowFilter`` (nested branches narrow it), so that each row of a menu table leads where its
/// own case does; a `default:` or `else` branch keeps no filter and takes the rows left over.
enum RowBranches {
    struct Branch {
        var lines: ClosedRange<Int>
        var filter: RowFilter?
        /// The outlets of the cells the branch is taken for (`if cell == passcodeCell`).
        var cells: Set<String>? = nil
    }

    enum Axis { case section, row }

    /// The axis an index expression names: `indexPath.row`, `(indexPath as NSIndexPath).section`,
    /// `indexPath.item` (spaces ignored, as Objective-C tokens come).
    static func axis(_ text: String) -> Axis? {
        let compact = text.filter { $0 != " " }
        if compact.hasSuffix(".section") { return .section }
        if compact.hasSuffix(".row") || compact.hasSuffix(".item") { return .row }
        return nil
    }

    static func filter(_ axis: Axis, _ values: Set<Int>) -> RowFilter {
        axis == .section ? RowFilter(sections: values) : RowFilter(rows: values)
    }

    /// `calls` with those on a branch's lines given its filter.
    static func marking(_ calls: [NavigationCall], _ branches: [Branch]) -> [NavigationCall] {
        guard !branches.isEmpty else { return calls }
        return calls.map { call in
            var marked = call
            for branch in branches where branch.lines.contains(call.line) {
                if let filter = branch.filter { marked.rowFilter = marked.rowFilter.map { $0.narrowed(by: filter) } ?? filter }
                if let cells = branch.cells { marked.cellOutlets = marked.cellOutlets.map { $0.intersection(cells) } ?? cells }
            }
            return marked
        }
    }

    /// The row branches of a Swift method body.
    final class SwiftFinder: SyntaxVisitor {
        let converter: SourceLocationConverter
        /// The file's integer enumerations, for `switch Section(rawValue: indexPath.section)`.
        let enums: RowEnums.Table
        /// Locals holding an index or an enumeration made from one (`let section = Section(rawValue: indexPath.section)`).
        private var locals: [String: RowEnums.Subject] = [:]
        var branches: [Branch] = []

        init(converter: SourceLocationConverter, enums: RowEnums.Table = [:]) {
            self.converter = converter
            self.enums = enums
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value {
                bind(name, value)
            }
            return .visitChildren
        }

        override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value {
                bind(name, value)
            }
            return .visitChildren
        }

        private func bind(_ name: String, _ value: ExprSyntax) {
            if let subject = RowEnums.subject(value, enums: enums, locals: locals) { locals[name] = subject } else { locals[name] = nil }
        }

        override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
            let subject = SwiftExpr.unwrapped(node.subject)
            let parts = subject.as(TupleExprSyntax.self).map { $0.elements.map(\.expression) } ?? [subject]
            let axes = parts.map { RowEnums.subject($0, enums: enums, locals: locals) }
            guard axes.contains(where: { $0 != nil }) else { return .visitChildren }
            for case .switchCase(let switchCase) in node.cases {
                guard case .case(let label) = switchCase.label, !switchCase.statements.isEmpty,
                      let filter = Self.caseFilter(label, axes) else { continue }
                branches.append(Branch(lines: range(of: Syntax(switchCase.statements)), filter: filter))
            }
            return .visitChildren
        }

        override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
            guard node.conditions.count == 1, case .expression(let condition) = node.conditions.first?.condition else { return .visitChildren }
            if let (axis, value) = Self.equality(condition) {
                branches.append(Branch(lines: range(of: Syntax(node.body)), filter: RowBranches.filter(axis, [value])))
            } else if let outlet = Self.cellComparison(condition) {
                branches.append(Branch(lines: range(of: Syntax(node.body)), filter: nil, cells: [outlet]))
            }
            return .visitChildren
        }

        /// `cell == passcodeTableViewCell` (or `===`, either way round, the cell a local named for
        /// one or `tableView.cellForRow(at: indexPath)`): the outlet compared with.
        static func cellComparison(_ condition: ExprSyntax) -> String? {
            guard let sequence = condition.as(SequenceExprSyntax.self) else { return nil }
            let elements = Array(sequence.elements)
            guard elements.count == 3, ["==", "==="].contains(elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text ?? "") else { return nil }
            func isCell(_ e: ExprSyntax) -> Bool {
                let bare = SwiftExpr.unwrapped(e)
                return bare.trimmedDescription.contains("cellForRow(at:") || bare.as(DeclReferenceExprSyntax.self)?.baseName.text.lowercased() == "cell"
            }
            func outlet(_ e: ExprSyntax) -> String? { SwiftAlerts.localOrProperty(e) }
            if isCell(elements[0]), let name = outlet(elements[2]), name.lowercased() != "cell" { return name }
            if isCell(elements[2]), let name = outlet(elements[0]), name.lowercased() != "cell" { return name }
            return nil
        }

        /// A case label's numbers on each axis (`case 0, 2:`, `case (1, _):`, `case .about:`); nil
        /// when a pattern is neither an integer literal nor a case of the subject's enumeration.
        static func caseFilter(_ label: SwitchCaseLabelSyntax, _ axes: [RowEnums.Subject?]) -> RowFilter? {
            var sections: Set<Int> = [], rows: Set<Int> = []
            var constrains = (section: false, row: false)
            for item in label.caseItems {
                guard item.whereClause == nil, let expr = item.pattern.as(ExpressionPatternSyntax.self)?.expression else { return nil }
                let parts = axes.count > 1 ? expr.as(TupleExprSyntax.self).map { $0.elements.map(\.expression) } : [expr]
                guard let parts, parts.count == axes.count else { return nil }
                for (part, axis) in zip(parts, axes) {
                    if part.is(DiscardAssignmentExprSyntax.self) { continue }
                    guard let subject = axis, let n = number(part, subject) else { return nil }
                    if subject.axis == .section { sections.insert(n); constrains.section = true } else { rows.insert(n); constrains.row = true }
                }
            }
            guard constrains.section || constrains.row else { return nil }
            return RowFilter(sections: constrains.section ? sections : nil, rows: constrains.row ? rows : nil)
        }

        /// A pattern's number: an integer literal, or a case of the enumeration the subject makes.
        static func number(_ pattern: ExprSyntax, _ subject: RowEnums.Subject) -> Int? {
            guard let cases = subject.cases else { return integer(pattern) }
            return RowEnums.number(pattern, in: cases)
        }

        /// `indexPath.row == 2` (either way round).
        static func equality(_ condition: ExprSyntax) -> (Axis, Int)? {
            let elements: [ExprSyntax]
            if let infix = condition.as(InfixOperatorExprSyntax.self) {
                elements = [infix.leftOperand, ExprSyntax(infix.operator), infix.rightOperand]
            } else if let sequence = condition.as(SequenceExprSyntax.self) {
                elements = Array(sequence.elements)
            } else {
                return nil
            }
            guard elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "==" else { return nil }
            if let axis = axis(elements[0].trimmedDescription), let n = integer(elements[2]) { return (axis, n) }
            if let axis = axis(elements[2].trimmedDescription), let n = integer(elements[0]) { return (axis, n) }
            return nil
        }

        /// An integer literal's value (`2`, `1_000`).
        static func integer(_ expr: ExprSyntax) -> Int? {
            expr.as(IntegerLiteralExprSyntax.self).flatMap { Int(String($0.literal.text.filter { $0 != "_" })) }
        }

        private func range(of node: Syntax) -> ClosedRange<Int> {
            let first = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
            return first...max(first, converter.location(for: node.endPositionBeforeTrailingTrivia).line)
        }
    }
}

extension ObjCBodyScanner {
    /// The row branches among the tokens `start..<end` of an Objective-C method:
    /// `switch (indexPath.row) { case 0: … }` and `if (indexPath.row == 0) …`.
    func rowBranches(_ start: Int, _ end: Int) -> [RowBranches.Branch] {
        var found: [RowBranches.Branch] = []
        var i = start
        while i < end {
            if text(i) == "switch", text(i + 1) == "(" {
                let afterSubject = skipBalanced(i + 1, end)
                let subject = (i + 2..<max(i + 2, afterSubject - 1)).map(text).joined()
                if let axis = RowBranches.axis(subject), text(afterSubject) == "{" {
                    found += switchCases(axis, from: afterSubject + 1, to: skipBalanced(afterSubject, end) - 1)
                }
            } else if text(i) == "if", text(i + 1) == "(" {
                let afterCondition = skipBalanced(i + 1, end)
                let condition = (i + 2..<max(i + 2, afterCondition - 1)).map(text)
                if let (axis, value) = Self.equality(condition) {
                    found.append(.init(lines: lines(afterCondition, statementEnd(afterCondition, end)), filter: RowBranches.filter(axis, [value])))
                } else if let outlet = Self.cellComparison(condition) {
                    found.append(.init(lines: lines(afterCondition, statementEnd(afterCondition, end)), filter: nil, cells: [outlet]))
                }
            }
            i += 1
        }
        return found
    }

    /// `cell == self.passcodeCell` (or `_passcodeCell`, either way round; the cell a local named
    /// `cell` or `[tableView cellForRowAtIndexPath:indexPath]`) as tokens: the outlet.
    static func cellComparison(_ tokens: [String]) -> String? {
        guard let eq = tokens.firstIndex(of: "=="), eq > 0, eq < tokens.count - 1 else { return nil }
        func isCell(_ side: ArraySlice<String>) -> Bool { side.joined() == "cell" || side.contains("cellForRowAtIndexPath") }
        func outlet(_ side: ArraySlice<String>) -> String? {
            var parts = Array(side)
            if parts.count == 3, parts[0] == "self", parts[1] == "." { parts = [parts[2]] }
            guard parts.count == 1, let name = parts.first, name != "cell", name.first?.isLetter == true || name.first == "_" else { return nil }
            return name.hasPrefix("_") ? String(name.dropFirst()) : name
        }
        if isCell(tokens[..<eq]), let name = outlet(tokens[(eq + 1)...]) { return name }
        if isCell(tokens[(eq + 1)...]), let name = outlet(tokens[..<eq]) { return name }
        return nil
    }

    /// `indexPath . row == 2` as tokens, either way round.
    static func equality(_ tokens: [String]) -> (RowBranches.Axis, Int)? {
        guard let eq = tokens.firstIndex(of: "=="), eq > 0, eq < tokens.count - 1 else { return nil }
        let left = tokens[..<eq].joined(), right = tokens[(eq + 1)...].joined()
        if let axis = RowBranches.axis(left), let n = Int(right) { return (axis, n) }
        if let axis = RowBranches.axis(right), let n = Int(left) { return (axis, n) }
        return nil
    }

    /// Each `case N:` of a switch body (tokens `from..<to`) up to the next label.
    private func switchCases(_ axis: RowBranches.Axis, from: Int, to: Int) -> [RowBranches.Branch] {
        var labels: [(keyword: Int, start: Int, values: Set<Int>?)] = []
        var k = from
        while k < to {
            if text(k) == "{" || text(k) == "(" || text(k) == "[" { k = skipBalanced(k, to); continue }
            if text(k) == "case" {
                var values: Set<Int>? = []
                var j = k + 1
                while j < to, text(j) != ":" {
                    if let n = Int(text(j)) { values?.insert(n) } else if text(j) != "," { values = nil }
                    j += 1
                }
                labels.append((k, j + 1, values))
                k = j + 1
                continue
            }
            if text(k) == "default" { labels.append((k, k + 2, nil)) }
            k += 1
        }
        var branches: [RowBranches.Branch] = []
        for (n, label) in labels.enumerated() {
            guard let values = label.values, !values.isEmpty else { continue }
            let next = n + 1 < labels.count ? labels[n + 1].keyword : to
            guard label.start < next else { continue }
            branches.append(.init(lines: lines(label.start, next), filter: RowBranches.filter(axis, values)))
        }
        return branches
    }
}
