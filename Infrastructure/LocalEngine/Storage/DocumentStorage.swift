import HearthDomain

/// Every version of every document, grouped by collection (parent path + collection ID) so that a query
/// reads only the collections it selects. Also tracks which collections exist under which document, for
/// collection-group queries, `listCollectionIDs` and `showMissing`.
///
/// Reads take a time: the version current at that time is returned (MVCC). `head` reads see every
/// installed version, including commits that are not yet published.
struct DocumentStorage: Sendable {
    private(set) var collections: [CollectionPath: CollectionStore] = [:]
    /// Collection IDs registered under each parent document (`nil`: the root).
    private var childCollectionIDs: [DocumentPath?: Set<TextKey>] = [:]
    /// Collections by collection ID, for collection-group queries.
    private var collectionsByID: [TextKey: Set<CollectionPath>] = [:]
    /// The field names of every stored record.
    private(set) var names: FieldNameTable
    /// Changes whenever documents, versions or indexes change (plans made before may be stale).
    private(set) var generation: UInt64 = 0
    /// The ``generation`` at which a collection was last dropped (see ``isUnchanged(_:since:)``).
    private var droppedAt: UInt64 = 0

    /// Empty storage whose records intern field names when `interning` (not for a durable engine, whose
    /// records go to its log as they are).
    init(interning: Bool = true) {
        names = FieldNameTable(interning: interning)
    }

    var isEmpty: Bool { collections.isEmpty }

    // MARK: Point reads

    /// The newest installed version of `path` (published or not).
    func head(_ path: DocumentPath) -> DocumentVersion? {
        collections[path.parent]?.head(path.documentID, names: names)
    }

    /// The document at `path` as of `time`.
    func document(_ path: DocumentPath, at time: Timestamp) -> Document? {
        collections[path.parent]?.document(path.documentID, at: time, names: names)
    }

    /// Whether `path` holds versions a later prune may drop: more than one, or a deletion. (A document
    /// created once holds neither, so retention need not track it.)
    func hasPrunableVersions(_ path: DocumentPath) -> Bool {
        guard let chain = collections[path.parent]?.chain(path.documentID) else { return false }
        return !chain.isSingle || chain.head?.record == nil
    }

    /// Whether the head state of every document `scope` selects is the same as at `generation`: no
    /// version was installed or discarded since in the collections it selects now, and no collection was
    /// dropped since (a dropped collection's documents were deleted). Conservative: `false` may mean
    /// only that something else changed in those collections.
    func isUnchanged(_ scope: QueryScope, since generation: UInt64) -> Bool {
        guard droppedAt <= generation else { return false }
        for collection in collections(in: scope) where (collections[collection]?.changedAt ?? 0) > generation {
            return false
        }
        return true
    }

    // MARK: Scans

    /// Calls `body` with every document of the selected collections that exists at `time`, collection by
    /// collection, in no particular order.
    func forEachDocument(in scope: QueryScope, at time: Timestamp, _ body: (Document) -> Void) {
        for collection in collections(in: scope) {
            collections[collection]?.forEachDocument(at: time, names: names) { document in
                body(document)
                return true
            }
        }
    }

    /// The registered collections a scope selects.
    func collections(in scope: QueryScope) -> [CollectionPath] {
        switch (scope.allDescendants, scope.collectionID.isEmpty) {
        case (false, false):
            guard let path = Self.collectionPath(parent: scope.parent, id: scope.collectionID) else { return [] }
            return collections[path] == nil ? [] : [path]
        case (false, true):
            return (childCollectionIDs[scope.parent] ?? []).compactMap {
                Self.collectionPath(parent: scope.parent, id: $0.text)
            }
        case (true, false):
            let candidates = collectionsByID[TextKey(scope.collectionID)] ?? []
            guard let parent = scope.parent else { return Array(candidates) }
            return candidates.filter { PathPrefix.isStrictPrefix(parent.segments, of: $0.segments) }
        case (true, true):
            guard let parent = scope.parent else { return Array(collections.keys) }
            return collections.keys.filter { PathPrefix.isStrictPrefix(parent.segments, of: $0.segments) }
        }
    }

