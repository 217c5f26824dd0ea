public import HearthDomain

/// A `BatchGetDocuments` request body: `{"documents": [names], "mask"?: {"fieldPaths"}, selector?}`.
public struct RESTBatchGetRequest: Sendable, Hashable {
    public var documents: [DocumentPath]
    /// Only these fields are returned (`nil`: all).
    public var mask: [FieldPath]?
    public var consistency: RESTConsistencySelector

    public init(documents: [DocumentPath], mask: [FieldPath]? = nil, consistency: RESTConsistencySelector = .latest) {
        self.documents = documents
        self.mask = mask
        self.consistency = consistency
    }
}
