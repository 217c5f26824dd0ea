package import HearthPort
import HearthDomain

/// Firestore REST form of transactions: the `BeginTransaction` and `Rollback` request bodies and the
/// `BeginTransaction` answer. Transaction IDs are base64 bytes on the wire.
package enum RESTTransactionCodec {
    /// `{"options": {"readOnly": {"readTime"?}} | {"readWrite": {"retryTransaction"?, "concurrencyMode"?}}}`;
    /// `concurrencyMode` (`OPTIMISTIC`, `PESSIMISTIC`) only for a read-write transaction.
    package static func encodeBeginTransactionRequest(
        _ options: TransactionMode, concurrencyMode: String? = nil
    ) -> [UInt8] {
        RESTEncoder.encode(capacity: 96) { $0.beginTransactionRequest(options, concurrencyMode: concurrencyMode) }
    }

    /// Reads a begin-transaction answer; `transaction` is required and non-empty.
    package static func decodeBeginTransactionResponse(
        bytes: some Collection<UInt8>
    ) throws(RESTDecodingError) -> TransactionID {
        try RESTDecoder.decode(bytes, database: nil) { (decoder) throws(RESTDecodingError) in
            try decoder.beginTransactionResponse()
        }
    }

    /// `{"transaction": "<base64>"}`.
    package static func encodeRollbackRequest(_ transaction: TransactionID) -> [UInt8] {
        RESTEncoder.encode(capacity: 64) { $0.rollbackRequest(transaction) }
    }
}
