import Foundation
import Synchronization
import Testing
@testable import SegueHTTP

@Suite("HTTPServer over libmicrohttpd")
struct HTTPServerTests {

    @Test func getEchoesQueryHeadersAndDecodedPath() throws {
        let server = try startServer()
        defer { server.stop() }
        #expect(server.port > 0)
        let url = "http://127.0.0.1:\(server.port)/echo/a%20b?a=1&b=two%20words&a=3&flag"
        let result = try run(["-s", "-H", "X-Test: Hello There", "-H", "Accept: text/plain", url])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("method=GET"))
        #expect(lines.contains("enum=GET"))
        #expect(lines.contains("path=/echo/a b"))
        let queryLines = lines.filter { $0.hasPrefix("q:") }
        #expect(queryLines == ["q:a=1", "q:b=two words", "q:a=3", "q:flag="])
        #expect(lines.contains("h:x-test=Hello There"))
        #expect(lines.contains("h:accept=text/plain"))
        #expect(lines.contains("header(X-TEST)=Hello There"))
        #expect(lines.contains("queryValue(b)=two words"))
        #expect(lines.contains("client=127.0.0.1"))
        // Every header name is lower-cased.
        for line in lines where line.hasPrefix("h:") {
            let name = line.dropFirst(2).prefix { $0 != "=" }
            #expect(name == name.lowercased())
        }
    }

    /// Every header goes out byte for byte, short or long; one holding CR, LF or NUL is dropped
    /// (it would split the head or be cut short), as is one without a value, and the answer
    /// still goes out.
    @Test func responseHeadersGoOutAsGivenOrNotAtAll() throws {
        let server = try startServer(threads: 1)
        defer { server.stop() }
        let result = try run(["-s", "-D", "-", "-o", "/dev/null", "http://127.0.0.1:\(server.port)/headers"])
        let lines = result.stdout.split(separator: "\r\n").map(String.init)
        #expect(lines.first == "HTTP/1.1 200 OK")
        #expect(lines.contains("X-Short: v"))
        // libmicrohttpd refuses a header without a value.
        #expect(!result.stdout.contains("X-Empty"))
        #expect(lines.contains("X-Long-Enough-To-Be-Stored-On-The-Heap: " + String(repeating: "a", count: 40)))
        #expect(lines.contains("X-Larger-Than-The-Stack-Buffer: " + String(repeating: "b", count: 2_000)))
        #expect(lines.contains("X-Unicode: caf\u{E9}"))
        #expect(!result.stdout.contains("X-Injected") && !result.stdout.contains("X-Smuggled"))
        #expect(!result.stdout.contains("X-Nul") && !result.stdout.contains("before"))
    }

    /// A deferred response goes out when another thread completes it; the connection stays
    /// usable (keep-alive) and the server thread serves others meanwhile.
    @Test func deferredResponsesAreSentWhenCompleted() throws {
        let server = try startServer(threads: 1)
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        // `-o` goes with the first URL: the ready one's body is dropped, the deferred one's printed.
        let result = try run(["-s", "-w", "\n%{http_code} %{num_connects}\n", "-d", "x=1",
                              "-o", "/dev/null", base + "/deferred-ready", base + "/deferred"])
        #expect(result.stdout == "\n202 1\ndeferred done x=1\n200 0\n")
        // HEAD of a deferred response: headers only.
        let head = try run(["-s", "-I", base + "/deferred-ready"])
        #expect(head.stdout.hasPrefix("HTTP/1.1 202"))
        #expect(head.stdout.lowercased().contains("x-ready: yes"))
        // While ten requests wait on their deferred answers, the single server thread still answers others.
        let started = Date()
        let group = DispatchGroup()
        let answers = Mutex<[String]>([])
        for i in 0..<10 {
            group.enter()
            Thread.detachNewThread {
                let r = try? run(["-s", "-d", "n=\(i)", base + "/deferred"])
                answers.withLock { $0.append(r?.stdout ?? "") }
                group.leave()
            }
        }
        #expect(try run(["-s", base + "/"]).stdout == "ok")
        group.wait()
        #expect(answers.withLock { $0.sorted() } == (0..<10).map { "deferred done n=\($0)" }.sorted())
        #expect(Date().timeIntervalSince(started) < 5)
    }

    /// The server holds each deferred answer (to answer it on stop) only until its request ends,
    /// whether it went out at once or after a suspension.
    @Test func deferredAnswersAreReleasedWhenTheirRequestsEnd() throws {
        let server = try startServer(threads: 1)
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        // One kept-alive connection: each request has ended before the next one is read, so
        // they have all ended once the last (plain) answer is in.
        var urls: [String] = []
        for _ in 0..<5 { urls += [base + "/deferred-ready", base + "/deferred", base + "/deferred-fast"] }
        let result = try run(["-s", "-w", "%{http_code} %{num_connects}\n"] + (urls + [base + "/"]).flatMap { ["-o", "/dev/null", $0] })
        #expect(result.stdout.split(separator: "\n").count == 16)
        #expect(result.stdout.hasPrefix("202 1\n") && result.stdout.hasSuffix("200 0\n"))
        #expect(server.heldDeferredAnswers == 0)
    }

    /// The server's loop threads have no libmicrohttpd wake-up channel: a deferred response
    /// completed on another thread must wake its loop, not wait for the loop's timeout (a second).
    @Test func deferredResponsesCompletedElsewhereWakeTheLoop() throws {
        let server = try startServer(threads: 2)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/deferred-fast"
        let started = Date()
        let result = try run(["-s", "-w", " %{http_code}\n"] + Array(repeating: url, count: 20))
        #expect(result.stdout == String(repeating: "fast 200\n", count: 20))
        #expect(Date().timeIntervalSince(started) < 5)  // 20 missed wake-ups would take 20 s
    }

    /// `afterEachPass` runs on each loop thread after the requests of a pass: a deferred answer
    /// completed there goes out in the next pass, on the same keep-alive connection.
    @Test func afterEachPassAnswersWhatThePassDeferred() throws {
        let responder = PassResponder()
        var config = HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 2)
        config.afterEachPass = { responder.endOfPass() }
        let server = HTTPServer(configuration: config, responder: responder)
        try server.start()
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/"
        let one = try run(["-s", "-w", " %{num_connects}\n", "-d", "a", url,
                           "--next", "-s", "-w", " %{num_connects}\n", "-d", "b", url])
        #expect(one.stdout == "after pass a true 1\nafter pass b true 0\n")
        let answers = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let r = try? run(["-s", "-d", "n\(i)", url])
            answers.withLock { $0.append(r?.stdout ?? "") }
        }
        #expect(answers.withLock { $0.sorted() } == (0..<8).map { "after pass n\($0) true" }.sorted())
        #expect(responder.answeredOffLoop.load(ordering: .relaxed) == 0)
        #expect(responder.passesWithWork.load(ordering: .relaxed) >= 1)
        #expect(HTTPServer.currentThreadRunsAfterEachPass == false)
    }

    /// A connection suspended on a loop thread and resumed by that same thread (its pass work
    /// completed it) goes out in the next pass, not after the loop's poll timeout (a second).
    @Test func aConnectionResumedOnItsOwnLoopThreadIsAnsweredAtOnce() throws {
        let responder = PassResponder(holdOnePass: true)
        var config = HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 1)
        config.afterEachPass = { responder.endOfPass() }
        let server = HTTPServer(configuration: config, responder: responder)
        try server.start()
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/"
        let started = Date()
        let result = try run(["-s", "-w", "\n"] + Array(repeating: url, count: 10))
        #expect(result.stdout == String(repeating: "after pass  true\n", count: 10))
        #expect(Date().timeIntervalSince(started) < 5)  // 10 missed passes would take 10 s
    }

    @Test func deferredResponsesTellObserversWhatTheyAnswered() {
        let seen = Mutex<[Int]>([])
        let early = DeferredResponse()
        early.observe { r in seen.withLock { $0.append(r.status) } }
        early.complete(HTTPResponse(status: 201))
        early.complete(HTTPResponse(status: 500))  // ignored
        let late = DeferredResponse()
        late.complete(HTTPResponse(status: 404))
        late.observe { r in seen.withLock { $0.append(r.status) } }
        #expect(seen.withLock { $0 } == [201, 404])
    }

    /// A server stopped while a deferred response was never completed answers it 503 (after the
    /// grace period) instead of hanging, or crashing in libmicrohttpd (which refuses to stop
    /// with a suspended connection).
    @Test func stoppingWithAnUncompletedDeferredResponseClosesIt() throws {
        let config = HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 1, connectionTimeoutSeconds: 10,
                                             shutdownGraceSeconds: 0.5)
        let responder = EchoResponder()
        let server = HTTPServer(configuration: config, responder: responder)
        try server.start()
        let url = "http://127.0.0.1:\(server.port)/deferred-never"
        let finished = DispatchSemaphore(value: 0)
        let answer = Mutex<ProcessResult?>(nil)
        Thread.detachNewThread {
            let r = try? run(["-s", "-w", "%{http_code}", "--max-time", "10", url])
            answer.withLock { $0 = r }
            finished.signal()
        }
        #expect(responder.gates.neverSuspended.wait(timeout: .now() + 10) == .success)
        server.stop()
        #expect(finished.wait(timeout: .now() + 5) == .success)
        let reply = answer.withLock { $0?.stdout } ?? ""
        #expect(reply.hasSuffix("503") && reply.contains("shutting_down"))
        #expect(!server.isRunning)
    }

    @Test func otherMethodsAreReported() throws {
        let server = try startServer()
        defer { server.stop() }
        let result = try run(["-s", "-X", "PROPFIND", "http://127.0.0.1:\(server.port)/echo"])
        #expect(result.stdout.contains("method=PROPFIND\nenum=other\n"))
    }

    @Test func postBodyRoundTrip() throws {
        let server = try startServer()
        defer { server.stop() }
        // Binary body with every byte value, large enough to arrive in several upload calls.
        var body: [UInt8] = []
        for i in 0..<200_000 { body.append(UInt8(truncatingIfNeeded: i &* 31 &+ i / 7)) }
        let input = try temporaryFile(body)
        let output = input + ".out"
        defer { unlink(input); unlink(output) }
        let result = try run([
            "-s", "-o", output, "-w", "%{http_code}",
            "-H", "Content-Type: application/octet-stream",
            "--data-binary", "@\(input)", "http://127.0.0.1:\(server.port)/upload",
        ])
        #expect(result.stdout == "201")
        let echoed = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(echoed.count == body.count)
        #expect(echoed == body)
    }

    @Test func chunkedPostBodyRoundTrip() throws {
        let server = try startServer()
        defer { server.stop() }
        let result = try run([
            "-s", "-H", "Transfer-Encoding: chunked", "-X", "PUT",
            "--data-binary", "hello chunked world", "http://127.0.0.1:\(server.port)/upload",
        ])
        #expect(result.stdout == "hello chunked world")
    }

    @Test func oversizedBodyGets413AndServerKeepsAnswering() throws {
        let responder = EchoResponder()
        let refusals = Mutex<[String]>([])
        let server = try startServer(maxBodyBytes: 1024, responder: responder) { method, path, status in
            refusals.withLock { $0.append("\(method) \(path) \(status)") }
        }
        defer { server.stop() }
        defer { #expect(refusals.withLock { $0 } == ["POST /upload 413", "POST /upload 413"]) }  // both reported, for the log
        let base = "http://127.0.0.1:\(server.port)"
        let input = try temporaryFile([UInt8](repeating: 0x41, count: 4096))
        defer { unlink(input) }

        // Announced by Content-Length: refused before the body is read.
        let announced = try run(["-s", "-w", "\n%{http_code}", "--data-binary", "@\(input)", "\(base)/upload"])
        #expect(announced.stdout.split(separator: "\n").last == "413")
        // Written by the configuration's `answerRefusal` (plain text unless an application sets its own).
        #expect(announced.stdout.hasPrefix("payload_too_large: Request body exceeds the limit of "))

        // Chunked: discovered while reading.
        let chunked = try run(["-s", "-w", "\n%{http_code}", "-H", "Transfer-Encoding: chunked",
                               "--data-binary", "@\(input)", "\(base)/upload"])
        #expect(chunked.stdout.split(separator: "\n").last == "413")
        #expect(chunked.stdout.contains("payload_too_large"))

        #expect(responder.counter.value == 0)

        // Exactly at the limit is fine, and the server still answers.
        let atLimit = try temporaryFile([UInt8](repeating: 0x42, count: 1024))
        defer { unlink(atLimit) }
        let ok = try run(["-s", "-o", "/dev/null", "-w", "%{http_code}", "--data-binary", "@\(atLimit)", "\(base)/upload"])
        #expect(ok.stdout == "201")
        let get = try run(["-s", "\(base)/"])
        #expect(get.stdout == "ok")
        #expect(responder.counter.value == 2)
    }

    @Test func endlessChunkedUploadIsCutOffAndServerSurvives() throws {
        let responder = EchoResponder()
        let server = try startServer(maxBodyBytes: 1024, responder: responder)
        defer { server.stop() }
        let input = try temporaryFile([UInt8](repeating: 0x43, count: 12 << 20))
        defer { unlink(input) }
        let r = try run(["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Transfer-Encoding: chunked",
                         "--data-binary", "@\(input)", "http://127.0.0.1:\(server.port)/upload"])
        // Dropped (curl error, no status) or refused with 413 — never served.
        #expect(r.status != 0 || r.stdout == "413", "curl \(r.status) \(r.stdout)")
        #expect(r.stdout != "201")
        #expect(responder.counter.value == 0)
        #expect(try run(["-s", "http://127.0.0.1:\(server.port)/"]).stdout == "ok")
    }

    @Test func keepAliveReusesOneConnection() throws {
        let server = try startServer(threads: 1)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/"
        let result = try run(["-s", "-o", "/dev/null", "-o", "/dev/null", "-w", "%{num_connects}\n", url, url])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n") == ["1", "0"])
    }

    @Test func clientsThatSendPartOfARequestAndLeaveFreeTheirSlotsQuickly() throws {
        // Two connection slots, a one-second header timeout, a 30-second connection timeout.
        var config = HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 1, connectionLimit: 2, connectionTimeoutSeconds: 30)
        config.headerTimeoutSeconds = 1
        let server = HTTPServer(configuration: config, responder: EchoResponder())
        let closed = DispatchSemaphore(value: 0)
        server.observers.onConnectionClosed { closed.signal() }
        try server.start()
        defer { server.stop() }
        let started = Date()
        // Each sends half of its headers and closes: libmicrohttpd does not notice the close.
        for _ in 0..<2 {
            let fd = try loopbackConnection(port: server.port)
            let partial = Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8)
            _ = partial.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            close(fd)
        }
        // Their slots are freed by the header timeout, well before the connection timeout.
        for _ in 0..<2 { #expect(closed.wait(timeout: .now() + 20) == .success) }
        #expect(Date().timeIntervalSince(started) < 10)
        server.observers.onConnectionClosed(nil)
        let r = try run(["-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "3", "http://127.0.0.1:\(server.port)/"])
        #expect(r.stdout == "200")
        // A kept-alive connection still serves two requests back to back.
        let url = "http://127.0.0.1:\(server.port)/"
        let both = try run(["-s", "-o", "/dev/null", "-o", "/dev/null", "-w", "%{num_connects}\n", url, url])
        #expect(both.stdout.split(separator: "\n") == ["1", "0"])
    }

    @Test func aHeadTricklingInPastTheDeadlineLosesItsConnection() throws {
        // One slot, long silence timeouts, a 5-second head deadline on a clock moved by hand.
        let clock = ManualNanoseconds()
        var config = HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 1, connectionLimit: 1, connectionTimeoutSeconds: 60)
        config.headerTimeoutSeconds = 60
        config.headerDeadlineSeconds = 5
        config.monotonicNanoseconds = { clock.now }
        let server = HTTPServer(configuration: config, responder: EchoResponder())
        let (opened, closed) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        server.observers.onConnectionOpened { opened.signal() }
        server.observers.onConnectionClosed { closed.signal() }
        try server.start()
        defer { server.stop() }
        let fd = try loopbackConnection(port: server.port)
        defer { close(fd) }
        // The deadline counts from the server's accept: wait for it before moving the clock.
        #expect(opened.wait(timeout: .now() + 10) == .success)
        server.observers.onConnectionOpened(nil)
        for line in ["GET / HTTP/1.1\r\n", "Host: x\r\n"] {
            let bytes = Array(line.utf8)
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            clock.advance(seconds: 2)   // each line in time for the silence timeout
        }
        // Four seconds in: the connection is kept. Past five: it is shut down.
        #expect(closed.wait(timeout: .now() + 1.5) == .timedOut)
        clock.advance(seconds: 2)
        #expect(closed.wait(timeout: .now() + 10) == .success)
        var byte: UInt8 = 0
        #expect(recv(fd, &byte, 1, 0) == 0)
        server.observers.onConnectionClosed(nil)
        // The slot is free again: a whole request is answered.
        let r = try run(["-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "5", "http://127.0.0.1:\(server.port)/"])
        #expect(r.stdout == "200")
    }

    @Test func aRequestWithTwoContentLengthsIsRefusedAndItsConnectionClosed() throws {
        let server = try startServer(threads: 1)
        defer { server.stop() }
        let smuggled = "GET /hidden HTTP/1.1\r\nHost: x\r\n\r\n"
        let answer = try rawExchange(port: server.port, "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: \(2 + smuggled.utf8.count)\r\n\r\n{}" + smuggled)
        let text = String(decoding: answer, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 400"), "\(text)")
        #expect(text.contains("more than one Content-Length"))
        #expect(text.components(separatedBy: "HTTP/1.1 ").count == 2, "one answer only: \(text)")
    }

    @Test func keepAliveAfterPost() throws {
        let server = try startServer()
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/upload"
        let result = try run(["-s", "-o", "/dev/null", "-o", "/dev/null", "-w", "%{num_connects} %{http_code}\n",
                              "--data-binary", "abc", url, url])
        #expect(result.stdout.split(separator: "\n") == ["1 201", "0 201"])
    }

    @Test func manyConcurrentRequestsAllSucceed() throws {
        let server = try startServer(threads: 4)
        defer { server.stop() }
        let clients = 8, perClient = 200
        let results = Mutex<[Int: ProcessResult]>([:])
        let errors = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: clients) { client in
            // One curl per client thread; it reuses its connection for 200 requests.
            var args = ["-s", "-w", "%{http_code}\n"]
            for i in 0..<perClient {
                args += ["-o", "/dev/null", "http://127.0.0.1:\(server.port)/echo?b=c\(client)-\(i)"]
            }
            do {
                let r = try run(args)
                results.withLock { $0[client] = r }
            } catch {
                errors.withLock { $0.append("\(error)") }
            }
        }
        #expect(errors.withLock { $0 }.isEmpty)
        let all = results.withLock { $0 }
        #expect(all.count == clients)
        for (_, r) in all {
            let codes = r.stdout.split(separator: "\n")
            #expect(codes.count == perClient)
            #expect(codes.allSatisfy { $0 == "200" })
        }
    }

    @Test func manyConcurrentFreshConnectionsAllSucceed() throws {
        let server = try startServer(threads: 4)
        defer { server.stop() }
        let ok = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { client in
            for i in 0..<200 {
                let reply = (try? rawExchange(port: server.port,
                    "GET /echo?b=\(client)-\(i) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")) ?? []
                let text = String(decoding: reply, as: UTF8.self)
                if text.hasPrefix("HTTP/1.1 200") && text.contains("queryValue(b)=\(client)-\(i)\n") {
                    ok.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(ok.load(ordering: .relaxed) == 8 * 200)
    }

    @Test func startOnPortInUseThrows() throws {
        let first = try startServer()
        defer { first.stop() }
        let second = HTTPServer(
            configuration: HTTPServerConfiguration(host: "127.0.0.1", port: first.port),
            responder: EchoResponder())
        do {
            try second.start()
            Issue.record("expected start() to throw")
        } catch let error as HTTPServerError {
            guard case .bindFailed(_, let port, let reason) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(port == first.port)
            #expect(reason.contains("in use"), "got: \(error)")
        }
        #expect(!second.isRunning)
        // The first server is unaffected.
        #expect(try run(["-s", "http://127.0.0.1:\(first.port)/"]).stdout == "ok")
    }

    @Test func invalidHostThrows() {
        let server = HTTPServer(configuration: HTTPServerConfiguration(host: "not-a-host", port: 0),
                                responder: EchoResponder())
        #expect(throws: HTTPServerError.invalidHost("not-a-host")) { try server.start() }
    }

    @Test func stopThenRequestFailsToConnect() throws {
        let server = try startServer()
        let port = server.port
        #expect(try run(["-s", "http://127.0.0.1:\(port)/"]).stdout == "ok")
        server.stop()
        #expect(!server.isRunning)
        let after = try run(["-s", "--max-time", "3", "http://127.0.0.1:\(port)/"])
        #expect(after.status == 7, "curl exit \(after.status): expected 7 (failed to connect)")
        server.stop() // idempotent
        #expect(throws: (any Error).self) {
            _ = try rawExchange(port: port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        }
    }

    @Test func stopLetsInFlightRequestFinish() throws {
        let responder = EchoResponder()
        let server = try startServer(responder: responder)
        let port = server.port
        let result = Mutex<ProcessResult?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let r = try? run(["-s", "http://127.0.0.1:\(port)/slow"])
            result.withLock { $0 = r }
            done.signal()
        }
        // The request is inside the responder; it answers only once the stop has begun.
        #expect(responder.gates.slowEntered.wait(timeout: .now() + 10) == .success)
        server.observers.onStopping { responder.gates.slowRelease.signal() }
        server.stop()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(result.withLock { $0?.stdout } == "slow done")
    }

    @Test func restartAfterStop() throws {
        let server = try startServer()
        server.stop()
        try server.start()
        defer { server.stop() }
        #expect(try run(["-s", "http://127.0.0.1:\(server.port)/"]).stdout == "ok")
    }

    @Test func headHasNoBody() throws {
        let server = try startServer()
        defer { server.stop() }
        let reply = try rawExchange(port: server.port, "HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let text = String(decoding: reply, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200"))
        let parts = text.components(separatedBy: "\r\n\r\n")
        #expect(parts.count == 2)
        #expect(parts.last == "", "HEAD response carried a body: \(parts.last ?? "")")
        // Headers still describe the GET representation.
        #expect(text.lowercased().contains("content-length: 2\r\n"))
    }

    @Test func redirectConvenience() throws {
        let server = try startServer()
        defer { server.stop() }
        let r = try run(["-s", "-o", "/dev/null", "-w", "%{http_code} %{redirect_url}",
                         "http://127.0.0.1:\(server.port)/redirect"])
        #expect(r.stdout == "303 http://127.0.0.1:\(server.port)/target")
    }

    @Test func largeHeadersFitAndOversizedHeadersGet431() throws {
        let server = try startServer()
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/echo"
        let big = String(repeating: "a", count: 8000)
        let ok = try run(["-s", "-H", "X-Big: \(big)", url])
        #expect(ok.stdout.contains("h:x-big=\(big)\n"))
        let huge = String(repeating: "b", count: 40_000)
        let refused = try run(["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "X-Huge: \(huge)", url])
        #expect(refused.stdout == "431")
        #expect(try run(["-s", "http://127.0.0.1:\(server.port)/"]).stdout == "ok")
    }

    /// A body whose end cannot be known (a transfer coding that is not chunked) is refused at once
    /// (RFC 9112 §6.1), instead of holding the connection until its timeout.
    @Test(arguments: [
        ("Transfer-Encoding: gzip\r\n", "HTTP/1.1 400"),
        ("Transfer-Encoding: chunked, gzip\r\n", "HTTP/1.1 400"),
        ("Transfer-Encoding: gzip, chunked\r\n", "HTTP/1.1 501"),
        ("Transfer-Encoding: chunked\r\nContent-Length: 3\r\n", "HTTP/1.1 400"),
    ])
    func transferCodingsOtherThanChunkedAreRefusedAtOnce(header: String, statusLine: String) throws {
        let responder = EchoResponder()
        let server = try startServer(responder: responder)
        defer { server.stop() }
        let response = try rawExchange(port: server.port, "POST /upload HTTP/1.1\r\nHost: x\r\n\(header)\r\nabc")
        #expect(String(decoding: response, as: UTF8.self).hasPrefix(statusLine))
        #expect(responder.counter.value == 0)
        #expect(try run(["-s", "http://127.0.0.1:\(server.port)/"]).stdout == "ok")
    }

    /// Every request gets a status line, however many query arguments or however long its target:
    /// libmicrohttpd closed such connections without a word when its per-connection memory ran out.
    @Test func longTargetsAndManyQueryArgumentsGetAStatusLine() throws {
        let server = try startServer()
        defer { server.stop() }
        var targets: [String] = []
        for count in [10, 249, 250, 400, 1_000, 3_000] {
            targets.append("/echo?" + (0..<count).map { "a\($0)=\($0)" }.joined(separator: "&"))
        }
        for length in stride(from: 15_900, through: 16_500, by: 20) + [20_000, 33_000, 70_000, 200_000] {
            targets.append("/" + String(repeating: "x", count: length - 1))
        }
        for target in targets {
            let response = try rawExchange(port: server.port, "GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let text = String(decoding: response.prefix(12), as: UTF8.self)
            let status = Int(text.dropFirst(9).prefix(3)) ?? 0
            #expect(text.hasPrefix("HTTP/1.1 ") && [200, 400, 404, 414, 431].contains(status),
                    "target of \(target.utf8.count) bytes: \(text.isEmpty ? "no answer" : text)")
        }
        for length in stride(from: 13_000, through: 17_000, by: 50) {
            let header = "X-Pad: " + String(repeating: "p", count: length)
            let response = try rawExchange(port: server.port, "GET /echo HTTP/1.1\r\nHost: x\r\n\(header)\r\nConnection: close\r\n\r\n")
            let text = String(decoding: response.prefix(12), as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 200") || text.hasPrefix("HTTP/1.1 431"), "header of \(length) bytes: \(text.isEmpty ? "no answer" : text)")
        }
        #expect(try run(["-s", "http://127.0.0.1:\(server.port)/"]).stdout == "ok")
    }

    @Test func requestHelpers() {
        let request = HTTPRequest(method: .GET, path: "/", query: [("a", "1"), ("a", "2")],
                                  headers: [("content-type", "text/html")])
        #expect(request.header("Content-Type") == "text/html")
        #expect(request.header("Content-Typ") == nil)
        #expect(request.queryValue("a") == "1")
        #expect(request.queryValue("A") == nil)
        #expect(HTTPMethod(methodString: "PROPFIND") == .other)
        #expect(HTTPMethod(methodString: "PATCH") == .PATCH)
    }
}
