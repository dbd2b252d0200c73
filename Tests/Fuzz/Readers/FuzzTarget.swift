/// A fuzz target: one importer or decoder as a function of raw bytes.
///
/// `segue-fuzz` (libFuzzer) runs the target its `SEGUE_FUZZ_TARGET` names; the mutation smoke
/// tests run every target on mutations of its seeds (`Tests/Fuzz/corpus/NAME`). Adding a target
/// is one file with its function and one line in a table (docs/Testing.md, "Fuzzing").
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

/// The targets of the readers that build without the server (and so without SwiftSyntax): the
/// `segue-fuzz-readers` executable runs these, and builds in a few minutes where the whole
/// `segue-fuzz` takes far longer (SwiftSyntax instrumented). ``FuzzTargets`` (in
/// `SegueFuzzTargets`) adds the server's decoders and the source readers.
public enum ReaderFuzzTargets {
    public static let all: [FuzzTarget] = [
        FuzzTarget("storyboard", dictionary: "xml.dict", run: StoryboardFuzzing.storyboard),
        FuzzTarget("flow-yaml", dictionary: "yaml.dict", run: FlowFileFuzzing.yaml),
        FuzzTarget("flow-json", dictionary: "json.dict", run: FlowFileFuzzing.json),
        FuzzTarget("json", dictionary: "json.dict", run: JSONFuzzing.parse),
        FuzzTarget("page-url", dictionary: "url.dict", run: PageURLFuzzing.parseAndRestore),
        FuzzTarget("info-plist", dictionary: "xml.dict", run: AppFolderFuzzing.plist),
        FuzzTarget("xib", dictionary: "xml.dict", run: AppFolderFuzzing.xib),
        FuzzTarget("overlay", dictionary: "yaml.dict", run: OverlayFuzzing.yaml),
        FuzzTarget("asset-catalog", dictionary: "json.dict", run: AssetCatalogFuzzing.contentsJSON),
    ]
}
