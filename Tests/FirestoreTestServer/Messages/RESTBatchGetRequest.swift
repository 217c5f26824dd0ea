public import HearthDomain

/// A `BatchGetDocuments` request body: `{"documents": [names], "mask"?: {"fieldPaths"}, selector?}`.
public struct RESTBatchGetRequest: Sendable, Hashable {
    /// The documents read (duplicates are answered once).
    public var documents: [DocumentPath]
    /// Only these fields are returned (`nil`: all).
    public var mask: [FieldPath]?
    /// The state read (`latest` by default).
    public var consistency: RESTConsistencySelector

    /// A request for `documents`; by default all fields, latest state.
    public init(documents: [DocumentPath], mask: [FieldPath]? = nil, consistency: RESTConsistencySelector = .latest) {
        self.documents = documents
        self.mask = mask
        self.consistency = consistency
    }
}
