#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The process side of ``SwiftReaderProcesses``: reads Swift files sent on its standard input
/// with ``SwiftReader`` and answers each with its ``SourceFacts`` on standard output, until its
/// input ends.
///
/// A request is the file's name and its source, each a 4-byte big-endian length and the bytes;
/// an answer is a byte for each ``SwiftReader/Stage`` as it begins (`P`, `W`), then the facts
/// as JSON, with the same length before it (whose first byte is at most 4, never a stage's).
public enum SwiftReaderWorker {
    /// The argument that makes the `segue` executable a worker (`segue swift-reader`).
    public static let argument = "swift-reader"

    /// Serves requests on standard input and output, then exits.
    public static func serve() -> Never {
        let encoder = JSONEncoder()
        while let file = FrameIO.readFrame(from: STDIN_FILENO), let source = FrameIO.readFrame(from: STDIN_FILENO) {
            let facts = SwiftReader.read(source: String(decoding: source, as: UTF8.self), file: String(decoding: file, as: UTF8.self)) { stage in
                _ = FrameIO.writeAll([stage.rawValue], to: STDOUT_FILENO)
            }
            guard let answer = try? encoder.encode(facts), FrameIO.writeAll(FrameIO.framed([UInt8](answer)), to: STDOUT_FILENO) else { break }
        }
        exit(0)
    }
}

/// Length-prefixed frames over a file descriptor (a 4-byte big-endian length, then the bytes).
enum FrameIO {
    /// Frames larger than this are refused: a source file is at most 2 MB and its facts smaller.
    static let maximumLength = 64 * 1024 * 1024

    /// The next frame, blocking; nil at the end of input or on an error.
    static func readFrame(from descriptor: Int32) -> [UInt8]? {
        guard let header = readExactly(4, from: descriptor), let length = length(ofHeader: header[...]) else { return nil }
        return length == 0 ? [] : readExactly(length, from: descriptor)
    }

    static func readExactly(_ count: Int, from descriptor: Int32) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            filled += got
        }
        return bytes
    }

    /// The length a frame's 4-byte header gives, or nil past ``maximumLength``.
    static func length(ofHeader header: ArraySlice<UInt8>) -> Int? {
        let length = header.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        return length <= maximumLength ? length : nil
    }

    /// `frame` with its length before it.
    static func framed(_ frame: [UInt8]) -> [UInt8] {
        let length = UInt32(frame.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + frame
    }

    /// Writes all of `bytes`, blocking; false when the descriptor failed.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let wrote = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + sent, bytes.count - sent) }
            if wrote < 0, errno == EINTR { continue }
            guard wrote > 0 else { return false }
            sent += wrote
        }
        return true
    }
}
