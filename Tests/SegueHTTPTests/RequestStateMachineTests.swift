import Testing
@testable import SegueHTTP

/// The request protocol without sockets: each event libmicrohttpd gives, and what the server does.
@Suite("Request state machine")
struct RequestStateMachineTests {
    private func body(_ machine: inout RequestStateMachine, _ bytes: [UInt8]) -> RequestStateMachine.Action {
        bytes.withUnsafeBytes { machine.bodyReceived($0) }
    }

    private func ok(_ text: String) -> HTTPResponse { .text(text) }

    @Test func aGetIsAnsweredAtTheEndNeverWithTheHeaders() {
        var machine = RequestStateMachine(maxBodyBytes: 100)
        // The first call only starts the request: a response queued there would cost keep-alive.
        guard case .startBody = machine.headReceived(.init()) else { Issue.record("head"); return }
        guard case .callResponder(let received) = machine.endOfRequest() else { Issue.record("end"); return }
        #expect(received.isEmpty)
        guard case .queue(let response) = machine.responderAnswered(ok("hi"), waitsForPass: false) else {
            Issue.record("answer"); return
        }
        #expect(response.body == Array("hi".utf8))
        guard case .answered = machine.state else { Issue.record("state \(machine.state)"); return }
        let finish = machine.finished(completedOK: true)
        #expect(finish.forget == nil)
        #expect(finish.awaitsNextHead)
    }

    @Test func bodyPiecesAreJoinedUpToTheLimit() {
        var machine = RequestStateMachine(maxBodyBytes: 6)
        _ = machine.headReceived(.init(announcedLength: nil))
        guard case .keepReading = body(&machine, [1, 2, 3]),
              case .keepReading = body(&machine, [4, 5, 6]) else { Issue.record("body"); return }
        guard case .callResponder(let received) = machine.endOfRequest() else { Issue.record("end"); return }
        #expect(received == [1, 2, 3, 4, 5, 6])
    }

    @Test func anAnnouncedBodyOverTheLimitIsRefusedBeforeItIsRead() {
        var machine = RequestStateMachine(maxBodyBytes: 10)
        guard case .refuse(let refusal) = machine.headReceived(.init(announcedLength: 11)) else { Issue.record("head"); return }
        #expect(refusal.status == 413)
        #expect(!refusal.isWrittenDirectly)
        // Exactly at the limit is read.
        var atLimit = RequestStateMachine(maxBodyBytes: 10)
        guard case .startBody = atLimit.headReceived(.init(announcedLength: 10)) else { Issue.record("at limit"); return }
    }

    @Test func aChunkedBodyOverTheLimitIsReadAndDroppedThenRefused() {
        var machine = RequestStateMachine(maxBodyBytes: 4)
        _ = machine.headReceived(.init(transferEncoding: "chunked"))
        guard case .keepReading = body(&machine, [1, 2, 3]),
              case .keepReading = body(&machine, [4, 5]) else { Issue.record("body"); return }
        guard case .discardingBody(let received) = machine.state else { Issue.record("state \(machine.state)"); return }
        #expect(received == 5)
        guard case .keepReading = body(&machine, [6]) else { Issue.record("more"); return }
        // The responder is never called.
        guard case .refuse(let refusal) = machine.endOfRequest() else { Issue.record("end"); return }
        #expect(refusal.status == 413)
    }

    @Test func anUploadFarPastTheLimitIsCutOff() {
        var machine = RequestStateMachine(maxBodyBytes: 4)
        _ = machine.headReceived(.init(transferEncoding: "chunked"))
        let piece = [UInt8](repeating: 0, count: 1 << 20)
        var actions: [Bool] = []
        for _ in 0..<5 {
            if case .close = body(&machine, piece) { actions.append(true) } else { actions.append(false) }
        }
        // 4 MiB (four times a megabyte, the least limit counted) are dropped quietly, then the connection goes.
        #expect(actions == [false, false, false, false, true])
    }

    @Test func aBodyMustArriveByItsDeadlineCountedFromTheHead() {
        // A 50-nanosecond deadline on a clock the test moves: the head is in at 100.
        var machine = RequestStateMachine(maxBodyBytes: 100, bodyDeadlineNanoseconds: 50)
        guard case .startBody(let deadline) = machine.headReceived(.init(announcedLength: 10), at: 100) else {
            Issue.record("head"); return
        }
        #expect(deadline == 150)
        let piece: [UInt8] = [1, 2]
        guard case .keepReading = piece.withUnsafeBytes({ machine.bodyReceived($0, at: 149) }) else { Issue.record("in time"); return }
        // At the deadline the body is cut off: a 408 written to the socket, then the connection closes.
        guard case .refuse(let refusal) = piece.withUnsafeBytes({ machine.bodyReceived($0, at: 150) }) else {
            Issue.record("late"); return
        }
        #expect(refusal.status == 408 && refusal.isWrittenDirectly)
        #expect(machine.bodyDeadline == nil)
    }

