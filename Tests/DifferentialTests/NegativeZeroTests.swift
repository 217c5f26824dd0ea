import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthInMemory
import HearthPort
import HearthTestSupport
import Testing

/// `-0.0` is the one value the emulator does not read back as written: it answers `0.0`, wherever the
/// zero sits. The engine stores it the same way, so the differential comparison needs no leniency for it.
@Suite("Differential: negative zero")
struct NegativeZeroTests {
    @Test(.enabled(if: FirestoreEmulator.availability.isAvailable, "\(FirestoreEmulator.availability.reason)"))
    func negativeZero_readsBackAsPositiveZero_onTheEmulatorAndTheEngine() async throws {
        let emulator = try await FirestoreEmulator.shared()
        let client = EmulatorRESTClient(baseURL: emulator.baseURL.absoluteString)
        let database = try DatabaseID(projectID: FirestoreEmulator.newProjectID(prefix: "negzero"))
        let store = InMemoryDocumentStore(database: database)
        let written = try Self.fields(zero: -0.0)
        let body = JSONWriter.serialize(
            RESTWriteCodec.encodeCommitRequest(
                database: database, writes: [.update(try DocumentPath("c/z"), fields: written)], transaction: nil)
        )

        let commit = try await client.post(database: database, parent: nil, method: "commit", body: body)
        _ = try await store.commit(
            RESTWriteCodec.decodeCommitRequest(JSONParser.parse(body), database: database).writes, transaction: nil)
        let query = JSONWriter.serialize(
            .object(["structuredQuery": .object(["from": .array([.object(["collectionId": .string("c")])])])]))
        let answer = try await client.post(database: database, parent: nil, method: "runQuery", body: query)
        let fromEmulator = try RESTReadCodec.decodeRunQueryResponse(bytes: answer.body, database: database).compactMap(
            \.document)
        var fromEngine: [Document] = []
        for try await element in store.runQuery(
            parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: "c")), consistency: .latest)
        {
            if let document = element.document { fromEngine.append(document) }
        }

        #expect(commit.status == 200)
        let positive = try Self.fields(zero: 0.0)
        #expect(fromEmulator.map(\.fields) == [positive])
        #expect(fromEngine.map(\.fields) == [positive])
    }

    /// A zero at the top level, in an array, in a map, in a vector and as geo-point coordinates.
    private static func fields(zero: Double) throws -> MapValue {
        let vector: Value = .map(
            MapValue([("__type__", .string("__vector__")), ("value", .array([.double(zero), .double(1)]))]))
        return MapValue([
            ("top", .double(zero)),
            ("array", .array([.double(zero), .integer(1)])),
            ("map", .map(MapValue([("x", .double(zero))]))),
            ("vector", vector),
            ("geo", .geoPoint(try GeoPoint(latitude: zero, longitude: zero))),
        ])
    }
}
