import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import Testing

/// Firestore REST JSON answers (`get`, `list`, `runQuery`, error bodies) decoded straight into `Codable`
/// models, through ``FirestoreJSONDecoder`` and through the wrapper types' `Decodable` conformances.
@Suite struct RESTJSONDecodableTests {
    // MARK: - get

    @Test func get_decodesTheFieldsNameAndTimes() throws {
        let document = try FirestoreJSONDecoder().decodeDocument(Product.self, from: bytes(Self.productJSON(id: "p1", price: #"{"integerValue": "1250"}"#)))

        #expect(document.fields == Product(id: "p1", title: "Lamp", price: 1250, tags: ["home", "light"], address: Address(city: "Puebla")))
        #expect(document.name.resourceName == "projects/shop-42/databases/(default)/documents/products/p1")
        #expect(document.documentID == "p1")
        #expect(document.path == (try DocumentPath("products/p1")))
        #expect(document.createTime == (try Timestamp(rfc3339: "2024-05-01T12:00:00.123456789Z")))
        #expect(document.updateTime == (try Timestamp(rfc3339: "2024-05-02T08:30:00Z")))
        #expect(document.title == "Lamp")
    }

    @Test func get_withoutADatabase_keepsTheProjectAndDatabaseOfTheName() throws {
        let json = #"{"name": "projects/xwift27/databases/orders-eu/documents/apps/1", "createTime": "2024-05-01T12:00:00Z", "updateTime": "2024-05-01T12:00:00Z"}"#

        let document = try FirestoreJSONDecoder().decodeDocument(MapValue.self, from: bytes(json))

        #expect(document.name.database == (try DatabaseID(projectID: "xwift27", databaseID: "orders-eu")))
        #expect(document.name.resourceName == "projects/xwift27/databases/orders-eu/documents/apps/1")
        #expect(document.fields.isEmpty)
    }

    @Test func codecNameDecoders_withoutADatabase_keepTheProject() throws {
        let name = JSON.string("projects/xwift27/databases/(default)/documents/apps/1")
        let document = try JSONParser.parse(#"{"name": "projects/xwift27/databases/(default)/documents/apps/1", "createTime": "2024-05-01T12:00:00Z", "updateTime": "2024-05-01T12:00:00Z"}"#)

        #expect(try RESTDocumentCodec.decodeName(name, database: nil).database.projectID == "xwift27")
        #expect(try RESTDocumentCodec.decodeNamed(document, database: nil).name.database.projectID == "xwift27")
        #expect(try RESTDocumentCodec.decodeListedNamed(.object(["name": name]), database: nil).name.database.projectID == "xwift27")
        #expect(try RESTDocumentCodec.decodeListedNamed(.object(["name": name]), database: nil).document == nil)
    }

    @Test func get_nameInAnotherDatabaseThanExpected_throwsNamingTheName() throws {
        let decoder = FirestoreJSONDecoder(database: try DatabaseID(projectID: "other"))

        let error = try #require(throws: DocumentStoreError.self) { try decoder.decode(Product.self, from: bytes(Self.productJSON(id: "p1"))) }

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

        #expect(try decoder.decode(FirestoreDocument<Product>.self, from: bytes(Self.productJSON(id: "p1")))
            == decoder.decodeDocument(Product.self, from: bytes(Self.productJSON(id: "p1"))))
        #expect(try decoder.decode(FirestoreListResponse<Product>.self, from: bytes(Self.listJSON)) == decoder.decodeList(Product.self, from: bytes(Self.listJSON)))
        #expect(try decoder.decode(FirestoreRunQueryResponse<Product>.self, from: bytes(Self.runQueryJSON))
            == decoder.decodeRunQuery(Product.self, from: bytes(Self.runQueryJSON)))
        #expect(try decoder.decode(RESTErrorBody.self, from: bytes(Self.notFoundJSON)) == decoder.decodeError(from: bytes(Self.notFoundJSON)))
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
        #expect(page.missingDocuments.map(\.resourceName) == ["projects/shop-42/databases/(default)/documents/products/gone"])
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
        let answer = try FirestoreJSONDecoder().decodeRunQuery(Product.self, from: bytes(#"[{"readTime": "2024-05-03T00:00:00Z"}]"#))

        #expect(answer.documents.isEmpty)
        #expect(answer.readTime == (try Timestamp(rfc3339: "2024-05-03T00:00:00Z")))
    }

    @Test func theAnswerOfAnotherCall_throwsInsteadOfDecodingAsEmpty() throws {
        let decoder = FirestoreJSONDecoder()
        let document = Self.productJSON(id: "p1")
        let calls: [(String, () throws -> Void, String)] = [
            ("document as list", { _ = try decoder.decodeList(Product.self, from: bytes(document)) }, "at $: expected a list answer"),
            ("document as runQuery", { _ = try decoder.decodeRunQuery(Product.self, from: bytes(document)) }, "at $: expected a runQuery answer element"),
            ("list as runQuery", { _ = try decoder.decodeRunQuery(Product.self, from: bytes("[\(Self.listJSON)]")) }, "at $[0]: expected a runQuery answer element"),
            ("list as get", { _ = try decoder.decode(Product.self, from: bytes(Self.listJSON)) }, "at $: missing required member \"name\""),
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

        #expect(body == RESTErrorBody(httpStatus: 404, message: "Document products/nope not found.", status: "NOT_FOUND", details: [.object(["@type": .string("x")])]))
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

        let aborted = try #require(throws: DocumentStoreError.self) { try decoder.decodeRunQuery(Product.self, from: bytes(streamed)) }
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
        let json = Self.listJSON(prices: [#"{"integerValue": "1"}"#, #"{"integerValue": "2"}"#, #"{"integerValue": "12.5"}"#])

        let error = try #require(throws: DocumentStoreError.self) { try FirestoreJSONDecoder().decodeList(Product.self, from: bytes(json)) }

        #expect(error.code == .invalidArgument)
        #expect(error.message.contains("$.documents[2].fields.price.integerValue"), "\(error.message)")
        #expect((error.underlying as? RESTDecodingError)?.path == "$.documents[2].fields.price.integerValue")
    }

    @Test func modelMismatch_throwsNamingTheJSONPathOfTheField() throws {
        let decoder = FirestoreJSONDecoder()
        let cases: [(String, () throws -> Void, String)] = [
            (
                "top-level field in a list",
                { _ = try decoder.decodeList(Product.self, from: bytes(Self.listJSON(prices: [#"{"integerValue": "1"}"#, #"{"stringValue": "cheap"}"#]))) },
                "$.documents[1].fields.price"
            ),
            (
                "nested map field",
                { _ = try decoder.decode(Product.self, from: bytes(Self.productJSON(id: "p1", address: #"{"mapValue": {"fields": {"city": {"integerValue": "7"}}}}"#))) },
                "$.fields.address.mapValue.fields.city"
            ),
            (
                "array element",
                { _ = try decoder.decode(Product.self, from: bytes(Self.productJSON(id: "p1", tags: #"{"arrayValue": {"values": [{"stringValue": "a"}, {"booleanValue": true}]}}"#))) },
                "$.fields.tags.arrayValue.values[1]"
            ),
            (
                "runQuery element",
                { _ = try decoder.decodeRunQuery(Product.self, from: bytes("[{\"document\": \(Self.productJSON(id: "p1", price: #"{"doubleValue": 1.5}"#))}]")) },
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
        let deep = #"{"fields": {"a": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}}"
        for input in [Array("<html>502 Bad Gateway</html>".utf8), Array(valid.dropLast(7)), [], Array(deep.utf8)] {
            let error = try #require(throws: DocumentStoreError.self) { try FirestoreJSONDecoder().decodeList(Product.self, from: input) }
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains(" at $: "), "\(error.message)")
        }
    }

    @Test func inputLongerThanTheLimit_throwsResourceExhaustedBeforeReading() throws {
        let decoder = FirestoreJSONDecoder(maximumBytes: 64)

        let error = try #require(throws: DocumentStoreError.self) { try decoder.decodeList(Product.self, from: bytes(Self.listJSON)) }

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
            } catch {
                rejected += 1
                #expect(error.message.contains("$"), "\(error.message)")
            }
            _ = try? JSONDecoder().decode(FirestoreListResponse<Product>.self, from: Data(input))
        }
        #expect(rejected > 250)
    }

    // MARK: - The Decodable conformances, with Foundation's JSONDecoder

    @Test func jsonDecoder_decodesTheWrappersAsFirestoreJSONDecoderDoes() throws {
        let decoder = FirestoreJSONDecoder()

        #expect(try JSONDecoder().decode(FirestoreDocument<Product>.self, from: Data(Self.productJSON(id: "p1").utf8))
            == decoder.decodeDocument(Product.self, from: bytes(Self.productJSON(id: "p1"))))
        #expect(try JSONDecoder().decode(FirestoreListResponse<Product>.self, from: Data(Self.listJSON.utf8)) == decoder.decodeList(Product.self, from: bytes(Self.listJSON)))
        #expect(try JSONDecoder().decode(FirestoreRunQueryResponse<Product>.self, from: Data(Self.runQueryJSON.utf8))
            == decoder.decodeRunQuery(Product.self, from: bytes(Self.runQueryJSON)))
        #expect(try JSONDecoder().decode([FirestoreRunQueryResult<Product>].self, from: Data(Self.runQueryJSON.utf8))
            == decoder.decodeRunQuery(Product.self, from: bytes(Self.runQueryJSON)).results)
        #expect(try JSONDecoder().decode(RESTErrorBody.self, from: Data(Self.notFoundJSON.utf8)).status == "NOT_FOUND")
    }

    @Test func jsonDecoder_wrapperInsideAnotherModel_errorNamesTheWholeJSONPath() throws {
        let json = #"{"shop": "north", "page": \#(Self.listJSON(prices: [#"{"integerValue": "1"}"#, #"{"integerValue": "x"}"#]))}"#

        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(ShopPage.self, from: Data(json.utf8)) }

        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.debugDescription.contains("$.page.documents[1].fields.price.integerValue"), "\(context.debugDescription)")
        #expect(context.codingPath.map(\.stringValue) == ["page"])
        #expect((context.underlyingError as? DocumentStoreError)?.code == .invalidArgument)
    }

    @Test func jsonDecoder_errorBodyInPlaceOfADocument_isTheServersError() throws {
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(FirestoreDocument<Product>.self, from: Data(Self.notFoundJSON.utf8)) }

        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect((context.underlyingError as? DocumentStoreError)?.code == .notFound)
    }

    @Test func jsonDecoder_exactIntegersAndDoublesSurvive() throws {
        let json = Self.productJSON(id: "p1", price: #"{"integerValue": 9007199254740993}"#, extra: #", "ratio": {"doubleValue": 0.1}, "big": {"integerValue": "-9223372036854775808"}"#)

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

    static let notFoundJSON = #"{"error": {"code": 404, "message": "Document products/nope not found.", "status": "NOT_FOUND", "details": [{"@type": "x"}]}}"#

    static let abortedJSON = #"{"error": {"code": 409, "message": "Too much contention.", "status": "ABORTED"}}"#
}

private func bytes(_ text: String) -> Data { Data(text.utf8) }