    @Test func aBodyInTimeClearsItsDeadlineAndBodilessRequestsHaveNone() {
        var machine = RequestStateMachine(maxBodyBytes: 100, bodyDeadlineNanoseconds: 50)
        _ = machine.headReceived(.init(transferEncoding: "chunked"), at: 0)
        #expect(machine.bodyDeadline == 50)
        guard case .callResponder = machine.endOfRequest() else { Issue.record("end"); return }
        #expect(machine.bodyDeadline == nil)
        // A GET, or a zero length: nothing to wait for.
        for head in [RequestStateMachine.Head(), .init(announcedLength: 0)] {
            var bodiless = RequestStateMachine(maxBodyBytes: 100, bodyDeadlineNanoseconds: 50)
            guard case .startBody(nil) = bodiless.headReceived(head, at: 0) else { Issue.record("\(head)"); return }
        }
        // No deadline configured: none is set, however late the body.
        var unlimited = RequestStateMachine(maxBodyBytes: 100)
        guard case .startBody(nil) = unlimited.headReceived(.init(announcedLength: 10), at: 0) else { Issue.record("unlimited"); return }
        guard case .keepReading = [UInt8](repeating: 0, count: 3).withUnsafeBytes({ unlimited.bodyReceived($0, at: .max) }) else {
            Issue.record("unlimited body"); return
        }
        // A deadline past the end of the clock saturates instead of trapping.
        var far = RequestStateMachine(maxBodyBytes: 100, bodyDeadlineNanoseconds: .max)
        guard case .startBody(.max) = far.headReceived(.init(announcedLength: 1), at: 10) else { Issue.record("far"); return }
    }

    @Test func aDiscardedBodyIsCutOffAtItsDeadlineToo() {
        var machine = RequestStateMachine(maxBodyBytes: 2, bodyDeadlineNanoseconds: 10)
        _ = machine.headReceived(.init(transferEncoding: "chunked"), at: 0)
        _ = [UInt8](repeating: 0, count: 5).withUnsafeBytes { machine.bodyReceived($0, at: 1) }
        guard case .discardingBody = machine.state else { Issue.record("state \(machine.state)"); return }
        guard case .refuse(let refusal) = [UInt8](repeating: 0, count: 1).withUnsafeBytes({ machine.bodyReceived($0, at: 10) }) else {
            Issue.record("late"); return
        }
        #expect(refusal.status == 408)
    }

    @Test func refusedTargetsAndHugeHeadsAreWrittenDirectly() {
        var target = RequestStateMachine(maxBodyBytes: 4)
        guard case .refuse(let tooLong) = target.headReceived(.init(targetRefused: true, exceedsPool: true)) else {
            Issue.record("target"); return
        }
        #expect(tooLong.status == 414 && tooLong.isWrittenDirectly)
        var head = RequestStateMachine(maxBodyBytes: 4)
        guard case .refuse(let tooLarge) = head.headReceived(.init(exceedsPool: true)) else { Issue.record("head"); return }
        #expect(tooLarge.status == 431 && tooLarge.isWrittenDirectly)
    }

    @Test(arguments: [
        ("gzip", false, 400), ("chunked, gzip", false, 400), ("gzip, chunked", false, 501),
        ("chunked", true, 400), ("Chunked", false, 0), ("chunked ", false, 400), ("chunked\t", false, 400),
    ])
    func transferCodingsTheServerCannotFrameAreRefusedWithTheHeaders(coding: String, withLength: Bool, status: Int) {
        var machine = RequestStateMachine(maxBodyBytes: 100)
        let action = machine.headReceived(.init(transferEncoding: coding, announcedLength: withLength ? 3 : nil))
        switch action {
        case .refuse(let refusal): #expect(refusal.status == status && !refusal.isWrittenDirectly)
        case .startBody: #expect(status == 0)
        default: Issue.record("unexpected \(action)")
        }
    }

    @Test func aDeferredAnswerSuspendsTheConnectionUntilItIsResumed() {
        var machine = RequestStateMachine(maxBodyBytes: 100)
        _ = machine.headReceived(.init())
        _ = machine.endOfRequest()
        let deferred = DeferredResponse()
        guard case .suspend(let toSuspend) = machine.responderAnswered(.deferred(deferred), waitsForPass: false) else {
            Issue.record("answer"); return
        }
        #expect(toSuspend === deferred)
        // Not complete yet: the connection is suspended and nothing is queued.
        guard case .keepReading = machine.suspendAttempted(ready: nil) else { Issue.record("suspend"); return }
        // Resumed: libmicrohttpd calls again with the body complete.
        guard case .takeAnswer(let toTake) = machine.endOfRequest() else { Issue.record("resume"); return }
        #expect(toTake === deferred)
        guard case .queue(let response) = machine.resumed(answer: ok("later")) else { Issue.record("taken"); return }
        #expect(response.body == Array("later".utf8))
    }

