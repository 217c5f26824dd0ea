public import HearthDomain

/// A commit applied to an offline cache and queued for the server: what the cache answered at once, and
/// the ticket to wait for the server's verdict with ``CachingDocumentStore/serverOutcome(of:)``.
public struct PendingCommit: Sendable, Hashable {
    /// The commit's place in the cache's queue of pending writes.
    public let sequence: Int64
    /// The cache's answer: the local commit's times (not the server's).
    public let localResponse: CommitResponse

    /// A ticket for the queued commit `sequence`, acknowledged locally with `localResponse`.
    public init(sequence: Int64, localResponse: CommitResponse) {
        self.sequence = sequence
        self.localResponse = localResponse
    }
}
