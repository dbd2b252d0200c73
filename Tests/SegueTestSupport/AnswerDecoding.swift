import Foundation

/// The one way tests read a JSON answer: decoded into a typed value (the API's models, or a
/// small `Decodable` of the test's own). A body that is not that JSON throws
/// ``AnswerDecodingFailure``, which fails the test (never the whole run) with the type, the
/// reason and the body.
public func decodeAnswer<T: Decodable>(_ type: T.Type = T.self, from body: [UInt8], status: Int? = nil) throws(AnswerDecodingFailure) -> T {
    do {
        return try JSONDecoder().decode(T.self, from: Data(body))
    } catch {
        throw AnswerDecodingFailure(type: "\(T.self)", reason: AnswerDecodingFailure.reason(error), status: status,
                                    body: String(decoding: body, as: UTF8.self))
    }
}

/// The same for a body held as text.
public func decodeAnswer<T: Decodable>(_ type: T.Type = T.self, from text: String, status: Int? = nil) throws(AnswerDecodingFailure) -> T {
    try decodeAnswer(type, from: Array(text.utf8), status: status)
}

/// A body that is not the JSON a test expected: which type, why, and the body.
public struct AnswerDecodingFailure: Error, CustomStringConvertible, Sendable {
    public var type: String
    public var reason: String
    public var status: Int?
    public var body: String

    public var description: String {
        let answer = status.map { "a \($0) answer" } ?? "an answer"
        return "cannot decode \(type) from \(answer): \(reason)\nbody: \(body.count > 2000 ? String(body.prefix(2000)) + "…" : body)"
    }

    static func reason(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty ? "the top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?: return "no '\(key.stringValue)' at \(path(context.codingPath))"
        case .typeMismatch(let type, let context)?: return "\(path(context.codingPath)) is not \(type)"
        case .valueNotFound(let type, let context)?: return "\(path(context.codingPath)) is null, not \(type)"
        case .dataCorrupted(let context)?: return "not JSON at \(path(context.codingPath)): \(context.debugDescription)"
        default: return "\(error)"
        }
    }
}
