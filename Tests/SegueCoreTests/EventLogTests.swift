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
    }
}
