import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SegueCore

/// A light DOM of an Interface Builder document: element name, attributes, children, text and
/// the 1-based line where the element starts (for diagnostics).
final class XMLNode {
    let name: String
    let attributes: [String: String]
    let line: Int
    var children: [XMLNode] = []
    /// Character data directly inside the element (used by `<string key="text">`).
    var text = ""

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    subscript(attribute: String) -> String? { attributes[attribute] }

    /// `YES` → true, `NO` → false, absent → nil.
    func bool(_ attribute: String) -> Bool? {
        switch attributes[attribute] {
        case "YES": true
        case "NO": false
        default: nil
        }
    }

    /// The first child element with this name (and key, when given).
    func child(_ name: String, key: String? = nil) -> XMLNode? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    /// The first child element with this key, whatever its name.
    func child(key: String) -> XMLNode? { children.first { $0["key"] == key } }

    func children(_ name: String) -> [XMLNode] { children.filter { $0.name == name } }

    /// Pre-order walk of the subtree (self included). Return false from `body` to skip a subtree.
    func walk(_ body: (XMLNode) -> Bool) {
        guard body(self) else { return }
        for child in children { child.walk(body) }
    }
}

/// Builds the DOM with Foundation's `XMLParser` (libxml2 on Linux).
final class DOMBuilder: NSObject, XMLParserDelegate {
    /// Deepest element nesting accepted. Interface Builder documents stay far below it (the
    /// corpus: 24); deeper input is refused with its line rather than risking the stack in the
    /// recursive mapping.
    static let maxDepth = 160
    private var stack: [XMLNode] = []
    /// The line where nesting exceeded `maxDepth`.
    private(set) var tooDeepAt: Int?
    private(set) var root: XMLNode?
    private var parser: XMLParser?

    /// On Linux FoundationXML is libxml2, whose global state is not thread-safe: concurrent
    /// parses (parallel tests, a server importing on several threads) corrupt the heap. Every
    /// parse, and the parser's teardown, runs under this lock.
    static let libxmlLock = NSLock()

    static func parse(_ data: Data, file: String) throws(StoryboardImportError) -> XMLNode {
        libxmlLock.lock()
        defer { libxmlLock.unlock() }
        return try parseUnlocked(data, file: file)
    }

    private static func parseUnlocked(_ data: Data, file: String) throws(StoryboardImportError) -> XMLNode {
        try refuseWhatFoundationXMLCannotParse(data, file: file)
        let builder = DOMBuilder()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.delegate = builder
        builder.parser = parser
        let ok = parser.parse()
        if let line = builder.tooDeepAt {
            builder.release()
            throw StoryboardImportError(diagnostics: [
                Diagnostic(.malformedXML, at: SourceLocation(file: file, line: line),
                           "malformed storyboard XML: elements nested deeper than \(DOMBuilder.maxDepth) levels"),
            ])
        }
        if !ok || builder.root == nil || !builder.stack.isEmpty {
            let line = max(parser.lineNumber, 1)
            var message = "malformed storyboard XML"
            if let error = parser.parserError {
                let code = (error as NSError).code
                message += ": \(describe(code)) (XMLParser error \(code), column \(parser.columnNumber))"
            } else if builder.root == nil {
                message += ": no document element"
            } else {
                message += ": unexpected end of file (unclosed <\(builder.stack.last?.name ?? "?")>)"
            }
            throw StoryboardImportError(diagnostics: [
                Diagnostic(.malformedXML, at: SourceLocation(file: file, line: line), message),
            ])
        }
        return builder.root!
    }

    /// FoundationXML traps on invalid UTF-8 in names and comments, and crashes on a processing
    /// instruction without data: both are refused before parsing, with their line.
    private static func refuseWhatFoundationXMLCannotParse(_ data: Data, file: String) throws(StoryboardImportError) {
        let invalid = data.withUnsafeBytes { raw in
            UTF8Validation.firstInvalidByte(in: raw.bindMemory(to: UInt8.self))
        }
        if let invalid {
            let hex = String(invalid.byte, radix: 16, uppercase: true)
            throw StoryboardImportError(diagnostics: [
                Diagnostic(.malformedXML, at: SourceLocation(file: file, line: invalid.line),
                           "malformed storyboard: invalid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(invalid.offset)); storyboards are UTF-8 XML"),
            ])
        }
        let emptyInstruction = data.withUnsafeBytes { raw in
            ProcessingInstructions.firstWithoutData(in: raw.bindMemory(to: UInt8.self))
        }
        if let emptyInstruction {
            throw StoryboardImportError(diagnostics: [
                Diagnostic(.malformedXML, at: SourceLocation(file: file, line: emptyInstruction.line),
                           "malformed storyboard: a processing instruction without data (offset \(emptyInstruction.offset)); storyboards have none"),
            ])
        }
    }

    static func describe(_ code: Int) -> String {
        switch XMLParser.ErrorCode(rawValue: code) {
        case .prematureDocumentEndError?: "unexpected end of document"
        case .emptyDocumentError?: "empty document"
        case .tagNameMismatchError?: "mismatched closing tag"
        case .notWellBalancedError?: "unbalanced tags"
        case .gtRequiredError?: "'>' expected"
        case .ltRequiredError?: "'<' expected"
        case .attributeNotStartedError?, .attributeNotFinishedError?, .attributeHasNoValueError?,
             .attributeRedefinedError?, .attributeListNotStartedError?, .attributeListNotFinishedError?:
            "bad attribute"
        case .invalidCharacterError?, .invalidCharacterInEntityError?, .invalidCharacterRefError?,
             .characterRefInDTDError?, .characterRefAtEOFError?:
            "invalid character"
        case .undeclaredEntityError?, .entityRefAtEOFError?, .entityBoundaryError?, .entityNotFinishedError?,
             .entityNotStartedError?, .entityRefInDTDError?, .entityRefInPrologError?, .entityRefInEpilogError?:
            "bad entity"
        case .documentStartError?: "not an XML document"
        case .extraContentError?: "content after the document element"
        case .encodingNotSupportedError?, .unknownEncodingError?: "unsupported encoding"
        default: "syntax error"
        }
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard stack.count < Self.maxDepth else {
            if tooDeepAt == nil { tooDeepAt = parser.lineNumber }
            parser.abortParsing()
            return
        }
        let node = XMLNode(name: elementName, attributes: attributeDict, line: parser.lineNumber)
        if let parent = stack.last {
            parent.children.append(node)
        } else if root == nil {
            root = node
        }
        stack.append(node)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?) {
        _ = stack.popLast()
    }

    /// Frees a partial tree without deep recursive releases: children are detached level by level.
    func release() {
        var pending = root.map { [$0] } ?? []
        root = nil
        stack = []
        while let node = pending.popLast() {
            pending += node.children
            node.children = []
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        // Only text-bearing elements matter (`<string key="text">`, and the IB3 archive format's
        // `<int>` and `<bool>` values); skip whitespace between tags.
        guard let top = stack.last, top.name == "string" || top.name == "mutableString" || top.name == "int" || top.name == "bool" else { return }
        top.text += string
    }
}
