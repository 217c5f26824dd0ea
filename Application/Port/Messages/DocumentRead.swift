public import HearthDomain

/// One document of a read: found with its content, or missing.
public enum DocumentRead: Sendable, Hashable {
    /// The document exists: its content, with its create and update times.
    case found(Document)
    /// No document exists at the path.
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
