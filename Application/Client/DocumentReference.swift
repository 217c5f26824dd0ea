public import HearthDomain
import HearthPort

/// A document location: read it, write it, delete it, and reach its subcollections.
///
/// Writes return the `WriteResult` (the document's new update time), which can be ignored.
///
/// Made from an invalid path (`db.document("members")`), a reference is still made, as in Firebase,
/// but it is *invalid*: ``pathError`` holds the `invalidArgument` error naming the path, and every
/// operation on it (reads, writes, listeners, use in a batch or a transaction) and on the references
/// made from it throws that error; nothing reaches the store. Its ``path`` is then the placeholder
/// `__invalid__/__invalid__` (reserved IDs, so it names no real document), its ``documentID`` is
/// `__invalid__`, and it is equal only to invalid references of the same database made from the same text.
public struct DocumentReference: Sendable, Hashable {
    /// The database the document belongs to.
    public let database: Database
    /// The document's path, or the invalid reference's placeholder and error.
    let target: ReferenceTarget<DocumentPath>

    /// The document at `path` in `database`. A path that holds the placeholder ID `__invalid__` (taken
    /// from an invalid reference) makes an invalid reference.
    public init(database: Database, path: DocumentPath) {
        self.init(database: database, target: ReferenceTarget(path))
    }

    init(database: Database, target: ReferenceTarget<DocumentPath>) {
        self.database = database
        self.target = target
    }

    /// The document's path; the placeholder `__invalid__/__invalid__` when the reference is invalid (see
    /// ``pathError``).
    public var path: DocumentPath { target.path }

    /// Why this reference cannot be used (`invalidArgument`, naming the path it was made from), or `nil`
    /// when it is valid. Every operation on an invalid reference throws this error.
    public var pathError: DocumentStoreError? { target.pathError }

    /// ``path``, or ``pathError`` thrown when the reference is invalid.
    func checkedPath() throws(DocumentStoreError) -> DocumentPath {
        try target.checkedPath()
    }

    /// The document's ID (its last path segment; `__invalid__` for an invalid reference).
    public var documentID: String { path.documentID }

    /// The collection holding this document (for an invalid reference, an invalid collection reference
    /// carrying the same error).
    public var parent: CollectionReference {
        CollectionReference(database: database, target: target.map(\.parent))
    }

    /// The document's full name, as stored in reference values (the placeholder's for an invalid reference).
    public var name: DocumentName { DocumentName(database: database.databaseID, path: path) }

    /// The subcollection at a path relative to this document (`"posts"` or `"posts/p1/comments"`). Never
    /// throws: an invalid path (or an invalid document) makes an invalid reference whose operations throw
    /// `invalidArgument` naming the path (see ``CollectionReference/pathError``).
    public func collection(_ relativePath: String) -> CollectionReference {
        CollectionReference(database: database, target: target.child(relativePath))
    }

    // MARK: - Reading

    /// Reads the document. A missing document is a snapshot whose `exists` is `false`, not an error.
    /// `fieldMask` limits the fields returned. On a store with an offline cache (a `CachingDocumentStore`),
    /// a read of the whole document carries its ``DocumentSnapshot/metadata``.
    public func getDocument(fieldMask: [FieldPath]? = nil) async throws -> DocumentSnapshot {
        let path = try checkedPath()
        await database.pipeline.drain()
        if fieldMask == nil, let cache = database.store as? any CachingDocumentStore {
            let read = try await cache.readDocument(path, source: .default)
            return DocumentSnapshot(reference: self, document: read.document, readTime: nil, cache: read.metadata)
        }
        let document = try await database.store.getDocument(path, mask: fieldMask, consistency: .latest)
        return DocumentSnapshot(reference: self, document: document, readTime: nil)
    }

    /// Reads the document and decodes it (Firebase's `getDocument(as:with:decoder:)`), pending server
    /// timestamps read as `serverTimestampBehavior` says (default null, as in Firebase). Throws `notFound`
    /// naming the path when the document does not exist, and `invalidArgument` naming the field when the
    /// data does not fit `T`.
    public func getDocument<T: Decodable>(
        as type: T.Type, with serverTimestampBehavior: ServerTimestampBehavior = .none,
        decoder: DocumentDecoder = DocumentDecoder()
    ) async throws -> T {
        try await getDocument().data(as: type, with: serverTimestampBehavior, decoder: decoder)
    }

    /// Reads the document and decodes it (as ``getDocument(as:with:decoder:)``), or returns `nil` when it
    /// does not exist.
    public func getDocumentIfExists<T: Decodable>(
        as type: T.Type, with serverTimestampBehavior: ServerTimestampBehavior = .none,
        decoder: DocumentDecoder = DocumentDecoder()
    ) async throws -> T? {
        let snapshot = try await getDocument()
        return snapshot.exists ? try snapshot.data(as: type, with: serverTimestampBehavior, decoder: decoder) : nil
    }

    // MARK: - Writing

    /// Creates the document; fails with `alreadyExists` if it exists.
    @discardableResult
    public func create(data: UserFields) async throws -> WriteResult {
        try await commit(WriteBuilder.create(checkedPath(), data: data))
    }

    /// Creates the document from an `Encodable` model; fails with `alreadyExists` if it exists.
    @discardableResult
    public func create<T: Encodable>(
        from value: T, encoder: DocumentEncoder = DocumentEncoder()
    ) async throws -> WriteResult {
        try await create(data: encoder.encode(value))
    }

