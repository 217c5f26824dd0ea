public import HearthPort
public import HearthDomain
public import HearthFirestoreCodec

/// Firestore REST form of `Document` and of document names, both directions:
/// `{"name": "projects/{p}/databases/{d}/documents/{path}", "fields"?: {…}, "createTime": "…", "updateTime": "…"}`.
///
/// `fields` is omitted when empty (as Firestore answers) and read as empty when absent; `createTime` and
/// `updateTime` are required when reading a stored document. Decoders take the expected `database`: when
/// non-`nil`, a name in another database throws; `nil` accepts any database (file imports). A `Document`
/// holds a path, so ``decode(_:database:)`` keeps only the path of the name; ``decodeNamed(_:database:)``,
/// ``decodeListedNamed(_:database:)`` and ``decodeName(_:database:)`` keep the whole name (project,
/// database, path). Errors are `RESTDecodingError` naming the JSON path; unknown members are ignored.
public enum TreeDocumentCodec {
    /// The REST JSON of a stored document, named in `database`.
    public static func encode(_ document: Document, database: DatabaseID) -> JSON {
        var object: JSONObject = ["name": Wire.documentName(document.path, in: database)]
        if !document.fields.isEmpty { object["fields"] = TreeValueCodec.encodeFields(document.fields) }
        object["createTime"] = Wire.timestamp(document.createTime)
        object["updateTime"] = Wire.timestamp(document.updateTime)
        return .object(object)
    }

    /// Reads a stored document: `name`, `createTime` and `updateTime` are required, `fields` optional.
    public static func decode(_ json: JSON, database: DatabaseID?) throws(RESTDecodingError) -> Document {
        let reader = try MessageReader(json, "Document")
        return try decode(reader, database: database)
    }

    static func decode(_ reader: MessageReader, database: DatabaseID?) throws(RESTDecodingError) -> Document {
        try decodeNamed(reader, database: database).document
    }

    /// Reads a stored document as ``decode(_:database:)`` does, keeping its full name: with `database`
    /// `nil`, the project and database of the name are kept here, where a `Document` (a path) drops them.
    public static func decodeNamed(
        _ json: JSON, database: DatabaseID?
    ) throws(RESTDecodingError)
        -> (name: DocumentName, document: Document)
    {
        try decodeNamed(MessageReader(json, "Document"), database: database)
    }

    static func decodeNamed(
        _ reader: MessageReader, database: DatabaseID?
    ) throws(RESTDecodingError)
        -> (name: DocumentName, document: Document)
    {
        let name = try reader.required("name") { (json) throws(RESTDecodingError) in
            try Wire.documentName(json, database: database)
        }
        let document = Document(
            path: name.path,
            fields: try reader.optional("fields", TreeValueCodec.decodeFields) ?? MapValue(),
            createTime: try reader.required("createTime", Wire.timestamp),
            updateTime: try reader.required("updateTime", Wire.timestamp)
        )
        return (name, document)
    }

    /// A listed document as `ListDocuments` answers it: a found document in full, a missing one (listed
    /// with `showMissing` because it has subcollections) with only its `name`.
    public static func encodeListed(_ read: DocumentRead, database: DatabaseID) -> JSON {
        switch read {
        case .found(let document): encode(document, database: database)
        case .missing(let path): .object(["name": Wire.documentName(path, in: database)])
        }
    }

    /// Reads a listed document: one with only a `name` (no `fields`, `createTime`, `updateTime`) is missing.
    public static func decodeListed(_ json: JSON, database: DatabaseID?) throws(RESTDecodingError) -> DocumentRead {
        let listed = try decodeListedNamed(json, database: database)
        guard let document = listed.document else { return .missing(listed.name.path) }
        return .found(document)
    }

    /// Reads a listed document as ``decodeListed(_:database:)`` does, keeping its full name; `document`
    /// is `nil` for a missing one.
    public static func decodeListedNamed(
        _ json: JSON, database: DatabaseID?
    ) throws(RESTDecodingError)
        -> (name: DocumentName, document: Document?)
    {
        let reader = try MessageReader(json, "Document")
        if !reader.has("createTime"), !reader.has("updateTime"), !reader.has("fields") {
            return (
                try reader.required("name") { (json) throws(RESTDecodingError) in
                    try Wire.documentName(json, database: database)
                }, nil
            )
        }
        let named = try decodeNamed(reader, database: database)
        return (named.name, named.document)
    }

    /// `projects/{p}/databases/{d}/documents/{path}` as a JSON string.
    public static func encodeName(_ path: DocumentPath, database: DatabaseID) -> JSON {
        Wire.documentName(path, in: database)
    }

    /// Reads a document name (a JSON string), whole: project, database and path. With `database`, it must
    /// belong to that database; with `nil`, any database is accepted and kept in the name.
    public static func decodeName(_ json: JSON, database: DatabaseID?) throws(RESTDecodingError) -> DocumentName {
        try Wire.documentName(json, database: database)
    }
}
