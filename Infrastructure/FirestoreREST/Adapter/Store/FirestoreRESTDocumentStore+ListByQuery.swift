import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec

extension FirestoreRESTDocumentStore {
    /// Lists a collection in a transaction or at a read time, which REST's `GET` cannot do reliably:
    /// a `:runQuery` ordered by the requested orders then `__name__`, `limit` = page size, continuing
    /// after the last document of the previous page (the page token holds its order values).
    func listDocumentsByQuery(_ request: ListDocumentsRequest) async throws(DocumentStoreError) -> ListDocumentsResponse {
        if request.showMissing {
            throw DocumentStoreError(
                .unimplemented,
                "Listing missing documents (showMissing) inside a transaction or at a read time is not supported over REST."
            )
        }
        var orders = request.orderBy ?? []
        if !orders.contains(where: { $0.field.isDocumentID }) {
            orders.append(Order(.documentID, orders.last?.direction ?? .ascending))
        }
        var select: [FieldPath]?
        if let mask = request.mask {
            select = mask
            for order in orders where !order.field.isDocumentID && !mask.contains(order.field) {
                select?.append(order.field)
            }
            if select?.isEmpty == true { select = [.documentID] }
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
        let (elements, error) = try await runQueryElements(parent: request.parent, query: query, consistency: request.consistency)
        if let error { throw error }
        let documents = elements.compactMap(\.document)
        var nextPageToken: String?
        if let limit = query.limit, documents.count == limit, let last = documents.last {
            nextPageToken = try ListPageToken.token(for: last, orders: orders, database: database)
        }
        let trimmed = documents.map { document in
            guard let mask = request.mask else { return DocumentRead.found(document) }
            var copy = document
            copy.fields = Self.project(document.fields, to: mask)
            return DocumentRead.found(copy)
        }
        return ListDocumentsResponse(documents: trimmed, nextPageToken: nextPageToken)
    }

    static func project(_ fields: MapValue, to mask: [FieldPath]) -> MapValue {
        var result = MapValue()
        for path in mask {
            if let value = fields.value(at: path) { result.setValue(value, at: path) }
        }
        return result
    }
}

/// The page tokens of query-backed listing: `hearth-list:` + base64 of the last document's order values as
/// an `ArrayValue` message (`{"values": [...]}`).
enum ListPageToken {
    static let prefix = "hearth-list:"

    static func token(for document: Document, orders: [Order], database: DatabaseID) throws(DocumentStoreError) -> String {
        var values: [Value] = []
        for order in orders {
            if order.field.isDocumentID {
                values.append(.reference(DocumentName(database: database, path: document.path)))
            } else if let value = document.value(at: order.field) {
                values.append(value)
            } else {
                throw DocumentStoreError(.internal, "A listed document lacks its order field \(order.field).")
            }
        }
        return prefix + Data(RESTValueCodec.encodeArrayValue(values)).base64EncodedString()
    }

    static func values(from token: String) throws(DocumentStoreError) -> [Value] {
        let invalid = DocumentStoreError(.invalidArgument, "Invalid page token for a listing in a transaction or at a read time.")
        guard token.hasPrefix(prefix), let data = Data(base64Encoded: String(token.dropFirst(prefix.count))) else { throw invalid }
        do {
            return try RESTValueCodec.decodeArrayValue(bytes: data)
        } catch {
            throw DocumentStoreError(invalid.code, invalid.message, underlying: error)
        }
    }
}
