import Foundation
import HearthDomain
public import HearthPort

/// Result order: Firestore's order across and within value kinds, ties by name, descending orders,
/// missing fields, and the implicit orders a query gets from its inequalities.
public enum OrderingContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("defaultOrder_isByDocumentIDBytes", defaultOrder_isByDocumentIDBytes),
        b("nullBeforeBooleans", nullBeforeBooleans),
        b("falseBeforeTrue", falseBeforeTrue),
        b("booleansBeforeNumbers", booleansBeforeNumbers),
        b("NaNFirstAmongNumbers", NaNFirstAmongNumbers),
        b("numbers_integersAndDoublesInterleavedExactly", numbers_integersAndDoublesInterleavedExactly),
        b("equalNumbersOfEitherKind_tieBrokenByName", equalNumbersOfEitherKind_tieBrokenByName),
        b("numbersBeforeTimestamps", numbersBeforeTimestamps),
        b("timestamps_chronologicalToTheMicrosecond", timestamps_chronologicalToTheMicrosecond),
        b("timestampsBeforeStrings", timestampsBeforeStrings),
        b("strings_byUTF8Bytes", strings_byUTF8Bytes),
        b("stringsBeforeBytes", stringsBeforeBytes),
        b("bytes_unsignedLexicographic", bytes_unsignedLexicographic),
        b("bytesBeforeReferences", bytesBeforeReferences),
        b("references_projectDatabaseThenSegments", references_projectDatabaseThenSegments),
        b("referencesBeforeGeoPoints", referencesBeforeGeoPoints),
        b("geoPoints_latitudeThenLongitude", geoPoints_latitudeThenLongitude),
        b("geoPointsBeforeArrays", geoPointsBeforeArrays),
        b("arrays_elementByElementPrefixFirst", arrays_elementByElementPrefixFirst),
        b("arraysBeforeVectors", arraysBeforeVectors),
        b("vectors_byDimensionFirst", vectors_byDimensionFirst),
        b("vectorsBeforeMaps", vectorsBeforeMaps),
        b("maps_keyByKeyThenValue", maps_keyByKeyThenValue),
        b("descending_isExactReverseIncludingTies", descending_isExactReverseIncludingTies),
        b("orderBy_excludesMissingField_keepsNull", orderBy_excludesMissingField_keepsNull),
        b("orderBy_nestedField", orderBy_nestedField),
        b("orderBy_twoFields_bothExcludeMissing", orderBy_twoFields_bothExcludeMissing),
        b("orderBy_secondFieldDescending_breaksTies", orderBy_secondFieldDescending_breaksTies),
        b("orderBy_nameAscending_isDefaultOrder", orderBy_nameAscending_isDefaultOrder),
        b(
            "orderBy_nameDescending_reversesNameOrder",
            orderBy_nameDescending_reversesNameOrder,
            .emulatorQuirk("the emulator refuses an explicit orderBy __name__ DESC with FAILED_PRECONDITION")
        ),
        b("equalityFilter_withOrderByOtherField", equalityFilter_withOrderByOtherField),
        b("implicitOrder_inequalityFieldAfterExplicitOrders", implicitOrder_inequalityFieldAfterExplicitOrders),
        b("implicitOrder_takesLastExplicitDirection", implicitOrder_takesLastExplicitDirection),
        b("implicitNameOrder_followsDescendingField", implicitNameOrder_followsDescendingField),
        b("explicitNameDirection_isHonoured", explicitNameDirection_isHonoured),
        b("implicitOrder_inequalityFieldsInFieldPathOrder", implicitOrder_inequalityFieldsInFieldPathOrder),
        b("implicitOrder_fieldPathsComparedSegmentWise", implicitOrder_fieldPathsComparedSegmentWise),
        b("implicitOrder_fieldNamesComparedByBytes", implicitOrder_fieldNamesComparedByBytes),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .ordering, name: name, traits: traits, run: run)
    }

    /// Seeds `values` into collection `o` (field `v`) and returns the IDs of `orderBy v` (or `v DESC`).
    private static func ordered(
        _ store: any DocumentStore, _ values: KeyValuePairs<String, Value>, descending: Bool = false
    ) async throws
        -> [String]
    {
        try await ContractFixtures.seed(store, "o", values)
        return try await store.ids(try query("o", orderBy: [descending ? try desc("v") : try asc("v")]))
    }

    /// Without orders, results come by document ID in UTF-8 byte order ("10" < "9" < "B" < "a").
    public static func defaultOrder_isByDocumentIDBytes(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seed(store, "c", ["b": 1, "a": 2, "B": 3, "10": 4, "9": 5, "z": 6])

        try expectEqual(try await store.ids(try query("c")), ["10", "9", "B", "a", "b", "z"], "default order")
    }

    /// null sorts before false.
    public static func nullBeforeBooleans(_ store: any DocumentStore) async throws {
        try expectEqual(try await ordered(store, ["a": false, "b": .null]), ["b", "a"], "orderBy v")
    }

    /// false sorts before true.
    public static func falseBeforeTrue(_ store: any DocumentStore) async throws {
        try expectEqual(try await ordered(store, ["a": true, "b": false]), ["b", "a"], "orderBy v")
    }

    /// true sorts before every number, even NaN and -Infinity.
    public static func booleansBeforeNumbers(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await ordered(store, ["a": .double(-.infinity), "b": .double(.nan), "c": true]), ["c", "b", "a"],
            "orderBy v")
    }

    /// NaN sorts first among numbers, before -Infinity.
    public static func NaNFirstAmongNumbers(_ store: any DocumentStore) async throws {
        let ids = try await ordered(
            store, ["a": -1, "b": .double(-.infinity), "c": .double(.nan), "d": .integer(.min)])

        try expectEqual(ids, ["c", "b", "d", "a"], "orderBy v")
    }

    /// Integers and doubles share one numeric order, compared exactly (never through a lossy conversion).
    public static func numbers_integersAndDoublesInterleavedExactly(_ store: any DocumentStore) async throws {
        let ids = try await ordered(
            store,
            [
                "k_posinf": .double(.infinity), "j_dbl2p63": .double(9.223372036854776e18), "i_i64max": .integer(.max),
                "h_dbl2p53p2": .double(9_007_199_254_740_994.0), "g_int2p53p1": .integer(twoTo53 + 1),
                "f_int2p53": .integer(twoTo53), "e_half": 0.5, "d_im1": -1, "c_i64min": .integer(.min),
                "b_dneg2p63": .double(-9.223372036854776e18), "a_neginf": .double(-.infinity),
            ])

        try expectEqual(
            ids,
            [
                "a_neginf", "b_dneg2p63", "c_i64min", "d_im1", "e_half", "f_int2p53", "g_int2p53p1", "h_dbl2p53p2",
                "i_i64max", "j_dbl2p63", "k_posinf",
            ],
            "orderBy v"
        )
    }

    /// Equal numbers (1 and 1.0; 0, 0.0 and -0.0) tie, and ties are broken by document name.
    public static func equalNumbersOfEitherKind_tieBrokenByName(_ store: any DocumentStore) async throws {
        let ids = try await ordered(store, ["b1": 1, "a1": 1.0, "c": 2, "z": 0, "nz": .double(-0.0), "y": 0.0])

        try expectEqual(ids, ["nz", "y", "z", "a1", "b1", "c"], "orderBy v")
    }

    /// +Infinity sorts before the earliest timestamp.
    public static func numbersBeforeTimestamps(_ store: any DocumentStore) async throws {
        let ids = try await ordered(
            store, ["a": .timestamp(try timestamp("0001-01-01T00:00:00Z")), "b": .double(.infinity)])

        try expectEqual(ids, ["b", "a"], "orderBy v")
    }

    /// Timestamps sort chronologically, to the microsecond.
    public static func timestamps_chronologicalToTheMicrosecond(_ store: any DocumentStore) async throws {
        let ids = try await ordered(
            store,
            [
                "a": .timestamp(try timestamp("2024-01-01T00:00:00.123456Z")),
                "b": .timestamp(try timestamp("2024-01-01T00:00:00.123Z")),
                "c": .timestamp(try timestamp("1970-01-01T00:00:00Z")),
                "d": .timestamp(try timestamp("1900-01-01T00:00:00Z")),
            ])

        try expectEqual(ids, ["d", "c", "b", "a"], "orderBy v")
    }

    /// The latest timestamp sorts before the empty string.
    public static func timestampsBeforeStrings(_ store: any DocumentStore) async throws {
        let ids = try await ordered(store, ["a": "", "b": .timestamp(try timestamp("9999-12-31T23:59:59.999999Z"))])

        try expectEqual(ids, ["b", "a"], "orderBy v")
    }

    /// Strings sort by UTF-8 bytes: no normalization, uppercase first, U+FFFD before emoji.
    public static func strings_byUTF8Bytes(_ store: any DocumentStore) async throws {
        let ids = try await ordered(
            store,
            [
                "i": "\u{1F600}", "h": "\u{FFFD}", "g": "\u{E000}", "f": "\u{E9}", "e": "e\u{301}", "d": "ab", "c": "a",
                "b": "B", "a": "",
            ])

        try expectEqual(ids, ["a", "b", "c", "d", "e", "f", "g", "h", "i"], "orderBy v")
    }

    /// Every string sorts before the empty bytes value.
    public static func stringsBeforeBytes(_ store: any DocumentStore) async throws {
        try expectEqual(try await ordered(store, ["a": .bytes(Data()), "b": "\u{1F600}"]), ["b", "a"], "orderBy v")
    }

    /// Bytes sort lexicographically as unsigned bytes, a prefix first.
    public static func bytes_unsignedLexicographic(_ store: any DocumentStore) async throws {
        let ids = try await ordered(
            store, ["a": .bytes(Data([0xFF])), "b": .bytes(Data([1, 2])), "c": .bytes(Data([0])), "d": .bytes(Data())])

        try expectEqual(ids, ["d", "c", "b", "a"], "orderBy v")
    }

    /// Bytes sort before references.
    public static func bytesBeforeReferences(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await ordered(store, ["a": try store.reference("a/a"), "b": .bytes(Data([0xFF, 0xFF]))]), ["b", "a"],
            "orderBy v")
    }

    /// References sort by project, then database, then path segment by segment (`a/b` < `a-/b`).
    public static func references_projectDatabaseThenSegments(_ store: any DocumentStore) async throws {
        let otherProject = Value.reference(
            DocumentName(database: try DatabaseID(projectID: "0other"), path: try path("a/b")))
        let otherDatabase = Value.reference(
            DocumentName(
                database: try DatabaseID(projectID: store.database.projectID, databaseID: "otherdb"),
                path: try path("a/b"))
        )
        let ids = try await ordered(
            store,
            [
                "h": otherDatabase, "g": try store.reference("b/a"), "f": try store.reference("a-/b"),
                "e": try store.reference("a/c"),
                "d": try store.reference("a/b/c/d"), "c": try store.reference("a/b"), "b": try store.reference("a/B"),
                "a": otherProject,
            ])

        try expectEqual(ids, ["a", "b", "c", "d", "e", "f", "g", "h"], "orderBy v")
    }

    /// References sort before geo points.
    public static func referencesBeforeGeoPoints(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await ordered(store, ["a": try geo(-90, -180), "b": try store.reference("zzz/zzz")]), ["b", "a"],
            "orderBy v")
    }

    /// Geo points sort by latitude, then longitude.
    public static func geoPoints_latitudeThenLongitude(_ store: any DocumentStore) async throws {
        let ids = try await ordered(
            store, ["a": try geo(10, 50), "b": try geo(10, -50), "c": try geo(0, 0), "d": try geo(-10, 50)])

        try expectEqual(ids, ["d", "c", "b", "a"], "orderBy v")
    }

    /// Geo points sort before arrays.
    public static func geoPointsBeforeArrays(_ store: any DocumentStore) async throws {
        try expectEqual(try await ordered(store, ["a": [], "b": try geo(90, 180)]), ["b", "a"], "orderBy v")
    }

    /// Arrays compare element by element; a prefix sorts first.
    public static func arrays_elementByElementPrefixFirst(_ store: any DocumentStore) async throws {
        let ids = try await ordered(store, ["a": ["a"], "b": [2], "c": [1, 2], "d": [1], "e": [.null], "f": []])

        try expectEqual(ids, ["f", "e", "d", "c", "b", "a"], "orderBy v")
    }

    /// Arrays sort before vectors.
    public static func arraysBeforeVectors(_ store: any DocumentStore) async throws {
        try expectEqual(try await ordered(store, ["a": vector(1), "b": [["z": "z"]]]), ["b", "a"], "orderBy v")
    }

    /// Vectors sort by dimension first, then component by component.
    public static func vectors_byDimensionFirst(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await ordered(store, ["a": vector(1, 2), "b": vector(5), "c": vector(1, 1)]), ["b", "c", "a"],
            "orderBy v")
    }

    /// Vectors sort before maps, even the empty map.
    public static func vectorsBeforeMaps(_ store: any DocumentStore) async throws {
        try expectEqual(try await ordered(store, ["a": .map([:]), "b": vector(9, 9, 9)]), ["b", "a"], "orderBy v")
    }

    /// Maps compare key by key (UTF-8), then value by value; fewer entries first when one is a prefix.
    public static func maps_keyByKeyThenValue(_ store: any DocumentStore) async throws {
        let ids = try await ordered(
            store, ["a": ["b": 0], "b": ["a": "x"], "c": ["a": 1, "b": 1], "d": ["a": 1], "e": .map([:])])

        try expectEqual(ids, ["e", "d", "c", "b", "a"], "orderBy v")
    }

    /// A descending order is the exact reverse of the ascending one, ties included.
    public static func descending_isExactReverseIncludingTies(_ store: any DocumentStore) async throws {
        let ids = try await ordered(
            store, ["b1": 1, "a1": 1.0, "c": 2, "z": 0, "nz": .double(-0.0), "s": "x"], descending: true)

        try expectEqual(ids, ["s", "c", "b1", "a1", "z", "nz"], "orderBy v DESC")
    }

    /// Ordering by a field excludes documents without it; a null value is kept (it sorts first).
    public static func orderBy_excludesMissingField_keepsNull(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedPartial(store)

        let ids = try await store.ids(try query("c", orderBy: [try asc("v")]))

        try expectEqual(ids, ["hasnull", "has1", "has2", "hasstr"], "orderBy v")
    }

    /// A nested field path can be ordered by.
    public static func orderBy_nestedField(_ store: any DocumentStore) async throws {
        try await store.seed([
            "x/a": ["m": ["v": 3]], "x/b": ["m": ["v": 1]], "x/c": ["m": ["w": 2]], "x/d": ["m": ["v": 2]],
        ])

        try expectEqual(try await store.ids(try query("x", orderBy: [try asc("m.v")])), ["b", "d", "a"], "orderBy m.v")
    }

    /// With two orders, documents lacking either field are excluded.
    public static func orderBy_twoFields_bothExcludeMissing(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedPairs(store)

        let ids = try await store.ids(try query("c", orderBy: [try asc("a"), try asc("b")]))

        try expectEqual(ids, ["d8", "d2", "d4", "d1", "d3", "d5"], "orderBy a, b")
    }

    /// A second order breaks ties of the first, in its own direction.
    public static func orderBy_secondFieldDescending_breaksTies(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedCursorData(store)

        let ids = try await store.ids(try query("c", orderBy: [try asc("v"), try desc("w")]))

        try expectEqual(ids, ["a", "c", "b", "d", "e", "f"], "orderBy v, w DESC")
    }

    /// An explicit `orderBy __name__` is the default order.
    public static func orderBy_nameAscending_isDefaultOrder(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seed(store, "c", ["b": 1, "a": 2, "B": 3, "10": 4])

        try expectEqual(
            try await store.ids(try query("c", orderBy: [try asc("__name__")])), ["10", "B", "a", "b"],
            "orderBy __name__")
    }

    /// `orderBy __name__ DESC` returns documents in reverse name order (what `limit(toLast:)` sends).
    public static func orderBy_nameDescending_reversesNameOrder(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seed(store, "c", ["b": 1, "a": 2, "B": 3, "10": 4])

        try expectEqual(
            try await store.ids(try query("c", orderBy: [try desc("__name__")])), ["b", "a", "B", "10"],
            "orderBy __name__ DESC")
    }

    /// An equality filter combines with an order on another field.
    public static func equalityFilter_withOrderByOtherField(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedPairs(store)

        let ids = try await store.ids(try query("c", where: try filter("a", .equal, 2), orderBy: [try asc("b")]))

        try expectEqual(ids, ["d8", "d2", "d4"], "a == 2 orderBy b")
    }

    /// An inequality field missing from the orders is ordered after them (then `__name__`).
    public static func implicitOrder_inequalityFieldAfterExplicitOrders(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedPairs(store)

        let ids = try await store.ids(try query("c", where: try filter("a", .greaterThan, 1), orderBy: [try asc("b")]))

        try expectEqual(ids, ["d3", "d8", "d2", "d4", "d1", "d5"], "a > 1 orderBy b")
    }

    /// Implied orders take the direction of the last explicit order.
    public static func implicitOrder_takesLastExplicitDirection(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedPairs(store)

        let ids = try await store.ids(try query("c", where: try filter("a", .greaterThan, 1), orderBy: [try desc("b")]))

        try expectEqual(ids, ["d5", "d1", "d4", "d2", "d8", "d3"], "a > 1 orderBy b DESC")
    }

    /// With a descending order, ties are broken by name descending.
    public static func implicitNameOrder_followsDescendingField(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedPairs(store)

        let ids = try await store.ids(try query("c", where: try filter("a", .greaterThan, 1), orderBy: [try desc("a")]))

        try expectEqual(ids, ["d5", "d3", "d1", "d8", "d7", "d4", "d2"], "a > 1 orderBy a DESC")
    }

    /// An explicit `__name__` order keeps its own direction.
    public static func explicitNameDirection_isHonoured(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedPairs(store)

        let ids = try await store.ids(
            try query("c", where: try filter("a", .greaterThan, 1), orderBy: [try asc("a"), try desc("__name__")]))

        try expectEqual(ids, ["d8", "d7", "d4", "d2", "d1", "d3", "d5"], "a > 1 orderBy a, __name__ DESC")
    }

    /// Several inequality fields without orders are ordered by field path, then `__name__`.
    public static func implicitOrder_inequalityFieldsInFieldPathOrder(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedPairs(store)

        let ids = try await store.ids(
            try query("c", where: and(try filter("b", .greaterThan, -1), try filter("a", .greaterThan, 1))))

        try expectEqual(ids, ["d8", "d2", "d4", "d1", "d3", "d5"], "b > -1 AND a > 1")
    }

    /// Implied field orders compare field paths segment by segment (`a.c` before the quoted segment `a-b`).
    public static func implicitOrder_fieldPathsComparedSegmentWise(_ store: any DocumentStore) async throws {
        try await store.seed([
            "c/x1": ["a-b": 1, "a": ["c": 2]], "c/x2": ["a-b": 2, "a": ["c": 1]], "c/x3": ["a-b": 1, "a": ["c": 1]],
        ])

        let ids = try await store.ids(
            try query(
                "c", where: and(.field(try FieldPath(["a-b"]), .greaterThan, 0), try filter("a.c", .greaterThan, 0)))
        )

        try expectEqual(ids, ["x3", "x2", "x1"], "`a-b` > 0 AND a.c > 0")
    }

    /// Implied field orders compare field names by bytes (`B` before `a`).
    public static func implicitOrder_fieldNamesComparedByBytes(_ store: any DocumentStore) async throws {
        try await store.seed(["c/x1": ["B": 1, "a": 2], "c/x2": ["B": 2, "a": 1]])

        let ids = try await store.ids(
            try query("c", where: and(try filter("a", .greaterThan, 0), try filter("B", .greaterThan, 0))))

        try expectEqual(ids, ["x1", "x2"], "a > 0 AND B > 0")
    }
}
