public import HearthDomain

/// The port every Hearth adapter implements: Firestore's RPCs, speaking Domain types only.
///
/// Because it is RPC-shaped, the REST adapter maps onto it one to one and the local engine implements
/// exactly what Firestore's server does. Everything a Firestore *client SDK* adds on top (sentinels,
/// `limit(toLast:)`, cursors from snapshots, transaction retries, Codable) lives once in the client API
/// (``Database`` and friends), so every adapter behaves the same.
///
/// Every requirement throws only `DocumentStoreError`; each documents which code each failure becomes.
/// Task cancellation ends an operation with `cancelled`. `HearthContract` is the executable form of
/// this contract: every adapter runs all of its behaviours.
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
    func batchGetDocuments(_ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency) async throws
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
    func runQuery(parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency)
        -> AsyncThrowingStream<RunQueryResponse, any Error>

    /// Runs a structured query to its end and returns every element `runQuery` would stream, in the same
    /// order, with the same errors (an error after some results throws; the results are not returned).
    /// `Query.getDocuments()` reads through this. The default implementation collects
    /// ``runQuery(parent:query:consistency:)``; adapters that have the whole answer at once (the local engine, one REST response) return it
    /// without a stream, which spares a suspension per document.
    func runQueryAll(parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency) async throws
        -> [RunQueryResponse]

    /// Runs one to five aggregations over a structured query's results.
    /// Zero or more than five aggregations, duplicate aliases, or an invalid query: `invalidArgument`.
    func runAggregation(
        parent: DocumentPath?,
        query: StructuredQuery,
        aggregations: [Aggregation],
        consistency: ReadConsistency
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
    /// A default implementation polls with ``PollingListener`` (1 s interval); stores that learn of
    /// changes (the local engine) push them instead.
    func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error>
}

/// Which state of the database a read sees.
public enum ReadConsistency: Sendable, Hashable {
    /// The latest committed state.
    case latest
    /// The state seen by a transaction (read-write reads also register for conflict detection).
    case transaction(TransactionID)
    /// The state at a past time (microsecond precision).
    case readTime(Timestamp)
}

/// An opaque transaction handle issued by ``DocumentStore/beginTransaction(_:)``.
public struct TransactionID: Sendable, Hashable, CustomStringConvertible {
    /// The adapter's opaque bytes (base64 on the REST wire).
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    public var description: String { "TransactionID(\(bytes.count) bytes)" }
}

/// How a transaction is opened (Firestore's `TransactionOptions` message; the Swift name
/// `TransactionOptions` is Firebase's client-side options, ``TransactionOptions``).
public enum TransactionMode: Sendable, Hashable {
    /// Reads only, from one consistent snapshot: now, or at `readTime`.
    case readOnly(readTime: Timestamp?)
    /// Reads and writes; `retrying` names the transaction this one retries (keeps its place in line).
    case readWrite(retrying: TransactionID?)

    /// A read-write transaction that retries nothing.
    public static let readWrite = TransactionMode.readWrite(retrying: nil)
}

/// One document of a read: found with its content, or missing.
public enum DocumentRead: Sendable, Hashable {
    case found(Document)
    case missing(DocumentPath)

    /// The path read.
    public var path: DocumentPath {
        switch self {
        case .found(let document): document.path
        case .missing(let path): path
        }
    }

    /// The document, when found.
    public var document: Document? {
        if case .found(let document) = self { return document }
        return nil
    }
}

/// The answer of a batch get.
public struct BatchGetResponse: Sendable, Hashable {
    /// One entry per distinct requested path, in request order.
    public var documents: [DocumentRead]
    /// The time the documents were read at.
    public var readTime: Timestamp

    public init(documents: [DocumentRead], readTime: Timestamp) {
        self.documents = documents
        self.readTime = readTime
    }
}

/// A request to list the documents of one collection.
public struct ListDocumentsRequest: Sendable, Hashable {
    /// The document the collection belongs to (`nil`: a root collection).
    public var parent: DocumentPath?
    public var collectionID: String
    /// The maximum number of documents in the page (`nil`: the adapter's default).
    public var pageSize: Int?
    /// The token of the page to read, from a previous response.
    public var pageToken: String?
    /// The order (`nil`: by name ascending).
    public var orderBy: [Order]?
    /// Only these fields are returned.
    public var mask: [FieldPath]?
    /// Whether to include missing documents that have subcollections.
    public var showMissing: Bool
    public var consistency: ReadConsistency

    public init(
        parent: DocumentPath? = nil,
        collectionID: String,
        pageSize: Int? = nil,
        pageToken: String? = nil,
        orderBy: [Order]? = nil,
        mask: [FieldPath]? = nil,
        showMissing: Bool = false,
        consistency: ReadConsistency = .latest
    ) {
        self.parent = parent
        self.collectionID = collectionID
        self.pageSize = pageSize
        self.pageToken = pageToken
        self.orderBy = orderBy
        self.mask = mask
        self.showMissing = showMissing
        self.consistency = consistency
    }
}

/// One page of listed documents.
public struct ListDocumentsResponse: Sendable, Hashable {
    public var documents: [DocumentRead]
    /// The token of the next page, `nil` on the last page.
    public var nextPageToken: String?

    public init(documents: [DocumentRead], nextPageToken: String?) {
        self.documents = documents
        self.nextPageToken = nextPageToken
    }
}

/// One element of a query's result stream.
public struct RunQueryResponse: Sendable, Hashable {
    /// A result document, or `nil` for a progress-only element.
    public var document: Document?
    /// The time the results were read at.
    public var readTime: Timestamp
    /// How many results an offset skipped since the previous element.
    public var skippedResults: Int

    public init(document: Document?, readTime: Timestamp, skippedResults: Int = 0) {
        self.document = document
        self.readTime = readTime
        self.skippedResults = skippedResults
    }
}

/// The results of an aggregation query: one value per alias.
public struct AggregationResponse: Sendable, Hashable {
    /// Alias → result (`integer` for counts, `integer`/`double` for sums, `double`/`null` for averages).
    public var values: MapValue
    public var readTime: Timestamp

    public init(values: MapValue, readTime: Timestamp) {
        self.values = values
        self.readTime = readTime
    }
}

/// A request to list collection IDs.
public struct ListCollectionIDsRequest: Sendable, Hashable {
    /// The document whose subcollections are listed (`nil`: root collections).
    public var parent: DocumentPath?
    public var pageSize: Int?
    public var pageToken: String?
    public var consistency: ReadConsistency

    public init(parent: DocumentPath? = nil, pageSize: Int? = nil, pageToken: String? = nil, consistency: ReadConsistency = .latest) {
        self.parent = parent
        self.pageSize = pageSize
        self.pageToken = pageToken
        self.consistency = consistency
    }
}

/// One page of collection IDs.
public struct ListCollectionIDsResponse: Sendable, Hashable {
    public var collectionIDs: [String]
    public var nextPageToken: String?

    public init(collectionIDs: [String], nextPageToken: String?) {
        self.collectionIDs = collectionIDs
        self.nextPageToken = nextPageToken
    }
}
