import Foundation

// `hearth`: see HearthCommandLine for the commands and Support/ for how arguments, output and progress work.
let status = await HearthCommandLine.main(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(status)
