import Foundation
public import HearthDomain
public import HearthPort

/// The entry point of Hearth's client API: a Firestore database reached through a `DocumentStore`.
/// Firebase's name for it, ``Firestore``, is an alias of this type.
///
/// The client API is built once on the port, so it behaves the same on every adapter (in-memory,
/// file, Firestore REST). Names follow Firebase's Swift SDK; everything is `async throws` and `Sendable`.
///
/// ```swift
/// let db = Database(store: InMemoryDocumentStore(database: try DatabaseID(projectID: "demo")))
/// let members = db.collection("members")
/// try await members.document("ana").setData(["name": "Ana", "active": true])
/// let active = try await members.whereField("active", isEqualTo: true).getDocuments()
/// ```
///
/// Reference constructors (`collection(_:)`, `document(_:)`, `collectionGroup(_:)`) never throw, as in
/// Firebase: an invalid path makes an invalid reference whose first operation throws `invalidArgument`
/// naming the path (never a trap). Query builder methods never throw either and report the first
/// invalid call when the query runs. Every failure is a `DocumentStoreError`.
///
/// Firebase's synchronous Codable writes (``DocumentReference/setData(from:merge:encoder:completion:)``,
/// ``CollectionReference/addDocument(from:encoder:completion:)``) go through an ordered write pipeline
/// shared by every copy of this value: every later operation through this database (reads, writes,
/// queries, aggregations, listeners, batches, transactions) first waits for the pipelined writes, so it
/// sees them. Operations called on ``store`` directly do not wait.
public struct Database: Sendable {
    /// The store every operation goes through.
    public let store: any DocumentStore
    /// Client-side policies (transaction retries and their backoff).
    public let options: DatabaseOptions
    /// The writes started by the synchronous Codable writes, in order.
    let pipeline: WritePipeline

    /// A database on `store`, with a write pipeline of its own (see the type's documentation).
    public init(store: any DocumentStore, options: DatabaseOptions = DatabaseOptions()) {
        self.store = store
        self.options = options
        self.pipeline = WritePipeline()
    }

    /// The database's identity (project and database ID).
    public var databaseID: DatabaseID { store.database }

    /// The collection at a slash-separated path (`"members"` or `"users/ana/posts"`). Never throws: an
    /// invalid path (an even number of segments, an invalid ID) makes an invalid reference whose
    /// operations throw `invalidArgument` naming the path (see ``CollectionReference/pathError``).
    public func collection(_ path: String) -> CollectionReference {
        CollectionReference(database: self, target: ReferenceTarget(path))
    }

    /// The collection at `path`.
    public func collection(_ path: CollectionPath) -> CollectionReference {
        CollectionReference(database: self, path: path)
    }

    /// The document at a slash-separated path (`"members/ana"`). Never throws: an invalid path (an odd
    /// number of segments, an invalid ID) makes an invalid reference whose operations throw
    /// `invalidArgument` naming the path (see ``DocumentReference/pathError``).
    public func document(_ path: String) -> DocumentReference {
        DocumentReference(database: self, target: ReferenceTarget(path))
    }

    /// The document at `path`.
    public func document(_ path: DocumentPath) -> DocumentReference {
        DocumentReference(database: self, path: path)
    }

    /// A query over every collection named `collectionID`, at any depth (a collection group). Never
    /// throws: an invalid collection ID makes a query that throws `invalidArgument`, naming it, when run.
    public func collectionGroup(_ collectionID: String) -> Query {
        do throws(DocumentStoreError) {
            return Query(database: self, builder: try QueryBuilder(database: databaseID, collectionGroup: collectionID))
        } catch {
            let invalid = InvalidPath("collection group", text: collectionID, reason: error)
            return Query(
                database: self, builder: QueryBuilder(database: databaseID, collection: InvalidPath.collection),
                pathError: invalid.error)
        }
    }

    /// A new, empty write batch.
    public func batch() -> WriteBatch {
        WriteBatch(database: self)
    }

    /// Reads several documents in one round trip, in the order given (duplicates answered once each
    /// time they are asked for). `fieldMask` limits the fields returned.
    public func getDocuments(
        _ references: [DocumentReference], fieldMask: [FieldPath]? = nil
    ) async throws -> [DocumentSnapshot] {
        try await getDocuments(references, fieldMask: fieldMask, consistency: .latest)
    }

    func getDocuments(
        _ references: [DocumentReference], fieldMask: [FieldPath]?, consistency: ReadConsistency
    ) async throws
        -> [DocumentSnapshot]
    {
        guard !references.isEmpty else { return [] }
        let paths = try references.map { reference throws(DocumentStoreError) in try reference.checkedPath() }
        if case .latest = consistency { await pipeline.drain() }
        let response = try await store.batchGetDocuments(paths, mask: fieldMask, consistency: consistency)
        var byPath: [DocumentPath: Document?] = [:]
        for read in response.documents { byPath[read.path] = read.document }
        return references.map { reference in
            DocumentSnapshot(reference: reference, document: byPath[reference.path] ?? nil, readTime: response.readTime)
        }
    }

    /// The root collections of the database, in name order (UTF-8 bytes).
    public func collections() async throws -> [CollectionReference] {
        await pipeline.drain()
        return try await CollectionListing.all(in: self, parent: nil)
    }
}

/// Client-side policies of a ``Database``.
public struct DatabaseOptions: Sendable {
    /// How many times ``Database/runTransaction(maxAttempts:isolation:_:)`` runs a read-write transaction that keeps
    /// failing with `aborted` (contention) before giving up. Default 5, as Firebase's SDKs.
    public var transactionMaxAttempts: Int
    /// The backoff between transaction attempts. Default: 100 ms, ×1.5 per attempt, at most 5 s, with
    /// full jitter (each delay is random between half and all of the nominal delay).
    public var transactionBackoff: Backoff
    /// How the client waits between attempts (inject a recorder in tests). Default: `Task.sleep`.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// The source of jitter in `0..<1` (inject a fixed one in tests). Default: the system generator.
    public var random: @Sendable () -> Double

    /// Options with the defaults described on each property.
    public init(
        transactionMaxAttempts: Int = 5,
        transactionBackoff: Backoff = Backoff(initial: .milliseconds(100), multiplier: 1.5, maximum: .seconds(5)),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.transactionMaxAttempts = transactionMaxAttempts
        self.transactionBackoff = transactionBackoff
        self.sleep = sleep
        self.random = random
    }
}
