#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// Watches a flow file, a storyboard or a directory of storyboards for edits with inotify, on a
/// background thread of its own, and calls `onChange` once a burst of changes has settled
/// (editors write a file in several steps, often to a temporary file renamed over it, so the
/// file's directory is watched, not the file).
///
/// The thread waits in `poll` with a short timeout, so ``stop()`` ends it promptly; it never
/// touches the HTTP server's threads.
public final class FlowWatcher: Sendable {
    private let path: String
    private let settle: Duration
    private let onChange: @Sendable () -> Void
    private let running = Atomic<Bool>(false)

    /// `path` is what `segue serve` serves; `settle` is how long the files must stay quiet before
    /// `onChange` runs.
    public init(path: String, settle: Duration = .milliseconds(150), onChange: @escaping @Sendable () -> Void) {
        self.path = path
        self.settle = settle
        self.onChange = onChange
    }

    /// The directories watched and the file names that count (nil: every storyboard in them).
    var targets: (directories: [String], name: String?) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            var dirs = [path]
            if let walker = FileManager.default.enumerator(atPath: path) {
                while dirs.count < 256, let rel = walker.nextObject() as? String {
                    var sub: ObjCBool = false
                    let full = (path as NSString).appendingPathComponent(rel)
                    if FileManager.default.fileExists(atPath: full, isDirectory: &sub), sub.boolValue { dirs.append(full) }
                }
            }
            return (dirs, nil)
        }
        let dir = (path as NSString).deletingLastPathComponent
        return ([dir.isEmpty ? "." : dir], (path as NSString).lastPathComponent)
    }

    /// Whether an event for `name` concerns the flow.
    func concerns(_ name: String, watchedName: String?) -> Bool {
        if let watchedName { return name == watchedName }
        return name.hasSuffix(".storyboard") || name.hasSuffix(".xib") || name.hasSuffix(".strings") || name.hasSuffix(".plist")
    }

    public func start() throws {
        #if canImport(Glibc)
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "inotify_init1 failed (errno \(errno))"]) }
        let (directories, name) = targets
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MODIFY)
        for dir in directories where inotify_add_watch(fd, dir, mask) < 0 {
            close(fd)
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot watch \(dir) (errno \(errno))"])
        }
        running.store(true, ordering: .releasing)
        let settleMs = Int32(settle.components.seconds * 1000 + settle.components.attoseconds / 1_000_000_000_000_000)
        let worker = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            var dirty = false
            while running.load(ordering: .acquiring) {
                var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                // Quiet for `settle` after a change: report it once.
                let ready = poll(&pfd, 1, dirty ? settleMs : 250)
                if ready == 0 {
                    if dirty {
                        dirty = false
                        onChange()
                    }
                    continue
                }
                guard ready > 0 else { continue }
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                guard n > 0 else { continue }
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= n {
                    let (length, eventName) = buffer.withUnsafeBytes { raw -> (Int, String) in
                        let event = raw.load(fromByteOffset: offset, as: inotify_event.self)
                        let len = Int(event.len)
                        let start = offset + MemoryLayout<inotify_event>.size
                        let bytes = raw[start..<min(start + len, n)].prefix { $0 != 0 }
                        return (len, String(decoding: bytes, as: UTF8.self))
                    }
                    if concerns(eventName, watchedName: name) { dirty = true }
                    offset += MemoryLayout<inotify_event>.size + length
                }
            }
            close(fd)
        }
        worker.name = "segue-watch"
        worker.start()
        #else
        throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "watching needs inotify (Linux)"])
        #endif
    }

    /// Ends the watching thread (within a quarter of a second).
    public func stop() {
        running.store(false, ordering: .releasing)
    }
}

extension SegueService {
    /// Reloads the flow from `path` (a watcher's change): the load goes to ``SegueApp/reloadFlow(_:)``.
    @discardableResult
    public func reloadFlow(from path: String) -> SegueApp.ReloadOutcome {
        do {
            return app.reloadFlow(.success(try FlowSource.load(path: path, app: app.configuration.appLoadOptions)))
        } catch {
            return app.reloadFlow(.failure(error))
        }
    }
}
