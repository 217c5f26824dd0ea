import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec

/// Reads the REST API's successful answers into port types. Anything unexpected — not JSON, a wrong
/// shape, a truncated body, a document of another database — throws `internal` with the reason and an
/// excerpt of the body.
struct RESTResponseMapper {
    let body: [UInt8]
    let operation: String
    let database: DatabaseID

    init(_ response: HTTPResponse, operation: String, database: DatabaseID) {
        body = response.body
        self.operation = operation
        self.database = database
    }

    // MARK: - Answers

    func document(expected path: DocumentPath) throws(DocumentStoreError) -> Document {
        let document = try decode { (json) throws(RESTDecodingError) in try RESTDocumentCodec.decode(json, database: database) }
        guard document.path == path else {
            throw failure("the answer names \(document.path), not the requested \(path)")
        }
        return document
    }

    func document() throws(DocumentStoreError) -> Document {
        try decode { (json) throws(RESTDecodingError) in try RESTDocumentCodec.decode(json, database: database) }
    }

    /// A batchGet answer: one element per document (`found` or `missing`, with `readTime`), maybe a
    /// first element with only `transaction`; put back in request order.
    func batchGet(requested paths: [DocumentPath]) throws(DocumentStoreError) -> BatchGetResponse {
        let elements = try array()
        var reads: [DocumentPath: DocumentRead] = [:]
        var readTime: Timestamp?
        for (index, element) in elements.enumerated() {
            let object = try self.object(element, at: "[\(index)]")
            if case .object(let error)? = object["error"] {
                throw RESTErrorMapper.error(fromErrorObject: error, httpStatus: 200, operation: operation)
            }
            if let time = object["readTime"] {
                let decoded = try timestamp(time, at: "[\(index)].readTime")
                readTime = max(readTime ?? decoded, decoded)
            }
            if let found = object["found"] {
                let document = try decode(found, at: "[\(index)].found") { (json) throws(RESTDecodingError) in
                    try RESTDocumentCodec.decode(json, database: database)
                }
                reads[document.path] = .found(document)
            } else if let missing = object["missing"] {
                let path = try decode(missing, at: "[\(index)].missing") { (json) throws(RESTDecodingError) in
                    try RESTDocumentCodec.decodeName(json, database: database)
                }
                reads[path] = .missing(path)
            }
        }
        var seen = Set<DocumentPath>()
        var documents: [DocumentRead] = []
        for path in paths where seen.insert(path).inserted {
            guard let read = reads[path] else { throw failure("the answer has no entry for \(path)") }
            documents.append(read)
        }
        guard let readTime else {
            if paths.isEmpty { throw failure("an empty batch get has no read time") }
            throw failure("no element carries a readTime")
        }
        return BatchGetResponse(documents: documents, readTime: readTime)
    }

    /// `{"documents"?: [...], "nextPageToken"?}`.
    func listDocuments() throws(DocumentStoreError) -> ListDocumentsResponse {
        let object = try self.object(try json(), at: "")
        var documents: [DocumentRead] = []
        if let list = object["documents"] {
            guard case .array(let elements) = list else { throw failure("$.documents is not an array") }
            for (index, element) in elements.enumerated() {
                documents.append(
                    try decode(element, at: ".documents[\(index)]") { (json) throws(RESTDecodingError) in
                        try RESTDocumentCodec.decodeListed(json, database: database)
                    }
                )
            }
        }
        return ListDocumentsResponse(documents: documents, nextPageToken: try optionalString(object, "nextPageToken"))
    }

