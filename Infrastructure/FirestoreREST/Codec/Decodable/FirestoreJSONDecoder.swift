public import HearthApplication
public import HearthDomain

/// Decodes the JSON answers of Firestore's REST API straight into `Decodable` models, the way
/// `JSONDecoder` decodes plain JSON.
///
/// ```swift
/// struct App: Decodable { @DocumentID var id: String?; var index: Int; var displayName: String; var iconURL: URL? }
///
/// let decoder = FirestoreJSONDecoder()
/// let app = try decoder.decode(App.self, from: getAnswer)                         // GET …/documents/apps/1324887522
/// let stored = try decoder.decode(FirestoreDocument<App>.self, from: getAnswer)   // + name, createTime, updateTime
/// let page = try decoder.decodeList(App.self, from: listAnswer)                   // GET …/documents/apps
/// let query = try decoder.decodeRunQuery(App.self, from: runQueryAnswer)         // POST …/documents:runQuery
/// let failure = try decoder.decodeError(from: errorAnswer)                        // {"error": {…}} or nil
/// ```
///
/// The answers are read by this module's REST codec (the one reader of Firestore's JSON, behind
/// ``RESTDocumentCodec``, ``RESTReadCodec`` and ``RESTValueCodec``) and the fields of each document are turned into the
/// model by a `DocumentDecoder` (the one behind `getDocument(as:)`, with its type mapping, `DocumentID`
/// and the other wrappers). Document names are kept whole — project, database and path — in
/// ``FirestoreDocument/name``.
///
/// Every call throws only `DocumentStoreError` (declared `throws`, like `JSONDecoder`, so that
/// `catch let error as DocumentStoreError where error.code == .notFound` reads as everywhere else in
/// Hearth); nothing traps on any input:
/// - an error body (`{"error": {"code", "message", "status", "details"}}`, also as an element of a
///   streamed answer) given to a decoder of a result throws the server's error: its code from `status`
///   (`NOT_FOUND` is `notFound`), its message, the ``RESTErrorBody`` as `underlying`;
/// - text that is not JSON, or JSON that is not the expected answer, throws `invalidArgument` naming the
///   JSON path of the offending node (`$.documents[2].fields.price.integerValue`), with the
///   ``RESTDecodingError`` as `underlying`; JSON nested deeper than ``JSONParser/maximumDepth`` is refused;
/// - a document whose fields do not fit the model throws `invalidArgument` naming the JSON path of the
///   field (`$.documents[2].fields.price`), the document and the field, with Swift's `DecodingError` as
///   `underlying` (as `DocumentDecoder` does);
/// - input longer than ``maximumBytes`` throws `resourceExhausted` before anything is read.
///
/// The wrapper types (``FirestoreDocument``, ``FirestoreListResponse``, ``FirestoreRunQueryResponse``,
/// ``FirestoreRunQueryResult``, ``RESTErrorBody``) are also `Decodable` with any other decoder, so
/// `JSONDecoder().decode(FirestoreDocument<App>.self, from: data)` works and they can sit inside your own
/// `Decodable` types; this decoder is the stricter route (exact number text, duplicate members refused, the
/// JSON path from the root of the text in every error).
public struct FirestoreJSONDecoder: Sendable {
    /// The default ``maximumBytes``: 64 MiB, the REST adapter's default cap on an answer.
    public static let defaultMaximumBytes = 64 << 20

    /// The database every document name must belong to; `nil` (the default) accepts any database and
    /// keeps it in the names. A name in another database throws `invalidArgument` naming its JSON path.
    public var database: DatabaseID?
    /// Turns the fields of each document into the model: its `userInfo` reaches the models.
    public var documentDecoder: DocumentDecoder
    /// The longest input read, in bytes (default ``defaultMaximumBytes``); longer input throws
    /// `resourceExhausted`.
    public var maximumBytes: Int

    /// A decoder; see the properties for the defaults.
    public init(
        database: DatabaseID? = nil,
        documentDecoder: DocumentDecoder = DocumentDecoder(),
        maximumBytes: Int = FirestoreJSONDecoder.defaultMaximumBytes
    ) {
        self.database = database
        self.documentDecoder = documentDecoder
        self.maximumBytes = maximumBytes
    }

    // MARK: - Entry points

    /// Decodes `type` from the bytes of a REST answer, as `JSONDecoder.decode(_:from:)` does.
    ///
    /// `type` says which answer the bytes are: ``FirestoreDocument`` (a `get` answer: one document),
    /// ``FirestoreListResponse`` (a `list` answer), ``FirestoreRunQueryResponse`` (a `runQuery` answer),
    /// ``FirestoreRunQueryResult`` (one element of it), ``RESTErrorBody`` (an error body). Any other
    /// type is a model decoded from the fields of a `get` answer, as `decodeDocument(type, from:).fields`.
    public func decode<T: Decodable>(_ type: T.Type, from data: some Collection<UInt8>) throws -> T {
        try decode(type, bytes: checked(data), at: [])
    }

