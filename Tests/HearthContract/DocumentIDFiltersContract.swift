import HearthDomain
public import HearthPort

/// Filters on `__name__` (the document's name), with reference operands.
public enum DocumentIDFiltersContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("nameEqual_matchesThatDocument", nameEqual_matchesThatDocument),
        b("nameLessThan_matchesEarlierNames", nameLessThan_matchesEarlierNames),
        b("nameGreaterThan_matchesLaterNames", nameGreaterThan_matchesLaterNames),
        b("nameIn_matchesListedDocumentsInNameOrder", nameIn_matchesListedDocumentsInNameOrder),
        b("nameNotIn_excludesListedDocuments", nameNotIn_excludesListedDocuments),
        b("nameNotEqual_excludesThatDocument", nameNotEqual_excludesThatDocument),
        b("nameEqual_documentOfOtherCollection_matchesNothing", nameEqual_documentOfOtherCollection_matchesNothing),
        b("nameEqual_deeperDocument_matchesNothing", nameEqual_deeperDocument_matchesNothing),
        b("nameRange_inCollectionGroup_comparesFullPaths", nameRange_inCollectionGroup_comparesFullPaths),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .documentIDFilters, name: name, traits: traits, run: run)
    }

    private static func seed(_ store: any DocumentStore) async throws {
        try await store.seed([
            "n/a": ["v": 1], "n/b": ["v": 2], "n/c": ["v": 3], "m/b": ["v": 4], "n/b/sub/x": ["v": 5],
        ])
    }

    private static func names(
        _ store: any DocumentStore, _ op: FieldOperator, _ operand: Value
    ) async throws -> [String] {
        try await seed(store)
        return try await store.ids(try query("n", where: try filter("__name__", op, operand)))
    }

    /// `__name__ == ref(n/b)` matches n/b.
    public static func nameEqual_matchesThatDocument(_ store: any DocumentStore) async throws {
        try expectEqual(try await names(store, .equal, try store.reference("n/b")), ["b"], "__name__ == n/b")
    }

    /// `__name__ < ref(n/b)` matches the names before it.
    public static func nameLessThan_matchesEarlierNames(_ store: any DocumentStore) async throws {
        try expectEqual(try await names(store, .lessThan, try store.reference("n/b")), ["a"], "__name__ < n/b")
    }

    /// `__name__ > ref(n/b)` matches the names after it (not the subcollection document under n/b).
    public static func nameGreaterThan_matchesLaterNames(_ store: any DocumentStore) async throws {
        try expectEqual(try await names(store, .greaterThan, try store.reference("n/b")), ["c"], "__name__ > n/b")
    }

    /// `__name__ in [...]` matches the listed documents, by name.
    public static func nameIn_matchesListedDocumentsInNameOrder(_ store: any DocumentStore) async throws {
        let operand: Value = [try store.reference("n/c"), try store.reference("n/a")]

        try expectEqual(try await names(store, .in, operand), ["a", "c"], "__name__ in [n/c, n/a]")
    }

    /// `__name__ not-in [...]` matches every other document.
    public static func nameNotIn_excludesListedDocuments(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await names(store, .notIn, [try store.reference("n/b")]), ["a", "c"], "__name__ not-in [n/b]")
    }

    /// `__name__ != ref(n/b)` matches every other document.
    public static func nameNotEqual_excludesThatDocument(_ store: any DocumentStore) async throws {
        try expectEqual(try await names(store, .notEqual, try store.reference("n/b")), ["a", "c"], "__name__ != n/b")
    }

    /// A reference into another collection is a valid operand that matches nothing here.
    public static func nameEqual_documentOfOtherCollection_matchesNothing(_ store: any DocumentStore) async throws {
        try expectEqual(try await names(store, .equal, try store.reference("m/b")), [], "__name__ == m/b")
    }

    /// A reference to a deeper document is a valid operand that matches nothing here.
    public static func nameEqual_deeperDocument_matchesNothing(_ store: any DocumentStore) async throws {
        try expectEqual(try await names(store, .equal, try store.reference("n/b/sub/x")), [], "__name__ == n/b/sub/x")
    }

    /// In a collection group, `__name__` compares full paths.
    public static func nameRange_inCollectionGroup_comparesFullPaths(_ store: any DocumentStore) async throws {
        try await seed(store)
        try await store.set("a/z/sub/y", ["v": 6])

        let paths = try await store.paths(
            try query(
                "sub", group: true, where: try filter("__name__", .greaterThanOrEqual, try store.reference("n/b"))))

        try expectEqual(paths, ["n/b/sub/x"], "collection group sub, __name__ >= n/b")
    }
}
