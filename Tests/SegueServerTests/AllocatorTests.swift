import SegueServer
import Testing

/// glibc's allocator controls, found at run time.
@Suite struct AllocatorTests {
    @Test func theTrimThresholdIsSetAndTrimmingRuns() {
        #if os(Linux)
        #expect(Allocator.setTrimThreshold(64 << 20))
        // Back to glibc's default, so other tests in this process run as they would without it.
        #expect(Allocator.setTrimThreshold(128 << 10))
        Allocator.trim()
        #endif
    }
}
