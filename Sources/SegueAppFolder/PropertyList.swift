import Foundation
import SegueCore

/// A property-list value (an Info.plist's) as a value type that is `Sendable`: XML lists are read
/// with Foundation's `PropertyListSerialization`, binary ones by `BinaryPropertyList`.
public indirect enum PlistValue: Sendable, Hashable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([PlistValue])
    case dictionary([String: PlistValue])
    case other

    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var array: [PlistValue]? { if case .array(let a) = self { a } else { nil } }
    public var dictionary: [String: PlistValue]? { if case .dictionary(let d) = self { d } else { nil } }
    public subscript(key: String) -> PlistValue? { dictionary?[key] }

    init(_ any: Any) {
        switch any {
        case let s as String: self = .string(s)
        // Foundation gives `<true/>` as a Bool and `<integer>` as an NSNumber, which also casts
        // to Bool when it is 0 or 1: the number is asked first, so `1` stays a number.
        case let n as NSNumber where type(of: any) != Bool.self:
            self = String(cString: n.objCType) == "c" ? .bool(n.boolValue) : .number(n.doubleValue)
        case let b as Bool: self = .bool(b)
        case let a as [Any]: self = .array(a.map(PlistValue.init))
        case let d as [String: Any]: self = .dictionary(d.mapValues(PlistValue.init))
        default: self = .other
        }
    }
}

/// Reads property lists. A file that is not one (malformed XML, truncated binary, not a
/// dictionary at the top) is a located `malformed_plist` diagnostic, never a crash.
public enum PropertyListReader {
    /// Plists larger than this are not read (no Info.plist comes near it).
    public static let maximumBytes = 8 << 20

    public static func read(path: String) -> Result<[String: PlistValue], Diagnostic> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(Diagnostic(.unreadableFile, at: SourceLocation(file: path, line: 1), "cannot read property list"))
        }
        return parse(data: data, fileName: path)
    }

    public static func parse(data: Data, fileName: String) -> Result<[String: PlistValue], Diagnostic> {
        let here = SourceLocation(file: fileName, line: 1)
        guard data.count <= maximumBytes else {
            return .failure(Diagnostic(.malformedPlist, at: here, "property list larger than \(maximumBytes) bytes; not read"))
        }
        if BinaryPropertyList.isBinary(Array(data.prefix(8))) { return parseBinary(data: data, fileName: fileName) }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let line = errorLine(error, data: data)
            return .failure(Diagnostic(.malformedPlist, at: SourceLocation(file: fileName, line: line),
                                       "malformed property list: \(describe(error))"))
        }
        guard let dictionary = object as? [String: Any] else {
            return .failure(Diagnostic(.malformedPlist, at: here, "property list is not a dictionary at the top"))
        }
        return .success(dictionary.mapValues(PlistValue.init))
    }

    private static func parseBinary(data: Data, fileName: String) -> Result<[String: PlistValue], Diagnostic> {
        let here = SourceLocation(file: fileName, line: 1)
        do {
            guard case .dictionary(let top) = try BinaryPropertyList.parse([UInt8](data)) else {
                return .failure(Diagnostic(.malformedPlist, at: here, "property list is not a dictionary at the top"))
            }
            return .success(top)
        } catch {
            return .failure(Diagnostic(.malformedPlist, at: here, "malformed property list: \(error.reason)"))
        }
    }

    /// The line Foundation's message names (`… on line 12`), else 1.
    private static func errorLine(_ error: Error, data: Data) -> Int {
        let text = describe(error)
        guard let range = text.range(of: "line ") else { return 1 }
        return Int(text[range.upperBound...].prefix { $0.isNumber }).map { max(1, $0) } ?? 1
    }

    private static func describe(_ error: Error) -> String {
        let ns = error as NSError
        if let detail = ns.userInfo["NSDebugDescription"] as? String { return detail }
        return ns.localizedDescription
    }
}
