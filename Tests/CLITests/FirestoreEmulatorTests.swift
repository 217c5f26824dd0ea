import Foundation
import HearthTestSupport
import Testing

/// `HEARTH_STORE=firestore` against Google's emulator: the same command, the REST adapter underneath.
@Suite(
    "hearth on the Firestore emulator",
    .enabled(if: HearthProcess.executable != nil, "the hearth executable is not built"),
    .enabled(if: FirestoreEmulator.availability.isAvailable, "\(FirestoreEmulator.availability.reason)")
)
struct FirestoreEmulatorTests {
    @Test func demo_runsOnFirestore_andASecondRunShowsTheFirstRunsData() async throws {
        let workspace = try await emulatorWorkspace()
        defer { workspace.remove() }

        let first = try await workspace.run(["demo"])
        let second = try await workspace.run(["demo"])

        #expect(first.status == 0, "\(first)")
        #expect(first.standardOutput.contains("(emulator) store (development)"))
        #expect(first.standardOutput.contains("First run on this store"))
        #expect(
            first.standardOutput.contains("active classes in the week of 2 March: Yoga Mon 2 07:30, Yoga Wed 4 07:30"))
        #expect(second.status == 0, "\(second)")
        #expect(second.standardOutput.contains("Welcome back: 3 members registered on a previous run"))
        #expect(!workspace.directory.exists(".hearth"))
    }

    @Test func theDocumentCommands_workOnFirestore() async throws {
        let workspace = try await emulatorWorkspace()
        defer { workspace.remove() }

        try await workspace.succeed(["set", "members/ana", #"{"name":"Ana","age":30}"#])
        try await workspace.succeed(["set", "members/bea", #"{"name":"Bea","age":40}"#])
        try await workspace.succeed(["update", "members/ana", #"{"age":31}"#])
        let get = try await workspace.succeed(["get", "members/ana"])
        let query = try await workspace.succeed([
            "query", "members", "--where", "age > 30", "--order-by", "age", "desc",
        ])
        let count = try await workspace.succeed(["count", "members"])
        let export = try await workspace.succeed(["export"])
        try await workspace.succeed(["delete", "members/bea"])

        #expect(get.standardOutput.contains(#""age": 31"#))
        #expect(query.outputLines.count == 2)
        #expect(query.outputLines.first?.contains(#""path":"members/bea""#) == true)
        #expect(count.standardOutput == "2\n")
        #expect(export.outputLines.count == 2)
        #expect(try await workspace.succeed(["collections"]).outputLines == ["members"])
        #expect(try await workspace.run(["get", "members/bea"]).status == 1)
    }

    /// `hearth watch` on Firestore prints a change another client (`curl`, on the REST API) makes.
    @Test func watch_printsAChangeMadeByCurl() async throws {
        let emulator = try await FirestoreEmulator.sharedForListeners()
        let workspace = try await emulatorWorkspace(emulator)
        defer { workspace.remove() }
        let curl = try #require(ChildProcess.which("curl"), "curl is needed to write as another client")
        try await workspace.succeed(["set", "members/ana", #"{"name":"Ana"}"#])
        let output = workspace.directory.url.appendingPathComponent("watch.out")
        let watch = try workspace.hearth.start(["watch", "members"], output: output)
        defer { watch.kill() }
        func lines() -> [String] {
            ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        func waitFor(_ text: String, within limit: Duration) async -> Duration? {
            let start = ContinuousClock.now
            while ContinuousClock.now - start < limit {
                if lines().contains(where: { $0.contains(text) }) { return ContinuousClock.now - start }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return nil
        }
        #expect(await waitFor(#""path":"members/ana""#, within: .seconds(60)) != nil, "\(lines())")

        let project = try #require(workspace.hearth.environment["GOOGLE_CLOUD_PROJECT"])
        let url = "\(emulator.baseURL)/v1/projects/\(project)/databases/(default)/documents/members?documentId=cid"
        let write = try await ChildProcess.run(
            curl,
            [
                "-sS", "-f", "-X", "POST", "-H", "Authorization: Bearer owner", "-H", "Content-Type: application/json",
                "--data", #"{"fields":{"name":{"stringValue":"Cid"}}}"#, url,
            ], timeout: .seconds(30))
        #expect(write.status == 0, "\(write.errors)")
        let latency = await waitFor(
            #"{"type":"added","path":"members/cid","fields":{"name":"Cid"}}"#, within: .seconds(30))

        #expect(latency != nil, "\(lines())")
        // Pushed over WebChannel (the default), a change arrives in tens of milliseconds on an idle
        // machine; issue 15 asks for "within a second" (polling, the fallback, would take up to a second
        // more). The test runs in scripts/test's second, timed pass, where the suite's load is absent.
        if let latency { #expect(latency < .seconds(1), "the change took \(latency)") }
    }

    /// An idle push listener should cost no CPU. On Linux before Swift 6.4 it does not:
    /// FoundationNetworking keeps a write-readiness source on a connection opened for a long-lived
    /// response, and it fires without end (`hearth watch` on a quiet collection used 18 s of CPU in 20 s).
    /// Sending the back channel on a connection already open removes it (1 CPU tick in 10 idle seconds),
    /// but on 6.3 reusing a connection the server has just closed traps inside FoundationNetworking
    /// (swift-corelibs-foundation#5285, fixed for 6.4; a clean-clone CI run with the fix crashed there
    /// twice), so the connector does it from Swift 6.4 only and the spin is a known issue before
    /// (Docs/FirestoreRESTAdapter.md). Measured from /proc.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat"), "reads /proc"))
    func watch_idle_usesNoCPU() async throws {
        let emulator = try await FirestoreEmulator.sharedForListeners()
        let workspace = try await emulatorWorkspace(emulator)
        defer { workspace.remove() }
        try await workspace.succeed(["set", "quiet/a", #"{"n":1}"#])
        let output = workspace.directory.url.appendingPathComponent("watch.out")
        let watch = try workspace.hearth.start(["watch", "quiet"], output: output)
        defer { watch.kill() }
        let start = ContinuousClock.now
        while ((try? String(contentsOf: output, encoding: .utf8)) ?? "").isEmpty,
            ContinuousClock.now - start < .seconds(60)
        {
            try await Task.sleep(for: .milliseconds(20))
        }
        try await Task.sleep(for: .milliseconds(500))

        let before = try await cpuSeconds(of: watch.processIdentifier)
        try await Task.sleep(for: .seconds(3))
        let used = try await cpuSeconds(of: watch.processIdentifier) - before

        #if canImport(FoundationNetworking) && !compiler(>=6.4)
        // Intermittent: FoundationNetworking creates the write source later, on its work queue, and not
        // in every race, so some runs measure an idle listener under the bound.
        withKnownIssue(
            "before Swift 6.4 an idle push listener spins on FoundationNetworking's write source (issue 15)",
            isIntermittent: true
        ) {
            #expect(used < 0.5, "an idle push listener used \(used) s of CPU in 3 s")
        }
        #else
        #expect(used < 0.5, "an idle push listener used \(used) s of CPU in 3 s")
        #endif
    }

    /// User plus system CPU time of process `pid`, from `/proc/<pid>/stat` (clock ticks of 1/100 s).
    private func cpuSeconds(of pid: Int32) async throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name, which is in parentheses and may hold spaces.
        let afterName = try #require(stat.split(separator: ")").last).split(separator: " ")
        let user = try #require(Double(afterName[11]))
        let system = try #require(Double(afterName[12]))
        return (user + system) / 100
    }

    private func emulatorWorkspace(_ given: FirestoreEmulator? = nil) async throws -> Workspace {
        let emulator: FirestoreEmulator
        if let given { emulator = given } else { emulator = try await FirestoreEmulator.shared() }
        return try Workspace(
            store: "firestore",
            environment: [
                "FIRESTORE_EMULATOR_HOST": emulator.hostAndPort,
                "GOOGLE_CLOUD_PROJECT": FirestoreEmulator.newProjectID(prefix: "cli"),
            ]
        )
    }
}
