public import HearthDomain

/// A `list` answer of Firestore REST (`GET …/documents/{collection}`): `{"documents"?: [Document],
/// "nextPageToken"?}`, each document's fields decoded as `Fields`.
///
/// ```swift
/// let page = try FirestoreJSONDecoder().decodeList(AppFields.self, from: listAnswer)
/// for app in page.documents { print(app.name, app.displayName) }
/// if let token = page.nextPageToken { /* GET …/documents/apps?pageToken=\(token) */ }
/// ```
///
/// Both members may be absent (an empty last page); an empty `nextPageToken` is no token. A document
/// listed with only its name (`showMissing=true`: a missing document that has subcollections) is in
/// ``missingDocuments``, not in ``documents``. `Decodable` with any decoder, as ``FirestoreDocument`` is.
public struct FirestoreListResponse<Fields: Decodable> {
    /// The stored documents of the page, in the answer's order.
    public var documents: [FirestoreDocument<Fields>]
    /// The names of the missing documents listed (only under `showMissing=true`), in the answer's order.
    public var missingDocuments: [DocumentName]
    /// The token of the next page, or `nil` on the last page.
    public var nextPageToken: String?

    /// A page with the given members.
    public init(documents: [FirestoreDocument<Fields>], missingDocuments: [DocumentName] = [], nextPageToken: String?) {
        self.documents = documents
        self.missingDocuments = missingDocuments
        self.nextPageToken = nextPageToken
    }
}

extension FirestoreListResponse: Sendable where Fields: Sendable {}
extension FirestoreListResponse: Equatable where Fields: Equatable {}
extension FirestoreListResponse: Hashable where Fields: Hashable {}

extension FirestoreListResponse: FirestoreRESTMessage {
    init(
        restJSON json: JSON, at prefix: [RESTDecodingError.PathComponent], decoder: FirestoreJSONDecoder
    ) throws(DocumentStoreError) {
        try decoder.throwIfError(in: json, at: prefix)
        try decoder.expectMembers(of: json, ["documents", "nextPageToken"], "a list answer", at: prefix)
        let page = try decoder.structure(at: prefix) { () throws(RESTDecodingError) in
            try RESTReadCodec.decodeListDocumentsPage(json) { (json) throws(RESTDecodingError) in
                try RESTDocumentCodec.decodeListedNamed(json, database: decoder.database)
            }
        }
        var documents: [FirestoreDocument<Fields>] = []
        var missing: [DocumentName] = []
        documents.reserveCapacity(page.documents.count)
        for (index, listed) in page.documents.enumerated() {
            guard let document = listed.document else {
                missing.append(listed.name)
                continue
            }
            documents.append(
                try decoder.document(
                    listed.name, document, as: Fields.self, at: prefix + [.key("documents"), .index(index)]))
        }
        self.init(documents: documents, missingDocuments: missing, nextPageToken: page.nextPageToken)
    }
}

extension FirestoreListResponse: Decodable {
    public init(from decoder: any Decoder) throws {
        self = try FirestoreJSONDecoder.decodeForeign(Self.self, from: decoder)
    }
}