    @Test func aDeferredAnswerCompleteBeforeTheSuspensionGoesOutAtOnce() {
        var machine = RequestStateMachine(maxBodyBytes: 100)
        _ = machine.headReceived(.init())
        _ = machine.endOfRequest()
        let deferred = DeferredResponse()
        _ = machine.responderAnswered(.deferred(deferred), waitsForPass: false)
        guard case .queue(let response) = machine.suspendAttempted(ready: ok("ready")) else { Issue.record("ready"); return }
        #expect(response.body == Array("ready".utf8))
        // Sent: the server forgets it (it kept it, to answer it on stop, since the suspension).
        #expect(machine.finished(completedOK: true).forget === deferred)
    }

    @Test func aDeferredAnswerSentAfterTheResumeIsForgottenWhenTheRequestEnds() {
        var machine = RequestStateMachine(maxBodyBytes: 100)
        _ = machine.headReceived(.init())
        _ = machine.endOfRequest()
        let deferred = DeferredResponse()
        _ = machine.responderAnswered(.deferred(deferred), waitsForPass: true)
        _ = machine.endOfRequest()
        _ = machine.suspendAttempted(ready: nil)
        _ = machine.endOfRequest()
        guard case .queue = machine.resumed(answer: ok("later")) else { Issue.record("taken"); return }
        let finish = machine.finished(completedOK: true)
        #expect(finish.forget === deferred)
        #expect(finish.awaitsNextHead)
    }

    @Test func onALoopWithPassWorkADeferredAnswerFirstWaitsForThePass() {
        var machine = RequestStateMachine(maxBodyBytes: 100)
        _ = machine.headReceived(.init())
        _ = machine.endOfRequest()
        let deferred = DeferredResponse()
        guard case .waitForPass(let waiting) = machine.responderAnswered(.deferred(deferred), waitsForPass: true) else {
            Issue.record("answer"); return
        }
        #expect(waiting === deferred)
        // The next pass calls again: now the connection is suspended unless the pass completed it.
        guard case .suspend = machine.endOfRequest() else { Issue.record("next pass"); return }
        guard case .queue = machine.suspendAttempted(ready: ok("committed")) else { Issue.record("ready"); return }
    }

    @Test func aConnectionClosedWhileWaitingForgetsTheDeferredAnswer() {
        var machine = RequestStateMachine(maxBodyBytes: 100)
        _ = machine.headReceived(.init())
        _ = machine.endOfRequest()
        let deferred = DeferredResponse()
        _ = machine.responderAnswered(.deferred(deferred), waitsForPass: false)
        _ = machine.suspendAttempted(ready: nil)
        let finish = machine.finished(completedOK: false)
        #expect(finish.forget === deferred)
        #expect(!finish.awaitsNextHead)
    }

    @Test func eventsOutOfOrderCloseTheConnectionInsteadOfCrashing() {
        var twice = RequestStateMachine(maxBodyBytes: 100)
        _ = twice.headReceived(.init())
        guard case .close = twice.headReceived(.init()) else { Issue.record("second head"); return }
        var early = RequestStateMachine(maxBodyBytes: 100)
        guard case .close = early.endOfRequest() else { Issue.record("end before head"); return }
        var answered = RequestStateMachine(maxBodyBytes: 100)
        _ = answered.headReceived(.init())
        _ = answered.endOfRequest()
        _ = answered.responderAnswered(ok("x"), waitsForPass: false)
        guard case .close = body(&answered, [1]) else { Issue.record("body after answer"); return }
        var resumedEmpty = RequestStateMachine(maxBodyBytes: 100)
        _ = resumedEmpty.headReceived(.init())
        _ = resumedEmpty.endOfRequest()
        _ = resumedEmpty.responderAnswered(.deferred(DeferredResponse()), waitsForPass: false)
        _ = resumedEmpty.suspendAttempted(ready: nil)
        guard case .close = resumedEmpty.resumed(answer: nil) else { Issue.record("resume without answer"); return }
    }

    @Test func contentLengthValuesAreCountedWithoutOverflow() {
        #expect(announcedLength(Array(" 42".utf8)) == 42)
        #expect(announcedLength(Array("0".utf8)) == 0)
        #expect(announcedLength(Array("99999999999999999999999".utf8)) == Int.max)
        #expect(announcedLength(Array("abc".utf8)) == nil)
        #expect(announcedLength(Array("".utf8)) == nil)
    }
}
