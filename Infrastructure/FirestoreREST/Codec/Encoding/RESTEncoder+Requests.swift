import Foundation
import HearthPort
import HearthDomain

/// The bodies of the REST requests the client sends, other than commits: reads, queries, aggregations,
/// transactions, batch writes, partitions, document bodies and listen targets.
extension RESTEncoder {
    // MARK: - Reads

    /// `{"documents": [names], "mask"?: {"fieldPaths"}, "transaction"? | "readTime"?}`.
    func batchGetRequest(_ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency) {
        ascii(#"{"documents":["#)
        for (offset, path) in paths.enumerated() {
            if offset > 0 { byte(",") }
            documentName(path)
        }
        byte("]")
        if let mask {
            ascii(#","mask":"#)
            documentMask(mask)
        }
        consistencySelector(consistency)
        byte("}")
    }

    /// `{"structuredQuery": {…}, "transaction"? | "readTime"?}`.
    func runQueryRequest(_ query: StructuredQuery, consistency: ReadConsistency) {
        ascii(#"{"structuredQuery":"#)
        structuredQuery(query)
        consistencySelector(consistency)
        byte("}")
    }

    /// `{"structuredAggregationQuery": {"structuredQuery", "aggregations"}, "transaction"? | "readTime"?}`.
    func runAggregationQueryRequest(_ query: StructuredAggregationQuery, consistency: ReadConsistency) {
        ascii(#"{"structuredAggregationQuery":{"structuredQuery":"#)
        structuredQuery(query.query)
        ascii(#","aggregations":["#)
        for (offset, aggregation) in query.aggregations.enumerated() {
            if offset > 0 { byte(",") }
            self.aggregation(aggregation)
        }
        ascii("]}")
        consistencySelector(consistency)
        byte("}")
    }

    /// `{"pageSize"?: n, "pageToken"?, "readTime"?}` (the parent is in the URL).
    func listCollectionIDsRequest(pageSize: Int?, pageToken: String?, readTime: Timestamp?) {
        var separator = false
        byte("{")
        if let pageSize {
            ascii(#""pageSize":"#)
            ascii(String(pageSize))
            separator = true
        }
        if let pageToken {
            ascii(separator ? #","pageToken":"# : #""pageToken":"#)
            string(pageToken)
            separator = true
        }
        if let readTime {
            ascii(separator ? #","readTime":"# : #""readTime":"#)
            timestamp(readTime)
        }
        byte("}")
    }

    /// `{"structuredQuery", "partitionCount": "n", "pageToken"?, "pageSize"?, "readTime"?}`.
    func partitionQueryRequest(
        _ query: StructuredQuery, partitionCount: Int64, pageSize: Int?, pageToken: String?, readTime: Timestamp?
    ) {
        ascii(#"{"structuredQuery":"#)
        structuredQuery(query)
        ascii(#","partitionCount":""#)
        ascii(String(partitionCount))
        byte("\"")
        if let pageToken {
            ascii(#","pageToken":"#)
            string(pageToken)
        }
        if let pageSize {
            ascii(#","pageSize":"#)
            ascii(String(pageSize))
        }
        if let readTime {
            ascii(#","readTime":"#)
            timestamp(readTime)
        }
        byte("}")
    }

    /// The member of a read's consistency selector, after a comma (none for `latest`).
    private func consistencySelector(_ consistency: ReadConsistency) {
        switch consistency {
        case .latest:
            break
        case .transaction(let id):
            ascii(#","transaction":"#)
            base64(id.bytes)
        case .readTime(let time):
            ascii(#","readTime":"#)
            timestamp(time)
        }
    }

    // MARK: - Queries

    /// `{"select"?, "from", "where"?, "orderBy"?, "startAt"?, "endAt"?, "offset"?, "limit"?}`:
    /// `allDescendants` and `before` only when true, `offset` only when non-zero, `offset` and `limit` as
    /// JSON numbers, directions always spelled out.
    func structuredQuery(_ query: StructuredQuery) {
        byte("{")
        if let select = query.select {
            ascii(#""select":{"fields":["#)
            for (offset, path) in select.enumerated() {
                if offset > 0 { byte(",") }
                fieldReference(path)
            }
            ascii("]},")
        }
        ascii(#""from":[{"collectionId":"#)
        string(query.from.collectionID)
        if query.from.allDescendants { ascii(#","allDescendants":true"#) }
        ascii("}]")
        if let filter = query.filter {
            ascii(#","where":"#)
            self.filter(filter)
        }
        if !query.orderBy.isEmpty {
            ascii(#","orderBy":["#)
            for (offset, order) in query.orderBy.enumerated() {
                if offset > 0 { byte(",") }
                ascii(#"{"field":"#)
                fieldReference(order.field)
                ascii(#","direction":""#)
                ascii(order.direction.wireName)
                ascii(#""}"#)
            }
            byte("]")
        }
        if let cursor = query.startAt {
            ascii(#","startAt":"#)
            self.cursor(cursor)
        }
        if let cursor = query.endAt {
            ascii(#","endAt":"#)
            self.cursor(cursor)
        }
        if query.offset != 0 {
            ascii(#","offset":"#)
            ascii(String(query.offset))
        }
        if let limit = query.limit {
            ascii(#","limit":"#)
            ascii(String(limit))
        }
        byte("}")
    }

    /// `{"fieldFilter": {"field", "op", "value"}}`, `{"unaryFilter": {"op", "field"}}` or
    /// `{"compositeFilter": {"op", "filters"}}`.
    func filter(_ filter: StructuredQuery.Filter) {
        switch filter {
        case .field(let path, let op, let operand):
            ascii(#"{"fieldFilter":{"field":"#)
            fieldReference(path)
            ascii(#","op":""#)
            ascii(op.wireName)
            ascii(#"","value":"#)
            value(operand)
        case .unary(let path, let op):
            ascii(#"{"unaryFilter":{"op":""#)
            ascii(op.wireName)
            ascii(#"","field":"#)
            fieldReference(path)
        case .composite(let op, let filters):
            ascii(#"{"compositeFilter":{"op":""#)
            ascii(op.wireName)
            ascii(#"","filters":["#)
            for (offset, filter) in filters.enumerated() {
                if offset > 0 { byte(",") }
                self.filter(filter)
            }
            byte("]")
        }
        ascii("}}")
    }

    /// `{"values": [...], "before"?: true}`.
    func cursor(_ cursor: Cursor) {
        ascii(#"{"values":"#)
        values(cursor.values)
        if cursor.before { ascii(#","before":true"#) }
        byte("}")
    }

    /// `{"alias", "count": {"upTo"?: "n"}}`, `{"alias", "sum": {"field"}}` or `{"alias", "avg": {"field"}}`.
    private func aggregation(_ aggregation: Aggregation) {
        ascii(#"{"alias":"#)
        string(aggregation.alias)
        switch aggregation.operation {
        case .count(let upTo):
            if let upTo {
                ascii(#","count":{"upTo":""#)
                ascii(String(upTo))
                ascii(#""}"#)
            } else {
                ascii(#","count":{}"#)
            }
        case .sum(let field), .average(let field):
            if case .sum = aggregation.operation { ascii(#","sum":{"field":"#) } else { ascii(#","avg":{"field":"#) }
            fieldReference(field)
            byte("}")
        }
        byte("}")
    }

    /// `{"fieldPath": "a.b"}`.
    private func fieldReference(_ path: FieldPath) {
        ascii(#"{"fieldPath":"#)
        string(path.canonicalString)
        byte("}")
    }

    // MARK: - Transactions

    /// `{"options": {"readOnly": {"readTime"?}} | {"readWrite": {"retryTransaction"?, "concurrencyMode"?}}}`.
    func beginTransactionRequest(_ options: TransactionMode, concurrencyMode: String?) {
        ascii(#"{"options":"#)
        switch options {
        case .readOnly(let readTime):
            if let readTime {
                ascii(#"{"readOnly":{"readTime":"#)
                timestamp(readTime)
                ascii("}}")
            } else {
                ascii(#"{"readOnly":{}}"#)
            }
        case .readWrite(let retrying):
            ascii(#"{"readWrite":{"#)
            if let retrying {
                ascii(#""retryTransaction":"#)
                base64(retrying.bytes)
            }
            if let concurrencyMode {
                ascii(retrying == nil ? #""concurrencyMode":"# : #","concurrencyMode":"#)
                string(concurrencyMode)
            }
            ascii("}}")
        }
        byte("}")
    }

    /// `{"transaction": "<base64>"}`.
    func rollbackRequest(_ transaction: TransactionID) {
        ascii(#"{"transaction":"#)
        base64(transaction.bytes)
        byte("}")
    }

    // MARK: - Writes and documents

    /// `{"database"?, "writes": [...], "labels"?: {…}}` (labels in UTF-8 key order, omitted when empty).
    func batchWriteRequest(database: DatabaseID?, writes: [Write], labels: [String: String]) {
        writesMessage(database: database, writes: writes)
        if !labels.isEmpty {
            ascii(#","labels":{"#)
            for (offset, label) in labels.sorted(by: { UTF8Order.compare($0.key, $1.key) < 0 }).enumerated() {
                if offset > 0 { byte(",") }
                string(label.key)
                byte(":")
                string(label.value)
            }
            byte("}")
        }
        byte("}")
    }

    /// `{"fields": {…}}`: a `Document` body whose name is in the URL (create, patch).
    func documentFieldsBody(_ fields: MapValue) {
        ascii(#"{"fields":"#)
        self.fields(fields)
        byte("}")
    }

    // MARK: - Listen

    /// `{"database", "addTarget": {"query": {"parent", "structuredQuery"} | "documents": {"documents": [name]},
    /// "targetId", "resumeToken"? | "readTime"?}}`.
    func addTargetRequest(
        _ target: ListenTarget, targetID: Int32, resumeToken: [UInt8]?, readTime: Timestamp?, database: DatabaseID
    ) {
        ascii(#"{"database":"#)
        string(database.resourceName)
        ascii(#","addTarget":{"#)
        switch target {
        case .document(let path):
            ascii(#""documents":{"documents":["#)
            documentName(path)
            ascii("]}")
        case .query(let parent, let query):
            ascii(#""query":{"parent":"#)
            string(parent.map { $0.resourceName(in: database) } ?? database.documentsRoot)
            ascii(#","structuredQuery":"#)
            structuredQuery(query)
            byte("}")
        }
        ascii(#","targetId":"#)
        ascii(String(targetID))
        if let resumeToken, !resumeToken.isEmpty {
            ascii(#","resumeToken":"#)
            base64(resumeToken)
        } else if let readTime {
            ascii(#","readTime":"#)
            timestamp(readTime)
        }
        ascii("}}")
    }
}
