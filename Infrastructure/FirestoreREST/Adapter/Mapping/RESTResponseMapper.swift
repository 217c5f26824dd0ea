import Foundation
import HearthPort
import HearthDomain
import HearthFirestoreCodec

/// Reads the REST API's successful answers into port types with the codec, once per body: the codec
/// decodes the bytes straight into domain values. Anything unexpected — not JSON, a wrong shape, a
/// truncated body, a document of another database — throws `internal` naming the JSON path and the reason,
/// with an excerpt of the body. An `{"error": …}` element inside a streamed answer throws its own mapped
/// error (`Docs/ErrorMapping.md` E1).
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
        try decode { () throws(RESTDecodingError) in try RESTDocumentCodec.decode(bytes: body, database: database) }
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
        let decoded = try decode { () throws(RESTDecodingError) in
            try RESTReadCodec.decodeBatchGetResponse(bytes: body, database: database)
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
        try decode { () throws(RESTDecodingError) in
            try RESTReadCodec.decodeListDocumentsResponse(bytes: body, database: database)
        }
    }

    /// A runQuery answer: the elements before any error element (transaction-only elements dropped),
    /// and that error.
    func runQuery() throws(DocumentStoreError) -> (elements: [RunQueryResponse], error: DocumentStoreError?) {
        let (decoded, errorBody) = try decode { () throws(RESTDecodingError) in
            try RESTReadCodec.decodeRunQueryResponseUntilError(bytes: body, database: database)
        }
        var responses: [RunQueryResponse] = []
        for (index, element) in decoded.enumerated() {
            if let response = element.response {
                responses.append(response)
            } else if element.document != nil {
                throw failure("element \(index) has a document but no readTime")
            }
        }
        return (responses, errorBody.map { RESTErrorMapper.error(from: $0, httpStatus: 200, operation: operation) })
    }

    /// The element of a runAggregationQuery answer that carries the result.
    func aggregation() throws(DocumentStoreError) -> AggregationResponse {
        let decoded = try decode { () throws(RESTDecodingError) in
            try RESTReadCodec.decodeRunAggregationQueryResponse(bytes: body)
        }
        guard let response = decoded.lazy.compactMap(\.response).first else {
            throw failure("no element carries a result and a readTime")
        }
        return response
    }

    func transaction() throws(DocumentStoreError) -> TransactionID {
        try decode { () throws(RESTDecodingError) in
            try RESTTransactionCodec.decodeBeginTransactionResponse(bytes: body)
        }
    }

    /// A commit answer; `commitTime` is `nil` when absent (the emulator's `{}` for a commit without writes).
    func commit() throws(DocumentStoreError) -> (writeResults: [WriteResult], commitTime: Timestamp?) {
        try decode { () throws(RESTDecodingError) in try RESTWriteCodec.decodeCommitAnswer(bytes: body) }
    }

    func listCollectionIDs() throws(DocumentStoreError) -> ListCollectionIDsResponse {
        try decode { () throws(RESTDecodingError) in try RESTReadCodec.decodeListCollectionIDsResponse(bytes: body) }
    }

    /// One outcome per write, in order: its result, or the error of its status.
    func batchWrite(count: Int) throws(DocumentStoreError) -> [Result<WriteResult, DocumentStoreError>] {
        let response = try decode { () throws(RESTDecodingError) in
            try RESTWriteCodec.decodeBatchWriteResponse(bytes: body)
        }
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
        let answer = try decode { () throws(RESTDecodingError) in
            try RESTReadCodec.decodePartitionQueryResponse(bytes: body)
        }
        return PartitionQueryResponse(partitions: answer.partitions, nextPageToken: answer.nextPageToken)
    }

    /// Checks that the body is a JSON object (`{}` for delete and rollback).
    func empty() throws(DocumentStoreError) {
        guard !body.isEmpty else { throw failure("the body is empty") }
        let json: JSON
        do {
            json = try JSONParser.parse(body)
        } catch {
            throw RESTErrorMapper.undecodable(
                body, operation: operation, reason: "not JSON: \(error)", underlying: error)
        }
        guard case .object = json else { throw failure("expected a JSON object") }
    }

    // MARK: - Helpers

    /// Runs a decoder of the codec on the body: the server's error in a streamed answer is mapped as such,
    /// anything malformed is `internal`.
    private func decode<T>(_ decoder: () throws(RESTDecodingError) -> T) throws(DocumentStoreError) -> T {
        guard !body.isEmpty else { throw failure("the body is empty") }
        do {
            return try decoder()
        } catch {
            if let server = error.serverError {
                throw RESTErrorMapper.error(from: server, httpStatus: 200, operation: operation)
            }
            throw RESTErrorMapper.undecodable(body, operation: operation, reason: error.description, underlying: error)
        }
    }

    func failure(_ reason: String) -> DocumentStoreError {
        RESTErrorMapper.undecodable(body, operation: operation, reason: reason)
    }
}
