import HearthDomain
import HearthPort

extension EngineState {
    mutating func beginTransaction(
        _ options: TransactionMode, now: Timestamp
    ) throws(DocumentStoreError) -> TransactionID {
        expireTransactions(now: now)
        switch options {
        case .readOnly(let readTime?):
            try checkReadTime(readTime, now: now)
            issuedReadTime = max(issuedReadTime, readTime)
            return transactions.begin(.readOnly(snapshot: readTime), now: now)
        case .readOnly(nil):
            return transactions.begin(.readOnly(snapshot: currentReadTime(now: now)), now: now)
        case .readWrite:
            return transactions.begin(.readWrite, now: now)
        }
    }

    /// Closes a transaction. Rolling back a transaction that is already closed (committed, rolled back,
    /// expired) succeeds, as on the emulator; an ID this engine never issued is `invalidArgument`.
    mutating func rollback(_ id: TransactionID) throws(DocumentStoreError) {
        switch transactions.lookup(id) {
        case .unknown:
            throw TransactionTable.unknownError
        case .closed:
            return
        case .open(let sequence, _):
            transactions.close(sequence)
        }
    }
}
