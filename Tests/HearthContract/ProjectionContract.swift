import HearthApplication
import HearthDomain
public import HearthPort

/// Query projections (`select`): a mask on each result that never filters documents.
///
/// The data (findings §9): d1{a:{b:1,c:2}, d:3, e:null}, d2{d:4}, d3{a:5}.
public enum ProjectionContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("select_nestedField_returnsPartialMap", select_nestedField_returnsPartialMap),
        b("select_severalFields_returnsThoseFields", select_severalFields_returnsThoseFields),
        b("select_fieldMissingEverywhere_keepsEveryDocument", select_fieldMissingEverywhere_keepsEveryDocument),
        b("select_name_returnsDocumentsWithoutFields", select_name_returnsDocumentsWithoutFields),
        b("select_nullField_isReturned", select_nullField_isReturned),
        b("select_doesNotAffectFilteringOrOrder", select_doesNotAffectFilteringOrOrder),
        b("select_keepsCreateAndUpdateTimes", select_keepsCreateAndUpdateTimes),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .projection, name: name, traits: traits, run: run)
    }

    private static func seed(_ store: any DocumentStore) async throws {
        try await store.seed([
            "c/d1": ["a": ["b": 1, "c": 2], "d": 3, "e": .null], "c/d2": ["d": 4], "c/d3": ["a": 5],
        ])
    }

    private static func projected(
        _ store: any DocumentStore, _ select: [String], where filter: Filter? = nil, orderBy: [Order] = []
    )
        async throws -> [String: MapValue]
    {
        try await seed(store)
        let documents = try await store.documents(try query("c", where: filter, select: select, orderBy: orderBy))
        return Dictionary(documents.map { ($0.path.documentID, $0.fields) }, uniquingKeysWith: { first, _ in first })
    }

    /// `select a.b` returns `{a: {b: ...}}` where it exists, and documents without fields elsewhere.
    public static func select_nestedField_returnsPartialMap(_ store: any DocumentStore) async throws {
        let results = try await projected(store, ["a.b"])

        try expectEqual(results, ["d1": ["a": ["b": 1]], "d2": [:], "d3": [:]], "select a.b")
    }

    /// Several selected fields are all returned.
    public static func select_severalFields_returnsThoseFields(_ store: any DocumentStore) async throws {
        let results = try await projected(store, ["a.b", "d"])

        try expectEqual(results, ["d1": ["a": ["b": 1], "d": 3], "d2": ["d": 4], "d3": [:]], "select a.b, d")
    }

    /// Selecting a field no document has still returns every document, each without fields.
    public static func select_fieldMissingEverywhere_keepsEveryDocument(_ store: any DocumentStore) async throws {
        let results = try await projected(store, ["x"])

        try expectEqual(results, ["d1": [:], "d2": [:], "d3": [:]], "select x")
    }

    /// `select __name__` returns the documents with no fields.
    public static func select_name_returnsDocumentsWithoutFields(_ store: any DocumentStore) async throws {
        let results = try await projected(store, ["__name__"])

        try expectEqual(results, ["d1": [:], "d2": [:], "d3": [:]], "select __name__")
    }

    /// A selected field holding null is returned as null.
    public static func select_nullField_isReturned(_ store: any DocumentStore) async throws {
        let results = try await projected(store, ["e"])

        try expectEqual(results, ["d1": ["e": .null], "d2": [:], "d3": [:]], "select e")
    }

    /// Filters and orders may use fields that are not selected.
    public static func select_doesNotAffectFilteringOrOrder(_ store: any DocumentStore) async throws {
        try await seed(store)

        let documents = try await store.documents(
            try query("c", where: try filter("d", .greaterThan, 0), select: ["a.b"], orderBy: [try desc("d")])
        )

        try expectEqual(documents.map(\.path.documentID), ["d2", "d1"], "d > 0 orderBy d DESC")
        try expectEqual(documents.map(\.fields), [[:], ["a": ["b": 1]]], "selected fields")
    }

    /// Projected results keep their create and update times.
    public static func select_keepsCreateAndUpdateTimes(_ store: any DocumentStore) async throws {
        let write = try await store.set("c/a", ["x": 1, "y": 2])

        let document = try unwrap(try await store.documents(try query("c", select: ["x"])).first, "the result")

        try expectEqual(document.createTime, write.commitTime, "createTime")
        try expectEqual(document.updateTime, write.commitTime, "updateTime")
    }
}
