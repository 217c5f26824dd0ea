import Foundation

// hearth-bench <scenario> [options]: Hearth's benchmarks and harnesses. `hearth-bench help` lists them.
// Build and run in release mode: `swift run -c release hearth-bench <scenario>`.

let scenarios: [any BenchScenario] = [
    DurableCommitScenario(),
    OpenScenario(),
    CrashScenario(),
    CrashChildScenario(),
    SyncCrashScenario(),
    SyncCrashChildScenario(),
    RESTScenario(),
    ListenScenario(),
    ListenRemoteScenario(),
    CodecScenario(),
    QueryScalingScenario(),
    RulesCostScenario(),
    MemoryScenario(),
    MemoryChildScenario(),
    AuthScenario(),
    OfflineScenario(),
]

exit(await BenchCommandLine(scenarios: scenarios).run(Array(CommandLine.arguments.dropFirst())))
