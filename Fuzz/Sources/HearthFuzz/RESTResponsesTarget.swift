import Foundation
import HearthDomain
import HearthFirestoreCodec
import HearthFirestoreREST
import HearthPort

/// The REST adapter's response and error mapping, through its public API: a stub `HTTPClient` answers
/// every request with the fuzzed status and body, and each store call must return or throw a
/// `DocumentStoreError` — never trap, never hang.
///
/// Input: byte 0 picks the HTTP status, byte 1 the operation, the rest is the body.
enum RESTResponsesTarget: FuzzTarget {
    static let name = "rest-responses"
    static let statuses = [200, 200, 200, 200, 400, 401, 403, 404, 409, 412, 429, 500, 503, 504, 302, 204]
    static let operations = 8

    struct StubClient: HTTPClient {
        let status: Int
        let body: [UInt8]
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            HTTPResponse(statusCode: status, headers: ["Content-Type": "application/json"], body: body)
        }
    }

    static func run(_ input: [UInt8]) {
        guard input.count >= 2 else { return }
        let status = statuses[Int(input[0]) % statuses.count]
        let operation = Int(input[1]) % operations
        let body = Array(input.dropFirst(2))
        let outcome = blocking { () async throws -> Void in
            var configuration = try FirestoreRESTConfiguration.emulator(
                hostAndPort: "127.0.0.1:9", database: Samples.database)
            configuration.retryPolicy.maximumAttempts = 1
            let store = FirestoreRESTDocumentStore(
                configuration: configuration, httpClient: StubClient(status: status, body: body), sleep: { _ in })
            let path = try DocumentPath("members/ana")
            switch operation {
            case 0: _ = try await store.getDocument(path, mask: nil, consistency: .latest)
            case 1:
                _ = try await store.batchGetDocuments(
                    [path, try DocumentPath("members/bo")], mask: nil, consistency: .latest)
            case 2: _ = try await store.listDocuments(ListDocumentsRequest(collectionID: "members"))
            case 3:
                _ = try await store.runQueryAll(
                    parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: "members")),
                    consistency: .latest)
            case 4: _ = try await store.commit([.update(path, fields: ["a": .integer(1)])], transaction: nil)
            case 5: _ = try await store.beginTransaction(.readWrite)
            case 6: _ = try await store.listCollectionIDs(ListCollectionIDsRequest())
            default:
                _ = try await store.runAggregation(
                    parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: "members")),
                    aggregations: [Aggregation(alias: "n", .count(upTo: nil))], consistency: .latest)
            }
        }
        if case .failure(let error) = outcome, !(error is DocumentStoreError) {
            FuzzCheck.fail(name, "threw \(type(of: error)), not a DocumentStoreError: \(error)")
        }
    }

    static func corpus() throws -> [[UInt8]] {
        let decoders = try RESTDecodersTarget.corpus()
        var inputs: [[UInt8]] = []
        // Each operation with a well-formed answer of its kind, and with an error body.
        let documentBody = decoders[0]
        let commit = decoders.first { String(decoding: $0, as: UTF8.self).contains("commitTime") } ?? []
        let runQuery = decoders.first { String(decoding: $0, as: UTF8.self).hasPrefix("[") } ?? []
        let error = decoders.last ?? []
        let bodies: [Int: [UInt8]] = [
            0: documentBody, 1: decoders.first { String(decoding: $0, as: UTF8.self).contains("\"missing\"") } ?? [],
            2: decoders.first { String(decoding: $0, as: UTF8.self).contains("nextPageToken") } ?? [],
            3: runQuery, 4: commit, 5: Array(#"{"transaction":"dHg="}"#.utf8),
            6: Array(#"{"collectionIds":["a","b"],"nextPageToken":""}"#.utf8),
            7: Array(
                #"[{"result":{"aggregateFields":{"n":{"integerValue":"3"}}},"readTime":"2024-01-01T00:00:00Z"}]"#.utf8),
        ]
        for operation in 0..<operations {
            inputs.append([0, UInt8(operation)] + (bodies[operation] ?? []))
            inputs.append([UInt8(4 + operation % 10), UInt8(operation)] + error)
        }
        return inputs
    }
}
