import SegueCore
import SwiftParser
import SwiftSyntax

/// Reads one Swift file with SwiftSyntax into ``SourceFacts``: its classes' methods and the
/// navigation each performs, and the string constants it declares.
///
/// This runs SwiftSyntax in the calling process: files nested past ``SwiftNesting``'s limits are
/// refused, and the parse runs on a ``LargeStack``, but other shapes can still cost the parser
/// seconds, and a few malformed ones fail its own preconditions (`"\(i""""""t t"""`, 16 bytes,
/// ends the process). Untrusted folders are read through ``SwiftReaderProcesses``, which bounds
/// each file's time and contains any crash.
public enum SwiftReader {
    /// The stages of reading a file after its nesting is measured: SwiftSyntax parsing it, then
    /// this reader walking the tree. A worker reports each as it begins, so that a crash or an
    /// overrun can be laid at the parser's door or this reader's.
    public enum Stage: UInt8, Sendable {
        case parsing = 0x50 // "P"
        case walking = 0x57 // "W"
    }

    public static func read(source: String, file: String) -> SourceFacts {
        read(source: source, file: file) { _ in }
    }

    /// Reads `source`, telling `entering` as each ``Stage`` begins.
    public static func read(source: String, file: String, entering: (Stage) -> Void) -> SourceFacts {
        if let refusal = SwiftNesting.refusal(of: source) {
            var facts = SourceFacts(file: file)
            facts.unreadReason = refusal
            return facts
        }
        return LargeStack.run {
            entering(.parsing)
            var text = source
            // The parser copies the bytes into the tree's arena.
            let tree = text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: SwiftNesting.parserNestingLevel) }
            entering(.walking)
            let visitor = SwiftDeclarationVisitor(converter: SourceLocationConverter(fileName: file, tree: tree), file: file,
                                                  rowEnums: RowEnums.table(tree))
            visitor.walk(tree)
            return visitor.facts
        }
    }
}

/// Walks declarations: types (for constants and enum raw values), classes and their extensions
/// (for methods), top-level constants.
final class SwiftDeclarationVisitor: SyntaxVisitor {
    let converter: SourceLocationConverter
    var facts: SourceFacts
    /// Enclosing type names, outermost first.
    private var typePath: [String] = []
    /// The class (or extension) whose methods are being read, with its stored properties' values.
    private var classStack: [(facts: ClassFacts, properties: [String: ExprSyntax])] = []

    /// The file's integer enumerations, which table sections and rows are switched over.
    let rowEnums: RowEnums.Table

    init(converter: SourceLocationConverter, file: String, rowEnums: RowEnums.Table = [:]) {
        self.converter = converter
        self.rowEnums = rowEnums
        self.facts = SourceFacts(file: file)
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let superclass = node.inheritanceClause?.inheritedTypes.first.map { Self.className($0.type) }
        beginClass(node.name.text, superclass: superclass, members: node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { endClass() }

    /// A superclass by the name its declaration goes by: `ListViewController` for
    /// `ListViewController<Item>`, `UIViewController` for `UIKit.UIViewController`.
    static func className(_ type: TypeSyntax) -> String {
        if let generic = type.as(IdentifierTypeSyntax.self) { return generic.name.text }
        if let member = type.as(MemberTypeSyntax.self), member.baseType.trimmedDescription == "UIKit" { return member.name.text }
        return type.trimmedDescription
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription.split(separator: "<").first.map(String.init) ?? ""
        beginClass(name, superclass: nil, members: node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { endClass() }

    // Structures and enumerations hold methods too (a builder's `static func build()`, a
    // coordinator's `start()`); they have no superclass.
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        let isMain = node.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "main" }
        if isMain, node.inheritanceClause?.inheritedTypes.contains(where: { $0.type.trimmedDescription == "App" }) == true {
            facts.swiftUIApp = "\(node.name.text) at \(facts.file):\(line(node.name))"
        }
        beginClass(node.name.text, superclass: nil, members: node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { endClass() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        beginClass(node.name.text, superclass: nil, members: node.memberBlock)
        let isString = node.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == "String" } ?? false
        for member in node.memberBlock.members {
            guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in cases.elements {
                let name = element.name.text
                if let raw = element.rawValue?.value, let literal = Self.literal(raw) {
                    addConstant(name, literal)
                } else if isString {
                    addConstant(name, name)
                }
            }
        }
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { endClass() }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            // A computed property's getter is read as a method of its name, which returns its value.
            if !classStack.isEmpty, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier, let getter = Self.getter(binding) {
                addMethod(MethodFacts(name: name.text, selector: name.text, line: line(name), isAction: false), statements: getter, parameters: [])
                continue
            }
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let value = binding.initializer?.value, let literal = Self.literal(value) else { continue }
            addConstant(name, literal)
        }
        return .skipChildren
    }

    /// Code for another platform (``SwiftPlatforms``) is not the app's.
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        SwiftPlatforms.isForOtherPlatform(node) ? .skipChildren : .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let body = node.body, !classStack.isEmpty else { return .skipChildren }
        let parameters = node.signature.parameterClause.parameters
        let labels = parameters.map { ($0.firstName.text == "_" ? "" : $0.firstName.text) + ":" }
        let isAction = node.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "IBAction" }
        let method = MethodFacts(name: node.name.text, selector: node.name.text + labels.joined(), line: line(node.name), isAction: isAction)
        addMethod(method, statements: body.statements, parameters: parameters.map { ($0.secondName ?? $0.firstName).text })
        return .skipChildren
    }

