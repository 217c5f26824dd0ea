import Foundation
import HearthContract
import HearthDomain
@testable import HearthFileSystem
import HearthLocalEngine
import HearthPort
import Synchronization
import Testing

/// Opening off the cooperative pool: `open` recovers on a Dispatch queue; `openInBackground` takes the
/// lock at once and every operation waits for recovery (or throws its failure, naming the directory).
/// No long work under the engine's lock during an export. And `listen` racing `close()` always ends.
@Suite("FileSystemDocumentStore: opening, and export outside the lock")
struct OpeningTests {
    @Test func openInBackground_operationsAndListenersWaitForRecovery() async throws {
        let directory = try TemporaryDirectory()
        let first = try await makeStore(directory)
        _ = try await first.commit([.update(try path("c/a"), fields: ["n": 1])], transaction: nil)
        try await first.close()
        let (store, gate) = try openHeldAtRecovery(directory)

        let read = Task { try await store.getDocument(try path("c/a"), mask: nil, consistency: .latest) }
        var listener = store.listen(
            .query(parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: "c"))),
            options: ListenOptions()
        )
        .makeAsyncIterator()
        let recovering = await eventually { gate.waiting == 1 }
        try await Task.sleep(for: .milliseconds(50))
        let statisticsWhileRecovering = store.statistics.activeLogGeneration
        gate.open()
        let document = try await read.value
        let firstSnapshot = try await listener.next()

        #expect(recovering)
        #expect(statisticsWhileRecovering == 0)
        #expect(document?.fields == ["n": 1])
        #expect(firstSnapshot?.documents.map(\.path.path) == ["c/a"])
        #expect(try await store.recovery.replayedBatches == 1)
        try await store.close()
    }

    @Test func openInBackground_onDamagedFiles_everyOperationThrowsTheFailureNamingTheDirectory() async throws {
        let directory = try TemporaryDirectory()
        try Data("not a snapshot".utf8).write(to: directory.url.appendingPathComponent(StoreDirectory.snapshotName))

        let store = try openInBackground(directory)
        let read = await #expect(throws: DocumentStoreError.self) {
            _ = try await store.getDocument(try path("c/a"), mask: nil, consistency: .latest)
        }
        let commit = await #expect(throws: DocumentStoreError.self) {
            _ = try await store.commit([.update(try path("c/a"), fields: [:])], transaction: nil)
        }
        let listen = await ListenCloseRace.consume(store.listen(.document(try path("c/a")), options: ListenOptions()))
        let recovery = await #expect(throws: DocumentStoreError.self) { _ = try await store.recovery }
        try await store.close()
        let again = try openInBackground(directory)
        try await again.close()

        #expect(read?.code == .dataLoss)
        #expect(read?.message.contains(directory.url.path) == true, "\(read?.message ?? "")")
        #expect(commit?.code == .dataLoss)
        #expect(recovery?.code == .dataLoss)
        #expect(listen == .failed(.dataLoss))
    }

    @Test func open_onDamagedFiles_throwsAndReleasesTheLock() async throws {
        let directory = try TemporaryDirectory()
        try Data("not a snapshot".utf8).write(to: directory.url.appendingPathComponent(StoreDirectory.snapshotName))

        let error = await #expect(throws: DocumentStoreError.self) { _ = try await makeStore(directory) }
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent(StoreDirectory.snapshotName))
        let reopened = try await makeStore(directory)

        #expect(error?.code == .dataLoss)
        try await reopened.close()
    }

    @Test func openInBackground_onALockedDirectory_failsAtOnce() async throws {
        let directory = try TemporaryDirectory()
        let open = try await makeStore(directory)

        let error = #expect(throws: DocumentStoreError.self) { _ = try openInBackground(directory) }

        #expect(error?.code == .failedPrecondition)
        try await open.close()
    }

    @Test func closeWhileRecovering_waitsForRecoveryThenReleasesTheLock() async throws {
        let directory = try TemporaryDirectory()
        let (store, gate) = try openHeldAtRecovery(directory)
        let closed = Mutex(false)

        let closing = Task {
            try await store.close()
            closed.withLock { $0 = true }
        }
        let recovering = await eventually { gate.waiting == 1 }
        try await Task.sleep(for: .milliseconds(50))
        let closedWhileRecovering = closed.withLock { $0 }
        gate.open()
        try await closing.value
        let reopened = try await makeStore(directory)

        #expect(recovering)
        #expect(!closedWhileRecovering)
        try await reopened.close()
    }

    @Test func listenWhoseClosedCheckPassedBeforeClose_isEndedByTheClose() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory)
        #expect(!store.isClosed)

        try await store.close()
        let outcome = await ListenCloseRace.consume(
            store.engine.listen(.document(try path("c/a")), options: ListenOptions()))

        #expect(outcome == .ended)
    }

    @Test func listenRacingClose_alwaysEnds() async throws {
        for _ in 0..<40 {
            let directory = try TemporaryDirectory()
            let store = try await makeStore(directory, options: .init(durability: .relaxed))
            let outcomes = await ListenCloseRace.race(store, listeners: 6)
            #expect(ListenCloseRace.allEnded(outcomes), "\(outcomes)")
            if outcomes.contains(.timedOut) { return }
        }
    }

    #if DEBUG
    @Test func export_holdsTheEngineLockForATinyPartOfItsWork() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory, options: .init(durability: .relaxed))
        for batch in 0..<8 {
            let writes = try (0..<500).map { index in
                Write.update(
                    try path("c/d\(batch)-\(index)"),
                    fields: ["n": .integer(Int64(index)), "text": .string("document \(index) of batch \(batch)")])
            }
            _ = try await store.commit(writes, transaction: nil)
        }
        let clock = ContinuousClock()

        // Up to three tries: a thread preempted while it holds the lock inflates one hold, not three;
        // decoding under the lock would make every hold as long as the decoding.
        var holds: [(hold: Duration, decoding: Duration)] = []
        for _ in 0..<3 where !holds.contains(where: { $0.hold * 10 < $0.decoding }) {
            let decoding = clock.measure { _ = store.engine.publishedSnapshot() }
            _ = store.engine.longestLockHold(reset: true)
            let exported = try await store.exportDocuments(to: directory.url.appendingPathComponent("export.jsonl"))
            holds.append((store.engine.longestLockHold(), decoding))
            #expect(exported == 4_000)
        }

        #expect(holds.contains { $0.hold * 10 < $0.decoding }, "the export's lock holds and decoding times: \(holds)")
        try await store.close()
    }
    #endif
}

private func openInBackground(
    _ directory: TemporaryDirectory, faults: FileFaults = .none
) throws -> FileSystemDocumentStore {
    try FileSystemDocumentStore.openInBackground(
        .init(directory: directory.url, database: try DatabaseID(projectID: "hearth-filestore"), faults: faults))
}

/// Opens `directory` in the background with recovery held at its first step (listing the directory)
/// until the returned gate opens.
private func openHeldAtRecovery(_ directory: TemporaryDirectory) throws -> (FileSystemDocumentStore, Gate) {
    let gate = Gate()
    gate.close()
    let faults = FileFaults(blocking: true) { operation, _ in
        if operation == .list { gate.passOrWait() }
        return nil
    }
    return (try openInBackground(directory, faults: faults), gate)
}
