public import HearthDomain

/// A `BatchWrite` request body: `{"database"?, "writes": [...], "labels"?: {key: value}}`. The writes are
/// applied independently (not atomically), at most one per document.
public struct RESTBatchWriteRequest: Sendable, Hashable {
    /// The `database` member of the body, when present.
    public var database: DatabaseID?
    /// The writes, each applied independently.
    public var writes: [Write]
    /// Labels associated with the batch write (omitted on the wire when empty).
    public var labels: [String: String]

    /// A decoded batch-write request.
    public init(database: DatabaseID?, writes: [Write], labels: [String: String] = [:]) {
        self.database = database
        self.writes = writes
        self.labels = labels
    }
}
