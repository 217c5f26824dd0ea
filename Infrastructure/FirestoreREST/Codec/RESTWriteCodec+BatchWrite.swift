public import HearthDomain

extension RESTWriteCodec {
    /// The body of `…/documents:batchWrite`: `{"database": "projects/{p}/databases/{d}", "writes": [...], "labels"?: {…}}`
    /// (labels in key order, omitted when empty).
    public static func encodeBatchWriteRequest(
        database: DatabaseID, writes: [Write], labels: [String: String] = [:]
    ) -> JSON {
        var body: JSONObject = [
            "database": .string(database.resourceName),
            "writes": .array(writes.map { encode($0, database: database) }),
        ]
        if !labels.isEmpty {
            let sorted = labels.sorted { UTF8Order.compare($0.key, $1.key) < 0 }
            body["labels"] = .object(
                JSONObject(members: sorted.map { JSONObject.Member(key: $0.key, value: .string($0.value)) }))
        }
        return .object(body)
    }

    /// Reads a batch-write body, like ``decodeCommitRequest(_:database:)``; `labels` must map strings to strings.
    public static func decodeBatchWriteRequest(
        _ json: JSON, database: DatabaseID?
    ) throws(RESTDecodingError) -> RESTBatchWriteRequest {
        let reader = try MessageReader(json, "BatchWriteRequest")
        let named = try reader.database(expected: database)
        let scope = named ?? database
        var labels: [String: String] = [:]
        if let object = try reader.optional("labels", Wire.object) {
            for member in object {
                labels[member.key] = try RESTDecodingError.within(.key("labels")) { () throws(RESTDecodingError) in
                    try RESTDecodingError.within(key: member.key) { () throws(RESTDecodingError) in
                        try Wire.string(member.value)
                    }
                }
            }
        }
        return RESTBatchWriteRequest(
            database: named,
            writes: try reader.repeated("writes") { (json) throws(RESTDecodingError) in
                try decodeWrite(json, database: scope)
            },
            labels: labels
        )
    }

    /// `{"writeResults": [...], "status": [...]}` (each omitted when empty).
    public static func encodeBatchWriteResponse(_ response: RESTBatchWriteResponse) -> JSON {
        var object = JSONObject()
        if !response.writeResults.isEmpty {
            object["writeResults"] = .array(response.writeResults.map(encodeWriteResult))
        }
        if !response.statuses.isEmpty { object["status"] = .array(response.statuses.map(RESTErrorCodec.encodeStatus)) }
        return .object(object)
    }

    /// Reads a batch-write answer; both arrays may be absent.
    public static func decodeBatchWriteResponse(_ json: JSON) throws(RESTDecodingError) -> RESTBatchWriteResponse {
        let reader = try MessageReader(json, "BatchWriteResponse")
        return RESTBatchWriteResponse(
            writeResults: try reader.repeated("writeResults", decodeWriteResult),
            statuses: try reader.repeated("status", RESTErrorCodec.decodeStatus)
        )
    }
}