    /// The statements of a computed property's getter: `var x: T { … }` or `var x: T { get { … } }`.
    static func getter(_ binding: PatternBindingSyntax) -> CodeBlockItemListSyntax? {
        switch binding.accessorBlock?.accessors {
        case .getter(let statements)?: return statements
        case .accessors(let accessors)?: return accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        case nil: return nil
        }
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let body = node.body, !classStack.isEmpty else { return .skipChildren }
        let method = MethodFacts(name: "init", selector: "init", line: line(node.initKeyword), isAction: false)
        addMethod(method, statements: body.statements, parameters: node.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        return .skipChildren
    }

    /// Scans a method's body and adds the method to the class being read.
    private func addMethod(_ facts: MethodFacts, statements body: CodeBlockItemListSyntax, parameters: [String]) {
        var method = facts
        let scanner = SwiftBodyScanner(converter: converter, properties: classStack[classStack.count - 1].properties, parameters: parameters)
        scanner.methodName = facts.name
        scanner.walk(body)
        let idioms = IdiomBranches.SwiftFinder(converter: converter)
        idioms.walk(body)
        let rows = RowBranches.SwiftFinder(converter: converter, enums: rowEnums)
        rows.walk(body)
        method.calls = RowBranches.marking(IdiomBranches.marking(scanner.callsMarkingOtherWindows, idioms.lines), rows.branches)
        method.invokes = scanner.invokes
        method.handOffs = scanner.handOffs
        method.initCalls = scanner.initCalls
        method.nibLoads = scanner.nibLoads
        method.returns = scanner.returns
        method.assigned = scanner.assigned
        method.barItems = scanner.barItems
        method.returnedTabItem = scanner.returnedTabItem
        method.instantiates = scanner.instantiates
        method.outletActions = scanner.outletActions
        method.setsTitle = scanner.title
        method.setsNavigationTitle = scanner.navigationTitle
        method.mayReturnTrue = scanner.mayReturnTrue || body.count == 1 && body.first?.item.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
        // A body of one expression returns it.
        if body.count == 1, let only = body.first?.item.as(ExprSyntax.self) {
            method.returns.append(scanner.controller(only))
        }
        method.bound()
        classStack[classStack.count - 1].facts.methods.append(method)
    }

    private func beginClass(_ name: String, superclass: String?, members: MemberBlockSyntax) {
        typePath.append(name)
        var properties: [String: ExprSyntax] = [:]
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let n = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value {
                    properties[n] = value
                }
            }
        }
        classStack.append((ClassFacts(name: name, superclass: superclass), properties))
    }

    private func endClass() {
        typePath.removeLast()
        guard let done = classStack.popLast() else { return }
        if !done.facts.methods.isEmpty || done.facts.superclass != nil { facts.classes.append(done.facts) }
    }

    /// Records a constant under its bare name and under each qualified name (`Type.name`, `Outer.Type.name`).
    private func addConstant(_ name: String, _ value: String) {
        facts.constants[name] = facts.constants[name] ?? value
        var qualified = name
        for type in typePath.reversed() {
            qualified = type + "." + qualified
            facts.constants[qualified] = value
        }
    }

    private func line(_ token: TokenSyntax) -> Int { converter.location(for: token.positionAfterSkippingLeadingTrivia).line }

    /// A string literal without interpolation.
    static func literal(_ expr: ExprSyntax) -> String? {
        guard let s = expr.as(StringLiteralExprSyntax.self) else { return nil }
        var out = ""
        for segment in s.segments {
            guard let text = segment.as(StringSegmentSyntax.self) else { return nil }
            out += text.content.text
        }
        return out
    }
}
