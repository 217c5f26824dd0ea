public import HearthDomain

/// How a transaction is opened (Firestore's `TransactionOptions` message; the Swift name
/// `TransactionOptions` is Firebase's client-side options, in `HearthApplication`).
public enum TransactionMode: Sendable, Hashable {
    /// Reads only, from one consistent snapshot: now, or at `readTime`.
    case readOnly(readTime: Timestamp?)
    /// Reads and writes; `retrying` names the transaction this one retries (keeps its place in line).
    case readWrite(retrying: TransactionID?)

    /// A read-write transaction that retries nothing.
    public static let readWrite = TransactionMode.readWrite(retrying: nil)
}
