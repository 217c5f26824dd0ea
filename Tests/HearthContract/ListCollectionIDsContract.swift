import HearthDomain
public import HearthPort

/// Listing collection IDs: at the root or under a document, in UTF-8 order, a page at a time.
public enum ListCollectionIDsContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("root_listsRootCollectionsInByteOrder", root_listsRootCollectionsInByteOrder),
        b("underDocument_listsItsSubcollectionsInByteOrder", underDocument_listsItsSubcollectionsInByteOrder),
        b("underMissingDocument_listsItsSubcollections", underMissingDocument_listsItsSubcollections),
        b("underDocumentWithoutSubcollections_isEmpty", underDocumentWithoutSubcollections_isEmpty),
        b("pageSize_limitsPage", pageSize_limitsPage),
        b("followingTokens_visitsEveryIDOnceInOrder", followingTokens_visitsEveryIDOnceInOrder),
        b("collectionWithoutDocuments_isNotListed", collectionWithoutDocuments_isNotListed),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .listCollectionIDs, name: name, traits: traits, run: run)
    }

    /// Root collections `c`, `other`, `B`, `_x`; under `c/a`: `zsub`, `Asub`, `asub`, `_sub`; under the
    /// missing `c/ghost`: `sub`, `sub2`.
    private static func seed(_ store: any DocumentStore) async throws {
        try await store.seed([
            "c/a": ["v": 1], "other/a": ["v": 1], "B/a": ["v": 1], "_x/a": ["v": 1],
            "c/a/zsub/1": ["v": 1], "c/a/Asub/1": ["v": 1], "c/a/asub/1": ["v": 1], "c/a/_sub/1": ["v": 1],
            "c/ghost/sub/x": ["v": 1], "c/ghost/sub2/y": ["v": 1],
        ])
    }

    /// The root lists only root collections, by UTF-8 bytes (uppercase, then `_`, then lowercase).
    public static func root_listsRootCollectionsInByteOrder(_ store: any DocumentStore) async throws {
        try await seed(store)

        let response = try await store.listCollectionIDs(ListCollectionIDsRequest())

        try expectEqual(response.collectionIDs, ["B", "_x", "c", "other"], "root collection IDs")
    }

    /// A document lists its direct subcollections, by UTF-8 bytes.
    public static func underDocument_listsItsSubcollectionsInByteOrder(_ store: any DocumentStore) async throws {
        try await seed(store)

        let response = try await store.listCollectionIDs(ListCollectionIDsRequest(parent: try path("c/a")))

        try expectEqual(response.collectionIDs, ["Asub", "_sub", "asub", "zsub"], "collection IDs under c/a")
    }

    /// A document that does not exist still lists the subcollections under it.
    public static func underMissingDocument_listsItsSubcollections(_ store: any DocumentStore) async throws {
        try await seed(store)

        let response = try await store.listCollectionIDs(ListCollectionIDsRequest(parent: try path("c/ghost")))

        try expectEqual(response.collectionIDs, ["sub", "sub2"], "collection IDs under c/ghost")
    }

    /// A document without subcollections lists none.
    public static func underDocumentWithoutSubcollections_isEmpty(_ store: any DocumentStore) async throws {
        try await seed(store)

        let response = try await store.listCollectionIDs(ListCollectionIDsRequest(parent: try path("other/a")))

        try expectEqual(response.collectionIDs, [], "collection IDs under other/a")
        try expectNil(response.nextPageToken, "next page token")
    }

    /// A page holds at most `pageSize` IDs and a token for the next page.
    public static func pageSize_limitsPage(_ store: any DocumentStore) async throws {
        try await seed(store)

        let response = try await store.listCollectionIDs(ListCollectionIDsRequest(parent: try path("c/a"), pageSize: 2))

        try expectEqual(response.collectionIDs, ["Asub", "_sub"], "first page")
        try expectTrue(response.nextPageToken != nil, "a next page token")
    }

    /// Following the tokens visits every ID once, in order, and ends with no token.
    public static func followingTokens_visitsEveryIDOnceInOrder(_ store: any DocumentStore) async throws {
        try await seed(store)
        var all: [String] = []
        var token: String?
        var pages = 0

        repeat {
            let response = try await store.listCollectionIDs(
                ListCollectionIDsRequest(parent: try path("c/a"), pageSize: 3, pageToken: token))
            try expectTrue(
                response.collectionIDs.count <= 3, "a page of at most 3, got \(response.collectionIDs.count)")
            all += response.collectionIDs
            token = response.nextPageToken
            pages += 1
        } while token != nil && pages < 10

        try expectEqual(all, ["Asub", "_sub", "asub", "zsub"], "IDs over all pages")
        try expectNil(token, "token after the last page")
    }

    /// A collection whose documents were all deleted is no longer listed.
    public static func collectionWithoutDocuments_isNotListed(_ store: any DocumentStore) async throws {
        try await store.seed(["gone/a": ["v": 1], "kept/a": ["v": 1]])

        try await store.delete("gone/a")

        try expectEqual(
            try await store.listCollectionIDs(ListCollectionIDsRequest()).collectionIDs, ["kept"], "root collection IDs"
        )
    }
}
