public import HearthDomain
public import HearthPort

/// One element of a `BatchGetDocuments` answer (a JSON array): `{"found": Document}` or
/// `{"missing": name}` with `readTime`; with `newTransaction`, the first element carries only
/// `transaction`.
public struct RESTBatchGetResponseElement: Sendable, Hashable {
    /// The document read, found or missing; `nil` for a transaction-only element.
    public var read: DocumentRead?
    /// The transaction started by `newTransaction`, in the first element only.
    public var transaction: TransactionID?
    /// When the document was read.
    public var readTime: Timestamp?

    /// An element; `transaction` defaults to absent.
    public init(read: DocumentRead?, transaction: TransactionID? = nil, readTime: Timestamp?) {
        self.read = read
        self.transaction = transaction
        self.readTime = readTime
    }
}
