import Foundation
import HearthApplication
import HearthDomain
@testable import HearthFirestoreCodec
import HearthFirestoreREST
import HearthPort
import HearthTestSupport
import Testing

/// The emulator's real answers (documents with every value kind and odd IDs, through get, batchGet,
/// list and runQuery) are in the form the codec's byte decoder reads: it takes each of them itself,
/// rather than leaving it to the tree decoders, and decodes it as they do.
@Suite(
    "Emulator answers are decoded straight from bytes",
    .enabled(if: EmulatorStores.isAvailable, "\(EmulatorStores.skipReason)"))
struct EmulatorByteCodecTests {
    @Test func everyDocumentCarryingAnswer_isTakenByTheByteDecoder() async throws {
        let recorder = RecordingHTTPClient(EmulatorStores.sharedClient)
        let store = try await makeStore(recorder)
        let database = store.database
        let paths = try ["kinds/all", "kinds/é x", "kinds/emoji😀", "kinds/q\"uote"].map { try DocumentPath($0) }
        let fields = try ValueSamples.everyKind(database: database)
        _ = try await store.commit(paths.map { Write.update($0, fields: fields) }, transaction: nil)
        _ = try await store.commit(
            [Write.update(try DocumentPath("kinds/all/sub/x"), fields: ["a": 1])], transaction: nil)

        _ = try await store.getDocument(paths[0], mask: nil, consistency: .latest)
        _ = try await store.batchGetDocuments(paths + [try DocumentPath("kinds/none")], mask: nil, consistency: .latest)
        _ = try await store.listDocuments(ListDocumentsRequest(collectionID: "kinds", showMissing: true))
        for try await _ in store.runQuery(
            parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: "kinds")), consistency: .latest)
        {}

        let answers = recorder.exchanges
        #expect(answers.count >= 6)
        var checked = 0
        for (request, response) in answers where response.statusCode == 200 {
            let url = request.url.absoluteString
            let text = String(decoding: response.body, as: UTF8.self)
            if url.hasSuffix(":runQuery") {
                let viaBytes = try #require(
                    RESTByteDecoder.runQueryResponse(response.body, database: database), "declined: \(text)")
                #expect(
                    viaBytes
                        == (try RESTReadCodec.decodeRunQueryResponse(
                            JSONParser.parse(response.body), database: database)))
                #expect(viaBytes.compactMap(\.document).count == paths.count)
            } else if url.hasSuffix(":batchGet") {
                let viaBytes = try #require(
                    RESTByteDecoder.batchGetResponse(response.body, database: database), "declined: \(text)")
                #expect(
                    viaBytes
                        == (try RESTReadCodec.decodeBatchGetResponse(
                            JSONParser.parse(response.body), database: database)))
            } else if request.method == .get, url.contains("/documents/kinds?") || url.hasSuffix("/documents/kinds") {
                let viaBytes = try #require(
                    RESTByteDecoder.listDocumentsResponse(response.body, database: database), "declined: \(text)")
                #expect(
                    viaBytes
                        == (try RESTReadCodec.decodeListDocumentsResponse(
                            JSONParser.parse(response.body), database: database)))
            } else if request.method == .get {
                let viaBytes = try #require(
                    RESTByteDecoder.document(response.body, database: database), "declined: \(text)")
                #expect(viaBytes.fields == fields)
            } else {
                continue
            }
            checked += 1
        }
        #expect(checked == 4)
    }
}

// MARK: - Helpers

private func makeStore(_ client: RecordingHTTPClient) async throws -> FirestoreRESTDocumentStore {
    let emulator = try await FirestoreEmulator.shared()
    let configuration = try FirestoreRESTConfiguration.emulator(
        hostAndPort: emulator.hostAndPort,
        database: try DatabaseID(projectID: FirestoreEmulator.newProjectID(prefix: "bytes")),
        tokenProvider: EmulatorOwnerTokenProvider()
    )
    return FirestoreRESTDocumentStore(configuration: configuration, httpClient: client)
}

/// Sends through another client and keeps every request with its response.
private final class RecordingHTTPClient: HTTPClient, @unchecked Sendable {  // `lock` guards `recorded`.
    private let wrapped: any HTTPClient
    private let lock = NSLock()
    private var recorded: [(HTTPRequest, HTTPResponse)] = []

    init(_ wrapped: any HTTPClient) {
        self.wrapped = wrapped
    }

    var exchanges: [(HTTPRequest, HTTPResponse)] { lock.withLock { recorded } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await wrapped.send(request)
        lock.withLock { recorded.append((request, response)) }
        return response
    }
}
