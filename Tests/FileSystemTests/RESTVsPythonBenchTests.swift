import Foundation
import HearthTestSupport
import Testing

/// `hearth-bench rest --vs-python` (issue 18), run small: it skips cleanly without the Python client, and
/// with it prints Hearth's and Python's time for each task after checking what each side wrote and read.
/// Here because this target is the one that builds `hearth-bench` (see `runBench(_:environment:)`).
@Suite("hearth-bench rest --vs-python")
struct RESTVsPythonBenchTests {
    @Test func withoutThePythonClient_printsSkippedAndExitsZero() async throws {
        let run = try await runBench(["rest", "--vs-python"], environment: ["HEARTH_SKIP_PYTHON_INTEROP": "1"])

        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("rest --vs-python skipped: HEARTH_SKIP_PYTHON_INTEROP=1 is set"), "\(run.output)")
    }

    @Test(
        .enabled(if: FirestoreEmulator.availability.isAvailable, "\(FirestoreEmulator.availability.reason)"),
        .timeLimit(.minutes(10)))
    func smallRun_timesEveryTaskOnBothSides() async throws {
        let run = try await runBench([
            "rest", "--vs-python", "--documents", "30", "--batch", "10", "--concurrent", "12", "--runs", "1",
        ])
        if run.output.contains("rest --vs-python skipped:") {
            try Test.cancel("Skipped: \(run.output.trimmingCharacters(in: .whitespacesAndNewlines))")
        }

        // 0 or 1: whether a tiny run meets the goal is noise; a failed check (a count) ends it with an error
        // and no table.
        #expect([0, 1].contains(run.status), "\(run.output)")
        #expect(run.output.contains("warm-up round done (not counted)"), "\(run.output)")
        #expect(run.output.contains("round 1 of 1 done (Hearth first; both writes counted)"), "\(run.output)")
        for row in ["write 30 (10 a commit)", "query (10 results)", "12 concurrent gets"] {
            let line = run.output.split(separator: "\n").first { $0.hasPrefix(row) }
            let seconds = line.map(Self.seconds) ?? []
            #expect(seconds.count == 2 && seconds.allSatisfy { $0 > 0 }, "\(row): \(run.output)")
        }
        #expect(run.output.contains("3 request(s)"), "three commits of 10: \(run.output)")
    }

    /// The `<number> s` figures of a table row.
    private static func seconds(_ line: Substring) -> [Double] {
        let words = line.split(separator: " ")
        return words.indices.dropFirst().compactMap { index in
            words[index] == "s" ? Double(words[index - 1]) : nil
        }
    }
}
