import CFuzzer
import SegueFuzzTargets

#if canImport(Glibc)
import Glibc
#endif

// `segue-fuzz`: runs libFuzzer on the target `SEGUE_FUZZ_TARGET` names (Tests/Fuzz/run.sh sets
// it); every command-line argument is libFuzzer's. The top-level code hands over to libFuzzer's
// driver; `LLVMFuzzerTestOneInput` is exported as well, for a link where libFuzzer's own `main`
// is the one that runs.

/// The selected target's function (resolved on first use, whichever `main` runs).
enum Selected {
    static let run: @Sendable ([UInt8]) -> Bool = {
        let name = getenv("SEGUE_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let target = FuzzTargets.named(name) else {
            let names = FuzzTargets.all.map(\.name).joined(separator: ", ")
            let message = Array("segue-fuzz: set SEGUE_FUZZ_TARGET to one of: \(names)\n".utf8)
            _ = write(2, message, message.count)
            exit(2)
        }
        return target.run
    }()
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    _ = Selected.run(bytes)
    return 0
}

// `SEGUE_FUZZ_TARGET=--list`: each target's name and dictionary (or `-`), one a line (the scripts).
if getenv("SEGUE_FUZZ_TARGET").map({ String(cString: $0) }) == "--list" {
    for target in FuzzTargets.all { print(target.name, target.dictionary ?? "-") }
    exit(0)
}
_ = Selected.run
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { testOneInput($0, $1) })
