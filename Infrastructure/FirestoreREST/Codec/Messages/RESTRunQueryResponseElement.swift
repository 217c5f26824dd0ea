public import HearthDomain
public import HearthPort

/// One element of a `RunQuery` answer (a JSON array): `{"document"?, "readTime"?, "skippedResults"?,
/// "transaction"?, "done"?}`. Elements without a document carry progress only; with `newTransaction`, the
/// first element carries only `transaction`.
public struct RESTRunQueryResponseElement: Sendable, Hashable {
    /// A result document, or `nil` for a progress-only element.
    public var document: Document?
    /// The transaction started by `newTransaction`, in the first element only.
    public var transaction: TransactionID?
    /// When the results were read; absent in a transaction-only element.
    public var readTime: Timestamp?
    /// How many results an offset skipped since the previous element (omitted on the wire when 0).
    public var skippedResults: Int
    /// Whether the query is complete (omitted on the wire when false; do not rely on it being sent).
    public var done: Bool

    /// An element; everything but `document` and `readTime` defaults to absent.
    public init(
        document: Document?, transaction: TransactionID? = nil, readTime: Timestamp?, skippedResults: Int = 0,
        done: Bool = false
    ) {
        self.document = document
        self.transaction = transaction
        self.readTime = readTime
        self.skippedResults = skippedResults
        self.done = done
    }

    /// The port-level response, or `nil` when the element has no read time (a transaction-only element).
    public var response: RunQueryResponse? {
        guard let readTime else { return nil }
        return RunQueryResponse(document: document, readTime: readTime, skippedResults: skippedResults)
    }
}
