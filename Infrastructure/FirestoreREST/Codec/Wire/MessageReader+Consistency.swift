import HearthDomain
import HearthPort

extension MessageReader {
    /// Throws when the message has a `database` member that is not a database name, or not `expected`.
    func checkDatabase(_ expected: DatabaseID?) throws(RESTDecodingError) {
        _ = try optional("database") { (json) throws(RESTDecodingError) in
            try Wire.databaseName(json, expected: expected)
        }
    }

    /// The `database` member, checked against `expected`, or `nil` when absent.
    func database(expected: DatabaseID?) throws(RESTDecodingError) -> DatabaseID? {
        try optional("database") { (json) throws(RESTDecodingError) in try Wire.databaseName(json, expected: expected) }
    }

    /// The consistency selector oneof: `transaction`, `newTransaction` (`{}` read-only) or `readTime`.
    func consistencySelector() throws(RESTDecodingError) -> RESTConsistencySelector {
        switch try oneOf(["transaction", "newTransaction", "readTime"], "a request's consistency selector") {
        case "transaction"?:
            return .transaction(try required("transaction", Wire.transactionID))
        case "newTransaction"?:
            return .newTransaction(
                try required("newTransaction") { (json) throws(RESTDecodingError) in
                    try RESTTransactionCodec.decodeTransactionOptions(json, default: .readOnly(readTime: nil))
                })
        case "readTime"?:
            return .readTime(try required("readTime", Wire.timestamp))
        default:
            return .latest
        }
    }
}