    /// A runQuery answer: the elements before any error element, and that error. Elements with only a
    /// `transaction` are dropped.
    func runQuery() throws(DocumentStoreError) -> (elements: [RunQueryResponse], error: DocumentStoreError?) {
        let elements = try array()
        var results: [RunQueryResponse] = []
        for (index, element) in elements.enumerated() {
            let object = try self.object(element, at: "[\(index)]")
            if case .object(let error)? = object["error"] {
                return (results, RESTErrorMapper.error(fromErrorObject: error, httpStatus: 200, operation: operation))
            }
            guard let time = object["readTime"] else {
                if object["document"] != nil { throw failure("element \(index) has a document but no readTime") }
                continue
            }
            let readTime = try timestamp(time, at: "[\(index)].readTime")
            var document: Document?
            if let json = object["document"] {
                document = try decode(json, at: "[\(index)].document") { (json) throws(RESTDecodingError) in
                    try RESTDocumentCodec.decode(json, database: database)
                }
            }
            let skipped = try count(object["skippedResults"], at: "[\(index)].skippedResults")
            results.append(RunQueryResponse(document: document, readTime: readTime, skippedResults: skipped))
        }
        return (results, nil)
    }

    /// A runAggregationQuery answer: the element with `result.aggregateFields` and `readTime`.
    func aggregation() throws(DocumentStoreError) -> AggregationResponse {
        let elements = try array()
        for (index, element) in elements.enumerated() {
            let object = try self.object(element, at: "[\(index)]")
            if case .object(let error)? = object["error"] {
                throw RESTErrorMapper.error(fromErrorObject: error, httpStatus: 200, operation: operation)
            }
            guard let result = object["result"] else { continue }
            let resultObject = try self.object(result, at: "[\(index)].result")
            let values: MapValue =
                if let fields = resultObject["aggregateFields"] {
                    try decode(fields, at: "[\(index)].result.aggregateFields", RESTValueCodec.decodeFields)
                } else {
                    MapValue()
                }
            guard let time = object["readTime"] else { throw failure("the aggregation result has no readTime") }
            return AggregationResponse(values: values, readTime: try timestamp(time, at: "[\(index)].readTime"))
        }
        throw failure("no element carries a result")
    }

    /// `{"transaction": "<base64>"}`.
    func transaction() throws(DocumentStoreError) -> TransactionID {
        let object = try self.object(try json(), at: "")
        guard case .string(let text)? = object["transaction"], let bytes = Data(base64Encoded: text), !bytes.isEmpty else {
            throw failure("$.transaction is missing or not base64")
        }
        return TransactionID(bytes: [UInt8](bytes))
    }

    /// `{"writeResults"?, "commitTime"}`.
    func commit() throws(DocumentStoreError) -> CommitResponse {
        try decode(RESTWriteCodec.decodeCommitResponse)
    }

    /// `{"collectionIds"?: [...], "nextPageToken"?}`.
    func listCollectionIDs() throws(DocumentStoreError) -> ListCollectionIDsResponse {
        let object = try self.object(try json(), at: "")
        var ids: [String] = []
        if let list = object["collectionIds"] {
            guard case .array(let elements) = list else { throw failure("$.collectionIds is not an array") }
            for (index, element) in elements.enumerated() {
                guard case .string(let id) = element else { throw failure("$.collectionIds[\(index)] is not a string") }
                ids.append(id)
            }
        }
        return ListCollectionIDsResponse(collectionIDs: ids, nextPageToken: try optionalString(object, "nextPageToken"))
    }

    /// `{"writeResults": [...], "status": [...]}`: one outcome per write, in order.
    func batchWrite(count: Int) throws(DocumentStoreError) -> [Result<WriteResult, DocumentStoreError>] {
        let object = try self.object(try json(), at: "")
        let results = try optionalArray(object, "writeResults")
        let statuses = try optionalArray(object, "status")
        guard results.count == count, statuses.count == count else {
            throw failure("expected \(count) write results and statuses, got \(results.count) and \(statuses.count)")
        }
        var outcomes: [Result<WriteResult, DocumentStoreError>] = []
        for index in 0..<count {
            let status = try self.object(statuses[index], at: ".status[\(index)]")
            if let error = RESTErrorMapper.error(fromStatus: status, operation: "\(operation), write \(index)") {
                outcomes.append(.failure(error))
            } else {
                outcomes.append(.success(try decode(results[index], at: ".writeResults[\(index)]", RESTWriteCodec.decodeWriteResult)))
            }
        }
        return outcomes
    }

