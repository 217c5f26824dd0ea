import Foundation
import HearthDomain

/// The URLs of the Firestore REST v1 API for one database: `{base}/v1/projects/{p}/databases/{d}/documents...`,
/// each path segment percent-encoded on its own (`(default)` stays raw).
struct FirestoreEndpoints: Sendable {
    /// `baseURL` as text without trailing slashes, the prefix of every endpoint (REST and WebChannel).
    static func base(_ baseURL: URL) -> String {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }

    let database: DatabaseID
    /// `{base}/v1/projects/{p}/databases/{d}/documents`, encoded.
    let documentsRoot: String

    init(baseURL: URL, database: DatabaseID) {
        self.database = database
        let base = Self.base(baseURL)
        let parentheses: Set<UInt8> = [UInt8(ascii: "("), UInt8(ascii: ")")]
        documentsRoot =
            base + "/v1/projects/" + PercentEncoding.encode(database.projectID) + "/databases/"
            + PercentEncoding.encode(database.databaseID, alsoAllowed: parentheses) + "/documents"
    }

    /// `…/documents/{path}`.
    func document(_ path: DocumentPath, query: [(String, String)] = []) throws(DocumentStoreError) -> URL {
        try url(documentsRoot + Self.encodedPath(path.segments), query: query)
    }

    /// `…/documents[/{parent}]/{collectionID}`.
    func collection(
        parent: DocumentPath?, collectionID: String, query: [(String, String)] = []
    ) throws(DocumentStoreError) -> URL {
        let parentPath = parent.map { Self.encodedPath($0.segments) } ?? ""
        return try url(documentsRoot + parentPath + "/" + PercentEncoding.encode(collectionID), query: query)
    }

    /// `…/documents[/{parent}]:{method}` (runQuery, runAggregationQuery, listCollectionIds, partitionQuery,
    /// and with no parent batchGet, commit, beginTransaction, rollback, batchWrite).
    func rpc(_ method: String, parent: DocumentPath? = nil) throws(DocumentStoreError) -> URL {
        let parentPath = parent.map { Self.encodedPath($0.segments) } ?? ""
        return try url(documentsRoot + parentPath + ":" + method, query: [])
    }

    private func url(_ text: String, query: [(String, String)]) throws(DocumentStoreError) -> URL {
        let full = query.isEmpty ? text : text + "?" + PercentEncoding.query(query)
        guard let url = URL(string: full) else {
            throw DocumentStoreError(
                .invalidArgument, "Could not form a URL from \(BodyExcerpt.truncated(full, limit: 200)).")
        }
        return url
    }

    private static func encodedPath(_ segments: [String]) -> String {
        segments.map { "/" + PercentEncoding.encode($0) }.joined()
    }
}
