public import HearthDomain
public import HearthPort

/// A `GetDocumentRequest` message: `{"name", "mask"?, "transaction"? | "readTime"?}`. Over plain REST the
/// name is in the URL and the rest in query parameters; the message form is what Google's conformance
/// vectors show.
public struct RESTGetDocumentRequest: Sendable, Hashable {
    /// The document read.
    public var path: DocumentPath
    /// Only these fields are returned (`nil`: all).
    public var mask: [FieldPath]?
    /// The state read (`latest` by default).
    public var consistency: ReadConsistency

    /// A request for `path`; by default all fields, latest state.
    public init(path: DocumentPath, mask: [FieldPath]? = nil, consistency: ReadConsistency = .latest) {
        self.path = path
        self.mask = mask
        self.consistency = consistency
    }
}
