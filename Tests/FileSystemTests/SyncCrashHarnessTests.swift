import Foundation
import HearthTestSupport
import Testing

/// The cached database's crash harness (`hearth-bench sync-crash`) in CI, at 10 kills: a child queues
/// writes in a cached database (this target's file store as the cache, the emulator behind the harness's
/// proxy as the remote) while the harness kills it and cuts its network; at the end every write
/// acknowledged locally is on the server exactly once and the cache holds what the server holds.
/// (Here because this target already builds `hearth-bench` for the file store's crash harness.)
@Suite(
    "CachedDocumentStore: sync-crash harness",
    .enabled(if: FirestoreEmulator.availability.isAvailable, "\(FirestoreEmulator.availability.reason)"))
struct SyncCrashHarnessTests {
    @Test(.timeLimit(.minutes(3)))
    func tenKills_loseNothing_duplicateNothing_andTheCacheConverges() async throws {
        let emulator = try await FirestoreEmulator.shared()
        let directory = try TemporaryDirectory("hearth-sync-crash-ci")

        let run = try await runBench([
            "sync-crash", "--kills", "10", "--max-life-ms", "800", "--emulator", emulator.hostAndPort, "--dir",
            directory.path, "--drain-timeout-s", "120",
        ])

        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("lost acknowledged writes                    0"), "\(run.output)")
        #expect(run.output.contains("duplicated writes (applied > 1)             0"), "\(run.output)")
        #expect(run.output.contains("divergent documents (cache vs server)       0"), "\(run.output)")
        #expect(run.output.contains("RESULT: PASS"), "\(run.output)")
    }
}
