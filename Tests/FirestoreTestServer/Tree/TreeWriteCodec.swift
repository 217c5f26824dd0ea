public import HearthPort
public import HearthDomain
public import HearthFirestoreCodec

/// Firestore REST form of writes and commits, both directions: `Write`, `Precondition`,
/// `FieldTransform`, `CommitRequest`, `CommitResponse` and `WriteResult` (batch writes in
/// `TreeWriteCodec+BatchWrite.swift`).
///
/// A `Write` is written as
/// - an update: `{"update": {"name", "fields"}, "updateMask"?: {"fieldPaths": [...]}, "currentDocument"?, "updateTransforms"?}`.
///   `mask: nil` writes no `updateMask`; `mask: []` writes `{"fieldPaths": []}`. `fields` is written
///   (possibly `{}`) unless it is empty *and* the mask is non-empty — exactly what Firebase's SDKs send;
/// - a delete: `{"delete": "projects/…/documents/c/d", "currentDocument"?}`;
/// - a transform-only write: `{"transform": {"document", "fieldTransforms": [...]}, "currentDocument"?}`.
///
/// Field paths use `FieldPath.canonicalString` on the wire and `FieldPath.init(canonical:)` when read.
/// Decoders throw `RESTDecodingError` naming the JSON path; unknown members of these messages are
/// ignored, but a write must set exactly one of `update`, `delete`, `transform`.
public enum TreeWriteCodec {
    // MARK: - Commit request

    /// The body of `projects/{p}/databases/{d}/documents:commit`:
    /// `{"database": "projects/{p}/databases/{d}", "writes": [...], "transaction"?: "<base64>"}`.
    ///
    /// `database` names the documents and fills the request's `database` member (the shape of Google's
    /// conformance vectors; the URL carries the same name).
    public static func encodeCommitRequest(database: DatabaseID, writes: [Write], transaction: TransactionID?) -> JSON {
        var body: JSONObject = [
            "database": .string(database.resourceName),
            "writes": .array(writes.map { encode($0, database: database) }),
        ]
        if let transaction { body["transaction"] = Wire.transactionID(transaction) }
        return .object(body)
    }

    /// Reads a commit request body. `database` (optional in the body) must match `expected` when both are
    /// given, and every document name must belong to the request's database (or `expected`).
    public static func decodeCommitRequest(
        _ json: JSON, database: DatabaseID?
    ) throws(RESTDecodingError)
        -> RESTCommitRequest
    {
        let reader = try MessageReader(json, "CommitRequest")
        let named = try reader.database(expected: database)
        let scope = named ?? database
        return RESTCommitRequest(
            database: named,
            writes: try reader.repeated("writes") { (json) throws(RESTDecodingError) in
                try decodeWrite(json, database: scope)
            },
            transaction: try reader.optional("transaction", Wire.transactionID)
        )
    }

    // MARK: - Write

    /// The REST JSON of one write; document names are built in `database`.
    public static func encode(_ write: Write, database: DatabaseID) -> JSON {
        let name = Wire.documentName(write.path, in: database)
        var object = JSONObject()
        switch write.operation {
        case .update(let fields, let mask):
            var document: JSONObject = ["name": name]
            if !(fields.isEmpty && !(mask ?? []).isEmpty) {
                document["fields"] = TreeValueCodec.encodeFields(fields)
            }
            object["update"] = .object(document)
            if let mask { object["updateMask"] = Wire.documentMask(mask) }
        case .delete:
            object["delete"] = name
        case .transform:
            object["transform"] = .object([
                "document": name,
                "fieldTransforms": .array(write.transforms.map(encodeFieldTransform)),
            ])
        }
        if let precondition = write.precondition {
            object["currentDocument"] = encodePrecondition(precondition)
        }
        if write.operation != .transform, !write.transforms.isEmpty {
            object["updateTransforms"] = .array(write.transforms.map(encodeFieldTransform))
        }
        return .object(object)
    }

