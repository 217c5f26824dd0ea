import HearthApplication
import HearthDomain
import HearthPort

// Short forms of the port's calls, used by the behaviours. They add nothing to the port's semantics.

extension DocumentStore {
    /// Replaces (or creates) one document.
    @discardableResult
    func set(_ documentPath: String, _ fields: MapValue) async throws -> CommitResponse {
        try await commit([.update(try path(documentPath), fields: fields)], transaction: nil)
    }

    /// Replaces (or creates) several documents in one commit.
    @discardableResult
    func seed(_ documents: KeyValuePairs<String, MapValue>) async throws -> CommitResponse {
        try await commit(try documents.map { .update(try path($0.key), fields: $0.value) }, transaction: nil)
    }

    /// Commits `writes` outside any transaction.
    @discardableResult
    func commit(_ writes: Write...) async throws -> CommitResponse {
        try await commit(writes, transaction: nil)
    }

    /// Commits `writes` in `transaction`.
    @discardableResult
    func commit(_ writes: [Write], in transaction: TransactionID) async throws -> CommitResponse {
        try await commit(writes, transaction: transaction)
    }

    /// Deletes one document.
    @discardableResult
    func delete(_ documentPath: String) async throws -> CommitResponse {
        try await commit([.delete(try path(documentPath))], transaction: nil)
    }

    /// Applies transforms to one document with a transform-only write (which creates a missing document).
    @discardableResult
    func transform(_ documentPath: String, _ transforms: FieldTransform...) async throws -> CommitResponse {
        try await commit(
            [Write(path: try path(documentPath), operation: .transform, transforms: transforms)], transaction: nil)
    }

    /// Reads one document (latest state unless told otherwise).
    func get(
        _ documentPath: String, mask: [String]? = nil, consistency: ReadConsistency = .latest
    ) async throws -> Document? {
        try await getDocument(try path(documentPath), mask: try mask.map(fields), consistency: consistency)
    }

    /// Runs a query and collects every element of its stream.
    func responses(
        _ query: StructuredQuery, parent: String? = nil, consistency: ReadConsistency = .latest
    ) async throws
        -> [RunQueryResponse]
    {
        var elements: [RunQueryResponse] = []
        for try await element in runQuery(parent: try parent.map(path), query: query, consistency: consistency) {
            elements.append(element)
        }
        return elements
    }

    /// Runs a query and returns its documents in order.
    func documents(
        _ query: StructuredQuery, parent: String? = nil, consistency: ReadConsistency = .latest
    ) async throws
        -> [Document]
    {
        try await responses(query, parent: parent, consistency: consistency).compactMap(\.document)
    }

    /// Runs a query and returns the IDs of its documents in order.
    func ids(
        _ query: StructuredQuery, parent: String? = nil, consistency: ReadConsistency = .latest
    ) async throws -> [String] {
        try await documents(query, parent: parent, consistency: consistency).map(\.path.documentID)
    }

    /// Runs a query and returns the paths of its documents in order.
    func paths(_ query: StructuredQuery, parent: String? = nil) async throws -> [String] {
        try await documents(query, parent: parent).map(\.path.path)
    }

    /// Runs aggregations and returns alias → value.
    func aggregate(
        _ query: StructuredQuery,
        _ aggregations: [Aggregation],
        parent: String? = nil,
        consistency: ReadConsistency = .latest
    ) async throws -> MapValue {
        try await runAggregation(
            parent: try parent.map(path), query: query, aggregations: aggregations, consistency: consistency
        ).values
    }

    /// A reference value to a document of this store's database.
    func reference(_ documentPath: String) throws -> Value {
        .reference(DocumentName(database: database, path: try path(documentPath)))
    }
}

/// A sum aggregation.
func sum(_ fieldPath: String, as alias: String) throws -> Aggregation {
    Aggregation(alias: alias, .sum(try field(fieldPath)))
}

/// An average aggregation.
func average(_ fieldPath: String, as alias: String) throws -> Aggregation {
    Aggregation(alias: alias, .average(try field(fieldPath)))
}

/// A count aggregation.
func count(as alias: String, upTo: Int64? = nil) -> Aggregation { Aggregation(alias: alias, .count(upTo: upTo)) }

/// A field transform on `fieldPath`.
func transform(_ fieldPath: String, _ operation: FieldTransform.Operation) throws -> FieldTransform {
    FieldTransform(fieldPath: try field(fieldPath), operation: operation)
}
