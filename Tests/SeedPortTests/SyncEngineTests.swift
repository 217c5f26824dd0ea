import Foundation
import Hearth
import Observation
import Synchronization
import Testing

/// The sync engines (Application/Sync) on every adapter: listening, writes, stop being final, the
/// `collectionPath` closure returning nil and later a path, local persistence, Observation and `states()`.
@MainActor
@Suite("Sync engines")
struct SyncEngineTests {
    struct Note: Codable, Sendable, Identifiable, Equatable {
        let id: String
        var text: String
        var at: Date = Date(timeIntervalSince1970: 1_768_000_000)
        var blob: Data = Data([0, 255])
    }

    // MARK: Listening on every adapter

    @Test(arguments: SeedStore.allCases)
    func documentEngine_followsWritesFromElsewhere(_ store: SeedStore) async throws {
        try await withSeedDatabase(store) { db in
            let engine = DocumentSyncEngine<Note>(
                remote: FirebaseRemoteDocumentService(collectionPath: { "notes" }, database: db), managerKey: "note",
                storage: nil)
            try await engine.startListening(documentId: "n1")
            #expect(engine.currentDocument == nil && engine.isListening)

            try db.document("notes/n1").setData(from: Note(id: "n1", text: "from elsewhere"))
            try await Self.eventually { engine.currentDocument?.text == "from elsewhere" }
            try await db.document("notes/n1").delete()
            try await Self.eventually { engine.currentDocument == nil }

            engine.stopListening()
            try db.document("notes/n1").setData(from: Note(id: "n1", text: "after stop"))
            try await Task.sleep(for: .milliseconds(300))
            #expect(engine.currentDocument == nil, "stopListening is final")
        }
    }

    @Test(arguments: SeedStore.allCases)
    func collectionEngine_bulkLoadsThenAppliesUpdatesAndDeletions(_ store: SeedStore) async throws {
        try await withSeedDatabase(store) { db in
            try db.document("notes/a").setData(from: Note(id: "a", text: "A"))
            try db.document("notes/b").setData(from: Note(id: "b", text: "B"))
            let engine = CollectionSyncEngine<Note>(
                remote: FirebaseRemoteCollectionService(collectionPath: { "notes" }, database: db), managerKey: "notes",
                storage: nil)
            await engine.startListening()
            #expect(engine.currentCollection.map(\.id).sorted() == ["a", "b"])
            #expect(engine.lastError == nil)

            try db.document("notes/c").setData(from: Note(id: "c", text: "C"))
            try await db.document("notes/a").updateData(["text": "A2"])
            try await db.document("notes/b").delete()
            try await Self.eventually(state: { Self.describe(engine) }) {
                engine.currentCollection.map(\.id).sorted() == ["a", "c"] && engine.getDocument(id: "a")?.text == "A2"
            }

            try await engine.deleteDocument(id: "c")
            #expect(engine.getDocument(id: "c") == nil)
            #expect(try await db.document("notes/c").getDocument().exists == false)

            engine.stopListening()
            try db.document("notes/d").setData(from: Note(id: "d", text: "D"))
            try await Task.sleep(for: .milliseconds(300))
            #expect(engine.currentCollection.map(\.id) == ["a"], "stopListening is final")
        }
    }

    @Test(arguments: SeedStore.allCases)
    func collectionEngine_listensToTheQueryItIsGiven(_ store: SeedStore) async throws {
        try await withSeedDatabase(store) { db in
            try db.document("notes/a").setData(from: Note(id: "a", text: "keep"))
            try db.document("notes/b").setData(from: Note(id: "b", text: "skip"))
            let engine = CollectionSyncEngine<Note>(
                remote: FirebaseRemoteCollectionService(collectionPath: { "notes" }, database: db), managerKey: "notes",
                storage: nil)
            await engine.startListening(buildQuery: { $0.where("text", isEqualTo: "keep") })
            #expect(engine.currentCollection.map(\.id) == ["a"])
            try await db.document("notes/a").updateData(["text": "gone"])
            try await Self.eventually { engine.currentCollection.isEmpty }
            engine.stopListening()
        }
    }

    // MARK: collectionPath nil, then a path

