public import HearthDomain

/// Firestore REST form of a stored `Document`, both directions, as compact UTF-8 JSON bytes:
/// `{"name": "projects/{p}/databases/{d}/documents/{path}", "fields"?: {…}, "createTime": "…", "updateTime": "…"}`.
///
/// `fields` is omitted when empty (as Firestore answers) and read as empty when absent; `name`,
/// `createTime` and `updateTime` are required when reading. Unknown members are ignored, member names may
/// be in snake_case. Errors are ``RESTDecodingError``s naming the JSON path; text that is not JSON throws
/// at the root, naming the byte offset.
public enum RESTDocumentCodec {
    /// The REST JSON of a stored document, named in `database` (members in the order above).
    public static func encode(_ document: Document, database: DatabaseID) -> [UInt8] {
        RESTEncoder.encode(database: database, capacity: 512) { $0.document(document) }
    }

    /// Reads a stored document (a `GetDocument` answer, a line of an export file). With `database`, its
    /// name must belong to that database; with `nil`, any database is accepted (the path is kept, the
    /// database part of the name dropped).
    public static func decode(
        bytes: some Collection<UInt8>, database: DatabaseID?
    ) throws(RESTDecodingError) -> Document {
        try RESTDecoder.decode(bytes, database: database) { (decoder) throws(RESTDecodingError) in
            try decoder.storedDocument().document
        }
    }
}
