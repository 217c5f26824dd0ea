import Foundation
import HearthDomain
public import HearthPort

/// Reading, writing and deleting single documents; masks on reads; batch gets.
public enum DocumentsContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("get_missingDocument_returnsNil", get_missingDocument_returnsNil),
        b("set_thenGet_returnsWrittenFields", set_thenGet_returnsWrittenFields),
        b("set_existingDocument_replacesAllFields", set_existingDocument_replacesAllFields),
        b("set_everyValueKind_roundTripsExactly", set_everyValueKind_roundTripsExactly),
        b("set_emptyArrayAndEmptyMap_roundTrip", set_emptyArrayAndEmptyMap_roundTrip),
        b("set_timestampWithNanoseconds_storesMicroseconds", set_timestampWithNanoseconds_storesMicroseconds),
        b("set_emptyDocument_existsWithNoFields", set_emptyDocument_existsWithNoFields),
        b("set_mapKeysWithDotsAndSpaces_storedLiterally", set_mapKeysWithDotsAndSpaces_storedLiterally),
        b("set_keysDifferingOnlyInNormalization_areDistinct", set_keysDifferingOnlyInNormalization_areDistinct),
        b("set_documentIDWithSpaceAndAccent_roundTrips", set_documentIDWithSpaceAndAccent_roundTrips),
        b("set_referenceToAnotherProject_roundTrips", set_referenceToAnotherProject_roundTrips),
        b("get_newDocument_hasCreateAndUpdateTimeOfCommit", get_newDocument_hasCreateAndUpdateTimeOfCommit),
        b("delete_existingDocument_removesIt", delete_existingDocument_removesIt),
        b("delete_missingDocument_succeeds", delete_missingDocument_succeeds),
        b("set_subcollectionDocument_leavesParentMissing", set_subcollectionDocument_leavesParentMissing),
        b("delete_parentDocument_keepsSubcollectionDocuments", delete_parentDocument_keepsSubcollectionDocuments),
        b("get_withMask_returnsOnlyMaskedFields", get_withMask_returnsOnlyMaskedFields),
        b("get_withNestedMask_returnsPartialMap", get_withNestedMask_returnsPartialMap),
        b(
            "get_withMaskOfMissingField_returnsDocumentWithoutFields",
            get_withMaskOfMissingField_returnsDocumentWithoutFields),
        b("batchGet_returnsFoundAndMissingInRequestOrder", batchGet_returnsFoundAndMissingInRequestOrder),
        b("batchGet_duplicatePaths_answeredOnce", batchGet_duplicatePaths_answeredOnce),
        b("batchGet_withMask_masksEveryDocument", batchGet_withMask_masksEveryDocument),
        b("batchGet_readTime_isNotBeforeLastCommit", batchGet_readTime_isNotBeforeLastCommit),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .documents, name: name, traits: traits, run: run)
    }

    /// Reading a document that was never written answers `nil`, not an error.
    public static func get_missingDocument_returnsNil(_ store: any DocumentStore) async throws {
        let document = try await store.get("c/nothing")

        try expectNil(document, "get c/nothing")
    }

    /// A written document reads back at its path with exactly the written fields.
    public static func set_thenGet_returnsWrittenFields(_ store: any DocumentStore) async throws {
        let fields: MapValue = ["name": "Ana", "age": 41, "active": true]
        try await store.set("users/ana", fields)

        let document = try unwrap(try await store.get("users/ana"), "users/ana")

        try expectEqual(document.path, try path("users/ana"), "path")
        try expectEqual(document.fields, fields, "fields")
    }

    /// Setting an existing document without a mask replaces it: fields not written are gone.
    public static func set_existingDocument_replacesAllFields(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 1, "y": 2])

        try await store.set("c/a", ["z": 3])

        try expectEqual(try await store.get("c/a")?.fields, ["z": 3], "fields after the second set")
    }

    /// Every value kind reads back with its kind and content intact (an integer stays an integer, a whole
    /// double stays a double, timestamps keep microseconds, strings and bytes keep every byte).
    public static func set_everyValueKind_roundTripsExactly(_ store: any DocumentStore) async throws {
        let fields: MapValue = [
            "null": .null,
            "true": true,
            "false": false,
            "int": 42,
            "intMin": .integer(.min),
            "intMax": .integer(.max),
            "double": 1.5,
            "wholeDouble": 3.0,
            "negative": -2.25,
            "nan": .double(.nan),
            "infinity": .double(.infinity),
            "minusInfinity": .double(-.infinity),
            "timestamp": .timestamp(try timestamp("2024-05-01T12:34:56.123456Z")),
            "epoch": .timestamp(try timestamp("1970-01-01T00:00:00Z")),
            "string": "héllo, 世界 😀",
            "emptyString": "",
            "bytes": .bytes(Data([0, 1, 2, 0xFE, 0xFF])),
            "reference": try store.reference("other/doc"),
            "geo": try geo(48.8566, 2.3522),
            "geoOrigin": try geo(0, 0),
            "array": [1, "two", 3.0, .null, ["k": true]],
            "map": ["nested": ["deeper": "yes"], "list": [1, 2]],
        ]
        try await store.set("kinds/all", fields)

        let document = try unwrap(try await store.get("kinds/all"), "kinds/all")

        for expected in fields {
            try expectField(document, try FieldPath([expected.key]), expected.value)
        }
        try expectEqual(document.fields.count, fields.count, "field count")
    }

    /// An empty array and an empty map are values in their own right and read back as such.
    public static func set_emptyArrayAndEmptyMap_roundTrip(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["list": [], "map": .map([:]), "inner": ["empty": .map([:])]])

        let document = try await store.get("c/a")

        try expectField(document, try field("list"), [])
        try expectField(document, try field("map"), .map([:]))
        try expectField(document, try field("inner.empty"), .map([:]))
    }

    /// Firestore stores microseconds: nanoseconds beyond them are dropped (rounded down).
    public static func set_timestampWithNanoseconds_storesMicroseconds(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["t": .timestamp(try timestamp("2024-05-01T12:34:56.123456789Z"))])

        let document = try await store.get("c/a")

        try expectField(document, try field("t"), .timestamp(try timestamp("2024-05-01T12:34:56.123456Z")))
    }

    /// A document with no fields exists (it is not the same as a missing document).
    public static func set_emptyDocument_existsWithNoFields(_ store: any DocumentStore) async throws {
        try await store.set("c/empty", [:])

        let document = try unwrap(try await store.get("c/empty"), "c/empty")

        try expectTrue(document.fields.isEmpty, "no fields, got \(document.fields)")
    }

    /// Map keys are literal: a key containing a dot or a space is one key, not a path.
    public static func set_mapKeysWithDotsAndSpaces_storedLiterally(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["a.b": 1, "a b": 2, "a": ["b": 3]])

        let document = try await store.get("c/a")

        try expectField(document, try FieldPath(["a.b"]), 1)
        try expectField(document, try FieldPath(["a b"]), 2)
        try expectField(document, try FieldPath(["a", "b"]), 3)
    }

    /// Keys compare by UTF-8 bytes: a precomposed `é` and `e` + combining accent are two different keys.
    public static func set_keysDifferingOnlyInNormalization_areDistinct(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["\u{E9}": 1, "e\u{301}": 2])

        let document = try unwrap(try await store.get("c/a"), "c/a")

        try expectEqual(document.fields.count, 2, "number of keys")
        try expectField(document, try FieldPath(["\u{E9}"]), 1)
        try expectField(document, try FieldPath(["e\u{301}"]), 2)
    }

    /// Document IDs may hold spaces, accents and URL-special characters; they read back unchanged.
    public static func set_documentIDWithSpaceAndAccent_roundTrips(_ store: any DocumentStore) async throws {
        for id in ["é x", "a+b", "100%", "q?r#s"] {
            try await store.set("odd/\(id)", ["id": .string(id)])
        }

        for id in ["é x", "a+b", "100%", "q?r#s"] {
            let document = try unwrap(try await store.get("odd/\(id)"), "odd/\(id)")
            try expectEqual(document.path.documentID, id, "document ID")
            try expectField(document, try field("id"), .string(id))
        }
    }

    /// A reference may point into another project or database; it is stored as written.
    public static func set_referenceToAnotherProject_roundTrips(_ store: any DocumentStore) async throws {
        let elsewhere = Value.reference(
            DocumentName(database: try DatabaseID(projectID: "demo-other"), path: try path("a/b")))
        try await store.set("c/a", ["ref": elsewhere])

        try expectField(try await store.get("c/a"), try field("ref"), elsewhere)
    }

    /// A new document's createTime and updateTime are both its commit time.
    public static func get_newDocument_hasCreateAndUpdateTimeOfCommit(_ store: any DocumentStore) async throws {
        let response = try await store.set("c/a", ["x": 1])

        let document = try unwrap(try await store.get("c/a"), "c/a")

        try expectEqual(document.createTime, response.commitTime, "createTime")
        try expectEqual(document.updateTime, response.commitTime, "updateTime")
    }

    /// After a delete, the document reads as missing.
    public static func delete_existingDocument_removesIt(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 1])

        try await store.delete("c/a")

        try expectNil(try await store.get("c/a"), "c/a after delete")
    }

    /// Deleting a document that does not exist succeeds (without a precondition).
    public static func delete_missingDocument_succeeds(_ store: any DocumentStore) async throws {
        let response = try await store.delete("c/never")

        try expectEqual(response.writeResults.count, 1, "write results")
        try expectNil(try await store.get("c/never"), "c/never")
    }

    /// Writing a document in a subcollection does not create its parent document.
    public static func set_subcollectionDocument_leavesParentMissing(_ store: any DocumentStore) async throws {
        try await store.set("c/parent/sub/child", ["x": 1])

        try expectNil(try await store.get("c/parent"), "parent c/parent")
        try expectTrue(try await store.get("c/parent/sub/child") != nil, "c/parent/sub/child exists")
    }

    /// Deleting a document does not delete the documents of its subcollections.
    public static func delete_parentDocument_keepsSubcollectionDocuments(_ store: any DocumentStore) async throws {
        try await store.seed(["c/parent": ["x": 1], "c/parent/sub/child": ["y": 2]])

        try await store.delete("c/parent")

        try expectNil(try await store.get("c/parent"), "c/parent")
        try expectField(try await store.get("c/parent/sub/child"), try field("y"), 2)
    }

    /// A read with a mask returns only the masked fields; the others are absent.
    public static func get_withMask_returnsOnlyMaskedFields(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 1, "y": 2, "z": 3])

        let document = try await store.get("c/a", mask: ["x", "z"])

        try expectEqual(document?.fields, ["x": 1, "z": 3], "masked fields")
    }

    /// A nested mask path returns the enclosing map with only that leaf.
    public static func get_withNestedMask_returnsPartialMap(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["a": ["b": 1, "c": 2], "d": 3])

        let document = try await store.get("c/a", mask: ["a.b"])

        try expectEqual(document?.fields, ["a": ["b": 1]], "masked fields")
    }

    /// A mask naming only absent fields still returns the document, with no fields.
    public static func get_withMaskOfMissingField_returnsDocumentWithoutFields(_ store: any DocumentStore) async throws
    {
        try await store.set("c/a", ["x": 1])

        let document = try unwrap(try await store.get("c/a", mask: ["zz"]), "c/a")

        try expectTrue(document.fields.isEmpty, "no fields, got \(document.fields)")
    }

    /// A batch get answers one entry per requested path, in request order, each found or missing.
    public static func batchGet_returnsFoundAndMissingInRequestOrder(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["v": 1], "c/b": ["v": 2]])

        let response = try await store.batchGetDocuments(
            [try path("c/b"), try path("c/missing"), try path("c/a")],
            mask: nil,
            consistency: .latest
        )

        try expectEqual(response.documents.map(\.path.documentID), ["b", "missing", "a"], "order")
        try expectEqual(response.documents.map { $0.document != nil }, [true, false, true], "found")
        try expectField(response.documents[0].document, try field("v"), 2)
    }

    /// A path requested twice is answered once.
    public static func batchGet_duplicatePaths_answeredOnce(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["v": 1], "c/b": ["v": 2]])

        let response = try await store.batchGetDocuments(
            [try path("c/a"), try path("c/a"), try path("c/b")],
            mask: nil,
            consistency: .latest
        )

        try expectEqual(response.documents.map(\.path.documentID), ["a", "b"], "answers")
    }

    /// A batch get's mask applies to every document found.
    public static func batchGet_withMask_masksEveryDocument(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["x": 1, "y": 2], "c/b": ["y": 3]])

        let response = try await store.batchGetDocuments(
            [try path("c/a"), try path("c/b")], mask: [try field("x")], consistency: .latest)

        try expectEqual(response.documents.map { $0.document?.fields }, [["x": 1], [:]], "masked fields")
    }

    /// A batch get's read time is not before the commit that wrote what it read.
    public static func batchGet_readTime_isNotBeforeLastCommit(_ store: any DocumentStore) async throws {
        let write = try await store.set("c/a", ["v": 1])

        let response = try await store.batchGetDocuments([try path("c/a")], mask: nil, consistency: .latest)

        try expectTrue(
            response.readTime >= write.commitTime, "readTime \(response.readTime) >= commitTime \(write.commitTime)")
    }
}
