public import HearthDomain
public import HearthPort

/// A decoded `CommitRequest` body: the writes to apply atomically, in order, and the transaction they
/// commit (if any).
public struct RESTCommitRequest: Sendable, Hashable {
    /// The `database` member of the body, when present (the URL names it too).
    public var database: DatabaseID?
    /// The writes, applied atomically and in order.
    public var writes: [Write]
    /// The transaction committed, if any.
    public var transaction: TransactionID?

    /// A decoded commit request.
    public init(database: DatabaseID?, writes: [Write], transaction: TransactionID?) {
        self.database = database
        self.writes = writes
        self.transaction = transaction
    }
}
