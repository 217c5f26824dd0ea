import Foundation
import HearthApplication
import HearthContract
import HearthDomain
import HearthFileSystem
import HearthPort
import Synchronization
import Testing

/// The contract again, on a store that is closed and reopened from its files after every successful
/// commit (and compacted first every other time): whatever the contract checks after a commit is then
/// read back from the log or the snapshot, so recovery must reproduce the engine's state exactly —
/// fields, create and update times, deletions, commit-time order. Areas that depend on what a reopening
/// ends by design are left out: open transactions and history before a snapshot (a snapshot holds the
/// latest version of each document, so reads at a read time before it fail as too old). The
/// `listenerStop` and `closing` areas run on listeners that poll the reopening store itself (a file
/// store's own listeners end when it closes); the `listeners` area, whose many behaviours wait for
/// particular snapshots, is left to the file store without reopening.
@Suite("HearthContract on FileSystemDocumentStore, reopened after every commit")
struct ReopeningContractTests {
    static let behaviours = HearthContract.behaviours.filter {
        ![.transactions, .readTimes, .listeners].contains($0.area)
    }

    @Test(arguments: behaviours)
    func behaviour(_ behaviour: ContractBehaviour) async throws {
        let store = try await ReopeningStore()

        let outcome = await Result { try await behaviour.run(store) }
        try await store.close()

        try outcome.get()
    }
}

/// A `DocumentStore` that closes its file store and opens a new one on the same directory after every
/// successful commit, compacting before every second reopening. Commits and reads run one at a time, so
/// a read never meets a store that a reopening closed. It listens by polling itself (every 10 ms) and
/// closes as every `DocumentStore` does.
final class ReopeningStore: DocumentStore {
    private let directory: TemporaryDirectory
    private let current: Mutex<FileSystemDocumentStore>
    private let commits = Mutex(0)
    private let gate = SerialGate()
    private let listeners = ListenerGroup()
    private let closed = Atomic<Bool>(false)
    let database: DatabaseID

    init() async throws {
        directory = try TemporaryDirectory("hearth-reopening")
        database = try DatabaseID(projectID: "hearth-contract")
        current = Mutex(try await FileSystemDocumentStore.open(directory: directory.url, database: database))
    }

    private var store: FileSystemDocumentStore { current.withLock { $0 } }

    var isClosed: Bool { closed.load(ordering: .acquiring) }

    func close() async throws {
        await gate.enter()
        defer { gate.leave() }
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        listeners.endAll()
        try await store.close()
    }

    func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        await gate.enter()
        defer { gate.leave() }
        let store = self.store
        let response = try await store.commit(writes, transaction: transaction)
        let count = commits.withLock { count in
            count += 1
            return count
        }
        if count % 2 == 0 { try await store.compact() }
        try await store.close()
        let reopened = try await FileSystemDocumentStore.open(directory: directory.url, database: database)
        current.withLock { $0 = reopened }
        return response
    }

    func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        if isClosed {
            return AsyncThrowingStream {
                $0.finish(throwing: DocumentStoreError(.failedPrecondition, "The reopening store is closed."))
            }
        }
        return PollingListener(configuration: .init(interval: .milliseconds(10))).listen(
            to: target, options: options, on: self, group: listeners)
    }

    func getDocument(_ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency) async throws -> Document? {
        try await read { try await $0.getDocument(path, mask: mask, consistency: consistency) }
    }

    func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws -> BatchGetResponse {
        try await read { try await $0.batchGetDocuments(paths, mask: mask, consistency: consistency) }
    }

    func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse {
        try await read { try await $0.listDocuments(request) }
    }

    func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) -> AsyncThrowingStream<RunQueryResponse, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for element in try await runQueryAll(parent: parent, query: query, consistency: consistency) {
                        continuation.yield(element)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) async throws -> [RunQueryResponse] {
        try await read { try await $0.runQueryAll(parent: parent, query: query, consistency: consistency) }
    }

    func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    ) async throws
        -> AggregationResponse
    {
        try await read {
            try await $0.runAggregation(parent: parent, query: query, consistency: consistency)
        }
    }

    func beginTransaction(_ options: TransactionMode) async throws -> TransactionID {
        try await store.beginTransaction(options)
    }

    func rollback(_ transaction: TransactionID) async throws {
        try await store.rollback(transaction)
    }

    func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        try await read { try await $0.listCollectionIDs(request) }
    }

    /// Runs a read on the current file store, between commits (and their reopenings).
    private func read<Answer>(_ body: (FileSystemDocumentStore) async throws -> Answer) async throws -> Answer {
        await gate.enter()
        defer { gate.leave() }
        return try await body(store)
    }
}

/// Lets one caller in at a time, in arrival order.
private final class SerialGate: Sendable {
    private struct State {
        var busy = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    func enter() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let enterNow = state.withLock { state -> Bool in
                guard state.busy else {
                    state.busy = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if enterNow { continuation.resume() }
        }
    }

    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.busy = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
