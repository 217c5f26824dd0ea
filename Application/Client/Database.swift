import Foundation
public import HearthDomain

/// The entry point of Hearth's client API: a Firestore database reached through a ``DocumentStore``.
///
/// The client API is built once on the port, so it behaves the same on every adapter (in-memory,
/// file, Firestore REST). Names follow Firebase's Swift SDK; everything is `async throws` and `Sendable`.
///
/// ```swift
/// let db = Database(store: InMemoryDocumentStore(database: try DatabaseID(projectID: "demo")))
/// let members = try db.collection("members")
/// try await members.document("ana").setData(["name": "Ana", "active": true])
/// let active = try await members.whereField("active", isEqualTo: true).getDocuments()
/// ```
///
/// Reference constructors (`collection(_:)`, `document(_:)`) validate their path and throw
/// `invalidArgument`; query builder methods never throw and report the first invalid call when the
/// query runs. Every failure is a ``DocumentStoreError``.
public struct Database: Sendable {
    /// The store every operation goes through.
    public let store: any DocumentStore
    /// Client-side policies (transaction retries and their backoff).
    public let options: DatabaseOptions

    /// A database on `store`.
    public init(store: any DocumentStore, options: DatabaseOptions = DatabaseOptions()) {
        self.store = store
        self.options = options
    }

    /// The database's identity (project and database ID).
    public var databaseID: DatabaseID { store.database }

    /// The collection at a slash-separated path (`"members"` or `"users/ana/posts"`).
    /// Throws `invalidArgument` for an invalid path (an even number of segments, an invalid ID).
    public func collection(_ path: String) throws(DocumentStoreError) -> CollectionReference {
        CollectionReference(database: self, path: try CollectionPath(path))
    }

    /// The collection at `path`.
    public func collection(_ path: CollectionPath) -> CollectionReference {
        CollectionReference(database: self, path: path)
    }

    /// The document at a slash-separated path (`"members/ana"`).
    /// Throws `invalidArgument` for an invalid path (an odd number of segments, an invalid ID).
    public func document(_ path: String) throws(DocumentStoreError) -> DocumentReference {
        DocumentReference(database: self, path: try DocumentPath(path))
    }

    /// The document at `path`.
    public func document(_ path: DocumentPath) -> DocumentReference {
        DocumentReference(database: self, path: path)
    }

    /// A query over every collection named `collectionID`, at any depth (a collection group).
    /// Throws `invalidArgument` for an invalid collection ID.
    public func collectionGroup(_ collectionID: String) throws(DocumentStoreError) -> Query {
        Query(database: self, builder: try QueryBuilder(database: databaseID, collectionGroup: collectionID))
    }

    /// A new, empty write batch.
    public func batch() -> WriteBatch {
        WriteBatch(database: self)
    }

    /// Reads several documents in one round trip, in the order given (duplicates answered once each
    /// time they are asked for). `fieldMask` limits the fields returned.
    public func getDocuments(_ references: [DocumentReference], fieldMask: [FieldPath]? = nil) async throws -> [DocumentSnapshot] {
        try await getDocuments(references, fieldMask: fieldMask, consistency: .latest)
    }

    func getDocuments(_ references: [DocumentReference], fieldMask: [FieldPath]?, consistency: ReadConsistency) async throws
        -> [DocumentSnapshot]
    {
        guard !references.isEmpty else { return [] }
        let response = try await store.batchGetDocuments(references.map(\.path), mask: fieldMask, consistency: consistency)
        var byPath: [DocumentPath: Document?] = [:]
        for read in response.documents { byPath[read.path] = read.document }
        return references.map { reference in
            DocumentSnapshot(reference: reference, document: byPath[reference.path] ?? nil, readTime: response.readTime)
        }
    }

    /// The root collections of the database, in name order (UTF-8 bytes).
    public func collections() async throws -> [CollectionReference] {
        try await CollectionListing.all(in: self, parent: nil)
    }
}

/// Client-side policies of a ``Database``.
public struct DatabaseOptions: Sendable {
    /// How many times ``Database/runTransaction(maxAttempts:_:)`` runs a read-write transaction that keeps
    /// failing with `aborted` (contention) before giving up. Default 5, as Firebase's SDKs.
    public var transactionMaxAttempts: Int
    /// The backoff between transaction attempts. Default: 100 ms, ×1.5 per attempt, at most 5 s, with
    /// full jitter (each delay is random between half and all of the nominal delay).
    public var transactionBackoff: Backoff
    /// How the client waits between attempts (inject a recorder in tests). Default: `Task.sleep`.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// The source of jitter in `0..<1` (inject a fixed one in tests). Default: the system generator.
    public var random: @Sendable () -> Double

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
