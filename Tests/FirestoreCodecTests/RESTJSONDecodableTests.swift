import HearthTestSupport
import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import Testing

/// Firestore REST JSON answers (`get`, `list`, `runQuery`, error bodies) decoded straight into `Codable`
/// models, through ``FirestoreJSONDecoder`` and through the wrapper types' `Decodable` conformances.
@Suite struct RESTJSONDecodableTests {
    // MARK: - get

    @Test func get_decodesTheFieldsNameAndTimes() throws {
        let document = try FirestoreJSONDecoder().decodeDocument(
            Product.self, from: bytes(Self.productJSON(id: "p1", price: #"{"integerValue": "1250"}"#)))

        #expect(
            document.fields
                == Product(
                    id: "p1", title: "Lamp", price: 1250, tags: ["home", "light"], address: Address(city: "Puebla")))
        #expect(document.name.resourceName == "projects/shop-42/databases/(default)/documents/products/p1")
        #expect(document.documentID == "p1")
        #expect(document.path == (try DocumentPath("products/p1")))
        #expect(document.createTime == (try Timestamp(rfc3339: "2024-05-01T12:00:00.123456789Z")))
        #expect(document.updateTime == (try Timestamp(rfc3339: "2024-05-02T08:30:00Z")))
        #expect(document.title == "Lamp")
    }

    @Test func get_withoutADatabase_keepsTheProjectAndDatabaseOfTheName() throws {
        let json =
            #"{"name": "projects/xwift27/databases/orders-eu/documents/apps/1", "createTime": "2024-05-01T12:00:00Z", "updateTime": "2024-05-01T12:00:00Z"}"#

        let document = try FirestoreJSONDecoder().decodeDocument(MapValue.self, from: bytes(json))

        #expect(document.name.database == (try DatabaseID(projectID: "xwift27", databaseID: "orders-eu")))
        #expect(document.name.resourceName == "projects/xwift27/databases/orders-eu/documents/apps/1")
        #expect(document.fields.isEmpty)
    }

    @Test func names_withoutADatabase_keepTheProject_inStoredAndMissingDocuments() throws {
        let page = try FirestoreJSONDecoder().decodeList(
            MapValue.self,
            from: bytes(
                """
                {"documents": [{"name": "projects/xwift27/databases/(default)/documents/apps/1", "createTime": "2024-05-01T12:00:00Z", "updateTime": "2024-05-01T12:00:00Z"},
                               {"name": "projects/other/databases/(default)/documents/apps/2"}]}
                """))

        #expect(page.documents.map(\.name.database.projectID) == ["xwift27"])
        #expect(page.missingDocuments.map(\.database.projectID) == ["other"])
    }

    @Test func get_nameInAnotherDatabaseThanExpected_throwsNamingTheName() throws {
        let decoder = FirestoreJSONDecoder(database: try DatabaseID(projectID: "other"))

        let error = try #require(throws: DocumentStoreError.self) {
            try decoder.decode(Product.self, from: bytes(Self.productJSON(id: "p1")))
        }

        #expect(error.code == .invalidArgument)
        #expect(error.message.contains("$.name"))
        #expect(error.underlying is RESTDecodingError)
    }

    @Test func decode_ofAModel_decodesTheFieldsOfAGetAnswerAndFillsDocumentID() throws {
        let product = try FirestoreJSONDecoder().decode(Product.self, from: bytes(Self.productJSON(id: "p7")))

        #expect(product.id == "p7")
        #expect(product.price == 1250)
    }

    @Test func decode_ofAWrapperType_readsThatAnswer() throws {
        let decoder = FirestoreJSONDecoder()

        #expect(
            try decoder.decode(FirestoreDocument<Product>.self, from: bytes(Self.productJSON(id: "p1")))
                == decoder.decodeDocument(Product.self, from: bytes(Self.productJSON(id: "p1"))))
        #expect(
            try decoder.decode(FirestoreListResponse<Product>.self, from: bytes(Self.listJSON))
                == decoder.decodeList(Product.self, from: bytes(Self.listJSON)))
        #expect(
            try decoder.decode(FirestoreRunQueryResponse<Product>.self, from: bytes(Self.runQueryJSON))
                == decoder.decodeRunQuery(Product.self, from: bytes(Self.runQueryJSON)))
        #expect(
            try decoder.decode(RESTErrorBody.self, from: bytes(Self.notFoundJSON))
                == decoder.decodeError(from: bytes(Self.notFoundJSON)))
    }

    @Test func documentDecoder_userInfoReachesTheModel() throws {
        let key = try #require(CodingUserInfoKey(rawValue: "currency"))
        let decoder = FirestoreJSONDecoder(documentDecoder: DocumentDecoder(userInfo: [key: "EUR"]))

        let priced = try decoder.decode(Priced.self, from: bytes(Self.productJSON(id: "p1")))

        #expect(priced.label == "1250 EUR")
    }

    // MARK: - list

    @Test func list_decodesDocumentsInOrderMissingNamesAndTheToken() throws {
        let page = try FirestoreJSONDecoder().decodeList(Product.self, from: bytes(Self.listJSON))

        #expect(page.documents.map(\.documentID) == ["p1", "p2"])
        #expect(page.documents.map(\.price) == [1250, 99])
        #expect(
            page.missingDocuments.map(\.resourceName) == [
                "projects/shop-42/databases/(default)/documents/products/gone"
            ])
        #expect(page.nextPageToken == "AFTER_P2")
    }

    @Test func list_emptyLastPage_hasNoDocumentsAndNoToken() throws {
        for json in ["{}", #"{"nextPageToken": ""}"#, #"{"documents": []}"#] {
            let page = try FirestoreJSONDecoder().decodeList(Product.self, from: bytes(json))
            #expect(page.documents.isEmpty && page.missingDocuments.isEmpty && page.nextPageToken == nil, "\(json)")
        }
    }

    // MARK: - runQuery

    @Test func runQuery_keepsEveryElementAndSumsTheAnswer() throws {
        let answer = try FirestoreJSONDecoder().decodeRunQuery(Product.self, from: bytes(Self.runQueryJSON))

        #expect(answer.results.count == 4)
        #expect(answer.documents.map(\.documentID) == ["p1", "p2"])
        #expect(answer.documents.map(\.name.database.projectID) == ["shop-42", "shop-42"])
        #expect(answer.results[0].transaction == TransactionID(bytes: [0x11, 0x03, 0, 0]))
        #expect(answer.transaction == TransactionID(bytes: [0x11, 0x03, 0, 0]))
        #expect(answer.skippedResults == 3)
        #expect(answer.readTime == (try Timestamp(rfc3339: "2024-05-03T00:00:01Z")))
        #expect(answer.results[3].document == nil && answer.results[3].done)
    }

    @Test func runQuery_aSingleElementObject_isAOneElementAnswer() throws {
        let element = #"{"document": \#(Self.productJSON(id: "p1")), "readTime": "2024-05-03T00:00:00Z"}"#

        let answer = try FirestoreJSONDecoder().decodeRunQuery(Product.self, from: bytes(element))
        let result = try FirestoreJSONDecoder().decode(FirestoreRunQueryResult<Product>.self, from: bytes(element))

        #expect(answer.results == [result])
        #expect(result.document?.documentID == "p1")
    }

    @Test func runQuery_noResult_isOneReadTimeElement() throws {
        let answer = try FirestoreJSONDecoder().decodeRunQuery(
            Product.self, from: bytes(#"[{"readTime": "2024-05-03T00:00:00Z"}]"#))

        #expect(answer.documents.isEmpty)
        #expect(answer.readTime == (try Timestamp(rfc3339: "2024-05-03T00:00:00Z")))
    }

    @Test func theAnswerOfAnotherCall_throwsInsteadOfDecodingAsEmpty() throws {
        let decoder = FirestoreJSONDecoder()
        let document = Self.productJSON(id: "p1")
        let calls: [(String, () throws -> Void, String)] = [
            (
                "document as list", { _ = try decoder.decodeList(Product.self, from: bytes(document)) },
                "at $: expected a list answer"
            ),
            (
                "document as runQuery", { _ = try decoder.decodeRunQuery(Product.self, from: bytes(document)) },
                "at $: expected a runQuery answer element"
            ),
            (
                "list as runQuery", { _ = try decoder.decodeRunQuery(Product.self, from: bytes("[\(Self.listJSON)]")) },
                "at $[0]: expected a runQuery answer element"
            ),
            (
                "list as get", { _ = try decoder.decode(Product.self, from: bytes(Self.listJSON)) },
                "at $: missing required member \"name\""
            ),
        ]
        for (name, call, message) in calls {
            let error = try #require(throws: DocumentStoreError.self, "\(name)") { try call() }
            #expect(error.code == .invalidArgument, "\(name)")
            #expect(error.message.contains(message), "\(name): \(error.message)")
        }
        #expect(try decoder.decodeList(Product.self, from: bytes(#"{"next_page_token": "T"}"#)).nextPageToken == "T")
    }

    // MARK: - Error bodies

    @Test func decodeError_readsTheBody_andNilWhenThereIsNone() throws {
        let decoder = FirestoreJSONDecoder()

        let body = try #require(try decoder.decodeError(from: bytes(Self.notFoundJSON)))

        #expect(
            body
                == RESTErrorBody(
                    httpStatus: 404, message: "Document products/nope not found.", status: "NOT_FOUND",
                    details: [.object(["@type": .string("x")])]))
        #expect(body.code == .notFound)
        #expect(try decoder.decodeError(from: bytes(Self.productJSON(id: "p1"))) == nil)
        #expect(try decoder.decodeError(from: bytes(Self.listJSON)) == nil)
    }

    @Test func errorBody_givenToAResultDecoder_throwsTheServersError() throws {
        let decoder = FirestoreJSONDecoder()
        let streamed = "[\(#"{"readTime": "2024-05-03T00:00:00Z"}"#), \(Self.abortedJSON)]"
        let calls: [(String, () throws -> Void)] = [
            ("get", { _ = try decoder.decode(Product.self, from: bytes(Self.notFoundJSON)) }),
            ("list", { _ = try decoder.decodeList(Product.self, from: bytes(Self.notFoundJSON)) }),
            ("runQuery", { _ = try decoder.decodeRunQuery(Product.self, from: bytes(Self.notFoundJSON)) }),
        ]
        for (name, call) in calls {
            let error = try #require(throws: DocumentStoreError.self, "\(name)") { try call() }
            #expect(error.code == .notFound, "\(name)")
            #expect(error.message == "Document products/nope not found.", "\(name)")
            #expect((error.underlying as? RESTErrorBody)?.httpStatus == 404, "\(name)")
        }

        let aborted = try #require(throws: DocumentStoreError.self) {
            try decoder.decodeRunQuery(Product.self, from: bytes(streamed))
        }
        #expect(aborted.code == .aborted)
    }

    @Test func malformedErrorBody_throwsNamingTheMember() throws {
        let error = try #require(throws: DocumentStoreError.self) {
            try FirestoreJSONDecoder().decodeError(from: bytes(#"{"error": {"code": "four-oh-four", "message": "x"}}"#))
        }

        #expect(error.code == .invalidArgument)
        #expect(error.message.contains("$.error.code"))
    }

    // MARK: - Bad JSON names its JSON path

    @Test func badValue_throwsNamingItsJSONPath() throws {
        let json = Self.listJSON(prices: [
            #"{"integerValue": "1"}"#, #"{"integerValue": "2"}"#, #"{"integerValue": "12.5"}"#,
        ])

        let error = try #require(throws: DocumentStoreError.self) {
            try FirestoreJSONDecoder().decodeList(Product.self, from: bytes(json))
        }

        #expect(error.code == .invalidArgument)
        #expect(error.message.contains("$.documents[2].fields.price.integerValue"), "\(error.message)")
        #expect((error.underlying as? RESTDecodingError)?.path == "$.documents[2].fields.price.integerValue")
    }

    @Test func modelMismatch_throwsNamingTheJSONPathOfTheField() throws {
        let decoder = FirestoreJSONDecoder()
        let cases: [(String, () throws -> Void, String)] = [
            (
                "top-level field in a list",
                {
                    _ = try decoder.decodeList(
                        Product.self,
                        from: bytes(Self.listJSON(prices: [#"{"integerValue": "1"}"#, #"{"stringValue": "cheap"}"#])))
                },
                "$.documents[1].fields.price"
            ),
            (
                "nested map field",
                {
                    _ = try decoder.decode(
                        Product.self,
                        from: bytes(
                            Self.productJSON(
                                id: "p1", address: #"{"mapValue": {"fields": {"city": {"integerValue": "7"}}}}"#)))
                },
                "$.fields.address.mapValue.fields.city"
            ),
            (
                "array element",
                {
                    _ = try decoder.decode(
                        Product.self,
                        from: bytes(
                            Self.productJSON(
                                id: "p1",
                                tags: #"{"arrayValue": {"values": [{"stringValue": "a"}, {"booleanValue": true}]}}"#)))
                },
                "$.fields.tags.arrayValue.values[1]"
            ),
            (
                "runQuery element",
                {
                    _ = try decoder.decodeRunQuery(
                        Product.self,
                        from: bytes("[{\"document\": \(Self.productJSON(id: "p1", price: #"{"doubleValue": 1.5}"#))}]"))
                },
                "$[0].document.fields.price"
            ),
            (
                "missing field",
                { _ = try decoder.decode(Product.self, from: bytes(Self.productJSON(id: "p1", price: nil))) },
                "$.fields:"
            ),
        ]
        for (name, call, path) in cases {
            let error = try #require(throws: DocumentStoreError.self, "\(name)") { try call() }
            #expect(error.code == .invalidArgument, "\(name)")
            #expect(error.message.hasPrefix("Firestore REST JSON at \(path)"), "\(name): \(error.message)")
            #expect(error.message.contains("products/p"), "\(name): the document is named: \(error.message)")
        }
    }

    @Test func notJSON_truncatedOrTooDeep_throwsInvalidArgumentAtTheRoot() throws {
        let valid = Array(Self.listJSON.utf8)
        let depth = JSONParser.maximumDepth + 1
        let deep =
            #"{"fields": {"a": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}}"
        for input in [Array("<html>502 Bad Gateway</html>".utf8), Array(valid.dropLast(7)), [], Array(deep.utf8)] {
            let error = try #require(throws: DocumentStoreError.self) {
                try FirestoreJSONDecoder().decodeList(Product.self, from: input)
            }
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains(" at $: "), "\(error.message)")
        }
    }

    @Test func deepestValuesTheParserAccepts_decodeIntoModelsWithoutExhaustingTheStack() throws {
        var value = #"{"nullValue": null}"#
        var levels = 0
        while true {
            let next = #"{"mapValue": {"fields": {"child": \#(value)}}}"#
            let document = Self.document(fields: #"{"child": \#(next)}"#)
            guard (try? JSONParser.parse(document)) != nil else { break }
            value = next
            levels += 1
        }
        let text = Self.document(fields: #"{"child": \#(value)}"#)

        let tree = try FirestoreJSONDecoder().decode(Nested.self, from: bytes(text))
        let viaJSONDecoder = try JSONDecoder().decode(FirestoreDocument<Nested>.self, from: bytes(text))

        var depth = 0
        var node: Nested? = tree
        while let current = node?.child {
            depth += 1
            node = current
        }
        #expect(levels > 150 && depth == levels)
        #expect(viaJSONDecoder.fields == tree)
    }

    @Test func jsonDecoder_absurdNesting_throwsInsteadOfExhaustingTheStack() {
        let depth = 100_000
        let text =
            #"{"name": "projects/p/databases/(default)/documents/deep/d", "fields": "#
            + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"

        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(FirestoreDocument<MapValue>.self, from: bytes(text))
        }
        #expect(throws: DocumentStoreError.self) {
            try FirestoreJSONDecoder().decode(FirestoreDocument<MapValue>.self, from: bytes(text))
        }
    }

    @Test func inputLongerThanTheLimit_throwsResourceExhaustedBeforeReading() throws {
        let decoder = FirestoreJSONDecoder(maximumBytes: 64)

        let error = try #require(throws: DocumentStoreError.self) {
            try decoder.decodeList(Product.self, from: bytes(Self.listJSON))
        }

        #expect(error.code == .resourceExhausted)
        #expect(FirestoreJSONDecoder().maximumBytes == 64 << 20)
    }

    @Test func randomCorruptions_throwDocumentStoreErrorsNeverTrap() throws {
        let original = Array(Self.listJSON.utf8)
        var random = SplitMix64(seed: 0xD0C5)
        var rejected = 0
        for _ in 0..<500 {
            var input = original
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                input[Int.random(in: 0..<input.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            do {
                _ = try FirestoreJSONDecoder().decodeList(Product.self, from: input)
            } catch let error as DocumentStoreError {
                rejected += 1
                #expect(error.message.contains("$"), "\(error.message)")
            } catch {
                Issue.record("not a DocumentStoreError: \(error)")
            }
            _ = try? JSONDecoder().decode(FirestoreListResponse<Product>.self, from: Data(input))
        }
        #expect(rejected > 250)
    }

    // MARK: - The Decodable conformances, with Foundation's JSONDecoder

    @Test func jsonDecoder_decodesTheWrappersAsFirestoreJSONDecoderDoes() throws {
        let decoder = FirestoreJSONDecoder()

        #expect(
            try JSONDecoder().decode(FirestoreDocument<Product>.self, from: Data(Self.productJSON(id: "p1").utf8))
                == decoder.decodeDocument(Product.self, from: bytes(Self.productJSON(id: "p1"))))
        #expect(
            try JSONDecoder().decode(FirestoreListResponse<Product>.self, from: Data(Self.listJSON.utf8))
                == decoder.decodeList(Product.self, from: bytes(Self.listJSON)))
        #expect(
            try JSONDecoder().decode(FirestoreRunQueryResponse<Product>.self, from: Data(Self.runQueryJSON.utf8))
                == decoder.decodeRunQuery(Product.self, from: bytes(Self.runQueryJSON)))
        #expect(
            try JSONDecoder().decode([FirestoreRunQueryResult<Product>].self, from: Data(Self.runQueryJSON.utf8))
                == decoder.decodeRunQuery(Product.self, from: bytes(Self.runQueryJSON)).results)
        #expect(try JSONDecoder().decode(RESTErrorBody.self, from: Data(Self.notFoundJSON.utf8)).status == "NOT_FOUND")
    }

    @Test func jsonDecoder_wrapperInsideAnotherModel_errorNamesTheWholeJSONPath() throws {
        let json =
            #"{"shop": "north", "page": \#(Self.listJSON(prices: [#"{"integerValue": "1"}"#, #"{"integerValue": "x"}"#]))}"#

        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(ShopPage.self, from: Data(json.utf8))
        }

        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(
            context.debugDescription.contains("$.page.documents[1].fields.price.integerValue"),
            "\(context.debugDescription)")
        #expect(context.codingPath.map(\.stringValue) == ["page"])
        #expect((context.underlyingError as? DocumentStoreError)?.code == .invalidArgument)
    }

    @Test func jsonDecoder_errorBodyInPlaceOfADocument_isTheServersError() throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(FirestoreDocument<Product>.self, from: Data(Self.notFoundJSON.utf8))
        }

        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect((context.underlyingError as? DocumentStoreError)?.code == .notFound)
    }

    @Test func jsonDecoder_exactIntegersAndDoublesSurvive() throws {
        let json = Self.productJSON(
            id: "p1", price: #"{"integerValue": 9007199254740993}"#,
            extra: #", "ratio": {"doubleValue": 0.1}, "big": {"integerValue": "-9223372036854775808"}"#)

        let viaJSONDecoder = try JSONDecoder().decode(FirestoreDocument<MapValue>.self, from: Data(json.utf8))

        #expect(viaJSONDecoder.fields["price"] == .integer(9_007_199_254_740_993))
        #expect(viaJSONDecoder.fields["ratio"] == .double(0.1))
        #expect(viaJSONDecoder.fields["big"] == .integer(.min))
    }

    // MARK: - Fixtures

    struct Address: Codable, Equatable, Sendable {
        var city: String
    }

    struct Product: Codable, Equatable, Sendable {
        @DocumentID var id: String?
        var title: String
        var price: Int
        var tags: [String]
        var address: Address
    }

    struct Priced: Decodable {
        static let currency = CodingUserInfoKey(rawValue: "currency")
        var label: String

        private enum CodingKeys: String, CodingKey { case price }

        init(from decoder: any Decoder) throws {
            let price = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .price)
            let currency = Self.currency.flatMap { decoder.userInfo[$0] as? String } ?? "?"
            label = "\(price) \(currency)"
        }
    }

    final class Nested: Decodable, Equatable, Sendable {
        let child: Nested?

        static func == (lhs: Nested, rhs: Nested) -> Bool { lhs.child == rhs.child }
    }

    struct ShopPage: Decodable {
        var shop: String
        var page: FirestoreListResponse<Product>
    }

    static func productJSON(
        id: String,
        price: String? = #"{"integerValue": "1250"}"#,
        tags: String = #"{"arrayValue": {"values": [{"stringValue": "home"}, {"stringValue": "light"}]}}"#,
        address: String = #"{"mapValue": {"fields": {"city": {"stringValue": "Puebla"}}}}"#,
        extra: String = ""
    ) -> String {
        let priceMember = price.map { #""price": \#($0), "# } ?? ""
        return """
            {"name": "projects/shop-42/databases/(default)/documents/products/\(id)",
             "fields": {"title": {"stringValue": "Lamp"}, \(priceMember)"tags": \(tags), "address": \(address)\(extra)},
             "createTime": "2024-05-01T12:00:00.123456789Z", "updateTime": "2024-05-02T08:30:00Z"}
            """
    }

    static func document(fields: String) -> String {
        #"{"name": "projects/p/databases/(default)/documents/deep/d", "fields": \#(fields), "createTime": "2024-05-01T12:00:00Z", "updateTime": "2024-05-01T12:00:00Z"}"#
    }

    static func listJSON(prices: [String]) -> String {
        let documents = prices.enumerated().map { productJSON(id: "p\($0.offset + 1)", price: $0.element) }
        return #"{"documents": [\#(documents.joined(separator: ", "))]}"#
    }

    static let listJSON = """
        {"documents": [\(productJSON(id: "p1")), \(productJSON(id: "p2", price: #"{"integerValue": "99"}"#)),
                       {"name": "projects/shop-42/databases/(default)/documents/products/gone"}],
         "nextPageToken": "AFTER_P2"}
        """

    static let runQueryJSON = """
        [{"transaction": "EQMAAA=="},
         {"document": \(productJSON(id: "p1")), "readTime": "2024-05-03T00:00:00Z", "skippedResults": 3},
         {"document": \(productJSON(id: "p2", price: #"{"integerValue": "99"}"#)), "readTime": "2024-05-03T00:00:00Z"},
         {"readTime": "2024-05-03T00:00:01Z", "done": true}]
        """

    static let notFoundJSON =
        #"{"error": {"code": 404, "message": "Document products/nope not found.", "status": "NOT_FOUND", "details": [{"@type": "x"}]}}"#

    static let abortedJSON = #"{"error": {"code": 409, "message": "Too much contention.", "status": "ABORTED"}}"#
}

private func bytes(_ text: String) -> Data { Data(text.utf8) }

/// Seed 004 ("Simplified Firestore Documents and Decoding") ported: its example `list` answer, its model
/// and its calls. The seed ships its own decoder; on Hearth each piece maps onto the REST JSON route:
///
/// | Seed | Hearth |
/// |---|---|
/// | `Document<Fields>` (`name: String`, `createTime: Date`) | ``FirestoreDocument`` (`name: DocumentName`, exact `Timestamp`s) |
/// | `IntegerValue`, `StringValue`, `URLValue`, `BooleanValue` | `Int`, `String`, `URL`, `Bool` |
/// | `JSONDecoder` + an ISO 8601 `DateFormatter` | ``FirestoreJSONDecoder`` (or `JSONDecoder` as is) |
/// | `decoder.decodeGetResult(from:)` → `Result<App, Error>` | `Result { try decoder.decode(App.self, from:) }` |
/// | `decoder.decodeListResult(from:)` → `Result<[App], Error>` | `Result { try decoder.decodeList(AppFields.self, from:).documents }` |
/// | the seed's `Error` (`code`, `message`, `status`) | ``RESTErrorBody`` (`httpStatus`, `message`, `status`), the thrown error's `underlying` |
@Suite struct Seed004PortTests {
    // Seed: typealias App = Document<AppFields>
    typealias App = FirestoreDocument<AppFields>

    // Seed: var index: IntegerValue, var identifier: StringValue, … — the REST value kinds are read by Hearth.
    struct AppFields: Decodable, Equatable {
        var index: Int
        var identifier: String
        var displayName: String
        var iconURL: URL?
        var allowsContactMessages: Bool
    }

    @Test func listResult_decodesTheSeedsResponse() throws {
        let decoder = FirestoreJSONDecoder()

        // Seed: let listResult: Result<[App], Error> = try decoder.decodeListResult(from: YOUR_RESPONSE_DATA)
        let listResult: Result<[App], any Error> = Result {
            try decoder.decodeList(AppFields.self, from: Data(Self.seedResponse.utf8)).documents
        }

        guard case .success(let apps) = listResult else {
            Issue.record("expected the apps, got \(listResult)")
            return
        }
        #expect(apps.count == 2)
        let app = apps[0]
        #expect(app.name.resourceName == "projects/xwift27/databases/(default)/documents/apps/1324887522")
        #expect(app.name.database.projectID == "xwift27")
        #expect(app.createTime == (try Timestamp(rfc3339: "2019-11-26T09:13:39.969797Z")))
        #expect(app.updateTime == (try Timestamp(rfc3339: "2019-11-27T06:11:57.268984Z")))
        #expect(app.index == 4)
        #expect(app.identifier == "1324887522")
        #expect(app.displayName == "GloryGuide")
        #expect(app.iconURL == URL(string: "https://res.cloudinary.com/voan/c_scale,w_288/apps/1324887522/icon.png"))
        #expect(app.allowsContactMessages == false)
        #expect(
            apps[1].fields
                == AppFields(
                    index: 1, identifier: "1324889421", displayName: "Chuon Nath Dictionary", iconURL: nil,
                    allowsContactMessages: true))
    }

    @Test func getResult_decodesOneDocument_andAnErrorBodyIsTheFailure() throws {
        let decoder = FirestoreJSONDecoder()
        let getAnswer = try Self.seedDocument(1)

        // Seed: let getResult: Result<App, Error> = try decoder.decodeGetResult(from: YOUR_RESPONSE_DATA)
        let getResult: Result<App, any Error> = Result { try decoder.decode(App.self, from: getAnswer) }
        let failed: Result<App, any Error> = Result {
            try decoder.decode(App.self, from: Data(Self.errorResponse.utf8))
        }

        #expect((try getResult.get()).displayName == "Chuon Nath Dictionary")
        guard case .failure(let failure) = failed, let error = failure as? DocumentStoreError else {
            Issue.record("an error body decoded as an app, or failed with another error: \(failed)")
            return
        }
        #expect(error.code == .permissionDenied)
        let body = try #require(error.underlying as? RESTErrorBody)
        #expect(
            body.httpStatus == 403 && body.status == "PERMISSION_DENIED"
                && body.message == "Missing or insufficient permissions.")
    }

    @Test func appsReadAndWriteFieldsAsTheirOwnProperties() throws {
        var app = try FirestoreJSONDecoder().decode(App.self, from: Self.seedDocument(0))

        app.index = 1
        app.iconURL = URL(string: "https://res.cloudinary.com/voan/c_scale,w_288/apps/1324887522/icon.png")
        app.allowsContactMessages = true

        #expect(app.fields.index == 1 && app.fields.allowsContactMessages)
        #expect(app.iconURL != nil)
    }

    @Test func theSeedsJSONDecoderSetUp_stillDecodesTheWrappers() throws {
        // Seed: ISO8601 Date Formatter for Firestore's TimestampValue (not needed: timestamps are read exactly)
        let dateFormatter = DateFormatter()
        dateFormatter.calendar = Calendar(identifier: .iso8601)
        dateFormatter.locale = Locale(identifier: "en_US_POSIX")
        dateFormatter.timeZone = TimeZone(secondsFromGMT: 0)
        dateFormatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX"

        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .formatted(dateFormatter)

        let page = try decoder.decode(FirestoreListResponse<AppFields>.self, from: Data(Self.seedResponse.utf8))
        #expect(
            page.documents
                == (try FirestoreJSONDecoder().decodeList(AppFields.self, from: Data(Self.seedResponse.utf8)).documents)
        )
        let created = try #require(page.documents.first?.createTime.dateValue())
        #expect(abs(created.timeIntervalSince1970 - 1_574_759_619.969797) < 1e-6)
    }

    // MARK: - The seed's example response, verbatim

    static let seedResponse = """
        {
          "documents": [
            {
              "createTime": "2019-11-26T09:13:39.969797Z",
              "fields": {
                "allowsContactMessages": { "booleanValue": false },
                "iconURL": { "stringValue": "https://res.cloudinary.com/voan/c_scale,w_288/apps/1324887522/icon.png" },
                "identifier": { "stringValue": "1324887522" },
                "index": { "integerValue": "4" },
                "displayName": { "stringValue": "GloryGuide" }
              },
              "name": "projects/xwift27/databases/(default)/documents/apps/1324887522",
              "updateTime": "2019-11-27T06:11:57.268984Z"
            },
            {
              "createTime": "2019-11-23T06:29:31.328113Z",
              "fields": {
                "allowsContactMessages": { "booleanValue": true },
                "identifier": { "stringValue": "1324889421" },
                "index": { "integerValue": "1" },
                "displayName": { "stringValue": "Chuon Nath Dictionary" }
              },
              "name": "projects/xwift27/databases/(default)/documents/apps/1324889421",
              "updateTime": "2019-11-27T06:11:40.956015Z"
            }
          ]
        }
        """

    static let errorResponse =
        #"{"error": {"code": 403, "message": "Missing or insufficient permissions.", "status": "PERMISSION_DENIED"}}"#

    /// One document of the seed's response, alone: the `get` answer for it.
    static func seedDocument(_ index: Int) throws -> [UInt8] {
        guard case .object(let page) = try JSONParser.parse(seedResponse),
            case .array(let documents)? = page["documents"]
        else {
            throw DocumentStoreError(.internal, "The seed's response has no documents.")
        }
        return JSONWriter.serialize(documents[index])
    }
}
