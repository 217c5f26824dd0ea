import Foundation
import HearthApplication
import HearthDomain
@testable import HearthFileSystem
import HearthLocalEngine
import HearthPort
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("FileSystemDocumentStore: durability across reopenings")
struct FileSystemDocumentStoreTests {
    @Test func commit_thenReopen_readsTheCommittedDocument() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory)
        let written = try await store.commit(
            [.update(try path("users/alice"), fields: ["name": "Alice", "age": 42])], transaction: nil)
        try await store.close()

        let reopened = try await makeStore(directory)
        let document = try await reopened.getDocument(try path("users/alice"), mask: nil, consistency: .latest)

        #expect(document?.fields == ["name": "Alice", "age": 42])
        #expect(document?.updateTime == written.commitTime)
        #expect(document?.createTime == written.commitTime)
        #expect(try await reopened.recovery.replayedBatches == 1)
        try await reopened.close()
    }

    @Test func deleteAndUpdate_thenReopen_keepTheFinalState() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory)
        _ = try await store.commit(
            [.update(try path("c/a"), fields: ["n": 1]), .update(try path("c/b"), fields: ["n": 1])], transaction: nil)
        _ = try await store.commit(
            [.delete(try path("c/a")), .update(try path("c/b"), fields: ["n": 2])], transaction: nil)
        let before = try await allDocuments(store)
        try await store.close()

        let reopened = try await makeStore(directory)

        #expect(try await allDocuments(reopened) == before)
        #expect(before.map(\.path.path) == ["c/b"])
        try await reopened.close()
    }

    @Test func slowerFlushProbe_delaysEveryDurableCommit_andStillPersistsIt() async throws {
        let directory = try TemporaryDirectory()
        let store = try await FileSystemDocumentStore.withSlowerFlush(
            directory: directory.url,
            database: try DatabaseID(projectID: "hearth-filestore"),
            options: .init(),
            flushDelay: .milliseconds(40)
        )
        let clock = ContinuousClock()
        let started = clock.now
        _ = try await store.commit([.update(try path("c/slow"), fields: ["n": 1])], transaction: nil)
        let elapsed = clock.now - started
        try await store.close()

        #expect(elapsed >= .milliseconds(40), "the commit returned after \(elapsed), before its delayed flush")
        let reopened = try await makeStore(directory)
        #expect(try await reopened.getDocument(try path("c/slow"), mask: nil, consistency: .latest)?.fields == ["n": 1])
        try await reopened.close()
    }

    @Test func storeReleasedWithoutClose_canBeReopenedOnceItsWriterStopped() async throws {
        let directory = try TemporaryDirectory()
        do {
            let store = try await makeStore(directory)
            _ = try await store.commit([.update(try path("c/a"), fields: ["n": 1])], transaction: nil)
        }

        let reopened = try await openEventually(directory)

        #expect(try await reopened.getDocument(try path("c/a"), mask: nil, consistency: .latest)?.fields == ["n": 1])
        try await reopened.close()
    }

    @Test func everyValueKind_survivesTheLogAndTheSnapshot() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory)
        let fields = try everyKindOfValue()
        _ = try await store.commit([.update(try path("kinds/all"), fields: fields)], transaction: nil)
        let fromLog = try await store.getDocument(try path("kinds/all"), mask: nil, consistency: .latest)
        try await store.close()

        let replayed = try await makeStore(directory)
        #expect(try await replayed.getDocument(try path("kinds/all"), mask: nil, consistency: .latest) == fromLog)
        try await replayed.compact()
        try await replayed.close()
        let restored = try await makeStore(directory)

        #expect(try await restored.getDocument(try path("kinds/all"), mask: nil, consistency: .latest) == fromLog)
        #expect(try await restored.recovery.snapshotDocuments == 1)
        #expect(try await restored.recovery.replayedBatches == 0)
        try await restored.close()
    }

    @Test func commitTimes_keepIncreasingAcrossReopenings_evenWhenTheClockIsBehind() async throws {
        let directory = try TemporaryDirectory()
        let clock = ManualClock(start: try Timestamp(seconds: 2_000_000_000))
        let store = try await makeStore(directory, clock: clock)
        let first = try await store.commit([.update(try path("c/a"), fields: ["n": 1])], transaction: nil)
        try await store.close()

        clock.set(try Timestamp(seconds: 1_000_000_000))
        let reopened = try await makeStore(directory, clock: clock)
        let second = try await reopened.commit([.update(try path("c/a"), fields: ["n": 2])], transaction: nil)

        #expect(second.commitTime > first.commitTime)
        try await reopened.close()
    }

    @Test func documentIDs_withPathLikeCharacters_neverBecomeFileNames() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory)
        let ids = [
            "..%2F..%2Fetc", "...", "a\\b", "nul\u{0}byte", "LOCK", "snapshot.hearth", "log-0000000000000001.hearth",
            "ü é 🔥", String(repeating: "x", count: 1_500),
        ]
        let paths = try ids.map { try CollectionPath("odd").document($0) }
        _ = try await store.commit(
            paths.map { Write.update($0, fields: ["id": .string($0.documentID)]) }, transaction: nil)
        try await store.close()

        let reopened = try await makeStore(directory)
        let read = try await reopened.batchGetDocuments(paths, mask: nil, consistency: .latest)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()

        #expect(read.documents.map { $0.document?.fields["id"] } == ids.map { .string($0) })
        #expect(names == ["LOCK", "log-0000000000000001.hearth"])
        try await reopened.close()
    }

    @Test func secondOpen_whileOpen_failsWithFailedPreconditionNamingTheLock() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory)

        let error = try await #require(throws: DocumentStoreError.self) { try await makeStore(directory) }

        #expect(error.code == .failedPrecondition)
        #expect(error.message.contains(directory.file("LOCK").path))
        try await store.close()
        let reopened = try await makeStore(directory)
        try await reopened.close()
    }

    @Test func closedStore_refusesEveryCall() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory)
        try await store.close()

        let commit = await #expect(throws: DocumentStoreError.self) {
            _ = try await store.commit([.update(try path("c/a"), fields: [:])], transaction: nil)
        }
        let read = await #expect(throws: DocumentStoreError.self) {
            _ = try await store.getDocument(try path("c/a"), mask: nil, consistency: .latest)
        }

        #expect(commit?.code == .failedPrecondition)
        #expect(read?.code == .failedPrecondition)
        try await store.close()
    }

    @Test func close_endsRunningListenersWithoutAnError() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory)
        var iterator = store.listen(.document(try path("c/a"))).makeAsyncIterator()
        _ = try await iterator.next()

        try await store.close()
        let after = try await iterator.next()

        #expect(after == nil)
    }

    @Test func compact_replacesTheLogWithASnapshot() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory)
        for index in 0..<20 {
            _ = try await store.commit(
                [.update(try path("c/d\(index)"), fields: ["n": .integer(Int64(index))])], transaction: nil)
        }
        let before = try await allDocuments(store)

        try await store.compact()
        try await store.close()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let reopened = try await makeStore(directory)

        #expect(names == ["LOCK", "log-0000000000000002.hearth", "snapshot.hearth"])
        #expect(try await allDocuments(reopened) == before)
        #expect(try await reopened.recovery.snapshotDocuments == 20)
        #expect(try await reopened.recovery.replayedBatches == 0)
        try await reopened.close()
    }

    @Test func compact_whileOthersCommit_losesNoCommit() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory)

        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for index in 0..<25 {
                        _ = try await store.commit(
                            [.update(try path("w\(writer)/d\(index)"), fields: ["n": .integer(Int64(index))])],
                            transaction: nil)
                    }
                }
            }
            group.addTask {
                for _ in 0..<5 { try await store.compact() }
            }
            try await group.waitForAll()
        }
        let before = try await allDocuments(store)
        try await store.close()
        let reopened = try await makeStore(directory)

        #expect(before.count == 100)
        #expect(try await allDocuments(reopened) == before)
        try await reopened.close()
    }

    @Test func logPastTheThreshold_isCompactedAutomatically() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory, options: .init(compactionThreshold: 4096))
        let filler = String(repeating: "f", count: 500)
        for index in 0..<40 {
            _ = try await store.commit(
                [
                    .update(
                        try path("c/d\(index % 5)"), fields: ["filler": .string(filler), "n": .integer(Int64(index))])
                ], transaction: nil)
        }

        let compacted = await eventually { store.statistics.compactions > 0 }
        let before = try await allDocuments(store)
        try await store.close()
        let reopened = try await makeStore(directory)

        #expect(compacted)
        #expect(try await allDocuments(reopened) == before)
        #expect(try await reopened.recovery.snapshotDocuments > 0)
        try await reopened.close()
    }

    @Test func relaxedDurability_keepsCommitsAcrossReopenings() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory, options: .init(durability: .relaxed(syncInterval: .seconds(60))))
        for index in 0..<10 {
            _ = try await store.commit(
                [.update(try path("c/d\(index)"), fields: ["n": .integer(Int64(index))])], transaction: nil)
        }
        try await store.close()

        let reopened = try await makeStore(directory)

        #expect(try await allDocuments(reopened).count == 10)
        try await reopened.close()
    }

    @Test func changeObservers_hearOfACommitOnlyOnceItIsDurable() async throws {
        let directory = try TemporaryDirectory()
        let gate = Gate()
        let store = try await makeStore(
            directory,
            faults: FileFaults(blocking: true) { operation, name in
                if operation == .sync, name.hasPrefix("log-") { gate.passOrWait() }
                return nil
            })
        let heard = Mutex<[Timestamp]>([])
        let observation = store.engine.observeChanges { changes in heard.withLock { $0.append(changes.commitTime) } }
        gate.close()

        let commit = Task { try await store.commit([.update(try path("c/a"), fields: ["n": 1])], transaction: nil) }
        let flushing = await eventually { gate.waiting == 1 }
        let heardWhileFlushing = heard.withLock { $0 }
        gate.open()
        let response = try await commit.value

        #expect(flushing)
        #expect(heardWhileFlushing.isEmpty)
        #expect(heard.withLock { $0 } == [response.commitTime])
        observation.cancel()
        try await store.close()
    }

    @Test func changeObservers_neverHearOfACommitThatFailedToFlush() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(
            directory,
            faults: FileFaults { operation, name in operation == .sync && name == RecoveryTests.firstLog ? EIO : nil })
        let heard = Mutex(0)
        let observation = store.engine.observeChanges { _ in heard.withLock { $0 += 1 } }

        await #expect(throws: DocumentStoreError.self) {
            _ = try await store.commit([.update(try path("c/a"), fields: ["n": 1])], transaction: nil)
        }

        #expect(heard.withLock { $0 } == 0)
        #expect(try await store.getDocument(try path("c/a"), mask: nil, consistency: .latest) == nil)
        observation.cancel()
        await #expect(throws: DocumentStoreError.self) { try await store.close() }
    }

    @Test func concurrentCommits_duringOneFlush_shareTheNextFlush() async throws {
        let directory = try TemporaryDirectory()
        let gate = Gate()
        let faults = FileFaults(blocking: true) { operation, name in
            if operation == .sync, name.hasPrefix("log-") { gate.passOrWait() }
            return nil
        }
        let store = try await makeStore(directory, faults: faults)
        gate.close()

        let first = Task { try await store.commit([.update(try path("c/first"), fields: [:])], transaction: nil) }
        #expect(await eventually { gate.waiting == 1 })
        let others = (0..<7).map { index in
            Task { try await store.commit([.update(try path("c/other\(index)"), fields: [:])], transaction: nil) }
        }
        #expect(await eventually { store.writer.queuedCount == 7 })
        let flushesBefore = store.statistics.flushes
        gate.open()
        _ = try await first.value
        for other in others { _ = try await other.value }

        #expect(store.statistics.flushes - flushesBefore == 2)
        try await store.close()
    }
}