    /// Whether any document exists at `time` in `collection` or anywhere below it.
    func hasDocuments(in collection: CollectionPath, at time: Timestamp) -> Bool {
        guard let store = collections[collection] else { return false }
        if store.hasDocument(at: time) { return true }
        for documentID in store.documentsWithSubcollections {
            guard let document = Self.documentPath(collection: collection, id: documentID.text) else { continue }
            if hasDescendants(document, at: time) { return true }
        }
        return false
    }

    /// Whether any document exists at `time` below `document` (in any of its subcollections, at any depth).
    func hasDescendants(_ document: DocumentPath, at time: Timestamp) -> Bool {
        for id in childCollectionIDs[document] ?? [] {
            guard let child = Self.collectionPath(parent: document, id: id.text) else { continue }
            if hasDocuments(in: child, at: time) { return true }
        }
        return false
    }

    /// The IDs of the collections directly under `parent` that hold a document (at any depth) at `time`,
    /// in UTF-8 order.
    func collectionIDs(under parent: DocumentPath?, at time: Timestamp) -> [String] {
        (childCollectionIDs[parent] ?? [])
            .filter { id in
                Self.collectionPath(parent: parent, id: id.text).map { hasDocuments(in: $0, at: time) } ?? false
            }
            .sorted()
            .map(\.text)
    }

    /// Documents of `collection` that do not exist at `time` but have descendants then (`showMissing`).
    func missingDocumentsWithDescendants(in collection: CollectionPath, at time: Timestamp) -> [DocumentPath] {
        guard let store = collections[collection] else { return [] }
        return store.documentsWithSubcollections.compactMap { id in
            guard let path = Self.documentPath(collection: collection, id: id.text) else { return nil }
            if store.exists(id.text, at: time) { return nil }
            return hasDescendants(path, at: time) ? path : nil
        }
    }

    /// Calls `body` with the version current at `time` of every document that exists then, collection by
    /// collection, in no particular order.
    func forEachDocument(at time: Timestamp, _ body: (Document) -> Void) {
        for store in collections.values {
            store.forEachDocument(at: time, names: names) { document in
                body(document)
                return true
            }
        }
    }

    // MARK: Mutation

    /// Appends a version to `path`'s chain (and its entries to the collection's indexes), registering its
    /// collection (and ancestors) when new. The version is kept as `record` (the encoding of `document` at
    /// `commitTime`) when given, else `document` is encoded here. Returns the record kept (`nil`: deleted).
    @discardableResult
    mutating func install(
        _ document: Document?,
        record: DocumentRecord? = nil,
        at path: DocumentPath,
        commitTime: Timestamp
    ) -> DocumentRecord? {
        let collection = path.parent
        let identifier: DocumentIdentifier
        do {
            identifier = try DocumentIdentifier(path.documentID)
        } catch {
            return nil  // unreachable: the segments of a DocumentPath are valid IDs
        }
        register(collection)
        generation &+= 1
        return collections[collection]?.install(
            document,
            record: record,
            identifier: identifier,
            commitTime: commitTime,
            change: generation,
            names: &names
        )
    }

    /// Installs the documents of `collection`, none of which is stored yet, in bulk
    /// (``CollectionStore/installInBulk(_:prebuilt:change:)``), each kept at its update time (as its
    /// record when it has one, else encoded); falls back to installing them one by one when the
    /// collection already holds documents or indexes. Returns the first document ID that repeats (`nil`:
    /// none); the storage must then be dropped.
    mutating func installInBulk(
        _ entries: [(identifier: DocumentIdentifier, document: Document, record: DocumentRecord?)],
        in collection: CollectionPath
    ) -> String? {
        if isBulkLoadable(collection) {
            let documents = entries.map { identifier, document, record in
                BulkDocument(
                    identifier: identifier, updateTime: document.updateTime,
                    record: record ?? DocumentRecord.encode(document, commitTime: document.updateTime, names: &names),
                    fields: document.fields)
            }
            return installInBulk(documents, prebuilt: nil, in: collection)
        }
        register(collection)
        generation &+= 1
        guard var store = collections[collection] else { return nil }
        collections[collection] = nil  // uniquely referenced while it is filled
        defer { collections[collection] = store }
        for (identifier, document, record) in entries {
            if store.head(identifier.rawValue, names: names) != nil { return identifier.rawValue }
            _ = store.install(
                document, record: record, identifier: identifier, commitTime: document.updateTime,
                change: generation, names: &names)
        }
        return nil
    }