    /// Writes the document, replacing it (creating it if missing); with `merge`, only the given fields
    /// are written and the others kept.
    @discardableResult
    public func setData(_ data: UserFields, merge: Bool = false) async throws -> WriteResult {
        try await commit(WriteBuilder.set(checkedPath(), data: data, options: merge ? .merge : .overwrite))
    }

    /// Writes only the listed fields (dotted paths) of `data`, keeping the others; creates the document if missing.
    @discardableResult
    public func setData(_ data: UserFields, mergeFields: [String]) async throws -> WriteResult {
        try await commit(
            WriteBuilder.set(checkedPath(), data: data, options: SetOptions.mergeFields(dotted: mergeFields)))
    }

    /// Writes only the listed fields of `data`, keeping the others; creates the document if missing.
    @discardableResult
    public func setData(_ data: UserFields, mergeFields: [FieldPath]) async throws -> WriteResult {
        try await commit(WriteBuilder.set(checkedPath(), data: data, options: .mergeFields(mergeFields)))
    }

    /// Updates fields of an existing document; the keys are dotted paths (`"address.city"`). Fails with
    /// `notFound` if the document does not exist.
    @discardableResult
    public func updateData(_ fields: UserFields) async throws -> WriteResult {
        try await commit(WriteBuilder.update(checkedPath(), data: fields))
    }

    /// Updates fields of an existing document, by field path. Fails with `notFound` if it does not exist.
    @discardableResult
    public func updateData(_ fields: [FieldPath: FieldValue]) async throws -> WriteResult {
        try await commit(
            WriteBuilder.update(checkedPath(), fields: fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
    }

    /// Updates an existing document from an `Encodable` model without replacing it: every field the model
    /// encodes, or only `fields` (see ``DocumentEncoder/encodeUpdate(_:fields:)``). Fails with `notFound`
    /// if the document does not exist.
    @discardableResult
    public func updateData<T: Encodable>(
        from value: T, fields: [FieldPath]? = nil, encoder: DocumentEncoder = DocumentEncoder()
    )
        async throws -> WriteResult
    {
        try await updateData(encoder.encodeUpdate(value, fields: fields))
    }

    /// Deletes the document. Deleting a missing document succeeds unless `precondition` says otherwise.
    /// Subcollections are not deleted (see ``Database/recursiveDelete(_:batchSize:)-(DocumentReference,_)``).
    @discardableResult
    public func delete(precondition: Precondition? = nil) async throws -> WriteResult {
        try await commit(WriteBuilder.delete(checkedPath(), precondition: precondition))
    }

    /// The subcollections of this document, in name order.
    public func collections() async throws -> [CollectionReference] {
        let path = try checkedPath()
        await database.pipeline.drain()
        return try await CollectionListing.all(in: database, parent: path)
    }

    private func commit(_ write: Write) async throws -> WriteResult {
        await database.pipeline.drain()
        let response = try await database.store.commit([write], transaction: nil)
        guard let result = response.writeResults.first else {
            throw DocumentStoreError(.internal, "The store answered a commit of one write with no write result.")
        }
        return result
    }

    /// Same database and same path; an invalid reference equals only invalid references made from the
    /// same text.
    public static func == (lhs: DocumentReference, rhs: DocumentReference) -> Bool {
        lhs.database.databaseID == rhs.database.databaseID && lhs.target == rhs.target
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(database.databaseID)
        hasher.combine(target)
    }
}

/// Paging through collection IDs.
enum CollectionListing {
    static func all(in database: Database, parent: DocumentPath?) async throws -> [CollectionReference] {
        var references: [CollectionReference] = []
        var token: String?
        repeat {
            let page = try await database.store.listCollectionIDs(
                ListCollectionIDsRequest(parent: parent, pageSize: 300, pageToken: token))
            for id in page.collectionIDs {
                let path = try CollectionPath(segments: (parent?.segments ?? []) + [id])
                references.append(CollectionReference(database: database, path: path))
            }
            token = page.nextPageToken
        } while token != nil
        return references
    }
}

// MARK: - Dictionaries

extension DocumentReference {
    // Firebase-shaped code passes `[String: FieldValue]` variables; Swift has already merged canonically
    // equal keys in them. A literal argument becomes `UserFields` instead, which keeps every pair.

    /// `create(data:)` (the `UserFields` form) with a `Dictionary`.
    @_disfavoredOverload @discardableResult
    public func create(data: [String: FieldValue]) async throws -> WriteResult {
        try await create(data: UserFields(data))
    }

    /// `setData(_:merge:)` (the `UserFields` form) with a `Dictionary`.
    @_disfavoredOverload @discardableResult
    public func setData(_ data: [String: FieldValue], merge: Bool = false) async throws -> WriteResult {
        try await setData(UserFields(data), merge: merge)
    }

    /// `setData(_:mergeFields:)` (the `UserFields` form) with a `Dictionary`.
    @_disfavoredOverload @discardableResult
    public func setData(_ data: [String: FieldValue], mergeFields: [String]) async throws -> WriteResult {
        try await setData(UserFields(data), mergeFields: mergeFields)
    }

    /// `setData(_:mergeFields:)` (the `UserFields` form) with a `Dictionary`.
    @_disfavoredOverload @discardableResult
    public func setData(_ data: [String: FieldValue], mergeFields: [FieldPath]) async throws -> WriteResult {
        try await setData(UserFields(data), mergeFields: mergeFields)
    }

    /// `updateData(_:)` (the `UserFields` form) with a `Dictionary`.
    @_disfavoredOverload @discardableResult
    public func updateData(_ fields: [String: FieldValue]) async throws -> WriteResult {
        try await updateData(UserFields(fields))
    }
}
