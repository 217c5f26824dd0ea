/// How a document changed between two snapshots of a query listener.
public enum DocumentChangeType: String, Sendable, Hashable, CaseIterable {
    /// The document entered the results.
    case added
    /// The document is still in the results but changed; it may have moved.
    case modified
    /// The document left the results.
    case removed
}

/// One change in a listener's ``QuerySnapshot/documentChanges``, with Firestore's indexes: each index
/// refers to the documents as the earlier changes of the same snapshot left them, so applying the changes
/// in order to the previous snapshot's documents gives the new snapshot's documents.
public struct DocumentChange: Sendable, Hashable {
    /// Whether the document was added, modified or removed.
    public let type: DocumentChangeType
    /// The document: its new state when added or modified, its last state when removed.
    public let document: QueryDocumentSnapshot
    /// Its position before the change; `nil` when added.
    public let oldIndex: Int?
    /// Its position after the change; `nil` when removed.
    public let newIndex: Int?

    /// A change, as a listener reports it.
    public init(type: DocumentChangeType, document: QueryDocumentSnapshot, oldIndex: Int?, newIndex: Int?) {
        self.type = type
        self.document = document
        self.oldIndex = oldIndex
        self.newIndex = newIndex
    }
}
