import HearthDomain
import HearthPort

extension EngineState {
    mutating func listDocuments(
        _ request: ListDocumentsRequest, now: Timestamp
    ) throws(DocumentStoreError) -> ListDocumentsResponse {
        if let size = request.pageSize, size < 0 {
            throw .invalidArgument("The page size must not be negative (\(size)).")
        }
        let pageSize = request.pageSize.flatMap { $0 == 0 ? nil : $0 }
        let orderBy = request.orderBy ?? []
        if request.showMissing, !orderBy.isEmpty {
            throw .invalidArgument("An order cannot be given when showMissing is true.")
        }
        _ = try CollectionID(request.collectionID)
        if let mask = request.mask {
            for path in mask { try FieldPathRules.validate(path, allowDocumentID: false, use: "a document mask") }
        }
        let fingerprint = Self.fingerprint(of: request)
        if request.showMissing {
            return try listWithMissing(request, pageSize: pageSize, fingerprint: fingerprint, now: now)
        }

        let selector = CollectionSelector(collectionID: request.collectionID)
        let base = try QueryValidator.validate(
            parent: request.parent,
            query: StructuredQuery(from: selector, orderBy: orderBy),
            database: database
        )
        var query = StructuredQuery(from: selector, orderBy: base.orders, limit: pageSize.map { $0 + 1 })
        if let token = request.pageToken {
            let values = try PageTokenCodec.decode(token, fingerprint: fingerprint)
            guard values.count == base.orders.count else { throw PageTokenCodec.invalid("it does not match the order") }
            query.startAt = Cursor(values: values, before: false)
        }
        let validated = try QueryValidator.validate(parent: request.parent, query: query, database: database)
        let context = try beginRead(request.consistency, now: now)
        let result = executor.execute(validated, source: storage, at: context.time)
        recordQuery(validated, results: result.documents, in: context)

        var documents = result.documents
        var nextPageToken: String?
        if let pageSize, documents.count > pageSize {
            documents.removeLast(documents.count - pageSize)
            if let last = documents.last {
                let evaluator = FilterEvaluator(database: database)
                let values = base.orders.compactMap { evaluator.value(at: $0.field, in: last) }
                nextPageToken = PageTokenCodec.encode(fingerprint: fingerprint, values: values)
            }
        }
        return ListDocumentsResponse(
            documents: documents.map { .found($0.projected(onto: request.mask)) },
            nextPageToken: nextPageToken
        )
    }

    private mutating func listWithMissing(
        _ request: ListDocumentsRequest,
        pageSize: Int?,
        fingerprint: UInt64,
        now: Timestamp
    ) throws(DocumentStoreError) -> ListDocumentsResponse {
        var after: DocumentPath?
        if let token = request.pageToken {
            let values = try PageTokenCodec.decode(token, fingerprint: fingerprint)
            guard values.count == 1, case .reference(let name) = values[0] else {
                throw PageTokenCodec.invalid("bad position")
            }
            after = name.path
        }
        let context = try beginRead(request.consistency, now: now)
        var entries: [DocumentRead] = []
        if let collection = DocumentStorage.collectionPath(parent: request.parent, id: request.collectionID) {
            storage.forEachDocument(
                in: QueryScope(parent: request.parent, collectionID: request.collectionID, allDescendants: false),
                at: context.time
            ) { entries.append(.found($0)) }
            entries += storage.missingDocumentsWithDescendants(in: collection, at: context.time).map { .missing($0) }
        }
        entries.sort { $0.path < $1.path }
        if let after { entries.removeAll { !(after < $0.path) } }
        var nextPageToken: String?
        if let pageSize, entries.count > pageSize {
            entries.removeLast(entries.count - pageSize)
            if let last = entries.last {
                nextPageToken = PageTokenCodec.encode(
                    fingerprint: fingerprint,
                    values: [.reference(DocumentName(database: database, path: last.path))]
                )
            }
        }
        try recordReads(entries.map { ($0.path, $0.document?.updateTime) }, in: context)
        return ListDocumentsResponse(
            documents: entries.map { entry in entry.document.map { .found($0.projected(onto: request.mask)) } ?? entry
            },
            nextPageToken: nextPageToken
        )
    }

    mutating func listCollectionIDs(
        _ request: ListCollectionIDsRequest, now: Timestamp
    ) throws(DocumentStoreError)
        -> ListCollectionIDsResponse
    {
        if let size = request.pageSize, size < 0 {
            throw .invalidArgument("The page size must not be negative (\(size)).")
        }
        let pageSize = request.pageSize.flatMap { $0 == 0 ? nil : $0 }
        var hash = StableHash()
        hash.combine("collectionIDs")
        for segment in request.parent?.segments ?? [] { hash.combine(segment) }
        let fingerprint = hash.value
        var after: String?
        if let token = request.pageToken {
            let values = try PageTokenCodec.decode(token, fingerprint: fingerprint)
            guard values.count == 1, case .string(let last) = values[0] else {
                throw PageTokenCodec.invalid("bad position")
            }
            after = last
        }
        let context = try beginRead(request.consistency, now: now)
        var ids = storage.collectionIDs(under: request.parent, at: context.time)
        if let after { ids.removeAll { UTF8Order.compare($0, after) <= 0 } }
        var nextPageToken: String?
        if let pageSize, ids.count > pageSize {
            ids.removeLast(ids.count - pageSize)
            if let last = ids.last {
                nextPageToken = PageTokenCodec.encode(fingerprint: fingerprint, values: [.string(last)])
            }
        }
        return ListCollectionIDsResponse(collectionIDs: ids, nextPageToken: nextPageToken)
    }

    /// A fingerprint of everything a page token must agree with: parent, collection, order, show-missing.
    static func fingerprint(of request: ListDocumentsRequest) -> UInt64 {
        var hash = StableHash()
        hash.combine("listDocuments")
        hash.combine(UInt64(request.parent?.segments.count ?? 0))
        for segment in request.parent?.segments ?? [] { hash.combine(segment) }
        hash.combine(request.collectionID)
        for order in request.orderBy ?? [] {
            hash.combine(order.field.canonicalString)
            hash.combine(order.direction.rawValue)
        }
        hash.combine(request.showMissing ? 1 : 0)
        return hash.value
    }
}
