import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthFirestoreREST
import HearthPort
import HearthTestSupport
import Testing

/// The real shapes: `get`, `list` (paged, with `showMissing`), `runQuery` and error answers captured from
/// Google's emulator, decoded into `Codable` models by ``FirestoreJSONDecoder`` and by `JSONDecoder`
/// through the wrapper types, with the full document names of the emulator's project.
@Suite(
    "REST JSON answers of the emulator decode into Codable models",
    .enabled(if: EmulatorStores.isAvailable, "\(EmulatorStores.skipReason)"))
struct EmulatorRESTJSONTests {
    @Test func getAnswer_decodesIntoTheModelWithTheFullName() async throws {
        let fixture = try await Fixture.make()

        let answer = try await fixture.send(.get, "/apps/1324887522")
        let app = try FirestoreJSONDecoder().decode(FirestoreDocument<AppFields>.self, from: answer.body)

        #expect(answer.statusCode == 200)
        #expect(app.name == DocumentName(database: fixture.store.database, path: try DocumentPath("apps/1324887522")))
        #expect(app.name.database.projectID == fixture.store.database.projectID)
        #expect(
            app.fields
                == AppFields(
                    id: "1324887522", index: 4, identifier: "1324887522", displayName: "GloryGuide",
                    iconURL: Fixture.iconURL, allowsContactMessages: false))
        let stored = try #require(try await fixture.store.getDocument(app.path, mask: nil, consistency: .latest))
        #expect(app.createTime == stored.createTime && app.updateTime == stored.updateTime)
        #expect(try JSONDecoder().decode(FirestoreDocument<AppFields>.self, from: Data(answer.body)) == app)
        #expect(
            try FirestoreJSONDecoder(database: fixture.store.database).decode(AppFields.self, from: answer.body)
                == app.fields)
    }

    @Test func getAnswer_everyValueKind_decodesAsTheStoreReadsIt() async throws {
        let fixture = try await Fixture.make()

        let answer = try await fixture.send(.get, "/kinds/all")
        let document = try FirestoreJSONDecoder().decode(FirestoreDocument<MapValue>.self, from: answer.body)
        let kinds = try FirestoreJSONDecoder().decode(Kinds.self, from: answer.body)

        #expect(document.fields == (try ValueSamples.everyKind(database: fixture.store.database)))
        #expect(kinds.int == 42 && kinds.intMin == .min && kinds.double == 3.25 && kinds.nan.isNaN)
        #expect(kinds.time == (try Timestamp(rfc3339: "2024-05-01T12:34:56.123456Z")))
        #expect(kinds.bytes == Data([0, 1, 2, 254, 255]))
        #expect(
            kinds.reference == DocumentName(database: fixture.store.database, path: try DocumentPath("users/alice")))
        #expect(kinds.geo == (try GeoPoint(latitude: 48.8584, longitude: 2.2945)))
        #expect(kinds.map.nested["deep"] == 1)
    }

    @Test func listAnswers_pageThroughWithTheToken() async throws {
        let fixture = try await Fixture.make()
        let decoder = FirestoreJSONDecoder(database: fixture.store.database)

        let first = try decoder.decodeList(AppFields.self, from: try await fixture.send(.get, "/apps?pageSize=1").body)
        let token = try #require(first.nextPageToken)
        let second = try decoder.decodeList(
            AppFields.self, from: try await fixture.send(.get, "/apps?pageSize=1&pageToken=\(token)").body)
        let whole = try await fixture.send(.get, "/apps")

        #expect(first.documents.map(\.documentID) == ["1324887522"])
        #expect(second.documents.map(\.documentID) == ["1324889421"])
        #expect(second.documents.first?.iconURL == nil)
        let all = try decoder.decodeList(AppFields.self, from: whole.body)
        #expect(all.documents.map(\.index) == [4, 1] && all.nextPageToken == nil)
        #expect(try JSONDecoder().decode(FirestoreListResponse<AppFields>.self, from: Data(whole.body)) == all)
    }

    @Test func listAnswer_showMissing_namesTheMissingParents() async throws {
        let fixture = try await Fixture.make()

        let answer = try await fixture.send(.get, "/apps?showMissing=true")
        let page = try FirestoreJSONDecoder().decodeList(AppFields.self, from: answer.body)

        #expect(page.documents.count == 2)
        #expect(
            page.missingDocuments == [
                DocumentName(database: fixture.store.database, path: try DocumentPath("apps/ghost"))
            ])
    }

    @Test func runQueryAnswer_decodesTheStreamedElements() async throws {
        let fixture = try await Fixture.make()
        let query =
            #"{"structuredQuery": {"from": [{"collectionId": "apps"}], "orderBy": [{"field": {"fieldPath": "index"}}], "offset": 1}}"#

        let answer = try await fixture.send(.post, ":runQuery", body: query)
        let result = try FirestoreJSONDecoder().decodeRunQuery(AppFields.self, from: answer.body)

        #expect(answer.statusCode == 200)
        #expect(result.documents.map(\.displayName) == ["GloryGuide"])
        #expect(result.documents.first?.name.database == fixture.store.database)
        // The emulator leaves out `skippedResults` (production reports the offset's skips) and marks its
        // last document element `done`.
        #expect(result.skippedResults <= 1)
        #expect(result.readTime != nil && result.results.last?.done == true)
        #expect(try JSONDecoder().decode(FirestoreRunQueryResponse<AppFields>.self, from: Data(answer.body)) == result)

        let none = try FirestoreJSONDecoder().decodeRunQuery(
            AppFields.self,
            from: try await fixture.send(
                .post, ":runQuery", body: #"{"structuredQuery": {"from": [{"collectionId": "nothing"}]}}"#
            ).body
        )
        #expect(none.documents.isEmpty && none.readTime != nil)
    }

    @Test func errorAnswers_decodeAsTheServersError() async throws {
        let fixture = try await Fixture.make()

        let missing = try await fixture.send(.get, "/apps/none")
        let invalid = try await fixture.send(
            .post, ":runQuery", body: #"{"structuredQuery": {"from": [{"collectionId": "apps"}], "limit": -1}}"#)

        #expect(missing.statusCode == 404)
        let body = try #require(try FirestoreJSONDecoder().decodeError(from: missing.body))
        #expect(body.httpStatus == 404 && body.status == "NOT_FOUND" && body.code == .notFound)
        let thrown = try #require(throws: DocumentStoreError.self) {
            try FirestoreJSONDecoder().decode(AppFields.self, from: missing.body)
        }
        #expect(thrown.code == .notFound)
        #expect(try JSONDecoder().decode(RESTErrorBody.self, from: Data(missing.body)) == body)
        #expect(invalid.statusCode == 400)
        #expect(try FirestoreJSONDecoder().decodeError(from: invalid.body)?.code == .invalidArgument)
        #expect(
            try FirestoreJSONDecoder().decodeError(from: try await fixture.send(.get, "/apps/1324887522").body) == nil)
    }

    // MARK: - Fixtures

    struct AppFields: Codable, Equatable, Sendable {
        @DocumentID var id: String?
        var index: Int
        var identifier: String
        var displayName: String
        var iconURL: URL?
        var allowsContactMessages: Bool
    }

    struct Kinds: Decodable {
        struct Nested: Decodable { var nested: [String: Int] }

        var int: Int
        var intMin: Int64
        var double: Double
        var nan: Double
        var time: Timestamp
        var bytes: Data
        var reference: DocumentName
        var geo: GeoPoint
        var map: Nested
    }

    /// A store on a fresh emulator project holding seed 004's two apps, `apps/ghost/sub/x` (so that
    /// `apps/ghost` is listed as missing) and `kinds/all` with every value kind.
    struct Fixture {
        static let iconURL = URL(string: "https://res.cloudinary.com/voan/c_scale,w_288/apps/1324887522/icon.png")

        let store: FirestoreRESTDocumentStore
        let emulator: FirestoreEmulator

        static func make() async throws -> Fixture {
            let store = try await EmulatorStores.makeStore(
                projectID: FirestoreEmulator.newProjectID(prefix: "restjson"))
            let apps: [(String, MapValue)] = [
                (
                    "apps/1324887522",
                    [
                        "allowsContactMessages": false, "identifier": "1324887522", "index": 4,
                        "displayName": "GloryGuide",
                        "iconURL": "https://res.cloudinary.com/voan/c_scale,w_288/apps/1324887522/icon.png",
                    ]
                ),
                (
                    "apps/1324889421",
                    [
                        "allowsContactMessages": true, "identifier": "1324889421", "index": 1,
                        "displayName": "Chuon Nath Dictionary",
                    ]
                ),
                ("apps/ghost/sub/x", ["a": 1]),
                ("kinds/all", try ValueSamples.everyKind(database: store.database)),
            ]
            _ = try await store.commit(
                try apps.map { Write.update(try DocumentPath($0.0), fields: $0.1) }, transaction: nil)
            return Fixture(store: store, emulator: try await FirestoreEmulator.shared())
        }

        /// The raw answer of `method` on `…/documents{suffix}`, as Firestore's REST API sends it.
        func send(_ method: HTTPRequest.Method, _ suffix: String, body: String? = nil) async throws -> HTTPResponse {
            let address = "\(emulator.baseURL.absoluteString)/v1/\(store.database.documentsRoot)\(suffix)"
            let url = try #require(URL(string: address))
            var headers = [(name: "Authorization", value: "Bearer owner")]
            if body != nil { headers.append((name: "Content-Type", value: "application/json")) }
            let request = HTTPRequest(method: method, url: url, headers: headers, body: body.map { Array($0.utf8) })
            return try await EmulatorStores.sharedClient.send(request)
        }
    }
}
