public import HearthDomain

/// Whether a commit may be sent again after a failure that leaves unknown whether it was applied (the
/// connection broke after the request left, or the attempt timed out): only when applying it twice
/// leaves the database as applying it once, and reports the same outcome.
///
/// The rule, per write, for a commit outside a transaction:
/// - any field transform (`increment`, `serverTimestamp`, array union/remove, …): **not** idempotent;
/// - an update (set, or merge with a mask) with no precondition, or with `exists(true)`: idempotent — the
///   second application writes the same fields, and the document exists after the first (unless the same
///   commit also deletes it: then not idempotent);
/// - a delete with no precondition: idempotent (deleting a missing document succeeds);
/// - `exists(false)` (a create): **not** — the second application fails with `alreadyExists`;
/// - a delete with `exists(true)`: **not** — the second fails with `notFound`;
/// - an `updateTime` precondition: **not** — the first application changes the update time.
///
/// A commit inside a transaction is never idempotent: the first application ends the transaction, so a
/// resend is rejected and would hide that the writes were applied. An empty commit writes nothing and
/// is idempotent.
public enum CommitIdempotency {
    /// Whether `writes`, committed in `transaction` (or outside one), may be sent twice (see the type).
    public static func isIdempotent(_ writes: [Write], transaction: TransactionID?) -> Bool {
        guard transaction == nil else { return false }
        var deleted = Set<DocumentPath>()
        for write in writes where write.operation == .delete { deleted.insert(write.path) }
        return writes.allSatisfy { write in
            guard write.transforms.isEmpty else { return false }
            switch (write.operation, write.precondition) {
            case (.update, nil), (.delete, nil): return true
            case (.update, .exists(true)?): return !deleted.contains(write.path)
            case (.transform, _), (.update, _), (.delete, _): return false
            }
        }
    }
}
