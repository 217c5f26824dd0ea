import Foundation

// Scenarios: `hearth-bench codec [rounds]`.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "codec":
    try CodecBenchmark.run(arguments: Array(arguments.dropFirst()))
case "codec-profile":
    try CodecBenchmark.profile(arguments: Array(arguments.dropFirst()))
default:
    print("usage: hearth-bench codec [rounds]")
}
