import SegueFuzzDriver
import SegueFuzzTargets

// `segue-fuzz`: every fuzz target (Tests/Fuzz/run.sh).
runFuzzer(FuzzTargets.all)
