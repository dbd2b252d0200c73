import Logging
import SegueCLI

// Loggers the commands do not make themselves (libraries') write to standard error.
LoggingSystem.bootstrap(StreamLogHandler.standardError)
SegueCommand.main()
