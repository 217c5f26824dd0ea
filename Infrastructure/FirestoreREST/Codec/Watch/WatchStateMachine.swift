package import HearthPort
package import HearthDomain

/// Firestore's watch protocol for one target: turns the `Listen` stream's responses into listener
/// snapshots, as Firestore's SDKs do. A transport (gRPC, WebChannel, or a recorded stream) feeds it
/// every ``RESTListenResponse`` in order and acts on what it returns.
///
/// - Document changes, deletes and removes accumulate until a *consistent point*: a target change
///   `NO_CHANGE` for every target (no target IDs) with a read time, while the target is `CURRENT`. There
///   the pending changes are applied: a snapshot is emitted when it is the first one or when a document
///   changed (a document is modified only when its update time changed), with Firestore's changes and
///   indexes (see `ListenChange`). Its read time is the consistent point's read time, and that
///   response's resume token becomes ``resumeToken``.
/// - `CURRENT` marks the target current; `RESET` marks every document of the last snapshot as removed,
///   drops pending changes and clears `CURRENT` (documents seen again before the next consistent point
///   come back unchanged); `ADD` of this target is a no-op.
/// - An existence filter whose count differs from the number of documents the target would hold resets
///   the state as `RESET` does and returns ``Event/resetTarget``: the transport must listen to the
///   target again without a resume token.
/// - `ADD` of another target, `REMOVE` (with its cause's code, `internal` without one) and responses
///   that cannot be read throw a `DocumentStoreError`: the stream is over.
package struct WatchStateMachine: Sendable {
    /// What the transport does next.
    package enum Event: Sendable, Hashable {
        /// Deliver this snapshot.
        case snapshot(ListenSnapshot)
        /// Re-add the target without a resume token (the existence filter did not match).
        case resetTarget
    }

    /// The target ID the transport listens with.
    package let targetID: Int32
    /// Whether consistent points without a change yield metadata-only snapshots.
    package let includeMetadataChanges: Bool
    /// The token of the last consistent point (empty before the first, or after a reset): send it when
    /// re-adding the target after a transport failure.
    package private(set) var resumeToken: [UInt8] = []

    /// What to ask the server for (``init(target:targetID:includeMetadataChanges:)``): the target, its
    /// projection widened by its order fields; `nil` for a machine made from an ordering.
    package private(set) var sentTarget: ListenTarget?
    /// The selection to publish documents with, when the sent target was widened.
    private var projection: [FieldPath]?

    private var documents: DocumentSet
    /// Changes since the last snapshot: the new document, or `nil` for removed.
    private var pending: [DocumentPath: Document?] = [:]
    private var current = false
    private var hasPushed = false

    /// A machine for `target` (its documents are kept in the target's order).
    /// The target is sent as `target.placeable.sent` (a projection widened by the fields it is ordered
    /// by); the machine places documents by the full fields and publishes them projected back.
    package init(target: ListenTarget, targetID: Int32 = 1, includeMetadataChanges: Bool = false) {
        self.init(ordering: target.ordering, targetID: targetID, includeMetadataChanges: includeMetadataChanges)
        (self.sentTarget, self.projection) = target.placeable
    }

    /// A machine whose documents are kept in `ordering`.
    package init(ordering: DocumentOrdering, targetID: Int32 = 1, includeMetadataChanges: Bool = false) {
        self.documents = DocumentSet(ordering: ordering)
        self.targetID = targetID
        self.includeMetadataChanges = includeMetadataChanges
    }

    /// The documents of the last snapshot.
    package var lastDocuments: DocumentSet { documents }

    /// Whether the server marked the target current on this stream (`CURRENT`), until a reset or a
    /// new stream.
    package var isCurrent: Bool { current }

    /// Applies one response; returns what the transport must do, if anything. Throws a
    /// `DocumentStoreError` when the stream must end.
    package mutating func handle(_ response: RESTListenResponse) throws(DocumentStoreError) -> Event? {
        switch response {
        case .targetChange(let change):
            return try handle(change)
        case .documentChange(let document, let targetIDs, let removedTargetIDs):
            if targetIDs.contains(targetID) {
                pending[document.path] = .some(document)
            } else if removedTargetIDs.contains(targetID) {
                pending[document.path] = .some(nil)
            }
            return nil
        case .documentDelete(let path, _, _), .documentRemove(let path, _, _):
            pending[path] = .some(nil)
            return nil
        case .filter(_, let count):
            guard count != expectedCount else { return nil }
            reset()
            return .resetTarget
        }
    }

    private mutating func handle(_ change: RESTTargetChange) throws(DocumentStoreError) -> Event? {
        let concernsTarget = change.targetIDs.isEmpty || change.targetIDs.contains(targetID)
        switch change.kind {
        case .noChange:
            guard change.targetIDs.isEmpty, let readTime = change.readTime, current else { return nil }
            return push(readTime: readTime, resumeToken: change.resumeToken)
        case .add:
            guard change.targetIDs.first == targetID else {
                throw DocumentStoreError(
                    .internal,
                    "The watch stream added target \(change.targetIDs), not the target \(targetID) it listens to.")
            }
            return nil
        case .remove:
            throw change.cause?.error
                ?? DocumentStoreError(.internal, "The watch stream removed target \(change.targetIDs) without a cause.")
        case .current:
            if concernsTarget { current = true }
            return nil
        case .reset:
            if concernsTarget { reset() }
            return nil
        }
    }

    /// The transport's stream ended and the target is about to be added on a new one (with
    /// ``resumeToken``): changes not yet applied at a consistent point are dropped with the old stream,
    /// and the target is no longer current until the new stream says so, as Firestore's SDKs do on a
    /// re-listen. The documents of the last snapshot are kept, so the next snapshot carries only what
    /// changed. Without a resume token the server sends the whole result again, so every document of the
    /// last snapshot is first marked removed (as `RESET` does), and those sent again come back unchanged.
    package mutating func restartStream() {
        if resumeToken.isEmpty {
            reset()
        } else {
            pending = [:]
            current = false
        }
    }

    /// How many documents the target holds once the pending changes are applied.
    private var expectedCount: Int {
        var count = documents.count
        for (path, change) in pending {
            let present = documents.contains(path)
            if change != nil, !present { count += 1 }
            if change == nil, present { count -= 1 }
        }
        return count
    }

    private mutating func reset() {
        pending = [:]
        for document in documents { pending[document.path] = .some(nil) }
        current = false
        resumeToken = []
    }

    private mutating func push(readTime: Timestamp, resumeToken: [UInt8]) -> Event? {
        var next = documents
        var paths: [DocumentPath] = []
        for (path, change) in pending {
            if let document = change {
                if next.document(path)?.updateTime == document.updateTime { continue }
                next = next.setting(
                    DocumentSet.Entry(
                        document: document.projected(onto: projection), key: next.ordering.sortKey(of: document)))
                paths.append(path)
            } else if next.contains(path) {
                next = next.removing(path)
                paths.append(path)
            }
        }
        let isInitial = !hasPushed
        let changes = isInitial ? SnapshotChanges.initial(next) : SnapshotChanges.between(documents, next, paths: paths)
        pending = [:]
        documents = next
        self.resumeToken = resumeToken
        guard isInitial || !changes.isEmpty || includeMetadataChanges else { return nil }
        hasPushed = true
        return .snapshot(ListenSnapshot(documents: next, changes: changes, readTime: readTime, isInitial: isInitial))
    }
}