    /// Reads one write. With `database`, every document name must belong to it.
    public static func decodeWrite(_ json: JSON, database: DatabaseID?) throws(RESTDecodingError) -> Write {
        let reader = try MessageReader(json, "Write")
        let kind = try reader.exactlyOne(["update", "delete", "transform"], "a Write")
        let precondition = try reader.optional("currentDocument", decodePrecondition) ?? nil
        var transforms = try reader.repeated("updateTransforms", decodeFieldTransform)
        let path: DocumentPath
        let operation: Write.Operation
        switch kind {
        case "update":
            let (documentPath, fields) = try reader.required("update") { (json) throws(RESTDecodingError) in
                try decodeUpdateDocument(json, database: database)
            }
            path = documentPath
            operation = .update(fields: fields, mask: try reader.optional("updateMask", Wire.documentMask))
        case "delete":
            try rejectMask(reader, kind)
            path = try reader.required("delete") { (json) throws(RESTDecodingError) in
                try Wire.documentPath(json, database: database)
            }
            operation = .delete
        default:
            try rejectMask(reader, kind)
            guard transforms.isEmpty else {
                throw RESTDecodingError(
                    reason: "a transform write carries its transforms in \"transform\", not \"updateTransforms\"")
            }
            let decoded = try reader.required("transform") { (json) throws(RESTDecodingError) in
                try decodeDocumentTransform(json, database: database)
            }
            path = decoded.path
            transforms = decoded.transforms
            operation = .transform
        }
        return Write(path: path, operation: operation, transforms: transforms, precondition: precondition)
    }

    private static func rejectMask(_ reader: MessageReader, _ kind: String) throws(RESTDecodingError) {
        if reader.has("updateMask") {
            throw RESTDecodingError(reason: "\"updateMask\" is only allowed with \"update\", not with \"\(kind)\"")
        }
    }

    private static func decodeUpdateDocument(
        _ json: JSON, database: DatabaseID?
    ) throws(RESTDecodingError)
        -> (DocumentPath, MapValue)
    {
        let reader = try MessageReader(json, "Document")
        let path = try reader.required("name") { (json) throws(RESTDecodingError) in
            try Wire.documentPath(json, database: database)
        }
        let fields = try reader.optional("fields", TreeValueCodec.decodeFields) ?? MapValue()
        return (path, fields)
    }

    private static func decodeDocumentTransform(
        _ json: JSON, database: DatabaseID?
    ) throws(RESTDecodingError)
        -> (path: DocumentPath, transforms: [FieldTransform])
    {
        let reader = try MessageReader(json, "DocumentTransform")
        let path = try reader.required("document") { (json) throws(RESTDecodingError) in
            try Wire.documentPath(json, database: database)
        }
        return (path, try reader.repeated("fieldTransforms", decodeFieldTransform))
    }

    // MARK: - Precondition

    /// `{"exists": true|false}` or `{"updateTime": "…"}`.
    public static func encodePrecondition(_ precondition: Precondition) -> JSON {
        switch precondition {
        case .exists(let exists): .object(["exists": .bool(exists)])
        case .updateTime(let time): .object(["updateTime": Wire.timestamp(time)])
        }
    }

    /// Reads a precondition; `{}` (neither member set) is no precondition (`nil`).
    public static func decodePrecondition(_ json: JSON) throws(RESTDecodingError) -> Precondition? {
        let reader = try MessageReader(json, "Precondition")
        switch try reader.oneOf(["exists", "updateTime"], "a Precondition") {
        case "exists"?: return .exists(try reader.required("exists", Wire.bool))
        case "updateTime"?: return .updateTime(try reader.required("updateTime", Wire.timestamp))
        default: return nil
        }
    }

    // MARK: - FieldTransform

