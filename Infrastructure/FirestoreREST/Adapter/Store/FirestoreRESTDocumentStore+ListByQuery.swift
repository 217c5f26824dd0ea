import Foundation
import HearthDomain
import HearthFirestoreCodec
import HearthPort

extension FirestoreRESTDocumentStore {
    /// Lists a collection in a transaction or at a read time, which REST's `GET` cannot do reliably:
    /// a `:runQuery` ordered by the requested orders then `__name__`, `limit` = page size, continuing
    /// after the last document of the previous page (the page token holds its order values).
    func listDocumentsByQuery(_ request: ListDocumentsRequest) async throws(DocumentStoreError) -> ListDocumentsResponse
    {
        if request.showMissing {
            throw DocumentStoreError(
                .unimplemented,
                "Listing missing documents (showMissing) inside a transaction or at a read time is not supported over REST."
            )
        }
        let orders = StructuredQuery.normalizedOrders(request.orderBy ?? [], filter: nil)
        var select: [FieldPath]?
        if let mask = request.mask {
            let fields = StructuredQuery.selection(mask, placeableIn: orders)
            select = fields.isEmpty ? [.documentID] : fields
        }
        var query = StructuredQuery(
            from: CollectionSelector(collectionID: request.collectionID),
            select: select,
            orderBy: orders,
            limit: request.pageSize.flatMap { $0 > 0 ? $0 : nil }
        )
        if let token = request.pageToken {
            query.startAt = Cursor(values: try ListPageToken.values(from: token), before: false)
        }
        let (elements, error) = try await runQueryElements(
            parent: request.parent, query: query, consistency: request.consistency)
        if let error { throw error }
        let documents = elements.compactMap(\.document)
        var nextPageToken: String?
        if let limit = query.limit, documents.count == limit, let last = documents.last {
            nextPageToken = try ListPageToken.token(for: last, orders: orders, database: database)
        }
        let trimmed = documents.map { DocumentRead.found($0.projected(onto: request.mask)) }
        return ListDocumentsResponse(documents: trimmed, nextPageToken: nextPageToken)
    }
}

/// The page tokens of query-backed listing: `hearth-list:` + base64 of the JSON array of the last
/// document's order values.
enum ListPageToken {
    static let prefix = "hearth-list:"

    static func token(
        for document: Document, orders: [Order], database: DatabaseID
    ) throws(DocumentStoreError) -> String {
        let position: Cursor
        do throws(DocumentStoreError) {
            position = try Cursor(
                at: document.path, fields: document.fields, orders: orders, database: database, before: false)
        } catch {
            throw DocumentStoreError(.internal, "A listed document lacks an order field: \(error.message)")
        }
        return prefix
            + Data(JSONWriter.serialize(.array(position.values.map(RESTValueCodec.encode)))).base64EncodedString()
    }

    static func values(from token: String) throws(DocumentStoreError) -> [Value] {
        guard token.hasPrefix(prefix), let data = Data(base64Encoded: String(token.dropFirst(prefix.count))),
            case .array(let elements)? = try? JSONParser.parse([UInt8](data))
        else {
            throw DocumentStoreError(
                .invalidArgument, "Invalid page token for a listing in a transaction or at a read time.")
        }
        var values: [Value] = []
        for element in elements {
            guard let value = try? RESTValueCodec.decode(element) else {
                throw DocumentStoreError(
                    .invalidArgument, "Invalid page token for a listing in a transaction or at a read time.")
            }
            values.append(value)
        }
        return values
    }
}
