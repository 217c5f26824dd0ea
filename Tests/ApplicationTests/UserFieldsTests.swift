import HearthApplication
import HearthDomain
import HearthInMemory
import HearthPort
import Testing

/// User data is keyed by exact UTF-8 bytes, as Firestore keys fields: `"é"` (U+00E9) and `"e\u{301}"` are
/// two fields, although Swift's `String ==` (and so `Dictionary`) treats them as one.
@Suite("User data keyed by bytes")
struct UserFieldsTests {
    static let precomposed = "\u{E9}"
    static let decomposed = "e\u{0301}"

    @Test func set_literalWithCanonicallyEqualKeys_writesBothFields() throws {
        let write = try WriteBuilder.set(doc, data: [Self.precomposed: 1, Self.decomposed: 2])

        #expect(
            write.operation
                == .update(
                    fields: MapValue([(Self.precomposed, Value.integer(1)), (Self.decomposed, Value.integer(2))]),
                    mask: nil))
        #expect(try fields(of: write).count == 2)
    }

    @Test func set_nestedLiteralWithCanonicallyEqualKeys_writesBothFields() throws {
        let write = try WriteBuilder.set(doc, data: ["m": [Self.precomposed: 1, Self.decomposed: .serverTimestamp()]])

        guard case .map(let nested)? = try fields(of: write)["m"] else {
            Issue.record("m is not a map in \(write)")
            return
        }
        #expect(nested.keys.map { Array($0.utf8) } == [Array(Self.precomposed.utf8)])
        #expect(write.transforms.map(\.fieldPath) == [try FieldPath(["m", Self.decomposed])])
    }

    @Test func merge_literalWithCanonicallyEqualKeys_masksBothFields() throws {
        let write = try WriteBuilder.set(doc, data: [Self.precomposed: 1, Self.decomposed: 2], options: .merge)

        guard case .update(_, let mask?) = write.operation else {
            Issue.record("no mask in \(write)")
            return
        }
        #expect(mask == [try FieldPath([Self.precomposed]), try FieldPath([Self.decomposed])].sorted())
    }

    @Test func update_literalWithCanonicallyEqualPaths_updatesBothFields() throws {
        let write = try WriteBuilder.update(doc, data: ["a." + Self.precomposed: 1, "a." + Self.decomposed: 2])

        guard case .map(let nested)? = try fields(of: write)["a"] else {
            Issue.record("a is not a map in \(write)")
            return
        }
        #expect(nested.count == 2)
    }

    @Test func userFields_sameBytesTwice_isRefusedNamingTheField() {
        let data = UserFields([("m", ["k": 1, "k": 2] as FieldValue)])

        #expect {
            try WriteBuilder.set(doc, data: data)
        } throws: { error in
            let message = (error as? DocumentStoreError)?.message ?? ""
            return message.contains("'m.k'") && message.contains("more than once")
        }
    }

    @Test func documentEncoder_mapWithCanonicallyEqualKeys_refusesNamingBoth() {
        let map = MapValue([(Self.precomposed, Value.integer(1)), (Self.decomposed, Value.integer(2))])

        #expect {
            try DocumentEncoder().encode(map)
        } throws: { error in
            let message = (error as? DocumentStoreError)?.message ?? ""
            return message.contains("U+E9") && message.contains("U+65 U+301")
        }
    }

    @Test func clientSetData_literalWithCanonicallyEqualKeys_storesBothFields() async throws {
        let db = Database(store: InMemoryDocumentStore(database: try DatabaseID(projectID: "user-fields")))
        let reference = db.document("c/d")

        try await reference.setData([Self.precomposed: 1, Self.decomposed: 2])
        try await reference.updateData(["n." + Self.precomposed: 3, "n." + Self.decomposed: 4])
        let batch = db.batch()
        batch.setData([Self.precomposed: 5, Self.decomposed: 6], forDocument: db.document("c/e"))
        try await batch.commit()

        let stored = try #require(try await reference.getDocument().fields)
        #expect(stored.count == 3)
        #expect(stored[Self.precomposed] == .integer(1))
        #expect(stored[Self.decomposed] == .integer(2))
        #expect(stored["n"]?.mapValue?.count == 2)
        #expect(try await db.document("c/e").getDocument().fields?.count == 2)
    }

    private func fields(of write: Write) throws -> MapValue {
        guard case .update(let fields, _) = write.operation else {
            throw DocumentStoreError.invalidArgument("not an update")
        }
        return fields
    }
}

private let doc = try! DocumentPath("members/ana")

@Suite("Decoding maps whose keys a Swift dictionary would merge")
struct MergedKeyDecodingTests {
    @Test func decodeDictionary_keysEqualOnlyAsSwiftStrings_refusesNamingBoth() {
        let fields = MapValue([("\u{E9}", Value.integer(1)), ("e\u{0301}", Value.integer(2))])

        #expect {
            try DocumentDecoder().decode([String: Int].self, from: fields)
        } throws: { error in
            let message = (error as? DocumentStoreError)?.message ?? ""
            return message.contains("U+E9") && message.contains("U+65 U+301")
        }
    }

    @Test func decodeNestedDictionary_keysEqualOnlyAsSwiftStrings_refusesNamingTheField() {
        struct Model: Decodable { let scores: [String: Int] }
        let fields: MapValue = [
            "scores": .map(MapValue([("\u{E9}", Value.integer(1)), ("e\u{0301}", Value.integer(2))]))
        ]

        #expect {
            try DocumentDecoder().decode(Model.self, from: fields)
        } throws: { error in
            let message = (error as? DocumentStoreError)?.message ?? ""
            return message.contains("scores") && message.contains("U+65 U+301")
        }
    }

    @Test func decodeDictionary_distinctKeys_andMapValue_keepEveryField() throws {
        let fields = MapValue([("\u{E9}", Value.integer(1)), ("e\u{0301}", Value.integer(2)), ("x", Value.integer(3))])

        #expect(try DocumentDecoder().decode(MapValue.self, from: fields) == fields)
        #expect(try DocumentDecoder().decode([String: Int].self, from: ["a": 1, "b": 2]) == ["a": 1, "b": 2])
    }
}

@Suite("Query operands keyed by bytes")
struct QueryOperandKeyTests {
    @Test func whereField_mapOperandWithCanonicallyEqualKeys_keepsBoth() throws {
        let query = QueryBuilder(database: try DatabaseID(projectID: "q"), collection: try CollectionPath("c"))
            .whereField("m", isEqualTo: ["\u{E9}": 1, "e\u{0301}": 2])

        let built = try query.build()

        guard case .field(_, _, .map(let operand))? = built.query.filter else {
            Issue.record("unexpected filter \(String(describing: built.query.filter))")
            return
        }
        #expect(operand.count == 2)
    }

    @Test func whereField_mapOperandWithTheSameKeyTwice_isRefusedAsSuch() throws {
        let query = QueryBuilder(database: try DatabaseID(projectID: "q"), collection: try CollectionPath("c"))
            .whereField("m", isEqualTo: ["k": 1, "k": 2])

        #expect {
            try query.build()
        } throws: { error in
            let message = (error as? DocumentStoreError)?.message ?? ""
            return message.contains("more than once") && !message.contains("sentinel")
        }
    }
}
