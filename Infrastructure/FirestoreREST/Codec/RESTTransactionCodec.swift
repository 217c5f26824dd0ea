public import HearthDomain
public import HearthPort

/// Firestore REST form of transactions, both directions: `BeginTransaction` request and response,
/// `Rollback` request and `TransactionOptions`. Transaction IDs are base64 bytes on the wire.
public enum RESTTransactionCodec {
    /// `{"options": TransactionOptions}`.
    public static func encodeBeginTransactionRequest(_ options: TransactionMode) -> JSON {
        .object(["options": encodeTransactionOptions(options)])
    }

    /// Reads a begin-transaction body; without `options` (or with `{}`) the transaction is read-write.
    /// An optional `database` member must match `database` when both are given.
    public static func decodeBeginTransactionRequest(
        _ json: JSON, database: DatabaseID?
    ) throws(RESTDecodingError)
        -> TransactionMode
    {
        let reader = try MessageReader(json, "BeginTransactionRequest")
        try reader.checkDatabase(database)
        return try reader.optional("options") { (json) throws(RESTDecodingError) in
            try decodeTransactionOptions(json, default: .readWrite)
        } ?? .readWrite
    }

    /// `{"transaction": "<base64>"}`.
    public static func encodeBeginTransactionResponse(_ transaction: TransactionID) -> JSON {
        .object(["transaction": Wire.transactionID(transaction)])
    }

    /// Reads a begin-transaction answer; `transaction` is required and non-empty.
    public static func decodeBeginTransactionResponse(_ json: JSON) throws(RESTDecodingError) -> TransactionID {
        try MessageReader(json, "BeginTransactionResponse").required("transaction", Wire.transactionID)
    }

    /// `{"transaction": "<base64>"}`.
    public static func encodeRollbackRequest(_ transaction: TransactionID) -> JSON {
        .object(["transaction": Wire.transactionID(transaction)])
    }

    /// Reads a rollback body; `transaction` is required. An optional `database` member must match.
    public static func decodeRollbackRequest(
        _ json: JSON, database: DatabaseID?
    ) throws(RESTDecodingError) -> TransactionID {
        let reader = try MessageReader(json, "RollbackRequest")
        try reader.checkDatabase(database)
        return try reader.required("transaction", Wire.transactionID)
    }

    /// `{"readOnly": {"readTime"?}}` or `{"readWrite": {"retryTransaction"?}}`.
    public static func encodeTransactionOptions(_ options: TransactionMode) -> JSON {
        switch options {
        case .readOnly(let readTime):
            var readOnly = JSONObject()
            if let readTime { readOnly["readTime"] = Wire.timestamp(readTime) }
            return .object(["readOnly": .object(readOnly)])
        case .readWrite(let retrying):
            var readWrite = JSONObject()
            if let retrying { readWrite["retryTransaction"] = Wire.transactionID(retrying) }
            return .object(["readWrite": .object(readWrite)])
        }
    }

    /// Reads transaction options; `{}` means `default` (read-write for `BeginTransaction`, read-only for
    /// `newTransaction`). `readWrite.concurrencyMode` is accepted and ignored.
    public static func decodeTransactionOptions(
        _ json: JSON, default: TransactionMode
    ) throws(RESTDecodingError)
        -> TransactionMode
    {
        let reader = try MessageReader(json, "TransactionOptions")
        switch try reader.oneOf(["readOnly", "readWrite"], "TransactionOptions") {
        case "readOnly"?:
            return try reader.required("readOnly") { (json) throws(RESTDecodingError) in
                .readOnly(readTime: try MessageReader(json, "ReadOnly").optional("readTime", Wire.timestamp))
            }
        case "readWrite"?:
            return try reader.required("readWrite") { (json) throws(RESTDecodingError) in
                let readWrite = try MessageReader(json, "ReadWrite")
                if let mode = readWrite.json("concurrencyMode") {
                    _ = try RESTDecodingError.within(key: "concurrencyMode") { () throws(RESTDecodingError) in
                        try Wire.string(mode)
                    }
                }
                return .readWrite(retrying: try readWrite.optional("retryTransaction", Wire.transactionID))
            }
        default:
            return `default`
        }
    }
}
