public import HearthDomain
public import HearthPort

/// The proto3 JSON form of Firestore's `Listen` RPC (`ListenRequest` with an added target, and
/// `ListenResponse`). Listen is a streaming RPC that Firestore serves over gRPC and WebChannel, not over
/// REST; this codec is what a future transport (or a recorded stream, like the conformance vectors)
/// decodes with, before feeding ``WatchStateMachine``.
public enum RESTListenCodec {
    // MARK: - Requests

    /// `{"database", "addTarget": {"query": {"parent", "structuredQuery"} | "documents": {"documents": [name]},
    /// "targetId", "resumeToken"? | "readTime"?}}`.
    public static func encodeAddTarget(
        _ target: ListenTarget,
        targetID: Int32,
        resumeToken: [UInt8]? = nil,
        readTime: Timestamp? = nil,
        database: DatabaseID
    ) -> JSON {
        var added = JSONObject()
        switch target {
        case .document(let path):
            added["documents"] = .object(["documents": .array([Wire.documentName(path, in: database)])])
        case .query(let parent, let query):
            let parentName = parent.map { $0.resourceName(in: database) } ?? database.documentsRoot
            added["query"] = .object([
                "parent": .string(parentName),
                "structuredQuery": RESTQueryCodec.encodeStructuredQuery(query, database: database),
            ])
        }
        added["targetId"] = Wire.int32(Int(targetID))
        if let resumeToken, !resumeToken.isEmpty {
            added["resumeToken"] = Wire.bytes(resumeToken)
        } else if let readTime {
            added["readTime"] = Wire.timestamp(readTime)
        }
        return .object(["database": .string(database.resourceName), "addTarget": .object(added)])
    }

    // MARK: - Responses

    /// Reads one `ListenResponse`: exactly one of `targetChange`, `documentChange`, `documentDelete`,
    /// `documentRemove`, `filter`. Document names must belong to `database` when it is given.
    public static func decodeListenResponse(
        _ json: JSON, database: DatabaseID?
    ) throws(RESTDecodingError) -> RESTListenResponse {
        let reader = try MessageReader(json, "ListenResponse")
        let kinds = ["targetChange", "documentChange", "documentDelete", "documentRemove", "filter"]
        switch try reader.exactlyOne(kinds, "ListenResponse") {
        case "targetChange":
            return .targetChange(try reader.required("targetChange", decodeTargetChange))
        case "documentChange":
            return try reader.required("documentChange") { (json) throws(RESTDecodingError) in
                let change = try MessageReader(json, "DocumentChange")
                return .documentChange(
                    try change.required("document") { (json) throws(RESTDecodingError) in
                        try RESTDocumentCodec.decode(json, database: database)
                    },
                    targetIDs: try change.repeated("targetIds", Wire.int32),
                    removedTargetIDs: try change.repeated("removedTargetIds", Wire.int32)
                )
            }
        case "documentDelete", "documentRemove":
            let key = reader.has("documentDelete") ? "documentDelete" : "documentRemove"
            return try reader.required(key) { (json) throws(RESTDecodingError) in
                let message = try MessageReader(json, "DocumentDelete")
                let path = try message.required("document") { (json) throws(RESTDecodingError) in
                    try Wire.documentPath(json, database: database)
                }
                let removed = try message.repeated("removedTargetIds", Wire.int32)
                let readTime = try message.optional("readTime", Wire.timestamp)
                return key == "documentDelete"
                    ? .documentDelete(path, removedTargetIDs: removed, readTime: readTime)
                    : .documentRemove(path, removedTargetIDs: removed, readTime: readTime)
            }
        default:
            return try reader.required("filter") { (json) throws(RESTDecodingError) in
                let filter = try MessageReader(json, "ExistenceFilter")
                return .filter(
                    targetID: try filter.optional("targetId", Wire.int32) ?? 0,
                    count: try filter.optional("count", Wire.count) ?? 0)
            }
        }
    }

    /// The JSON of one `ListenResponse` (zero values omitted, as protobuf prints them).
    public static func encodeListenResponse(_ response: RESTListenResponse, database: DatabaseID) -> JSON {
        func ids(_ values: [Int32]) -> JSON { .array(values.map { Wire.int32(Int($0)) }) }
        switch response {
        case .targetChange(let change):
            var object = JSONObject()
            if change.kind != .noChange { object["targetChangeType"] = .string(change.kind.rawValue) }
            if !change.targetIDs.isEmpty { object["targetIds"] = ids(change.targetIDs) }
            if let cause = change.cause { object["cause"] = RESTErrorCodec.encodeStatus(cause) }
            if !change.resumeToken.isEmpty { object["resumeToken"] = Wire.bytes(change.resumeToken) }
            if let readTime = change.readTime { object["readTime"] = Wire.timestamp(readTime) }
            return .object(["targetChange": .object(object)])
        case .documentChange(let document, let targetIDs, let removedTargetIDs):
            var object: JSONObject = ["document": RESTDocumentCodec.encode(document, database: database)]
            if !targetIDs.isEmpty { object["targetIds"] = ids(targetIDs) }
            if !removedTargetIDs.isEmpty { object["removedTargetIds"] = ids(removedTargetIDs) }
            return .object(["documentChange": .object(object)])
        case .documentDelete(let path, let removed, let readTime), .documentRemove(let path, let removed, let readTime):
            var object: JSONObject = ["document": Wire.documentName(path, in: database)]
            if !removed.isEmpty { object["removedTargetIds"] = ids(removed) }
            if let readTime { object["readTime"] = Wire.timestamp(readTime) }
            if case .documentDelete = response { return .object(["documentDelete": .object(object)]) }
            return .object(["documentRemove": .object(object)])
        case .filter(let targetID, let count):
            var object = JSONObject()
            if targetID != 0 { object["targetId"] = Wire.int32(Int(targetID)) }
            if count != 0 { object["count"] = Wire.int32(count) }
            return .object(["filter": .object(object)])
        }
    }

    private static func decodeTargetChange(_ json: JSON) throws(RESTDecodingError) -> RESTTargetChange {
        let reader = try MessageReader(json, "TargetChange")
        return RESTTargetChange(
            kind: try reader.optional("targetChangeType") { (json) throws(RESTDecodingError) in
                try Wire.enumeration(
                    json, RESTTargetChange.Kind.self,
                    numbers: [0: .noChange, 1: .add, 2: .remove, 3: .current, 4: .reset])
            } ?? .noChange,
            targetIDs: try reader.repeated("targetIds", Wire.int32),
            cause: try reader.optional("cause", RESTErrorCodec.decodeStatus),
            resumeToken: try reader.optional("resumeToken", Wire.bytes) ?? [],
            readTime: try reader.optional("readTime", Wire.timestamp)
        )
    }
}
