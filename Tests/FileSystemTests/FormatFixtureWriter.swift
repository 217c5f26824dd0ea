import Foundation
import HearthApplication
import HearthDomain
@testable import HearthFileSystem
import HearthLocalEngine
import Testing

/// Writes the stores of `Tests/Fixtures/FileStoreV1` (run once, with the code of format version 1:
/// `HEARTH_WRITE_FORMAT_FIXTURE=<folder> swift test --filter FormatFixtureWriter`).
@Suite("Format fixture writer")
struct FormatFixtureWriter {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["HEARTH_WRITE_FORMAT_FIXTURE"] != nil))
    func writeFixtureStores() async throws {
        let root = URL(fileURLWithPath: try #require(ProcessInfo.processInfo.environment["HEARTH_WRITE_FORMAT_FIXTURE"]))
        let logOnly = root.appendingPathComponent("log-only")
        let withSnapshot = root.appendingPathComponent("snapshot-and-log")
        let database = try DatabaseID(projectID: "hearth-fixture")
        let clock = ManualClock()

        var store = try FileSystemDocumentStore(directory: withSnapshot, database: database, clock: clock)
        for writes in try FormatFixture.firstCommits() {
            clock.advance(by: .milliseconds(1))
            _ = try await store.commit(writes, transaction: nil)
        }
        try await store.close()
        try FileManager.default.copyItem(at: withSnapshot, to: logOnly)
        store = try FileSystemDocumentStore(directory: logOnly, database: database, clock: clock)
        _ = try await store.exportDocuments(to: root.appendingPathComponent("log-only.expected.jsonl"))
        try await store.close()

        store = try FileSystemDocumentStore(directory: withSnapshot, database: database, clock: clock)
        try await store.compact()
        for writes in try FormatFixture.laterCommits() {
            clock.advance(by: .milliseconds(1))
            _ = try await store.commit(writes, transaction: nil)
        }
        _ = try await store.exportDocuments(to: root.appendingPathComponent("snapshot-and-log.expected.jsonl"))
        try await store.close()
        for folder in [logOnly, withSnapshot] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("LOCK"))
        }
    }
}

/// What the fixture stores hold.
enum FormatFixture {
    static func firstCommits() throws -> [[Write]] {
        [
            [.update(try DocumentPath("kinds/all"), fields: try everyKindOfValue())],
            [
                .update(try DocumentPath("users/ana"), fields: ["name": "Ana", "visits": 1, "tags": ["yoga"]]),
                .update(try DocumentPath("users/ben"), fields: ["name": "Ben", "visits": 2]),
                .update(try DocumentPath("users/ana/visits/v1"), fields: ["at": .timestamp(try Timestamp(seconds: 1_704_067_200, nanoseconds: 5_000))]),
            ],
            [.update(try DocumentPath("users/ana"), fields: ["name": "Ana", "visits": 2, "tags": ["yoga", "swim"]])],
            [.update(try DocumentPath("odd/..\u{0}LOCK a\\b"), fields: ["id": "odd"])],
            [.delete(try DocumentPath("users/ben"))],
        ]
    }

    static func laterCommits() throws -> [[Write]] {
        [
            [.update(try DocumentPath("users/cleo"), fields: ["name": "Cleo", "visits": 7])],
            [.update(try DocumentPath("users/ana"), fields: ["name": "Ana", "visits": 3])],
            [.delete(try DocumentPath("odd/..\u{0}LOCK a\\b"))],
        ]
    }
}
