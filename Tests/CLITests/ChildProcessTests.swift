import Foundation
import HearthTestSupport
import Testing

/// The posix_spawn-based child process every test and `hearth-bench` start programs with (instead of
/// Foundation's `Process`, which can crash the test process on Linux).
@Suite("ChildProcess")
struct ChildProcessTests {
    @Test func capturesStatus_output_errors_andInput() async throws {
        let run = try ChildProcess.runBlocking(
            "/bin/sh", ["-c", "read line; echo \"got $line\"; echo oops >&2; exit 3"], input: "hello\n"
        )
        #expect(run.status == 3)
        #expect(run.output == "got hello\n")
        #expect(run.errors == "oops\n")
    }

    @Test func runsInTheDirectory_withTheEnvironmentGiven() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-child-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try ChildProcess.runBlocking(
            "/bin/sh", ["-c", "pwd; echo \"$HEARTH_CHILD_TEST\""], environment: ["HEARTH_CHILD_TEST": "it is set"],
            directory: directory.path, mergeErrors: true
        )
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(
            URL(fileURLWithPath: lines.first ?? "").resolvingSymlinksInPath().path
                == directory.resolvingSymlinksInPath().path)
        #expect(lines.last == "it is set")
    }

    @Test func aKilledChild_reports128PlusTheSignal_andATimeoutKills() async throws {
        let child = try ChildProcess("/bin/sleep", ["30"])
        #expect(child.isRunning)
        child.kill()
        #expect(await child.exitStatus() == 128 + SIGKILL)
        #expect(!child.isRunning)

        let started = ContinuousClock.now
        let run = try await ChildProcess.run("/bin/sleep", ["30"], timeout: .milliseconds(200))
        #expect(run.status == 128 + SIGKILL)
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test func aMissingExecutable_throwsNamingIt() async {
        #expect {
            try ChildProcess("/nonexistent/hearth-no-such-program", [])
        } throws: { error in
            "\(error)".contains("/nonexistent/hearth-no-such-program")
        }
    }
}