// MARK: - Helpers

func makeStore(
    _ directory: TemporaryDirectory,
    options: FileSystemDocumentStore.Options = .init(),
    clock: any EngineClock = SystemClock(),
    faults: FileFaults = .none
) async throws -> FileSystemDocumentStore {
    try await FileSystemDocumentStore.open(
        .init(
            directory: directory.url, database: try DatabaseID(projectID: "hearth-filestore"), options: options,
            clock: clock, faults: faults)
    )
}

func path(_ text: String) throws -> DocumentPath {
    try DocumentPath(text)
}

/// Every document of every collection group, sorted by path.
func allDocuments(_ store: some DocumentStore) async throws -> [Document] {
    let everything = StructuredQuery(from: CollectionSelector(collectionID: "", allDescendants: true))
    var documents: [Document] = []
    for try await element in store.runQuery(parent: nil, query: everything, consistency: .latest) {
        if let document = element.document { documents.append(document) }
    }
    return documents.sorted { $0.path < $1.path }
}

/// Opens a store whose previous instance was released without `close()`: its writer releases the lock
/// shortly after.
func openEventually(_ directory: TemporaryDirectory) async throws -> FileSystemDocumentStore {
    for _ in 0..<200 {
        do {
            return try await makeStore(directory)
        } catch let error as DocumentStoreError where error.code == .failedPrecondition {
            try await Task.sleep(for: .milliseconds(10))
        }
    }
    return try await makeStore(directory)
}

