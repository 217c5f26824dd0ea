public import HearthDomain
public import HearthPort

/// One element of a `RunAggregationQuery` answer (a JSON array):
/// `{"result"?: {"aggregateFields": {alias: Value}}, "readTime"?, "transaction"?, "done"?}`.
public struct RESTRunAggregationQueryResponseElement: Sendable, Hashable {
    /// Alias → result, or `nil` for an element without a result.
    public var result: MapValue?
    /// The transaction started by `newTransaction`, in the first element only.
    public var transaction: TransactionID?
    /// When the results were read; absent in a transaction-only element.
    public var readTime: Timestamp?
    /// Whether the query is complete (omitted on the wire when false).
    public var done: Bool

    /// An element; `transaction` and `done` default to absent.
    public init(result: MapValue?, transaction: TransactionID? = nil, readTime: Timestamp?, done: Bool = false) {
        self.result = result
        self.transaction = transaction
        self.readTime = readTime
        self.done = done
    }

    /// The port-level response, or `nil` when the element lacks a result or a read time.
    public var response: AggregationResponse? {
        guard let result, let readTime else { return nil }
        return AggregationResponse(values: result, readTime: readTime)
    }
}
