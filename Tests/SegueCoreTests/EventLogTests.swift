import Testing
@testable import SegueCore

@Suite struct EventLogTests {
    @Test func sequenceNumbersCountUpAndAfterFilters() {
        var log = EventLog(capacity: 8)
        for _ in 0..<5 { log.append(Event(controller: "c1", scene: "a", event: .viewDidLoad)) }
        #expect(log.events.map(\.seq) == [1, 2, 3, 4, 5])
        #expect(log.events(after: 3).map(\.seq) == [4, 5])
        #expect(log.events(after: 5).isEmpty)
    }

    @Test func memoryStaysBoundedAndTheNewestEventsAreKept() {
        var log = EventLog(capacity: 8)
        for _ in 0..<1_000 { log.append(Event(controller: "c1", scene: "a", event: .viewDidLoad)) }
        #expect(log.lastSeq == 1_000)
        #expect(log.events.count >= 8 && log.events.count <= 16)
        #expect(log.events.last?.seq == 1_000)
        // Retained events stay contiguous, so `after:` still slices correctly.
        #expect(log.events(after: 995).map(\.seq) == [996, 997, 998, 999, 1_000])
        #expect(log.events(after: 0).first?.seq == log.events.first?.seq)
        #expect(log.first?.seq == log.events.first?.seq)
    }

    /// Once full, the log is a ring: every position of its oldest event reads back in order,
    /// whatever `after` asks for.
    @Test func theRingReadsBackInOrderFromEveryStartingPoint() {
        var log = EventLog(capacity: 4)  // keeps the newest 8
        for n in 1...21 {
            log.append(Event(controller: "c1", scene: "a", event: .viewDidLoad))
            let kept = Array(max(1, n - 7)...n)
            #expect(log.events.map(\.seq) == kept)
            for after in 0...n { #expect(log.events(after: after).map(\.seq) == kept.filter { $0 > after }) }
        }
        // A smaller capacity keeps the newest; a larger one keeps what is there and grows.
        log.capacity = 2
        #expect(log.events.map(\.seq) == [18, 19, 20, 21])
        log.capacity = 8
        for _ in 0..<3 { log.append(Event(controller: "c1", scene: "a", event: .viewDidLoad)) }
        #expect(log.events.map(\.seq) == Array(18...24))
    }
}

@Suite struct EventLogBoundsTests {
    /// Any `after`, the largest integers included, is answered without overflowing.
    @Test func eventsAfterAnySequenceNumber() {
        var log = EventLog(capacity: 4)
        #expect(log.events(after: .max).isEmpty)
        for _ in 0..<10 { log.append(Event(controller: "c", scene: nil, event: .viewDidLoad)) }
        #expect(log.events(after: .max).isEmpty && log.events(after: .max - 1).isEmpty)
        #expect(log.events(after: log.lastSeq).isEmpty)
        #expect(log.events(after: log.lastSeq - 1).map(\.seq) == [log.lastSeq])
        #expect(log.events(after: 0).map(\.seq) == log.events(after: .min).map(\.seq))
        #expect(log.events(after: 0).last?.seq == log.lastSeq && log.events(after: 0).count < 10)
    }
}
