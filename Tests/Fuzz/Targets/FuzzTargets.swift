@_exported import SegueFuzzReaders

/// The table of every fuzz target: the readers' (``ReaderFuzzTargets``), then the server's request
/// and stored-step decoders and the app source readers, which need `SegueServer` and
/// `SegueSourceNav`. `segue-fuzz` runs these; the mutation smoke tests run every one.
public enum FuzzTargets {
    public static let all: [FuzzTarget] = ReaderFuzzTargets.all + [
        FuzzTarget("action", dictionary: "json.dict", run: ActionFuzzing.decodeAndPerform),
        FuzzTarget("form", dictionary: "form.dict", run: FormFuzzing.decode),
        FuzzTarget("step", dictionary: "json.dict", run: StepFuzzing.decodeAndReplay),
        FuzzTarget("swift-source", dictionary: "swift.dict", run: SourceFuzzing.swift),
        FuzzTarget("swift-source-workers", dictionary: "swift.dict", run: SourceFuzzing.swiftInWorkers),
        FuzzTarget("objc-source", dictionary: "objc.dict", run: SourceFuzzing.objectiveC),
    ]

    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}
