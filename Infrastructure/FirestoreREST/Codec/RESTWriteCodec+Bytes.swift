public import HearthApplication
public import HearthDomain

extension RESTWriteCodec {
    /// The compact UTF-8 JSON of ``encodeCommitRequest(database:writes:transaction:)``, ready to send.
    public static func encodeCommitRequestBytes(database: DatabaseID, writes: [Write], transaction: TransactionID?) -> [UInt8] {
        RESTBody.serialize(encodeCommitRequest(database: database, writes: writes, transaction: transaction))
    }

    /// ``decodeCommitResponse(_:)`` from the bytes of the answer.
    public static func decodeCommitResponse(bytes: some Collection<UInt8>) throws(RESTDecodingError) -> CommitResponse {
        try decodeCommitResponse(RESTBody.parse(bytes))
    }
}
