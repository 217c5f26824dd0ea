public import HearthDomain
public import HearthPort

extension RESTWriteCodec {
    /// The compact UTF-8 JSON of ``encodeCommitRequest(database:writes:transaction:)``, ready to send,
    /// written straight to bytes: the same bytes as serializing that tree with ``JSONWriter``.
    public static func encodeCommitRequestBytes(
        database: DatabaseID, writes: [Write], transaction: TransactionID?
    ) -> [UInt8] {
        encodeCommitRequestBytes(database: database, writes: writes, transaction: transaction, includingDatabase: true)
    }

    /// ``encodeCommitRequestBytes(database:writes:transaction:)``; without `includingDatabase`, the body
    /// has no `database` member (`{"writes", "transaction"?}`), for a URL that names the database.
    public static func encodeCommitRequestBytes(
        database: DatabaseID, writes: [Write], transaction: TransactionID?, includingDatabase: Bool
    )
        -> [UInt8]
    {
        let encoder = RESTByteEncoder(database: database, capacity: 256 + 512 * writes.count)
        encoder.commitRequest(database: includingDatabase ? database : nil, writes: writes, transaction: transaction)
        return encoder.bytes
    }

    /// ``decodeCommitResponse(_:)`` from the bytes of the answer.
    public static func decodeCommitResponse(bytes: some Collection<UInt8>) throws(RESTDecodingError) -> CommitResponse {
        try decodeCommitResponse(RESTBody.parse(bytes))
    }
}
