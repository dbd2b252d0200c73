import Foundation
import Synchronization

/// Turns a PDF (a vector image of an asset catalog) into SVG with poppler's `pdftocairo`, which
/// browsers draw in `<img>`; done once per distinct file in a process. Without the tool, or when
/// it fails, there is no SVG (the image is then missing, and drawn as a neutral glyph).
enum PDFConversion {
    private static let converted = Mutex<[String: [UInt8]]>([:])

    static let tool: String? = ["/usr/bin/pdftocairo", "/usr/local/bin/pdftocairo"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Converts `pdfs` side by side, as many at once as the machine has cores, into the cache
    /// ``svg(fromPDF:key:)`` reads.
    static func convertAll(_ pdfs: [[UInt8]]) {
        guard tool != nil, pdfs.count > 1 else { return }
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        DispatchQueue.concurrentPerform(iterations: min(cores, pdfs.count)) { worker in
            for k in stride(from: worker, to: pdfs.count, by: cores) {
                _ = svg(fromPDF: pdfs[k], key: ResourceFiles.hash(pdfs[k]))
            }
        }
    }

    /// The longest one conversion may take, in seconds (an icon takes a few milliseconds).
    static let timeLimit: Double = 10

    static func svg(fromPDF bytes: [UInt8], key: String) -> [UInt8]? {
        if let known = converted.withLock({ $0[key] }) { return known }
        guard let tool, !bytes.isEmpty else { return nil }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("segue-pdf-\(key)-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: scratch) }
        guard (try? Data(bytes).write(to: scratch)) != nil else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-svg", "-f", "1", "-l", "1", scratch.path, "-"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        // A PDF the tool cannot finish with is given up, so a malformed file never holds the start.
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) { if process.isRunning { process.terminate() } }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, data.count > 20 else { return nil }
        let svg = [UInt8](data)
        converted.withLock { $0[key] = svg }
        return svg
    }
}