    /// `{"fieldPath": "a.b", <one transform member>}`: `"setToServerValue": "REQUEST_TIME"`,
    /// `"increment"`/`"maximum"`/`"minimum"`: Value, `"appendMissingElements"`/`"removeAllFromArray"`: ArrayValue.
    public static func encodeFieldTransform(_ transform: FieldTransform) -> JSON {
        var object: JSONObject = ["fieldPath": Wire.fieldPath(transform.fieldPath)]
        switch transform.operation {
        case .serverTimestamp: object["setToServerValue"] = .string("REQUEST_TIME")
        case .increment(let value): object["increment"] = TreeValueCodec.encode(value)
        case .maximum(let value): object["maximum"] = TreeValueCodec.encode(value)
        case .minimum(let value): object["minimum"] = TreeValueCodec.encode(value)
        case .appendMissingElements(let values):
            object["appendMissingElements"] = .object(["values": .array(values.map(TreeValueCodec.encode))])
        case .removeAllFromArray(let values):
            object["removeAllFromArray"] = .object(["values": .array(values.map(TreeValueCodec.encode))])
        }
        return .object(object)
    }

    /// Reads a field transform: a field path and exactly one transform member (`setToServerValue` must be
    /// `"REQUEST_TIME"`, or its enum number 1).
    public static func decodeFieldTransform(_ json: JSON) throws(RESTDecodingError) -> FieldTransform {
        let reader = try MessageReader(json, "FieldTransform")
        let path = try reader.required("fieldPath", Wire.fieldPath)
        let kind = try reader.exactlyOne(
            ["setToServerValue", "increment", "maximum", "minimum", "appendMissingElements", "removeAllFromArray"],
            "a FieldTransform"
        )
        let operation: FieldTransform.Operation
        switch kind {
        case "setToServerValue":
            try reader.required(kind) { (json) throws(RESTDecodingError) in
                guard json == .string("REQUEST_TIME") || json == .number("1") else {
                    throw RESTDecodingError(
                        reason: "unsupported server value \(JSONWriter.string(json)); expected \"REQUEST_TIME\"")
                }
            }
            operation = .serverTimestamp
        case "increment": operation = .increment(try reader.required(kind, TreeValueCodec.decode))
        case "maximum": operation = .maximum(try reader.required(kind, TreeValueCodec.decode))
        case "minimum": operation = .minimum(try reader.required(kind, TreeValueCodec.decode))
        case "appendMissingElements":
            operation = .appendMissingElements(try reader.required(kind, TreeValueCodec.decodeArrayValue))
        default: operation = .removeAllFromArray(try reader.required(kind, TreeValueCodec.decodeArrayValue))
        }
        return FieldTransform(fieldPath: path, operation: operation)
    }

    // MARK: - Commit response

    /// `{"writeResults": [...], "commitTime": "…"}` (`writeResults` omitted when empty).
    public static func encodeCommitResponse(_ response: CommitResponse) -> JSON {
        var object = JSONObject()
        if !response.writeResults.isEmpty {
            object["writeResults"] = .array(response.writeResults.map(encodeWriteResult))
        }
        object["commitTime"] = Wire.timestamp(response.commitTime)
        return .object(object)
    }

    /// Reads a commit response; `commitTime` is required, `writeResults` may be absent (no writes).
    public static func decodeCommitResponse(_ json: JSON) throws(RESTDecodingError) -> CommitResponse {
        let reader = try MessageReader(json, "CommitResponse")
        return CommitResponse(
            writeResults: try reader.repeated("writeResults", decodeWriteResult),
            commitTime: try reader.required("commitTime", Wire.timestamp)
        )
    }

    /// `{"updateTime"?: "…", "transformResults"?: [Value]}` (`updateTime` absent for deletes).
    public static func encodeWriteResult(_ result: WriteResult) -> JSON {
        var object = JSONObject()
        if let time = result.updateTime { object["updateTime"] = Wire.timestamp(time) }
        if !result.transformResults.isEmpty {
            object["transformResults"] = .array(result.transformResults.map(TreeValueCodec.encode))
        }
        return .object(object)
    }

    /// Reads a write result; both members are optional.
    public static func decodeWriteResult(_ json: JSON) throws(RESTDecodingError) -> WriteResult {
        let reader = try MessageReader(json, "WriteResult")
        return WriteResult(
            updateTime: try reader.optional("updateTime", Wire.timestamp),
            transformResults: try reader.repeated("transformResults", TreeValueCodec.decode)
        )
    }
}