    @Test func nilPath_everyOperationThrowsCollectionPathNotAvailable() async throws {
        try await withSeedDatabase(.memory) { db in
            let documents = FirebaseRemoteDocumentService<Note>(collectionPath: { nil }, database: db)
            let collection = FirebaseRemoteCollectionService<Note>(collectionPath: { nil }, database: db)
            let note = Note(id: "n1", text: "x")
            let operations: [(String, () async throws -> Void)] = [
                ("document getDocument", { _ = try await documents.getDocument(id: "n1") }),
                ("document streamDocument", { for try await _ in documents.streamDocument(id: "n1") {} }),
                ("document saveDocument", { try await documents.saveDocument(note) }),
                ("document updateDocument", { try await documents.updateDocument(id: "n1", data: ["text": "y"]) }),
                ("document deleteDocument", { try await documents.deleteDocument(id: "n1") }),
                ("collection getCollection", { _ = try await collection.getCollection() }),
                ("collection getDocuments", { _ = try await collection.getDocuments(query: { $0.limit(to: 1) }) }),
                ("collection getDocument", { _ = try await collection.getDocument(id: "n1") }),
                ("collection streamDocument", { for try await _ in collection.streamDocument(id: "n1") {} }),
                ("collection streamChanges", { for try await _ in collection.streamChanges(query: { $0 }) {} }),
                ("collection updates", { for try await _ in collection.streamCollectionUpdates().updates {} }),
                ("collection deletions", { for try await _ in collection.streamCollectionUpdates().deletions {} }),
                ("collection saveDocument", { try await collection.saveDocument(note) }),
                ("collection updateDocument", { try await collection.updateDocument(id: "n1", data: ["text": "y"]) }),
                ("collection deleteDocument", { try await collection.deleteDocument(id: "n1") }),
            ]
            for (name, operation) in operations {
                await #expect(throws: FirebaseServiceError.collectionPathNotAvailable, "\(name)") {
                    try await operation()
                }
            }
            // Through the engines, too.
            let documentEngine = DocumentSyncEngine(remote: documents, managerKey: "n", storage: nil)
            await #expect(throws: FirebaseServiceError.collectionPathNotAvailable) {
                try await documentEngine.startListening(documentId: "n1")
            }
            #expect(!documentEngine.isListening)
            await #expect(throws: FirebaseServiceError.collectionPathNotAvailable) {
                try await documentEngine.saveDocument(note)
            }
            let collectionEngine = CollectionSyncEngine(
                remote: collection, managerKey: "c", storage: nil,
                retry: SyncRetryPolicy(sleep: { _ in try await Task.sleep(for: .seconds(3600)) }))
            await collectionEngine.startListening()
            #expect(collectionEngine.lastError as? FirebaseServiceError == .collectionPathNotAvailable)
            #expect(collectionEngine.isListening, "the engine keeps trying")
            await #expect(throws: FirebaseServiceError.collectionPathNotAvailable) {
                _ = try await collectionEngine.getDocumentsAsync(buildQuery: { $0 })
            }
            await #expect(throws: FirebaseServiceError.collectionPathNotAvailable) {
                try await collectionEngine.saveDocument(note)
            }
            await #expect(throws: FirebaseServiceError.collectionPathNotAvailable) {
                try await collectionEngine.updateDocument(id: "n1", data: ["text": "y"])
            }
            await #expect(throws: FirebaseServiceError.collectionPathNotAvailable) {
                try await collectionEngine.deleteDocument(id: "n1")
            }
            collectionEngine.stopListening()
            let reached = try await db.collection("notes").getDocuments()
            #expect(reached.isEmpty, "nothing reached the database")
        }
    }

    @Test(arguments: SeedStore.allCases)
    func dynamicPath_becomesAvailableAfterLogin(_ store: SeedStore) async throws {
        try await withSeedDatabase(store) { db in
            let currentUserId = Locked<String?>(nil)
            let path: @Sendable () -> String? = {
                guard let uid = currentUserId.value else { return nil }
                return "users/\(uid)/watchlist"
            }
            try db.document("users/u1/watchlist/w1").setData(from: Note(id: "w1", text: "film"))
            let delays = Locked<[Duration]>([])
            let engine = CollectionSyncEngine<Note>(
                remote: FirebaseRemoteCollectionService(collectionPath: path, database: db), managerKey: "watchlist",
                storage: nil,
                retry: SyncRetryPolicy(sleep: { delay in
                    delays.update { $0.append(delay) }
                    try await Task.sleep(for: .milliseconds(20))
                }))
            await engine.startListening()
            #expect(engine.lastError as? FirebaseServiceError == .collectionPathNotAvailable)
            #expect(engine.currentCollection.isEmpty)

            currentUserId.set("u1")  // login
            try await Self.eventually { engine.currentCollection.map(\.id) == ["w1"] }
            #expect(engine.lastError == nil)
            #expect(delays.value.first == .seconds(1))
            try await engine.saveDocument(Note(id: "w2", text: "series"))
            #expect(try await db.document("users/u1/watchlist/w2").getDocument().exists)
            engine.stopListening()

            let settings = DocumentSyncEngine<Note>(
                remote: FirebaseRemoteDocumentService(collectionPath: path, database: db), managerKey: "settings",
                storage: nil)
            currentUserId.set(nil)  // logout
            await #expect(throws: FirebaseServiceError.collectionPathNotAvailable) {
                try await settings.startListening(documentId: "w1")
            }
            currentUserId.set("u1")
            try await settings.startListening(documentId: "w1")
            #expect(settings.currentDocument?.text == "film")
            settings.stopListening()
        }
    }

    // MARK: Reconnecting

    @Test func reconnect_backsOffMin2PowNAnd60_resetByTheFirstEvent() async throws {
        let remote = ScriptedRemote()
        remote.script(failures: 8)  // the bulk load fails 8 times, then works
        let delays = Locked<[Duration]>([])
        let engine = CollectionGroupSyncEngine<Note>(
            remote: remote, managerKey: "flaky", storage: nil,
            retry: SyncRetryPolicy(sleep: { delay in delays.update { $0.append(delay) } }))
        await engine.startListening()
        try await Self.eventually(state: { "\(Self.describe(engine)), delays \(delays.value)" }) {
            engine.currentCollection.map(\.id) == ["x"]
        }
        #expect(delays.value == [1, 2, 4, 8, 16, 32, 60, 60].map { Duration.seconds($0) })

        remote.script(failures: 2)
        remote.failStream()  // the running listener fails after events: the count starts again at 1 s
        try await Self.eventually(state: { "\(Self.describe(engine)), delays \(delays.value)" }) {
            delays.value.count >= 8 + 3
        }
        #expect(Array(delays.value.dropFirst(8)) == [1, 2, 4].map { Duration.seconds($0) }, "from 1 s again, not 60")
        try await Self.eventually { engine.lastError == nil && engine.currentCollection.map(\.id) == ["x"] }
        engine.stopListening()
    }

    @Test func firstSnapshot_dropsWhatLeftTheResultsAfterTheBulkLoad() async throws {
        let remote = ScriptedRemote()
        remote.loaded.withLock { $0 = [Note(id: "x", text: "x"), Note(id: "y", text: "y")] }
        let engine = CollectionGroupSyncEngine<Note>(remote: remote, managerKey: "race", storage: nil)
        await engine.startListening()
        #expect(engine.currentCollection.map(\.id) == ["x", "y"])
        try await Self.eventually { remote.isStreaming }
        remote.send(.updated(Note(id: "x", text: "x2")))  // y left between the bulk load and the listener
        remote.send(.synchronized)
        try await Self.eventually { engine.currentCollection.map(\.text) == ["x2"] }
        remote.send(.updated(Note(id: "z", text: "z")))
        remote.send(.synchronized)  // only the first counts
        try await Self.eventually { engine.currentCollection.map(\.id) == ["x", "z"] }
        engine.stopListening()
    }

    @Test func retryPolicy_delays() {
        let policy = SyncRetryPolicy()
        #expect((0...8).map(policy.delay(afterFailures:)) == [1, 2, 4, 8, 16, 32, 60, 60, 60].map { .seconds($0) })
        #expect(policy.delay(afterFailures: -3) == .seconds(1))
        #expect(policy.delay(afterFailures: 10_000) == .seconds(60))
    }

    // MARK: Local persistence, Observation, states()

    @Test(arguments: [SeedStore.memory, .file])
    func localPersistence_aNewEngineStartsWithTheLastState_typed(_ store: SeedStore) async throws {
        try await withSeedDatabase(store) { db in
            let storage = SyncEngineDefaults.memoryStorage()
            let remote = FirebaseRemoteCollectionService<Note>(collectionPath: { "notes" }, database: db)
            let first = CollectionSyncEngine(remote: remote, managerKey: "notes", storage: storage)
            let note = Note(
                id: "n1", text: "kept", at: Date(timeIntervalSince1970: 1_768_000_000.25), blob: Data([1, 2, 3]))
            try await first.saveDocument(note)
            first.stopListening()

            let records = try storage.load(key: "notes")
            #expect(records.first?.fields["at"] == .timestamp(Timestamp(date: note.at)), "a timestamp, not JSON")
            #expect(records.first?.fields["blob"] == .bytes(Data([1, 2, 3])))
            let second = CollectionSyncEngine(remote: remote, managerKey: "notes", storage: storage)
            #expect(second.currentCollection == [note], "before any listener")
            let other = CollectionSyncEngine(remote: remote, managerKey: "other", storage: storage)
            #expect(other.currentCollection.isEmpty)

            let documentEngine = DocumentSyncEngine(
                remote: FirebaseRemoteDocumentService<Note>(collectionPath: { "notes" }, database: db),
                managerKey: "doc",
                storage: storage)
            try await documentEngine.startListening(documentId: "n1")
            let again = DocumentSyncEngine(
                remote: FirebaseRemoteDocumentService<Note>(collectionPath: { "notes" }, database: db),
                managerKey: "doc",
                storage: storage)
            #expect(again.currentDocument == note && again.documentId == "n1")
            documentEngine.stopListening()
        }
    }

    @Test func persistenceFailure_isReportedNotFatal() async throws {
        try await withSeedDatabase(.memory) { db in
            let logger = RecordingLogger()
            let engine = CollectionSyncEngine<Note>(
                remote: FirebaseRemoteCollectionService(collectionPath: { "notes" }, database: db), managerKey: "",
                storage: SyncEngineDefaults.memoryStorage(), logger: logger)
            #expect((engine.lastError as? DocumentStoreError)?.code == .invalidArgument)
            try await engine.saveDocument(Note(id: "n1", text: "x"))
            #expect(engine.currentCollection.map(\.id) == ["n1"])
            #expect(logger.events.value.contains("persistenceFailed"))
        }
    }

    @Test func observation_andStates_seeEachChange() async throws {
        try await withSeedDatabase(.memory) { db in
            let engine = CollectionSyncEngine<Note>(
                remote: FirebaseRemoteCollectionService(collectionPath: { "notes" }, database: db), managerKey: "notes",
                storage: nil)
            let changed = Locked(false)
            withObservationTracking {
                _ = engine.currentCollection
            } onChange: {
                changed.set(true)
            }
            var states = engine.states().makeAsyncIterator()
            #expect(await states.next()?.collection.isEmpty == true)

            try await engine.saveDocument(Note(id: "n1", text: "x"))
            #expect(changed.value)
            #expect(await states.next()?.collection.map(\.id) == ["n1"])
        }
    }

    /// Waits (up to 20 s, polling) until `condition` holds.
    /// A collection engine's state, for a failure message.
    static func describe<T>(_ engine: QuerySyncEngine<T>) -> String {
        "collection \(engine.currentCollection.map(\.id)), listening \(engine.isListening), "
            + "lastError \(engine.lastError.map { String(describing: $0) } ?? "nil")"
    }

    static func eventually(
        sourceLocation: SourceLocation = #_sourceLocation, state: @MainActor () -> String = { "" },
        _ condition: @MainActor () -> Bool
    ) async throws {
        // Generous: on a loaded 2-core machine the cooperative pool can stall for many seconds; a
        // condition that never comes true still fails, only later.
        let deadline = ContinuousClock.now + .seconds(120)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("condition not met in 120 s; \(state())", sourceLocation: sourceLocation)
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

/// A remote whose bulk loads fail a scripted number of times and whose running stream can be failed.
final class ScriptedRemote: RemoteQueryService, Sendable {
    typealias Model = SyncEngineTests.Note
    struct Failure: Error {}
    private let state = Mutex<(failures: Int, stream: AsyncThrowingStream<SyncChange<Model>, any Error>.Continuation?)>(
        (0, nil))

    let loaded = Mutex<[Model]>([Model(id: "x", text: "x")])

    func script(failures: Int) { state.withLock { $0.failures = failures } }

    func failStream() { state.withLock { $0.stream?.finish(throwing: Failure()) } }

    func send(_ change: SyncChange<Model>) { _ = state.withLock { $0.stream?.yield(change) } }

    var isStreaming: Bool { state.withLock { $0.stream != nil } }

    func getDocuments(query: @Sendable (Query) -> Query) async throws -> [Model] {
        let fail = state.withLock { state in
            defer { state.failures -= 1 }
            return state.failures > 0
        }
        if fail { throw Failure() }
        return loaded.withLock { $0 }
    }

    func streamChanges(query: @escaping @Sendable (Query) -> Query) -> AsyncThrowingStream<SyncChange<Model>, any Error>
    {
        let (stream, continuation) = AsyncThrowingStream<SyncChange<Model>, any Error>.makeStream()
        state.withLock { $0.stream = continuation }
        return stream
    }
}

/// A value shared with `@Sendable` closures, under a lock.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    var value: Value { mutex.withLock { $0 } }
    func set(_ value: Value) { mutex.withLock { $0 = value } }
    func update(_ body: @Sendable (inout Value) -> Void) { mutex.withLock { body(&$0) } }
}

final class RecordingLogger: SyncEngineLogger {
    let events = Locked<[String]>([])
    func log(_ event: SyncEngineEvent) {
        let name =
            switch event {
            case .listeningStarted: "listeningStarted"
            case .listenerFailed: "listenerFailed"
            case .listeningStopped: "listeningStopped"
            case .persistenceFailed: "persistenceFailed"
            }
        events.update { $0.append(name) }
    }
}