    /// `{"partitions"?: [Cursor], "nextPageToken"?}`.
    func partitionQuery() throws(DocumentStoreError) -> PartitionQueryResponse {
        let object = try self.object(try json(), at: "")
        var partitions: [Cursor] = []
        for (index, element) in try optionalArray(object, "partitions").enumerated() {
            partitions.append(try decode(element, at: ".partitions[\(index)]", RESTQueryCodec.decodeCursor))
        }
        return PartitionQueryResponse(partitions: partitions, nextPageToken: try optionalString(object, "nextPageToken"))
    }

    /// Checks that the body is a JSON object (`{}` for delete and rollback).
    func empty() throws(DocumentStoreError) {
        _ = try object(try json(), at: "")
    }

    // MARK: - Helpers

    func json() throws(DocumentStoreError) -> JSON {
        guard !body.isEmpty else { throw failure("the body is empty") }
        do {
            return try JSONParser.parse(body)
        } catch {
            throw RESTErrorMapper.undecodable(body, operation: operation, reason: "not JSON: \(error)", underlying: error)
        }
    }

    private func array() throws(DocumentStoreError) -> [JSON] {
        let json = try json()
        switch json {
        case .array(let elements):
            return elements
        case .object(let object):
            if case .object(let error)? = object["error"] {
                throw RESTErrorMapper.error(fromErrorObject: error, httpStatus: 200, operation: operation)
            }
            throw failure("expected a JSON array (a streamed answer)")
        default:
            throw failure("expected a JSON array (a streamed answer)")
        }
    }

    private func object(_ json: JSON, at path: String) throws(DocumentStoreError) -> JSONObject {
        guard case .object(let object) = json else { throw failure("$\(path) is not a JSON object") }
        return object
    }

    private func optionalArray(_ object: JSONObject, _ key: String) throws(DocumentStoreError) -> [JSON] {
        switch object[key] {
        case nil: return []
        case .array(let elements)?: return elements
        default: throw failure("$.\(key) is not an array")
        }
    }

    private func optionalString(_ object: JSONObject, _ key: String) throws(DocumentStoreError) -> String? {
        switch object[key] {
        case nil: return nil
        case .string(let text)?: return text.isEmpty ? nil : text
        default: throw failure("$.\(key) is not a string")
        }
    }

    private func timestamp(_ json: JSON, at path: String) throws(DocumentStoreError) -> Timestamp {
        guard case .string(let text) = json else { throw failure("$\(path) is not a string") }
        do {
            return try Timestamp(rfc3339: text)
        } catch {
            throw failure("$\(path): \(error.message)")
        }
    }

    private func count(_ json: JSON?, at path: String) throws(DocumentStoreError) -> Int {
        switch json {
        case nil: return 0
        case .number(let lexeme)?: if let value = Int(lexeme), value >= 0 { return value }
        case .string(let text)?: if let value = Int(text), value >= 0 { return value }
        default: break
        }
        throw failure("$\(path) is not a non-negative integer")
    }

    private func decode<T>(_ decoder: (JSON) throws(RESTDecodingError) -> T) throws(DocumentStoreError) -> T {
        let json = try json()
        do {
            return try decoder(json)
        } catch {
            throw RESTErrorMapper.undecodable(body, operation: operation, reason: error.description, underlying: error)
        }
    }

    private func decode<T>(_ json: JSON, at path: String, _ decoder: (JSON) throws(RESTDecodingError) -> T) throws(DocumentStoreError) -> T {
        do {
            return try decoder(json)
        } catch {
            throw RESTErrorMapper.undecodable(body, operation: operation, reason: "at $\(path): \(error.description)", underlying: error)
        }
    }

    func failure(_ reason: String) -> DocumentStoreError {
        RESTErrorMapper.undecodable(body, operation: operation, reason: reason)
    }
}
