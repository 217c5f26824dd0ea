import HearthDomain

/// The published state of an engine frozen at one commit time (``LocalEngine/publishedView()``): the
/// engine's storage, shared copy-on-write, read without the engine's lock.
package struct PublishedView: Sendable {
    let storage: DocumentStorage
    /// The commit time the view reflects: every batch published at or before it, nothing later.
    package let commitTime: Timestamp

    /// Calls `body` with every document that exists at ``commitTime``, in no particular order.
    package func forEachDocument(_ body: (Document) -> Void) {
        storage.forEachDocument(at: commitTime, body)
    }

    /// Every document that exists at ``commitTime``, in no particular order.
    package func documents() -> [Document] {
        var documents: [Document] = []
        forEachDocument { documents.append($0) }
        return documents
    }
}