/// Polls `condition` for up to 10 seconds; whether it became true.
func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<1_000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

func everyKindOfValue() throws -> MapValue {
    let database = try DatabaseID(projectID: "hearth-filestore")
    return [
        "null": .null,
        "true": true,
        "false": false,
        "int": .integer(Int64.min),
        "intMax": .integer(Int64.max),
        "double": .double(-1.5e300),
        "nan": .double(.nan),
        "infinity": .double(-.infinity),
        "timestamp": .timestamp(try Timestamp(seconds: -62_135_596_800, nanoseconds: 999_999_000)),
        "string": "héllo \u{0} wörld 🔥",
        "empty": "",
        "bytes": .bytes(Data([0, 1, 2, 255])),
        "reference": .reference(DocumentName(database: database, path: try DocumentPath("a/b/c/d"))),
        "geo": .geoPoint(try GeoPoint(latitude: -90, longitude: 180)),
        "array": [1, "two", ["three": 3, "list": []]],
        "map": ["nested": ["deeper": [true, .null]], "`odd key`": "x"],
        "é": "precomposed",
        "e\u{301}": "decomposed",
    ]
}

/// A gate a system call can wait at: closed, callers wait until it opens.
final class Gate: Sendable {
    private let state = Mutex((closed: false, waiting: 0))
    private let opened = DispatchSemaphore(value: 0)

    func close() { state.withLock { $0.closed = true } }

    func open() {
        let waiting = state.withLock { state in
            state.closed = false
            defer { state.waiting = 0 }
            return state.waiting
        }
        for _ in 0..<waiting { opened.signal() }
    }

    var waiting: Int { state.withLock { $0.waiting } }

    func passOrWait() {
        let mustWait = state.withLock { state in
            if state.closed { state.waiting += 1 }
            return state.closed
        }
        if mustWait { opened.wait() }
    }
}
