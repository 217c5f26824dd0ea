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

extension FirestoreListResponse: Decodable, FirestoreRESTMessage {
    init(
        restBytes bytes: some Collection<UInt8>, at prefix: [RESTDecodingError.PathComponent],
        decoder: FirestoreJSONDecoder
    )
        throws(DocumentStoreError)
    {
        let page = try decoder.read(bytes, at: prefix) { (reader) throws(RESTDecodingError) in
            try reader.listDocumentsPage()
        }
        var documents: [FirestoreDocument<Fields>] = []
        var missing: [DocumentName] = []
        documents.reserveCapacity(page.documents.count)
        for (index, listed) in page.documents.enumerated() {
            guard let document = listed.document else {
                missing.append(try decoder.name(listed.name))
                continue
            }
            documents.append(
                try decoder.document(
                    decoder.name(listed.name), document, as: Fields.self,
                    at: prefix + [.key("documents"), .index(index)]))
        }
        self.init(documents: documents, missingDocuments: missing, nextPageToken: page.nextPageToken)
    }
}