    /// Decodes a `get` answer (one `Document`): its name, times, and fields as `Fields`.
    public func decodeDocument<Fields: Decodable>(
        _ type: Fields.Type, from data: some Collection<UInt8>
    ) throws
        -> FirestoreDocument<Fields>
    {
        try FirestoreDocument<Fields>(restBytes: checked(data), at: [], decoder: self)
    }

    /// Decodes a `list` answer (`{"documents": [...], "nextPageToken": "..."}`), each document's fields as
    /// `Fields`. Both members may be absent (an empty last page).
    public func decodeList<Fields: Decodable>(
        _ type: Fields.Type, from data: some Collection<UInt8>
    ) throws
        -> FirestoreListResponse<Fields>
    {
        try FirestoreListResponse<Fields>(restBytes: checked(data), at: [], decoder: self)
    }

    /// Decodes a `runQuery` answer (a JSON array of `{"document"?, "readTime"?, "skippedResults"?, …}`;
    /// a single element object is read as a one-element answer), each document's fields as `Fields`.
    public func decodeRunQuery<Fields: Decodable>(
        _ type: Fields.Type, from data: some Collection<UInt8>
    ) throws
        -> FirestoreRunQueryResponse<Fields>
    {
        try FirestoreRunQueryResponse<Fields>(restBytes: checked(data), at: [], decoder: self)
    }

    /// The error an answer carries (`{"error": {…}}`, or the first such element of a streamed answer), or
    /// `nil` when it carries none. Throws `invalidArgument` when the bytes are not JSON or an error member
    /// is malformed (`code` not a number, `message` not a string, …).
    public func decodeError(from data: some Collection<UInt8>) throws -> RESTErrorBody? {
        try read(checked(data), at: []) { (reader) throws(RESTDecodingError) in try reader.errorBody() }
    }

    // MARK: - Reading (shared with the Decodable conformances)

    func decode<T: Decodable>(
        _ type: T.Type, bytes: some Collection<UInt8>, at prefix: [RESTDecodingError.PathComponent]
    ) throws(DocumentStoreError)
        -> T
    {
        guard let message = type as? any FirestoreRESTMessage.Type else {
            return try FirestoreDocument<T>(restBytes: bytes, at: prefix, decoder: self).fields
        }
        let value = try message.init(restBytes: bytes, at: prefix, decoder: self)
        guard let typed = value as? T else {
            throw DocumentStoreError(
                .internal, "FirestoreJSONDecoder decoded \(Swift.type(of: value)) where \(T.self) was asked for.")
        }
        return typed
    }

    /// `data`, when it is within ``maximumBytes``.
    func checked<Bytes: Collection<UInt8>>(_ data: Bytes) throws(DocumentStoreError) -> Bytes {
        let count = data.count
        guard count <= maximumBytes else {
            throw DocumentStoreError(
                .resourceExhausted,
                "The Firestore REST JSON is \(count) bytes, more than FirestoreJSONDecoder.maximumBytes (\(maximumBytes))."
            )
        }
        return data
    }

    /// Runs the codec's reader on the whole of `bytes`, as this decoder reads answers (strictly: an
    /// `{"error": …}` answer is the server's error, an answer of another call is refused). The server's
    /// error is thrown as such; anything malformed becomes `invalidArgument`, located under `prefix`.
    func read<T>(
        _ bytes: some Collection<UInt8>,
        at prefix: [RESTDecodingError.PathComponent],
        _ body: (inout RESTDecoder) throws(RESTDecodingError) -> T
    ) throws(DocumentStoreError) -> T {
        do {
            return try RESTDecoder.decode(bytes, database: database, strict: true, body)
        } catch {
            if let server = error.serverError { throw server.documentStoreError }
            throw Self.malformed(error, at: prefix)
        }
    }

    /// The whole name the reader kept (it keeps names under this decoder's strict reading).
    func name(_ read: RESTDecoder.ReadName) throws(DocumentStoreError) -> DocumentName {
        guard let name = read.name else {
            throw DocumentStoreError(.internal, "The REST reader did not keep the name of \(read.path).")
        }
        return name
    }

    /// The model for one decoded document at the JSON path `prefix`; a model mismatch names the JSON path
    /// of the field.
    func document<Fields: Decodable>(
        _ name: DocumentName,
        _ document: Document,
        as type: Fields.Type,
        at prefix: [RESTDecodingError.PathComponent]
    ) throws(DocumentStoreError) -> FirestoreDocument<Fields> {
        let fields: Fields
        do {
            fields = try documentDecoder.decode(type, from: document.fields, documentPath: document.path)
        } catch {
            throw RESTJSONPath.locate(error, fields: document.fields, document: prefix)
        }
        return FirestoreDocument(
            name: name, fields: fields, createTime: document.createTime, updateTime: document.updateTime)
    }

    static func malformed(
        _ error: RESTDecodingError, at prefix: [RESTDecodingError.PathComponent]
    ) -> DocumentStoreError {
        var located = error
        for component in prefix.reversed() { located = located.prefixed(by: component) }
        return located.documentStoreError(.invalidArgument)
    }
}
