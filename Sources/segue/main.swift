import Logging
import SegueCLI
import SegueSourceNav

// `segue swift-reader` is not a command: it is the worker that reads an app's Swift files for
// this executable, one process per parallel reader (SwiftReaderProcesses).
if CommandLine.arguments.count == 2, CommandLine.arguments[1] == SwiftReaderWorker.argument {
    SwiftReaderWorker.serve()
}
// Loggers the commands do not make themselves (libraries') write to standard error.
LoggingSystem.bootstrap(StreamLogHandler.standardError)
SwiftReaderProcesses.install(.currentExecutable)
SegueCommand.main()
