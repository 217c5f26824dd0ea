import Foundation
import HearthDomain
@testable import HearthFileSystem
@testable import HearthLocalEngine
import HearthPort
import Testing

@Suite("File format versions: one encode per document, older stores open, newer ones are refused")
struct FormatVersionTests {
    // MARK: One encode per document

    @Test func commit_logsTheRecordTheEngineKeeps_byteForByte() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory)
        let written = try path("kinds/all")
        _ = try await store.commit(
            [.update(written, fields: try everyKindOfValue()), .delete(try path("kinds/none"))], transaction: nil)
        _ = try await store.commit([.update(try path("kinds/other"), fields: ["a": 1])], transaction: nil)
        let kept = try #require(storedRecord(of: written, in: store.engine))
        try await store.close()

        let batches = try loggedBatches(directory.file(RecoveryTests.firstLog))

        #expect(batches.count == 2)
        #expect(
            batches.first?.documents.map(\.record) == [kept], "the log holds the engine's record, not a second encoding"
        )
        #expect(kept.bytes.first.map { $0 & 4 } == 0, "a durable engine's records spell field names out")
    }

    // MARK: Format version 1

    @Test(arguments: ["log-only", "snapshot-and-log"])
    func version1Store_opensWithEveryDocument_andWritesOnlyCurrentVersionFiles(fixture: String) async throws {
        let directory = try copyOfFixture(fixture)
        let expected = try String(
            contentsOf: Self.fixtures.appendingPathComponent("\(fixture).expected.jsonl"), encoding: .utf8)
        let oldFiles = try storeFiles(directory)

        let store = try await openFixture(directory)
        let exported = try await export(store, directory)
        _ = try await store.commit([.update(try path("users/dana"), fields: ["name": "Dana"])], transaction: nil)
        try await store.close()
        let reopened = try await openFixture(directory)
        let afterReopen = try await reopened.getDocument(try path("users/dana"), mask: nil, consistency: .latest)
        let exportedAgain = try await export(reopened, directory)
        let filesBeforeCompaction = try storeFiles(directory)
        try await reopened.compact()
        try await reopened.close()
        let compacted = try await openFixture(directory)
        let afterCompaction = try await export(compacted, directory)
        try await compacted.close()

        #expect(exported == expected)
        #expect(afterReopen?.fields == ["name": "Dana"])
        #expect(exportedAgain.count > expected.count && exportedAgain.contains(#"documents/users/dana""#))
        for (name, version) in filesBeforeCompaction {
            #expect(
                version == oldFiles[name] ?? FileHeader.currentVersion,
                "\(name): old files are kept as they were, new ones are of the current version")
        }
        #expect(filesBeforeCompaction.values.contains(FileHeader.currentVersion))
        #expect(
            try storeFiles(directory).values.allSatisfy { $0 == FileHeader.currentVersion },
            "compaction leaves files of the current version only")
        #expect(afterCompaction == exportedAgain)
    }

    @Test func version1Log_cutShort_opensAtItsLastCompleteBatch_andIsFollowedByALogOfTheCurrentVersion() async throws {
        let directory = try copyOfFixture("log-only")
        let log = directory.file(RecoveryTests.firstLog)
        var bytes = try Data(contentsOf: log)
        let offsets = try recordOffsets(bytes)
        bytes = bytes.prefix(offsets[offsets.count - 1] + 7)
        try bytes.write(to: log)

        let store = try await openFixture(directory)
        let ben = try await store.getDocument(try path("users/ben"), mask: nil, consistency: .latest)
        _ = try await store.commit([.update(try path("users/dana"), fields: [:])], transaction: nil)
        try await store.close()
        let reopened = try await openFixture(directory)
        let dana = try await reopened.getDocument(try path("users/dana"), mask: nil, consistency: .latest)
        try await reopened.close()

        #expect(ben != nil, "the torn last batch (the deletion of users/ben) is dropped")
        #expect(dana != nil)
        #expect(
            try storeFiles(directory) == [
                RecoveryTests.firstLog: 1, "log-0000000000000002.hearth": FileHeader.currentVersion,
            ])
    }

    // MARK: Newer versions

    @Test func newerSnapshotFormat_isRefusedNamingTheFileAndBothVersions() async throws {
        let directory = try TemporaryDirectory()
        try await writeCompactedStore(directory)
        let snapshot = directory.file(StoreDirectory.snapshotName)
        try rewriteHeader(snapshot, kind: .snapshot) { $0.version = FileHeader.currentVersion + 1 }

        let error = try await #require(throws: DocumentStoreError.self) { try await makeStore(directory) }

        #expect(error.code == .failedPrecondition, "\(error)")
        #expect(error.message.contains("\(snapshot.path) has format version 4"), "\(error)")
        #expect(error.message.contains("format versions 1 to 3"), "\(error)")
    }

    // MARK: - Helpers

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/FileStoreV1")

    private func copyOfFixture(_ name: String) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for file in try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.appendingPathComponent(name).path)
        {
            try FileManager.default.copyItem(
                at: Self.fixtures.appendingPathComponent(name).appendingPathComponent(file), to: directory.file(file))
        }
        return directory
    }

    private func openFixture(_ directory: TemporaryDirectory) async throws -> FileSystemDocumentStore {
        try await FileSystemDocumentStore.open(
            directory: directory.url, database: try DatabaseID(projectID: "hearth-fixture"))
    }

    private func export(_ store: FileSystemDocumentStore, _ directory: TemporaryDirectory) async throws -> String {
        let file = directory.file("export-\(UUID().uuidString).jsonl.out")
        _ = try await store.exportDocuments(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try String(contentsOf: file, encoding: .utf8)
    }

    /// The format version of each log and snapshot file of the store.
    private func storeFiles(_ directory: TemporaryDirectory) throws -> [String: UInt32] {
        var versions: [String: UInt32] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".hearth")
        {
            let bytes = [UInt8](try Data(contentsOf: directory.file(name)).prefix(FileHeader.size))
            let kind: FileHeader.Kind = name == StoreDirectory.snapshotName ? .snapshot : .log
            versions[name] = try FileHeader.decode(bytes, kind: kind, file: name).version
        }
        return versions
    }

    private func rewriteHeader(_ file: URL, kind: FileHeader.Kind, _ change: (inout FileHeader) -> Void) throws {
        var bytes = try Data(contentsOf: file)
        var header = try FileHeader.decode([UInt8](bytes.prefix(FileHeader.size)), kind: kind, file: file.path)
        change(&header)
        bytes.replaceSubrange(0..<FileHeader.size, with: header.encoded())
        try bytes.write(to: file)
    }

    private func loggedBatches(_ log: URL) throws -> [CommittedBatch] {
        try decodedRecords(try Data(contentsOf: log), version: FileHeader.currentVersion).map { decoded in
            guard case .batch(let batch) = decoded else { throw DocumentStoreError(.internal, "not a batch") }
            return batch
        }
    }

    private func storedRecord(of path: DocumentPath, in engine: LocalEngine) -> DocumentRecord? {
        engine.state.withLock { state in
            state.storage.collections[path.parent]?.chain(path.documentID)?.head?.record
        }
    }
}
