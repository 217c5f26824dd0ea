public import HearthDomain
public import HearthPort

/// Which state a read request sees, as a REST request body says it: the `consistency_selector` oneof of
/// `BatchGetDocuments`, `RunQuery` and `RunAggregationQuery` requests (`transaction`, `newTransaction`,
/// `readTime`), or nothing (the latest state).
public enum RESTConsistencySelector: Sendable, Hashable {
    /// No selector: the latest committed state.
    case latest
    /// `"transaction": "<base64>"`: inside an open transaction.
    case transaction(TransactionID)
    /// `"readTime": "…"`: at a past time.
    case readTime(Timestamp)
    /// `"newTransaction": TransactionOptions`: start a transaction and read inside it; its ID comes back
    /// in the first response element. An empty `{}` is a read-only transaction.
    case newTransaction(TransactionMode)

    /// The selector for a port-level consistency.
    public init(_ consistency: ReadConsistency) {
        switch consistency {
        case .latest: self = .latest
        case .transaction(let id): self = .transaction(id)
        case .readTime(let time): self = .readTime(time)
        }
    }

    /// The port-level consistency, or `nil` for ``newTransaction(_:)`` (which the port has no word for).
    public var readConsistency: ReadConsistency? {
        switch self {
        case .latest: .latest
        case .transaction(let id): .transaction(id)
        case .readTime(let time): .readTime(time)
        case .newTransaction: nil
        }
    }
}
