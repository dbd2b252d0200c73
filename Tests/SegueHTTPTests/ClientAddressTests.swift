import CMicroHTTPD
import Testing
@testable import SegueHTTP

/// A request's client address: kept as bytes, written as text only when read.
@Suite("Client address")
struct ClientAddressTests {
    /// The key of 16 address bytes, as `cmhd_client_address` makes it.
    static func key(_ bytes: [UInt8]) -> cmhd_address_key {
        var key = cmhd_address_key()
        withUnsafeMutableBytes(of: &key) { $0.copyBytes(from: bytes) }
        return key
    }

    @Test("IPv4 (and IPv4 mapped into IPv6) is dotted; IPv6 is its /64 prefix")
    func text() {
        let v4 = Self.key([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 192, 0, 2, 7])
        #expect(HTTPRequest.text(of: v4) == "192.0.2.7")
        let v6 = Self.key([0x20, 0x01, 0x0d, 0xb8, 0, 1, 0, 2, 0xaa, 0xbb, 0xcc, 0xdd, 0, 0, 0, 9])
        #expect(HTTPRequest.text(of: v6) == "2001:db8:1:2::")
        let loopback6 = Self.key([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
        #expect(HTTPRequest.text(of: loopback6) == "::")
    }

    @Test("a request from the network reads its text from the key; a set text replaces it")
    func lazyText() {
        var request = HTTPRequest(method: .GET, path: "/")
        #expect(request.clientAddress == nil)
        request.clientAddressKey = Self.key([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 127, 0, 0, 1])
        #expect(request.clientAddress == "127.0.0.1")
        request.clientAddress = "203.0.113.5"
        #expect(request.clientAddress == "203.0.113.5")
        request.clientAddress = nil
        #expect(request.clientAddress == nil)
    }
}
