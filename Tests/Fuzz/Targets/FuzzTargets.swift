/// The table of fuzz targets: one entry per importer or decoder, each a function of raw bytes.
///
/// `segue-fuzz` (libFuzzer) runs the target its `SEGUE_FUZZ_TARGET` names; the mutation smoke
/// tests run every target on mutations of its seeds (`Tests/Fuzz/corpus/NAME`). Adding a target
/// is one file with its function and one line here (docs/Testing.md, "Fuzzing").
public struct FuzzTarget: Sendable {
    /// The name scripts and the corpus folder use (`Tests/Fuzz/corpus/NAME`).
    public let name: String
    /// The dictionary of tokens libFuzzer splices in (`Tests/Fuzz/dict/NAME`), if any.
    public let dictionary: String?
    /// Runs one input; true when the decoder accepted it (every seed must be accepted).
    /// Must never crash, trap or hang, whatever the bytes.
    public let run: @Sendable ([UInt8]) -> Bool

    public init(_ name: String, dictionary: String? = nil, run: @escaping @Sendable ([UInt8]) -> Bool) {
        self.name = name
        self.dictionary = dictionary
        self.run = run
    }
}

public enum FuzzTargets {
    public static let all: [FuzzTarget] = [
        FuzzTarget("storyboard", dictionary: "xml.dict", run: StoryboardFuzzing.storyboard),
        FuzzTarget("flow-yaml", dictionary: "yaml.dict", run: FlowFileFuzzing.yaml),
        FuzzTarget("flow-json", dictionary: "json.dict", run: FlowFileFuzzing.json),
        FuzzTarget("json", dictionary: "json.dict", run: JSONFuzzing.parse),
        FuzzTarget("action", dictionary: "json.dict", run: ActionFuzzing.decodeAndPerform),
        FuzzTarget("page-url", dictionary: "url.dict", run: PageURLFuzzing.parseAndRestore),
        FuzzTarget("form", dictionary: "form.dict", run: FormFuzzing.decode),
        FuzzTarget("info-plist", dictionary: "xml.dict", run: AppFolderFuzzing.plist),
        FuzzTarget("xib", dictionary: "xml.dict", run: AppFolderFuzzing.xib),
    ]

    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}
