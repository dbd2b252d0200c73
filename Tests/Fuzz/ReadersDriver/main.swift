import SegueFuzzDriver
import SegueFuzzReaders

// `segue-fuzz-readers`: the readers' fuzz targets only, without the server and SwiftSyntax, so it
// builds in minutes (Tests/Fuzz/run.sh picks it for these targets when it is the one built).
runFuzzer(ReaderFuzzTargets.all)
