import Foundation
import HearthTestSupport
import Testing

/// The crash harness (`hearth-bench crash`) in CI: a child process commits batches from several
/// writers and is killed with SIGKILL 50 times at random moments (some while it is still opening the
/// store, some during compactions); after each kill the store is reopened and checked: every
/// acknowledged commit present, no batch partially visible.
@Suite("FileSystemDocumentStore: crash harness")
struct CrashHarnessTests {
    @Test(.timeLimit(.minutes(5)))
    func fiftyKills_loseNoAcknowledgedCommit_andShowNoPartialBatch() async throws {
        let directory = try TemporaryDirectory("hearth-crash-ci")

        let run = try await runBench([
            "crash", "--kills", "50", "--quiet", "--max-delay-ms", "60", "--dir", directory.path,
        ])

        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("lost acknowledged commits: 0"), "\(run.output)")
        #expect(run.output.contains("partially visible batches: 0"), "\(run.output)")
        #expect(run.output.contains("batches never committed but visible: 0"), "\(run.output)")
        #expect(run.output.contains("RESULT: PASS"), "\(run.output)")
    }
}

// MARK: - Helpers

/// Runs the `hearth-bench` built next to this test bundle; returns its exit status and output.
func runBench(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    let testBinary = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    let bench = testBinary.deletingLastPathComponent().appendingPathComponent("hearth-bench")
    guard FileManager.default.isExecutableFile(atPath: bench.path) else {
        throw BenchMissing(path: bench.path)
    }
    let run = try await ChildProcess.run(bench.path, arguments, mergeErrors: true)
    return (run.status, run.output)
}

struct BenchMissing: Error, CustomStringConvertible {
    let path: String
    var description: String { "hearth-bench is not built at \(path) (run `swift build` first)" }
}
