import CFuzzer
import SegueFuzzReaders

#if canImport(Glibc)
import Glibc
#endif

// The libFuzzer driver shared by `segue-fuzz` and `segue-fuzz-readers`: runs libFuzzer on the
// target `SEGUE_FUZZ_TARGET` names (Tests/Fuzz/run.sh sets it) among the executable's table;
// every command-line argument is libFuzzer's. `LLVMFuzzerTestOneInput` is exported as well, for a
// link where libFuzzer's own `main` is the one that runs.

/// The table of the executable (set by ``runFuzzer(_:)`` before anything runs).
nonisolated(unsafe) private var table: [FuzzTarget] = []

/// The selected target's function (resolved on first use, whichever `main` runs).
private enum Selected {
    static let run: @Sendable ([UInt8]) -> Bool = {
        let name = getenv("SEGUE_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let target = table.first(where: { $0.name == name }) else {
            let names = table.map(\.name).joined(separator: ", ")
            let message = Array("segue-fuzz: set SEGUE_FUZZ_TARGET to one of: \(names)\n".utf8)
            _ = write(2, message, message.count)
            exit(2)
        }
        return target.run
    }()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    _ = Selected.run(bytes)
    return 0
}

/// Hands over to libFuzzer's driver with `targets`. `SEGUE_FUZZ_TARGET=--list` prints each
/// target's name and dictionary (or `-`), one a line, for the scripts.
public func runFuzzer(_ targets: [FuzzTarget]) -> Never {
    table = targets
    if getenv("SEGUE_FUZZ_TARGET").map({ String(cString: $0) }) == "--list" {
        for target in targets { print(target.name, target.dictionary ?? "-") }
        exit(0)
    }
    _ = Selected.run
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { testOneInput($0, $1) })
}
