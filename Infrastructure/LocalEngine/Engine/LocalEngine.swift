import HearthDomain
import HearthPort
import Synchronization

/// Firestore's server behaviour, in process: the engine behind the in-memory and file stores.
///
/// It implements the ``DocumentStore`` RPCs with the server's exact semantics — write rules (masks,
/// preconditions, transforms, create and update times), query evaluation (filters, implicit orders,
/// cursors, offsets, projections, collection groups, aggregations, the query limits), serializable
/// transactions, multi-version reads at past times — plus the hooks the adapters build on:
/// - ``CommitPersistence``: a durable store makes each commit durable before it is acknowledged or
///   visible, and replays its log on open (``replay(_:)``, ``restore(_:through:)``);
/// - ``observeChanges(_:)``: listeners learn, after each commit, which documents changed and how.
///
/// Every method fails only with ``DocumentStoreError``, as the matching ``DocumentStore`` requirement
/// documents. All state sits behind one lock, and nothing in proportion to the store's size runs under
/// it: snapshots (compaction, export) are decoded from an immutable copy-on-write view taken under it in
/// O(1), a transaction's queries are re-run at commit outside it, and a commit waits for durability
/// outside it. A read holds it for the read's own cost (the index ranges or collections a query reads).
///
/// Transactions are optimistic: a read-write transaction records the version of each document it reads
/// and the results of each query it runs; its commit fails with `aborted` when any of them changed in the
/// meantime (reading a document again in a different version fails at once). Read-write reads see the
/// latest committed state; read-only transactions and read-time reads see one snapshot.
public final class LocalEngine: Sendable {
    /// The database this engine serves: reference values and `__name__` filters are relative to it.
    public let database: DatabaseID
    let clock: any EngineClock
    private let persistence: (any CommitPersistence)?
    let state: StateLock<EngineState>
    /// The listeners (``listen(_:options:)``) and the change observation that feeds them, made on the
    /// first listener.
    let listenerHub = ListenerHub()
    let listenerObservation = Mutex<ChangeObservation?>(nil)
    /// Test seam: called after each round of re-running a transaction's queries outside the lock, before
    /// the commit takes the lock again.
    package let afterQueryValidation = Mutex<(@Sendable () -> Void)?>(nil)

    /// A new, empty engine.
    ///
    /// - Parameters:
    ///   - database: the database served.
    ///   - configuration: transaction timeouts and version retention (defaults as Firestore's).
    ///   - clock: the source of commit and read times (default: the system clock).
    ///   - persistence: where commits are made durable before they are acknowledged (default: none — the
    ///     in-memory store).
    ///   - random: the source of this engine's transaction-ID nonce.
    public init(
        database: DatabaseID,
        configuration: LocalEngineConfiguration = LocalEngineConfiguration(),
        clock: any EngineClock = SystemClock(),
        persistence: (any CommitPersistence)? = nil,
        random: some RandomNumberGenerator = SystemRandomNumberGenerator()
    ) {
        var generator = random
        self.database = database
        self.clock = clock
        self.persistence = persistence
        self.state = StateLock(
            EngineState(
                database: database, configuration: configuration, nonce: generator.next(), durable: persistence != nil)
        )
    }

    deinit {
        listenerHub.endAll(with: nil)
    }

    // MARK: Reads

    /// Reads one document (see ``DocumentStore/getDocument(_:mask:consistency:)``). With a `caller`
    /// (other than `admin`), its policy decides a `get` of the document as it is; a denial is
    /// `permissionDenied`.
    public func getDocument(
        _ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency, caller: Caller? = nil
    ) throws -> Document? {
        try batchGetDocuments([path], mask: mask, consistency: consistency, caller: caller).documents.first?.document
    }

