import HearthDomain
public import HearthPort

/// Invalid writes: reserved names, nested arrays, sizes, transform operands. Each fails with
/// `invalidArgument` and writes nothing.
public enum WriteValidationContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("reservedFieldName_failsInvalidArgument", reservedFieldName_failsInvalidArgument),
        b("reservedKeyInNestedMap_failsInvalidArgument", reservedKeyInNestedMap_failsInvalidArgument),
        b("fieldNamedName_failsInvalidArgument", fieldNamedName_failsInvalidArgument),
        b("underscoreNamesOutsideReservedPattern_areAllowed", underscoreNamesOutsideReservedPattern_areAllowed),
        b("emptyFieldName_failsInvalidArgument", emptyFieldName_failsInvalidArgument),
        b("emptyNestedKey_failsInvalidArgument", emptyNestedKey_failsInvalidArgument),
        b("arrayDirectlyInArray_failsInvalidArgument", arrayDirectlyInArray_failsInvalidArgument),
        b("arrayInMapInArray_isAllowed", arrayInMapInArray_isAllowed),
        b("vector_isAllowed", vector_isAllowed),
        b("typedMapThatIsNotVector_failsInvalidArgument", typedMapThatIsNotVector_failsInvalidArgument),
        b("stringOfMaximumSize_isAllowed", stringOfMaximumSize_isAllowed),
        b("stringOverMaximumSize_failsInvalidArgument", stringOverMaximumSize_failsInvalidArgument),
        b("documentOverOneMebibyte_failsInvalidArgument", documentOverOneMebibyte_failsInvalidArgument),
        b("incrementByString_failsInvalidArgument", incrementByString_failsInvalidArgument),
        b("incrementByNull_failsInvalidArgument", incrementByNull_failsInvalidArgument),
        b("maximumByString_failsInvalidArgument", maximumByString_failsInvalidArgument),
        b("minimumByNull_failsInvalidArgument", minimumByNull_failsInvalidArgument),
        b("transformOfReservedField_failsInvalidArgument", transformOfReservedField_failsInvalidArgument),
        b("maskWithReservedField_failsInvalidArgument", maskWithReservedField_failsInvalidArgument),
        b(
            "transformOfDocumentName_failsInvalidArgument",
            transformOfDocumentName_failsInvalidArgument,
            .emulatorQuirk("the emulator accepts a transform on __name__ and stores a hidden __key__ field")
        ),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .writeValidation, name: name, traits: traits, run: run)
    }

    private static func expectRejected(
        _ store: any DocumentStore, _ fields: MapValue, _ what: String, line: Int = #line
    ) async throws {
        try await expectThrows(code: .invalidArgument, what, line: line) {
            try await store.set("c/a", fields)
        }
        try expectNil(try await store.get("c/a"), "c/a after the rejected write", line: line)
    }

    private static func expectRejected(
        _ store: any DocumentStore, _ operation: FieldTransform.Operation, on fieldPath: String, _ what: String,
        line: Int = #line
    )
        async throws
    {
        try await expectThrows(code: .invalidArgument, what, line: line) {
            try await store.transform("c/a", try transform(fieldPath, operation))
        }
        try expectNil(try await store.get("c/a"), "c/a after the rejected write", line: line)
    }

    /// Field names matching `__.*__` are reserved.
    public static func reservedFieldName_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectRejected(store, ["__x__": 1], "a field named __x__")
    }

    /// Reserved names are rejected inside nested maps too.
    public static func reservedKeyInNestedMap_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectRejected(store, ["m": ["__x__": 1]], "a map key __x__")
    }

    /// `__name__` is reserved as a field name.
    public static func fieldNamedName_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectRejected(store, ["__name__": "x"], "a field named __name__")
    }

    /// Names with underscores that do not both start and end with `__` are ordinary.
    public static func underscoreNamesOutsideReservedPattern_areAllowed(_ store: any DocumentStore) async throws {
        let fields: MapValue = ["__": 1, "___": 2, "__x": 3, "x__": 4, "_x_": 5]

        try await store.set("c/a", fields)

        try expectEqual(try await store.get("c/a")?.fields, fields, "fields")
    }

    /// A field name must not be empty.
    public static func emptyFieldName_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectRejected(store, ["": 1], "an empty field name")
    }

    /// A map key must not be empty.
    public static func emptyNestedKey_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectRejected(store, ["m": ["": 1]], "an empty map key")
    }

    /// An array may not directly contain an array.
    public static func arrayDirectlyInArray_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectRejected(store, ["v": [[1]]], "an array in an array")
    }

    /// An array may contain a map that contains an array.
    public static func arrayInMapInArray_isAllowed(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["v": [["a": [1, 2]]]])

        try expectField(try await store.get("c/a"), try field("v"), [["a": [1, 2]]])
    }

    /// A vector (`{__type__: "__vector__", value: [...]}`) may be stored despite its reserved key.
    public static func vector_isAllowed(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["v": vector(1, 2)])

        try expectField(try await store.get("c/a"), try field("v"), vector(1, 2))
    }

    /// A map with a `__type__` key that is not a vector is rejected.
    public static func typedMapThatIsNotVector_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectRejected(
            store, ["v": ["__type__": "other", "value": [1.0]]], "a __type__ map that is not a vector")
    }

    /// A string of 1,048,487 bytes (1 MiB - 89) is the largest field value allowed.
    public static func stringOfMaximumSize_isAllowed(_ store: any DocumentStore) async throws {
        let text = longString(1_048_487)

        try await store.set("c/a", ["s": .string(text)])

        try expectEqual(
            try await store.get("c/a")?.value(at: try field("s"))?.stringValue?.utf8.count, 1_048_487, "stored length")
    }

    /// One byte more is rejected.
    public static func stringOverMaximumSize_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectRejected(store, ["s": .string(longString(1_048_488))], "a string of 1,048,488 bytes")
    }

    /// A document larger than 1 MiB is rejected even when each field is small enough.
    public static func documentOverOneMebibyte_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectRejected(
            store, ["a": .string(longString(600_000)), "b": .string(longString(600_000))], "a document of 1.2 MB")
    }

    /// Increment needs a number.
    public static func incrementByString_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectRejected(store, .increment("1"), on: "n", "increment by a string")
    }

    /// Increment by null is not a number either.
    public static func incrementByNull_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectRejected(store, .increment(.null), on: "n", "increment by null")
    }

    /// Maximum needs a number.
    public static func maximumByString_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectRejected(store, .maximum("str"), on: "n", "maximum of a string")
    }

    /// Minimum needs a number.
    public static func minimumByNull_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectRejected(store, .minimum(.null), on: "n", "minimum of null")
    }

    /// A transform may not target a reserved field name.
    public static func transformOfReservedField_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectRejected(store, .increment(1), on: "__x__", "increment of __x__")
    }

    /// An update mask may not name a reserved field.
    public static func maskWithReservedField_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectThrows(code: .invalidArgument, "a mask naming __x__") {
            try await store.commit(.update(try path("c/a"), fields: [:], mask: [try FieldPath(["__x__"])]))
        }
    }

    /// A transform may not target `__name__` (the document's name is not a field).
    public static func transformOfDocumentName_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectRejected(store, .increment(1), on: "__name__", "increment of __name__")
    }
}
