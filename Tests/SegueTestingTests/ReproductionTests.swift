import Foundation
import SegueCore
import SegueJSON
import SegueServer
import SegueTesting
import Testing

/// Every screen of the bundled examples comes back from its URL: a walk taps its way through
/// each flow, and at every state a new session opened at the state's URL shows the same
/// hierarchy and the same elements holding the same values (switch states, typed text, values
/// passed by segues). A session recorded as a test reproduces itself.
@Suite struct ReproductionTests {
    static let examples: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/Examples")) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted().map { repositoryRoot + "/Examples/" + $0 }
    }()

    /// What a person sees of an element: ids of elements a container names after a controller
    /// (`c8.action.0`) depend on creation order, so they are left out.
    static func seen(_ state: JSONValue) -> [String] {
        (state["elements"]?.arrayValue ?? []).map { e in
            ["role", "title", "isOn", "value", "text", "selectedSegmentIndex", "enabled"]
                .map { e[$0]?.encoded ?? "-" }.joined(separator: " ")
        }
    }

    /// The taps that lead from the launch screen to each state, breadth first, at most `limit`
    /// states and `depth` taps deep.
    static func walk(_ client: SegueClient, limit: Int = 40, depth: Int = 4, visit: ([String], SegueTestSession) throws -> Void) throws {
        var queue: [[String]] = [[]]
        var seen: Set<String> = []
        while !queue.isEmpty, seen.count < limit {
            let taps = queue.removeFirst()
            let session = try client.createSession()
            for id in taps { try session.tap(id) }
            guard let url = session.state["url"]?.stringValue, seen.insert(url).inserted else { continue }
            try visit(taps, session)
            guard taps.count < depth else { continue }
            for element in session.state["elements"]?.arrayValue ?? [] where element["enabled"]?.boolValue != false {
                if let id = element["id"]?.stringValue { queue.append(taps + [id]) }
            }
        }
    }

    @Test(arguments: examples)
    func everyStateComesBackFromItsURL(_ flowPath: String) throws {
        let storyboard = FlowSource.servingStoryboard(try FlowSource.load(path: flowPath))
        let client = SegueClient.inProcess(storyboard: storyboard, defaultTraits: FlowSource.preferredTraits(path: flowPath))
        var states = 0
        try Self.walk(client) { taps, session in
            states += 1
            let url = try #require(session.state["url"]?.stringValue)
            let reopened = try client.createSession(url: url)
            #expect(reopened.state["url"]?.stringValue == url, "\(flowPath) after \(taps)")
            #expect(Self.seen(reopened.state) == Self.seen(session.state), "\(flowPath) at \(url)")
        }
        #expect(states > 1, "\(flowPath): the walk went nowhere")
    }

    @Test(arguments: examples)
    func aRecordedWalkReproducesItself(_ flowPath: String) throws {
        let storyboard = FlowSource.servingStoryboard(try FlowSource.load(path: flowPath))
        let client = SegueClient.inProcess(storyboard: storyboard, defaultTraits: FlowSource.preferredTraits(path: flowPath))
        var longest: (taps: [String], yaml: String) = ([], "")
        try Self.walk(client, limit: 25) { taps, session in
            if taps.count > longest.taps.count { longest = (taps, try session.recordedTest()) }
        }
        let path = try writeTestFile(longest.yaml)
        let (outcomes, problems, _) = runTests([path], flow: flowPath)
        #expect(problems.isEmpty, "\(problems)")
        #expect(outcomes.count == 1 && outcomes.allSatisfy(\.passed), "\(flowPath) \(longest.taps): \(outcomes.first?.failure?.details ?? [])\n\(longest.yaml)")
    }
}
