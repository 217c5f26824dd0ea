public import HearthDomain
public import HearthPort

/// Firestore REST form of writes: the `Commit` and `BatchWrite` request bodies the client sends and their
/// answers.
///
/// A `Write` is written as
/// - an update: `{"update": {"name", "fields"}, "updateMask"?: {"fieldPaths": [...]}, "currentDocument"?, "updateTransforms"?}`.
///   `mask: nil` writes no `updateMask`; `mask: []` writes `{"fieldPaths": []}`. `fields` is written
///   (possibly `{}`) unless it is empty *and* the mask is non-empty — exactly what Firebase's SDKs send;
/// - a delete: `{"delete": "projects/…/documents/c/d", "currentDocument"?}`;
/// - a transform-only write: `{"transform": {"document", "fieldTransforms": [...]}, "currentDocument"?}`.
///
/// Field transforms are `{"fieldPath", <one of "setToServerValue": "REQUEST_TIME", "increment",
/// "maximum", "minimum" (a Value), "appendMissingElements", "removeAllFromArray" (an ArrayValue)>}`;
/// preconditions `{"exists": bool}` or `{"updateTime": "…"}`. Field paths use
/// `FieldPath.canonicalString`.
public enum RESTWriteCodec {
    /// The body of `projects/{p}/databases/{d}/documents:commit`, compact UTF-8 JSON:
    /// `{"database": "projects/{p}/databases/{d}", "writes": [...], "transaction"?: "<base64>"}`.
    ///
    /// `database` names the documents and fills the request's `database` member (the shape of Google's
    /// conformance vectors); without `includingDatabase`, the body has no `database` member, for a URL
    /// that names the database.
    public static func encodeCommitRequest(
        database: DatabaseID, writes: [Write], transaction: TransactionID?, includingDatabase: Bool = true
    )
        -> [UInt8]
    {
        RESTEncoder.encode(database: database, capacity: 256 + 512 * writes.count) { encoder in
            encoder.commitRequest(
                database: includingDatabase ? database : nil, writes: writes, transaction: transaction)
        }
    }

    /// Reads a commit answer: `{"writeResults"?: [{"updateTime"?, "transformResults"?}], "commitTime"}`;
    /// `commitTime` is required, `writeResults` may be absent (no writes).
    public static func decodeCommitResponse(bytes: some Collection<UInt8>) throws(RESTDecodingError) -> CommitResponse {
        try RESTDecoder.decode(bytes, database: nil) { (decoder) throws(RESTDecodingError) in
            let answer = try decoder.commitResponse()
            guard let commitTime = answer.commitTime else { throw RESTDecoder.missing("commitTime") }
            return CommitResponse(writeResults: answer.writeResults, commitTime: commitTime)
        }
    }

    /// Reads a commit answer whose `commitTime` may be absent (the emulator answers `{}` to a commit
    /// without writes).
    package static func decodeCommitAnswer(
        bytes: some Collection<UInt8>
    ) throws(RESTDecodingError)
        -> (writeResults: [WriteResult], commitTime: Timestamp?)
    {
        try RESTDecoder.decode(bytes, database: nil) { (decoder) throws(RESTDecodingError) in
            try decoder.commitResponse()
        }
    }

    /// The body of `…/documents:batchWrite`: `{"database"?, "writes": [...], "labels"?: {…}}` (labels in key
    /// order, omitted when empty; `database` only with `includingDatabase`).
    package static func encodeBatchWriteRequest(
        database: DatabaseID,
        writes: [Write],
        labels: [String: String] = [:],
        includingDatabase: Bool = true
    ) -> [UInt8] {
        RESTEncoder.encode(database: database, capacity: 256 + 512 * writes.count) { encoder in
            encoder.batchWriteRequest(database: includingDatabase ? database : nil, writes: writes, labels: labels)
        }
    }

    /// Reads a batch-write answer: `{"writeResults"?: [...], "status"?: [google.rpc.Status]}`.
    package static func decodeBatchWriteResponse(
        bytes: some Collection<UInt8>
    ) throws(RESTDecodingError) -> RESTBatchWriteResponse {
        try RESTDecoder.decode(bytes, database: nil) { (decoder) throws(RESTDecodingError) in
            try decoder.batchWriteResponse()
        }
    }

    /// A `Document` body for createDocument and patch: `{"fields": {…}}` (the name is in the URL).
    package static func encodeDocumentFields(_ fields: MapValue) -> [UInt8] {
        RESTEncoder.encode(capacity: 64 + 32 * fields.count) { $0.documentFieldsBody(fields) }
    }
}
