/// The documents of one collection, by document ID, and which of its document IDs have subcollections.
struct CollectionStore: Sendable {
    var documents: [TextKey: VersionChain] = [:]
    /// Document IDs (existing or not) that have at least one registered subcollection.
    var documentsWithSubcollections: Set<TextKey> = []

    var isEmpty: Bool { documents.isEmpty && documentsWithSubcollections.isEmpty }
}
