import Testing
@testable import SegueHTTP

/// The bookkeeping behind the time and connection limits, without sockets.
@Suite("Connection limits")
struct LimitsTests {
    @Test func connectionsPastTheirDeadlineAreTakenOnceAndTheRestKept() {
        var table = RequestDeadlines()
        let a = OpaquePointer(bitPattern: 0x1000)!, b = OpaquePointer(bitPattern: 0x2000)!, c = OpaquePointer(bitPattern: 0x3000)!
        table.set(a, .init(time: 10, kind: .head))
        table.set(b, .init(time: 20, kind: .body))
        table.set(c, .init(time: 30, kind: .body))
        #expect(table.takeExpired(at: 9).isEmpty)
        let first = table.takeExpired(at: 20).sorted { $0.connection < $1.connection }
        #expect(first.map(\.connection) == [0x1000, 0x2000])
        #expect(first.map(\.kind) == [.head, .body])
        #expect(table.earliest == 30)
        // A connection whose body arrived is forgotten; taken ones are not taken again.
        table.clear(c)
        #expect(table.takeExpired(at: 100).isEmpty)
        #expect(table.byConnection.isEmpty)
    }

    @Test func eachAddressGetsItsOwnShareOfConnections() {
        var counts = AddressCounts(limit: 2)
        let one = AddressCounts.Address(high: 0, low: 0xFFFF_7F00_0001)
        let two = AddressCounts.Address(high: 0, low: 0xFFFF_7F00_0002)
        let firstTwo = [counts.admit(one), counts.admit(one)]
        let third = counts.admit(one)
        let otherAddress = counts.admit(two)
        #expect(firstTwo == [true, true] && !third && otherAddress)
        counts.release(one)
        let afterRelease = counts.admit(one)
        #expect(afterRelease)
        // Releasing more than was admitted, or an unknown address, changes nothing.
        counts.release(two)
        counts.release(two)
        #expect(counts.open[two] == nil)
        #expect(counts.open[one] == 2)
        var unlimited = AddressCounts(limit: 0)
        var admitted = 0
        for _ in 0..<1_000 where unlimited.admit(one) { admitted += 1 }
        #expect(admitted == 1_000)
    }

    @Test func deadlinesSaturateAtTheEndOfTheClock() {
        #expect(deadline(after: 5, from: 10) == 15)
        #expect(deadline(after: .max, from: 10) == .max)
    }
}
