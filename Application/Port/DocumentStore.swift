public import HearthDomain

/// The port every Hearth adapter implements: Firestore's RPCs, speaking Domain types only.
///
/// Because it is RPC-shaped, the REST adapter maps onto it one to one and the local engine implements
/// exactly what Firestore's server does. Everything a Firestore *client SDK* adds on top (sentinels,
/// `limit(toLast:)`, cursors from snapshots, transaction retries, Codable) lives once in the client API
/// (`Database` and friends, in `HearthApplication`), so every adapter behaves the same.
///
/// Every requirement throws only `DocumentStoreError`; each documents which code each failure becomes.
/// Task cancellation ends an operation with `cancelled`. `HearthContract` is the executable form of
/// this contract: every adapter runs all of its behaviours.
///
/// No requirement has a default implementation that changes what a store does: a store states how it
/// listens (``listen(_:options:)``) and how it closes (``close()``). Three conveniences are defined once
/// for every store, and only call requirements: ``runQueryAll(parent:query:consistency:)`` collects
/// ``runQuery(parent:query:consistency:)`` (a store that has the whole answer at once returns it
/// instead), ``runAggregation(parent:query:aggregations:consistency:)`` runs a query and its
/// aggregations given apart, and ``listen(_:)`` listens with the default ``ListenOptions``.
public protocol DocumentStore: Sendable {
    /// The database this store serves; resource names and reference values are relative to it.
    var database: DatabaseID { get }

    /// Reads one document, or `nil` when it does not exist.
    ///
    /// - `mask`: when given, only these fields are returned (missing ones are simply absent).
    /// - `consistency`: read inside a transaction (`aborted` if it is no longer valid, `invalidArgument`
    ///   if it is unknown or closed) or at a past read time (`failedPrecondition` or `invalidArgument`
    ///   when the time is too old or in the future, as the adapter allows).
    func getDocument(_ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency) async throws -> Document?

    /// Reads several documents at once; one answer per distinct requested path, in request order,
    /// each `found` or `missing`, with the read time of the whole read.
    /// Errors as ``getDocument(_:mask:consistency:)``.
    func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws
        -> BatchGetResponse

    /// Lists the documents of one collection in name order (or `request.orderBy`), a page at a time.
    /// With `showMissing`, documents that do not exist but have subcollections are listed as `missing`.
    /// An invalid or mismatched page token is `invalidArgument`.
    func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse

    /// Runs a structured query under `parent` (`nil`: the database root), streaming results in query order.
    ///
    /// Each element carries a document or only progress (`skippedResults` from an offset); the last
    /// element may carry neither. An invalid query (see Firestore's limits: 30 `in` values, 10 `not-in`
    /// values, one `array-contains` per disjunction, 30 disjunctions, cursor longer than the orders, ...)
    /// fails with `invalidArgument` before any element.
    func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    )
        -> AsyncThrowingStream<RunQueryResponse, any Error>

    /// Runs a structured query to its end and returns every element `runQuery` would stream, in the same
    /// order, with the same errors (an error after some results throws; the results are not returned).
    /// `Query.getDocuments()` reads through this. The default implementation collects
    /// ``runQuery(parent:query:consistency:)``; adapters that have the whole answer at once (the local engine, one REST response) return it
    /// without a stream, which spares a suspension per document.
    func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) async throws
        -> [RunQueryResponse]

    /// Runs one to five aggregations over a structured query's results under `parent` (`nil`: the
    /// database root). Zero or more than five aggregations, duplicate aliases, or an invalid query:
    /// `invalidArgument`. ``runAggregation(parent:query:aggregations:consistency:)`` builds the
    /// `StructuredAggregationQuery` from its parts.
    func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    ) async throws -> AggregationResponse

    /// Applies `writes` atomically and in order: all of them or none.
    ///
    /// Failures: a precondition `exists: true` on a missing document → `notFound`; `exists: false` on an
    /// existing one → `alreadyExists`; a stale `updateTime` → `failedPrecondition`; an invalid write
    /// (bad transform operand, reserved field name, nested array, too large) → `invalidArgument`;
    /// with `transaction`: conflicting with another transaction → `aborted`, unknown or already
    /// committed / rolled back → `invalidArgument`, read-only → `invalidArgument`.
    func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse

    /// Starts a transaction. Read-write transactions are serializable; a conflict makes a later read or
    /// the commit fail with `aborted`. Read-only transactions see one consistent snapshot.
    func beginTransaction(_ options: TransactionMode) async throws -> TransactionID

    /// Abandons a transaction and releases what it holds. Rolling back a transaction that is already
    /// closed (committed, rolled back or expired) succeeds, as on Firestore; an unknown one is `invalidArgument`.
    func rollback(_ transaction: TransactionID) async throws

    /// The IDs of the collections directly under `parent` (`nil`: root collections), in UTF-8 order,
    /// a page at a time.
    func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse

    /// Listens to a document or a query's results: a stream of snapshots, the first as soon as the
    /// current state is known, then one whenever the target's documents change.
    ///
    /// Each ``ListenSnapshot`` holds the documents in the target's order, the changes since the previous
    /// snapshot *the consumer received* (removals, then additions, then modifications, with Firestore's
    /// old and new indexes), and the read time. A consumer that falls behind is never queued up: it
    /// receives one snapshot combining everything it missed. Snapshots whose documents did not change are
    /// only delivered with ``ListenOptions/includeMetadataChanges``.
    ///
    /// The stream never ends on its own while the store is healthy. Ending the iteration (`break`,
    /// releasing the stream) or cancelling the consuming task ends it without an error, stops the
    /// listener and frees its resources. Failures end it with a `DocumentStoreError`: an invalid query
    /// with `invalidArgument` (at the first element); a failure the store cannot recover from with its
    /// code. Every adapter must give the same snapshots for the same commits, up to how commits are
    /// grouped into snapshots (a polling store may merge several).
    ///
    /// There is no default: a store that learns of changes pushes them through a `SnapshotBuffer`
    /// (the local engine does); a store that cannot says so in its own `listen` by calling
    /// ``PollingListener/listen(to:options:on:group:)``, which polls the store's own reads (the Firestore
    /// REST adapter does, until it speaks Firestore's Listen RPC). On a closed store the stream fails at
    /// once with `failedPrecondition` (see ``close()``).
    func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error>

    /// Closes the store: Firebase's `terminate()`, with one behaviour on every store (the `closing`
    /// area of `HearthContract` checks it):
    ///
    /// - Every listener of the store ends **without an error**: its stream's next `next()` returns
    ///   `nil`, even when a snapshot was waiting, and no `next()` called after `close()` returned
    ///   returns a snapshot. (Firebase's Swift SDK stops its listeners silently on `terminate()`; a
    ///   stream that finishes rather than waits forever is the `AsyncSequence` form of that.) The client
    ///   API's callback listeners are then not called again.
    /// - Every later call fails with `failedPrecondition`, as Firebase's calls after `terminate()` do:
    ///   reads, queries, aggregations, listings, writes, transactions, and ``listen(_:options:)``,
    ///   whose stream fails at once.
    /// - Calls already running when `close()` is called may complete.
    /// - It is idempotent; what else it releases is the store's (the file store flushes its log and
    ///   unlocks its directory; the memory store keeps its data until it is released).
    ///
    /// Throws what the store could not release cleanly (the file store: a failed final flush); the
    /// store is closed even then. A decorator closes the store it wraps.
    func close() async throws

    /// Whether ``close()`` was called (on a decorator: on the store it wraps).
    var isClosed: Bool { get }
}
