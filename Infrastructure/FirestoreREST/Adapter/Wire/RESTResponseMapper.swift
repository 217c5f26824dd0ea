import Foundation
import HearthDomain
import HearthFirestoreCodec
import HearthPort

/// Reads the REST API's successful answers into port types with the codec's message decoders.
/// Anything unexpected — not JSON, a wrong shape, a truncated body, a document of another database —
/// throws `internal` with the reason and an excerpt of the body. An `{"error": …}` element inside a
/// streamed answer throws its own mapped error.
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

    func document() throws(DocumentStoreError) -> Document {
        if let document = try? RESTDocumentCodec.decode(bytes: body, database: database) { return document }
        return try decode(try json()) { (json) throws(RESTDecodingError) in
            try RESTDocumentCodec.decode(json, database: database)
        }
    }

    func document(expected path: DocumentPath) throws(DocumentStoreError) -> Document {
        let document = try document()
        guard document.path == path else {
            throw failure("the answer names \(document.path), not the requested \(path)")
        }
        return document
    }

    /// A batchGet answer put back in request order, one entry per distinct path.
    func batchGet(requested paths: [DocumentPath]) throws(DocumentStoreError) -> BatchGetResponse {
        let decoded: [RESTBatchGetResponseElement]
        if isArray, let elements = try? RESTReadCodec.decodeBatchGetResponse(bytes: body, database: database) {
            decoded = elements
        } else {
            let (elements, error) = try stream()
            if let error { throw error }
            decoded = try decode(.array(elements)) { (json) throws(RESTDecodingError) in
                try RESTReadCodec.decodeBatchGetResponse(json, database: database)
            }
        }
        var reads: [DocumentPath: DocumentRead] = [:]
        var readTime: Timestamp?
        for element in decoded {
            if let read = element.read { reads[read.path] = read }
            if let time = element.readTime { readTime = max(readTime ?? time, time) }
        }
        var seen = Set<DocumentPath>()
        var documents: [DocumentRead] = []
        for path in paths where seen.insert(path).inserted {
            guard let read = reads[path] else { throw failure("the answer has no entry for \(path)") }
            documents.append(read)
        }
        guard let readTime else { throw failure("no element carries a readTime") }
        return BatchGetResponse(documents: documents, readTime: readTime)
    }

    func listDocuments() throws(DocumentStoreError) -> ListDocumentsResponse {
        if let response = try? RESTReadCodec.decodeListDocumentsResponse(bytes: body, database: database) {
            return response
        }
        return try decode(try json()) { (json) throws(RESTDecodingError) in
            try RESTReadCodec.decodeListDocumentsResponse(json, database: database)
        }
    }

    /// A runQuery answer: the elements before any error element (transaction-only elements dropped),
    /// and that error.
    func runQuery() throws(DocumentStoreError) -> (elements: [RunQueryResponse], error: DocumentStoreError?) {
        let decoded: [RESTRunQueryResponseElement]
        let error: DocumentStoreError?
        if isArray, let elements = try? RESTReadCodec.decodeRunQueryResponse(bytes: body, database: database) {
            (decoded, error) = (elements, nil)
        } else {
            let (elements, streamError) = try stream()
            decoded = try decode(.array(elements)) { (json) throws(RESTDecodingError) in
                try RESTReadCodec.decodeRunQueryResponse(json, database: database)
            }
            error = streamError
        }
        var responses: [RunQueryResponse] = []
        for (index, element) in decoded.enumerated() {
            if let response = element.response {
                responses.append(response)
            } else if element.document != nil {
                throw failure("element \(index) has a document but no readTime")
            }
        }
        return (responses, error)
    }

    /// The element of a runAggregationQuery answer that carries the result.
    func aggregation() throws(DocumentStoreError) -> AggregationResponse {
        let (elements, error) = try stream()
        if let error { throw error }
        let decoded = try decode(.array(elements), RESTReadCodec.decodeRunAggregationQueryResponse)
        guard let response = decoded.lazy.compactMap(\.response).first else {
            throw failure("no element carries a result and a readTime")
        }
        return response
    }

    func transaction() throws(DocumentStoreError) -> TransactionID {
        try decode(try json(), RESTTransactionCodec.decodeBeginTransactionResponse)
    }

    func commit() throws(DocumentStoreError) -> CommitResponse {
        try decode(try json(), RESTWriteCodec.decodeCommitResponse)
    }

    func listCollectionIDs() throws(DocumentStoreError) -> ListCollectionIDsResponse {
        try decode(try json(), RESTReadCodec.decodeListCollectionIDsResponse)
    }

    /// One outcome per write, in order: its result, or the error of its status.
    func batchWrite(count: Int) throws(DocumentStoreError) -> [Result<WriteResult, DocumentStoreError>] {
        let response = try decode(try json(), RESTWriteCodec.decodeBatchWriteResponse)
        guard response.writeResults.count == count, response.statuses.count == count else {
            throw failure(
                "expected \(count) write results and statuses, got \(response.writeResults.count) and \(response.statuses.count)"
            )
        }
        return zip(response.writeResults, response.statuses).enumerated().map { index, pair in
            guard let error = pair.1.error else { return .success(pair.0) }
            let cause = FirestoreServerError(httpStatus: 200, status: error.code.name, message: pair.1.message)
            let message =
                "\(pair.1.message.isEmpty ? "(no message)" : pair.1.message) [\(error.code.name), \(operation), write \(index)]"
            return .failure(DocumentStoreError(error.code, message, underlying: cause))
        }
    }

    /// `{"partitions"?: [Cursor], "nextPageToken"?}`.
    func partitionQuery() throws(DocumentStoreError) -> PartitionQueryResponse {
        guard case .object(let object) = try json() else { throw failure("expected a JSON object") }
        var partitions: [Cursor] = []
        switch object["partitions"] {
        case nil: break
        case .array(let elements)?:
            for element in elements { partitions.append(try decode(element, RESTQueryCodec.decodeCursor)) }
        default: throw failure("$.partitions is not an array")
        }
        var token: String?
        switch object["nextPageToken"] {
        case nil: break
        case .string(let text)?: token = text.isEmpty ? nil : text
        default: throw failure("$.nextPageToken is not a string")
        }
        return PartitionQueryResponse(partitions: partitions, nextPageToken: token)
    }

    /// Checks that the body is a JSON object (`{}` for delete and rollback).
    func empty() throws(DocumentStoreError) {
        guard case .object = try json() else { throw failure("expected a JSON object") }
    }

    // MARK: - Helpers

    // The answers that carry documents are first decoded straight from the body's bytes by the codec's
    // byte entry points; whenever those fail (an error element, a malformed body), the tree path below
    // runs and reports exactly what it always has.

    /// Whether the body is a JSON array (a streamed answer); the codec also accepts a lone element.
    private var isArray: Bool {
        body.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D } == UInt8(ascii: "[")
    }

    func json() throws(DocumentStoreError) -> JSON {
        guard !body.isEmpty else { throw failure("the body is empty") }
        do {
            return try JSONParser.parse(body)
        } catch {
            throw RESTErrorMapper.undecodable(
                body, operation: operation, reason: "not JSON: \(error)", underlying: error)
        }
    }

    /// The elements of a streamed answer up to the first `{"error": …}` element, and that error.
    private func stream() throws(DocumentStoreError) -> (elements: [JSON], error: DocumentStoreError?) {
        let json = try json()
        if let error = RESTErrorMapper.errorObject(in: json) {
            return ([], RESTErrorMapper.error(fromErrorObject: error, httpStatus: 200, operation: operation))
        }
        guard case .array(let elements) = json else { throw failure("expected a JSON array (a streamed answer)") }
        for (index, element) in elements.enumerated() {
            if case .object(let object) = element, case .object(let error)? = object["error"] {
                return (
                    Array(elements[..<index]),
                    RESTErrorMapper.error(fromErrorObject: error, httpStatus: 200, operation: operation)
                )
            }
        }
        return (elements, nil)
    }

    private func decode<T>(
        _ json: JSON, _ decoder: (JSON) throws(RESTDecodingError) -> T
    ) throws(DocumentStoreError) -> T {
        do {
            return try decoder(json)
        } catch {
            throw RESTErrorMapper.undecodable(body, operation: operation, reason: error.description, underlying: error)
        }
    }

    func failure(_ reason: String) -> DocumentStoreError {
        RESTErrorMapper.undecodable(body, operation: operation, reason: reason)
    }
}
