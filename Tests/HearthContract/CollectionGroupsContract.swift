import HearthDomain
public import HearthPort

/// Which collections a query reads: one collection under a parent, or a collection group at any depth,
/// from the root or scoped to a parent document.
public enum CollectionGroupsContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("collection_fromRoot_excludesSubcollectionsWithSameID", collection_fromRoot_excludesSubcollectionsWithSameID),
        b("collection_underParent_readsOnlyThatSubcollection", collection_underParent_readsOnlyThatSubcollection),
        b(
            "collection_underMissingParentDocument_readsItsSubcollection",
            collection_underMissingParentDocument_readsItsSubcollection),
        b("collection_underParentWithoutChildren_isEmpty", collection_underParentWithoutChildren_isEmpty),
        b("group_fromRoot_readsEveryCollectionWithThatID", group_fromRoot_readsEveryCollectionWithThatID),
        b("group_fromRoot_ordersByFullPath", group_fromRoot_ordersByFullPath),
        b("group_underParent_readsOnlyItsDescendants", group_underParent_readsOnlyItsDescendants),
        b("group_underMissingParentDocument_readsDescendants", group_underMissingParentDocument_readsDescendants),
        b("group_withFilterAndOrder_spansCollections", group_withFilterAndOrder_spansCollections),
        b("group_ignoresCollectionsWithSimilarIDs", group_ignoresCollectionsWithSimilarIDs),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .collectionGroups, name: name, traits: traits, run: run)
    }

    /// `c/{a,b}`, `c/a/c/inner`, `x/y/c/deep` (x/y missing), `c/a/sub/s1`, `c/ghost/sub/x` (c/ghost missing).
    private static func seed(_ store: any DocumentStore) async throws {
        try await store.seed([
            "c/a": ["v": 2], "c/b": ["v": 1], "c/a/c/inner": ["v": 4], "x/y/c/deep": ["v": 3],
            "c/a/sub/s1": ["v": 5], "c/ghost/sub/x": ["v": 6], "cc/a": ["v": 7], "c2/a": ["v": 8],
        ])
    }

    /// A collection query from the root reads only the root collection, not subcollections with its ID.
    public static func collection_fromRoot_excludesSubcollectionsWithSameID(_ store: any DocumentStore) async throws {
        try await seed(store)

        try expectEqual(try await store.paths(try query("c")), ["c/a", "c/b"], "collection c")
    }

    /// A collection query under a parent document reads that document's subcollection only.
    public static func collection_underParent_readsOnlyThatSubcollection(_ store: any DocumentStore) async throws {
        try await seed(store)

        try expectEqual(try await store.paths(try query("c"), parent: "c/a"), ["c/a/c/inner"], "collection c under c/a")
    }

    /// A parent document that does not exist can still have subcollections to query.
    public static func collection_underMissingParentDocument_readsItsSubcollection(
        _ store: any DocumentStore
    ) async throws {
        try await seed(store)

        try expectEqual(
            try await store.paths(try query("sub"), parent: "c/ghost"), ["c/ghost/sub/x"],
            "collection sub under c/ghost")
    }

    /// A parent with no such subcollection gives no results (not an error).
    public static func collection_underParentWithoutChildren_isEmpty(_ store: any DocumentStore) async throws {
        try await seed(store)

        try expectEqual(try await store.paths(try query("sub"), parent: "c/zz"), [], "collection sub under c/zz")
    }

    /// A collection group from the root reads every collection with that ID, at any depth.
    public static func group_fromRoot_readsEveryCollectionWithThatID(_ store: any DocumentStore) async throws {
        try await seed(store)

        let paths = try await store.paths(try query("c", group: true))

        try expectEqual(Set(paths), ["c/a", "c/b", "c/a/c/inner", "x/y/c/deep"], "collection group c")
    }

    /// Collection group results are ordered by full document path (`c/a` < `c/a/c/inner` < `c/b`).
    public static func group_fromRoot_ordersByFullPath(_ store: any DocumentStore) async throws {
        try await seed(store)

        let paths = try await store.paths(try query("c", group: true))

        try expectEqual(paths, ["c/a", "c/a/c/inner", "c/b", "x/y/c/deep"], "collection group c")
    }

    /// A collection group under a parent document reads only that document's descendants.
    public static func group_underParent_readsOnlyItsDescendants(_ store: any DocumentStore) async throws {
        try await seed(store)

        try expectEqual(
            try await store.paths(try query("c", group: true), parent: "c/a"), ["c/a/c/inner"],
            "collection group c under c/a")
    }

    /// A collection group under a missing parent document still reads its descendants.
    public static func group_underMissingParentDocument_readsDescendants(_ store: any DocumentStore) async throws {
        try await seed(store)

        try expectEqual(
            try await store.paths(try query("c", group: true), parent: "x/y"), ["x/y/c/deep"],
            "collection group c under x/y")
    }

    /// Filters and orders apply across every collection of the group.
    public static func group_withFilterAndOrder_spansCollections(_ store: any DocumentStore) async throws {
        try await seed(store)

        let paths = try await store.paths(
            try query("c", group: true, where: try filter("v", .greaterThan, 1), orderBy: [try desc("v")]))

        try expectEqual(paths, ["c/a/c/inner", "x/y/c/deep", "c/a"], "collection group c, v > 1 orderBy v DESC")
    }

    /// A collection group matches the collection ID exactly, not IDs that start with it.
    public static func group_ignoresCollectionsWithSimilarIDs(_ store: any DocumentStore) async throws {
        try await seed(store)

        let paths = try await store.paths(try query("c", group: true))

        try expectTrue(!paths.contains("cc/a") && !paths.contains("c2/a"), "cc/a and c2/a not in \(paths)")
    }
}