    /// Reads several documents: one answer per distinct path, in request order. With a `caller`, each
    /// document is a `get` its policy decides; one denial fails the whole read with `permissionDenied`.
    public func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency, caller: Caller? = nil
    ) throws
        -> BatchGetResponse
    {
        let now = clock.now()
        return try state.withLock { state throws(DocumentStoreError) in
            try state.batchGet(paths, mask: mask, consistency: consistency, now: now, caller: caller)
        }
    }

    /// Runs a structured query; the results are computed at once, in order. With a `caller`, its policy
    /// decides a `list` by the query's constraints first (`permissionDenied` before any result).
    public func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency, caller: Caller? = nil
    ) throws -> QueryRun {
        let now = clock.now()
        return try state.withLock { state throws(DocumentStoreError) in
            try state.runQuery(parent: parent, query: query, consistency: consistency, now: now, caller: caller)
        }
    }

    /// Runs one to five aggregations over a query's results. With a `caller`, its policy decides a `list`
    /// of the query first.
    public func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency,
        caller: Caller? = nil
    ) throws -> AggregationResponse {
        let now = clock.now()
        return try state.withLock { state throws(DocumentStoreError) in
            try state.runAggregation(parent: parent, query: query, consistency: consistency, now: now, caller: caller)
        }
    }

    /// Lists a collection's documents a page at a time (see ``DocumentStore/listDocuments(_:)``).
    /// A page size of `nil` or 0 means no limit; the next-page token is `nil` on the last page. With a
    /// `caller`, its policy decides a `list` of the collection (limited to the page size) first.
    public func listDocuments(_ request: ListDocumentsRequest, caller: Caller? = nil) throws -> ListDocumentsResponse {
        let now = clock.now()
        let query = StructuredQuery(
            from: CollectionSelector(collectionID: request.collectionID),
            limit: request.pageSize.flatMap { $0 > 0 ? $0 : nil })
        return try state.withLock { state throws(DocumentStoreError) in
            try state.authorize(
                .list(parent: request.parent, query: query), caller: caller, now: now, at: state.visibleTime)
            return try state.listDocuments(request, now: now)
        }
    }

    /// Lists the collection IDs under a document (or the root) that hold documents, in UTF-8 order. Only
    /// for `admin` (as Firestore, which lets only the server SDKs list collection IDs): another `caller`
    /// gets `permissionDenied`.
    public func listCollectionIDs(
        _ request: ListCollectionIDsRequest, caller: Caller? = nil
    ) throws -> ListCollectionIDsResponse {
        if let caller, caller.isChecked {
            throw DocumentStoreError(
                .permissionDenied, "Missing or insufficient permissions: only an admin lists collection IDs.")
        }
        let now = clock.now()
        return try state.withLock { state throws(DocumentStoreError) in
            try state.listCollectionIDs(request, now: now)
        }
    }

    // MARK: Writes and transactions

    /// Applies writes atomically (see ``DocumentStore/commit(_:transaction:)``). With persistence, returns
    /// only once the commit is durable and visible; a persistence failure fails the commit with its error.
    ///
    /// A read-write transaction's queries are re-run only when a document they select may have changed
    /// since they ran (or a commit was pending then), and then outside the engine's lock, against an
    /// immutable copy of the head state; the commit then checks, under the lock, that nothing they select
    /// changed meanwhile, and re-runs them again if something did. After
    /// ``queryValidationRoundsOutsideLock`` such rounds the queries run under the lock, so a commit
    /// always finishes. The outcome is the same as re-running every query under the lock at commit.
    ///
    /// With a `caller` (other than `admin`), its policy decides each document the commit writes
    /// (`create`, `update`, `delete`, with the document before and after the whole commit; `getAfter()`
    /// sees the whole commit applied); one denial fails the whole commit with `permissionDenied`, and
    /// nothing is applied.
    public func commit(
        _ writes: [Write], transaction: TransactionID?, caller: Caller? = nil
    ) async throws
        -> CommitResponse
    {
        let now = clock.now()
        let persistence = self.persistence
        let prepared = try prepareCommit(
            writes, transaction: transaction, now: now, persistence: persistence, caller: caller)
        switch prepared.completion {
        case .published:
            return prepared.response
        case .awaitEarlier(let ticket):
            try await waitUntilDurable(ticket, batchID: nil)
            return prepared.response
        case .awaitDurability(let batchID, let ticket):
            try await waitUntilDurable(ticket, batchID: batchID)
            let published = state.withLock { state in
                let stillPending = state.isPending(batchID)
                state.publish(through: batchID)
                state.pruneVersions(now: now)
                return stillPending || state.visibleTime >= prepared.response.commitTime
            }
            if !published {
                throw DocumentStoreError(
                    .internal, "The commit at \(prepared.response.commitTime) was discarded after it became durable.")
            }
            return prepared.response
        }
    }

    /// Prepares a commit under the lock; re-runs a transaction's queries between passes, outside it.
    private func prepareCommit(
        _ writes: [Write],
        transaction: TransactionID?,
        now: Timestamp,
        persistence: (any CommitPersistence)?,
        caller: Caller?
    ) throws(DocumentStoreError) -> PreparedCommit {
        var rounds = 0
        var validated: QueryValidation.Result?
        while true {
            let deferring = rounds < Self.queryValidationRoundsOutsideLock
            let step = try state.withLock { state throws(DocumentStoreError) in
                if let validated { state.record(validated) }
                return try state.prepareCommit(
                    writes, transaction: transaction, now: now, persistence: persistence, deferringQueries: deferring,
                    caller: caller)
            }
            switch step {
            case .prepared(let prepared):
                return prepared
            case .validate(let validation):
                rounds += 1
                validated = validation.run()
                afterQueryValidation.withLock { $0 }?()
            }
        }
    }

    /// How many times a commit re-runs a transaction's queries outside the engine's lock before it runs
    /// them under it (``commit(_:transaction:)``).
    package static let queryValidationRoundsOutsideLock = 3

    private func waitUntilDurable(_ ticket: PersistenceTicket, batchID: UInt64?) async throws {
        guard let persistence else { return }
        do {
            try await persistence.waitUntilDurable(ticket)
        } catch {
            if let batchID { state.withLock { $0.discardPending(from: batchID) } }
            if let storeError = error as? DocumentStoreError { throw storeError }
            throw DocumentStoreError(.unavailable, "The commit could not be made durable.", underlying: error)
        }
    }

    /// Starts a transaction (see ``DocumentStore/beginTransaction(_:)``). A read-only transaction at a
    /// read time fails like a read at that time (too old: `failedPrecondition`; future: `invalidArgument`).
    public func beginTransaction(_ options: TransactionMode) throws -> TransactionID {
        let now = clock.now()
        return try state.withLock { state throws(DocumentStoreError) in
            try state.beginTransaction(options, now: now)
        }
    }

    /// Abandons a transaction. Already closed: succeeds. Unknown: `invalidArgument`.
    public func rollback(_ transaction: TransactionID) throws {
        try state.withLock { state throws(DocumentStoreError) in
            try state.rollback(transaction)
        }
    }

    // MARK: Hooks

    /// Registers `observer`, called after every published commit that changed at least one document,
    /// in commit order, with the changes. It runs with the engine's lock held: it must return quickly
    /// (hand the changes to a queue) and must not call back into the engine. Registering costs nothing
    /// to commits while no observer is registered.
    public func observeChanges(_ observer: @escaping @Sendable (CommittedChanges) -> Void) -> ChangeObservation {
        let entry = ObserverEntry(notify: observer)
        state.withLock { $0.observers.append(entry) }
        return ChangeObservation(entry: entry)
    }

    /// Installs the documents of a snapshot into a fresh engine, as the state at `commitTime` (later
    /// commits get later times; reads before `commitTime` fail as too old). Throws `failedPrecondition`
    /// when the engine is not fresh, `dataLoss` when the documents are inconsistent.
    public func restore(_ documents: [Document], through commitTime: Timestamp) throws {
        try restore(documents.map { CommittedDocument(path: $0.path, document: $0) }, through: commitTime)
    }

    /// ``restore(_:through:)`` for documents read with their records (each kept at the document's update
    /// time, as a snapshot file holds them): the records are kept as they are, not encoded again. A
    /// deleted entry is `dataLoss`.
    package func restore(_ documents: [CommittedDocument], through commitTime: Timestamp) throws {
        try state.withLock { state throws(DocumentStoreError) in
            try state.restore(documents, through: commitTime)
        }
    }

    /// Re-applies a batch committed earlier (a durable store's log, on open), without validation or
    /// persistence; registered observers are notified. Batches must come in commit order: an out-of-order
    /// or inconsistent batch fails with `dataLoss`.
    public func replay(_ batch: CommittedBatch) throws {
        try state.withLock { state throws(DocumentStoreError) in
            try state.replay(batch)
        }
    }

    /// Installs the collections of a snapshot of format version 3 (``CollectionImage``s, as
    /// ``PublishedView/forEachCollectionImage(_:)`` made them) into a fresh engine, as the state at
    /// `commitTime`: documents in order, indexes copied as they are. Throws `failedPrecondition` when the
    /// engine is not fresh, `dataLoss` when a collection is inconsistent (keys out of order or naming no
    /// document, a name index that does not hold every document, a document twice).
    package func restore(collections: [CollectionImage], through commitTime: Timestamp) throws {
        try state.withLock { state throws(DocumentStoreError) in
            try state.restore(collections: collections, through: commitTime)
        }
    }

    /// Every document of the published state and the commit time it reflects (for compaction and export:
    /// the snapshot covers every batch committed at or before that time).
    ///
    /// The engine's lock is held only to take ``publishedView()`` (O(1)); the documents are decoded after
    /// it is released, so reads and commits continue meanwhile. Call it off Swift's cooperative pool for
    /// a large store: it takes time in proportion to the store's size.
    public func publishedSnapshot() -> PublishedSnapshot {
        let view = publishedView()
        return PublishedSnapshot(documents: view.documents(), commitTime: view.commitTime)
    }

    /// The published state as an immutable value, taken under the engine's lock in O(1): the storage is
    /// copy-on-write, so the view shares it with the engine. While a view is alive, the first commit to
    /// change a collection copies what it changes of it — the chunk list and one chunk of its slot table
    /// (``SlotTable``), the chunk list of each index it touches and one chunk of each — not the collection.
    package func publishedView() -> PublishedView {
        state.withLock { state in PublishedView(storage: state.storage, commitTime: state.visibleTime) }
    }

    #if DEBUG
    /// The longest time the engine's lock was held since the engine was made or this was last called
    /// with `reset` (debug builds only: tests check that no long work runs under it).
    package func longestLockHold(reset: Bool = false) -> Duration {
        state.longestHold(reset: reset)
    }
    #endif

    /// The newest commit time handed out (`Timestamp.min` before the first commit).
    public var lastCommitTime: Timestamp {
        state.withLock { $0.lastCommitTime }
    }
}
