import Foundation
import SegueCore
import SegueFlowFiles
import SegueTesting
import Testing
import SegueTestSupport

/// The repository root, found from this file.
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Writes a test file into a fresh temporary folder and answers its path.
func writeTestFile(_ text: String, name: String = "flow.test.yaml") throws -> String {
    let folder = Scratch.folder + "/segue-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + name
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// Loads and runs test files in process; answers the outcomes or the problems.
func runTests(_ paths: [String], flow: String? = nil) -> (outcomes: [TestOutcome], problems: [Diagnostic], suite: FlowTestSuite?) {
    let (suite, problems) = FlowTestSuite.load(paths: paths, flow: flow)
    guard let suite else { return ([], problems, nil) }
    do {
        return (try suite.run(workers: 2) { _, _ in }, [], suite)
    } catch {
        // A runner that cannot run is a failure of the test, not a run without outcomes.
        Issue.record("the runner failed: \(error)")
        return ([], [], suite)
    }
}

let mailFlow = repositoryRoot + "/Examples/mail.yaml"
