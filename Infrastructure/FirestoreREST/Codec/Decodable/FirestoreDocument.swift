public import HearthDomain

/// A stored document read from Firestore REST JSON — `{"name", "fields", "createTime", "updateTime"}`,
/// a `get` answer or an element of a `list` or `runQuery` answer — with its fields decoded as `Fields`.
///
/// ```swift
/// typealias App = FirestoreDocument<AppFields>
/// let app = try FirestoreJSONDecoder().decode(App.self, from: getAnswer)
/// app.name.database.projectID   // "xwift27": the whole name is kept
/// app.documentID                // "1324887522"
/// app.displayName               // app.fields.displayName, through @dynamicMemberLookup
/// ```
///
/// The name is kept whole (project, database, path) whatever database the decoder expects. `fields` is
/// decoded by a `DocumentDecoder` with the document's path, so `DocumentID` properties are filled;
/// an absent `fields` member is an empty map. `createTime` and `updateTime` are required.
///
/// `Decodable` with any decoder (`JSONDecoder` included, whose date and key strategies do not apply): the
/// value is read as Firestore REST JSON by ``FirestoreJSONDecoder``'s route, with a default
/// `DocumentDecoder` and any database; a failure is a `DecodingError.dataCorrupted` whose description
/// names the JSON path, with the `DocumentStoreError` as `underlyingError`.
@dynamicMemberLookup
public struct FirestoreDocument<Fields: Decodable> {
    /// The full document name: `name.database` (project and database) and `name.path`.
    public var name: DocumentName
    /// The document's fields, decoded.
    public var fields: Fields
    /// When the document was created.
    public var createTime: Timestamp
    /// When the document last changed.
    public var updateTime: Timestamp

    /// A document with the given members.
    public init(name: DocumentName, fields: Fields, createTime: Timestamp, updateTime: Timestamp) {
        self.name = name
        self.fields = fields
        self.createTime = createTime
        self.updateTime = updateTime
    }

    /// The document's path within its database (`apps/1324887522`).
    public var path: DocumentPath { name.path }

    /// The document's ID: the last segment of its path.
    public var documentID: String { name.path.documentID }

    /// A property of ``fields``, read as if it were the document's own (`app.displayName`). The
    /// document's own members (`name`, `path`, …) win over fields of the same name.
    public subscript<Member>(dynamicMember keyPath: KeyPath<Fields, Member>) -> Member {
        fields[keyPath: keyPath]
    }

    /// A property of ``fields``, read and written as if it were the document's own (`app.index = 1`).
    public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Fields, Member>) -> Member {
        get { fields[keyPath: keyPath] }
        set { fields[keyPath: keyPath] = newValue }
    }
}

extension FirestoreDocument: Sendable where Fields: Sendable {}
extension FirestoreDocument: Equatable where Fields: Equatable {}
extension FirestoreDocument: Hashable where Fields: Hashable {}

extension FirestoreDocument: Decodable, FirestoreRESTMessage {
    init(
        restBytes bytes: some Collection<UInt8>, at prefix: [RESTDecodingError.PathComponent],
        decoder: FirestoreJSONDecoder
    )
        throws(DocumentStoreError)
    {
        let named = try decoder.read(bytes, at: prefix) { (reader) throws(RESTDecodingError) in
            try reader.storedDocument()
        }
        self = try decoder.document(decoder.name(named.name), named.document, as: Fields.self, at: prefix)
    }
}