    /// Installs `documents` into `collection`, which holds no document and no index yet (the caller checks
    /// ``isBulkLoadable(_:)``), with `prebuilt` indexes (a snapshot's, see
    /// ``CollectionStore/installInBulk(_:prebuilt:change:)``) or, without, indexes built from their fields.
    /// Returns the first document ID that repeats (`nil`: none); the storage must then be dropped.
    mutating func installInBulk(
        _ documents: some RandomAccessCollection<some BulkInstallable>, prebuilt: [IndexSelector: SortedKeyList]?,
        in collection: CollectionPath
    ) -> String? {
        register(collection)
        generation &+= 1
        guard var store = collections[collection] else { return nil }
        collections[collection] = nil  // uniquely referenced while it is filled
        defer { collections[collection] = store }
        return store.installInBulk(documents, prebuilt: prebuilt, change: generation)
    }

    /// Whether `collection` holds no document and no index yet (absent, or registered only as the parent
    /// of a subcollection).
    func isBulkLoadable(_ collection: CollectionPath) -> Bool {
        collections[collection]?.isBulkLoadable ?? true
    }

    /// Removes the versions installed at or after `time` for `paths` (a discarded commit), then tidies up.
    mutating func discardVersions(of paths: [DocumentPath], installedAtOrAfter time: Timestamp) {
        generation &+= 1
        for path in paths {
            let collection = path.parent
            collections[collection]?.discardVersions(
                of: path.documentID, installedAtOrAfter: time, change: generation, names: names)
            unregisterIfEmpty(collection)
        }
    }

    /// Forgets the versions of `paths` that no read at or after `cutoff` can see.
    mutating func prune(_ paths: [DocumentPath], before cutoff: Timestamp) {
        generation &+= 1
        for path in paths {
            let collection = path.parent
            collections[collection]?.prune(path.documentID, before: cutoff, names: names)
            unregisterIfEmpty(collection)
        }
    }

    /// Builds an automatic composite index on `collection` (no-op when it exists or the collection does not).
    mutating func addComposite(_ definition: CompositeIndexDefinition, in collection: CollectionPath) {
        generation &+= 1
        collections[collection]?.addComposite(definition, names: names)
    }

    private mutating func register(_ collection: CollectionPath) {
        if collections[collection] != nil { return }
        collections[collection] = CollectionStore(path: collection)
        let id = TextKey(collection.collectionID)
        childCollectionIDs[collection.parent, default: []].insert(id)
        collectionsByID[id, default: []].insert(collection)
        if let parentDocument = collection.parent {
            let grandparent = parentDocument.parent
            register(grandparent)
            collections[grandparent]?.documentsWithSubcollections.insert(TextKey(parentDocument.documentID))
        }
    }

    private mutating func unregisterIfEmpty(_ collection: CollectionPath) {
        guard let store = collections[collection], store.isEmpty else { return }
        collections[collection] = nil
        droppedAt = generation
        let id = TextKey(collection.collectionID)
        let parent = collection.parent
        childCollectionIDs[parent]?.remove(id)
        if childCollectionIDs[parent]?.isEmpty == true { childCollectionIDs[parent] = nil }
        collectionsByID[id]?.remove(collection)
        if collectionsByID[id]?.isEmpty == true { collectionsByID[id] = nil }
        if let parentDocument = parent, childCollectionIDs[parentDocument] == nil {
            let grandparent = parentDocument.parent
            collections[grandparent]?.documentsWithSubcollections.remove(TextKey(parentDocument.documentID))
            unregisterIfEmpty(grandparent)
        }
    }

    // MARK: Paths from validated parts

    static func collectionPath(parent: DocumentPath?, id: String) -> CollectionPath? {
        do {
            if let parent { return try parent.collection(id) }
            return try CollectionPath(segments: [id])
        } catch {
            return nil
        }
    }

    static func documentPath(collection: CollectionPath, id: String) -> DocumentPath? {
        do {
            return try collection.document(id)
        } catch {
            return nil
        }
    }
}
