import HearthDomain

/// The effect of one commit, as the engine made it: the final state of every document the commit changed,
/// at one commit time. This is what a durable store logs, and what it replays on open
/// (``LocalEngine/replay(_:)``).
///
/// Documents the commit touched without changing them (a no-op write) are not included. A batch may be
/// empty (a commit that changed nothing); it still carries its commit time, which later commits exceed.
public struct CommittedBatch: Sendable, Hashable {
    /// The commit time; strictly greater than that of every earlier batch.
    public let commitTime: Timestamp
    /// The final state of each changed document, in the order the commit first touched them; each
    /// present one with its record (see ``CommittedDocument``).
    public let documents: [CommittedDocument]

    /// A batch of `documents` committed at `commitTime`. Each present document without a record is
    /// encoded here, once; the engine hands over the records it keeps, so nothing is encoded twice.
    public init(commitTime: Timestamp, documents: [CommittedDocument]) {
        self.commitTime = commitTime
        guard documents.contains(where: { $0.record == nil && $0.document != nil }) else {
            self.documents = documents
            return
        }
        self.documents = documents.map { entry in
            guard entry.record == nil, let document = entry.document else { return entry }
            return CommittedDocument(
                path: entry.path, document: document, record: DocumentRecord.encode(document, commitTime: commitTime))
        }
    }
}
