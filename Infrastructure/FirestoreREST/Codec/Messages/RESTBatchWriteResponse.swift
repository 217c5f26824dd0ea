public import HearthDomain

/// A `BatchWrite` answer: `{"writeResults": [...], "status": [google.rpc.Status]}`, one of each per write.
public struct RESTBatchWriteResponse: Sendable, Hashable {
    /// One result per write; a failed write's result is empty.
    public var writeResults: [WriteResult]
    /// One status per write; ``RESTStatus/isOK`` for the writes that were applied.
    public var statuses: [RESTStatus]

    /// An answer with one result and one status per write.
    public init(writeResults: [WriteResult], statuses: [RESTStatus]) {
        self.writeResults = writeResults
        self.statuses = statuses
    }
}
