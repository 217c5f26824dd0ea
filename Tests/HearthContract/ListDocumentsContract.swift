import HearthDomain
public import HearthPort

/// Listing the documents of one collection: order, pages, page tokens, masks and missing documents.
public enum ListDocumentsContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("list_inDocumentIDByteOrder", list_inDocumentIDByteOrder),
        b("list_returnsFieldsAndTimes", list_returnsFieldsAndTimes),
        b("list_pageSize_limitsPageAndGivesToken", list_pageSize_limitsPageAndGivesToken),
        b("list_followingTokens_visitsEveryDocumentOnceInOrder", list_followingTokens_visitsEveryDocumentOnceInOrder),
        b("list_emptyCollection_isEmptyWithoutToken", list_emptyCollection_isEmptyWithoutToken),
        b("list_excludesMissingParentDocumentsByDefault", list_excludesMissingParentDocumentsByDefault),
        b("list_showMissing_includesMissingParentsInOrder", list_showMissing_includesMissingParentsInOrder),
        b("list_withMask_returnsMaskedFields", list_withMask_returnsMaskedFields),
        b("list_orderByFieldDescending", list_orderByFieldDescending),
        b("list_subcollection_underParent", list_subcollection_underParent),
        b("list_excludesDocumentsOfSubcollections", list_excludesDocumentsOfSubcollections),
        b("list_invalidPageToken_failsInvalidArgument", list_invalidPageToken_failsInvalidArgument),
        b("list_negativePageSize_failsInvalidArgument", list_negativePageSize_failsInvalidArgument),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .listDocuments, name: name, traits: traits, run: run)
    }

    /// `c/{b, a, B, 10, 9, z}` with `v` 1...6, `c/ghost/sub/x` (c/ghost missing), `c/a/inner/i`, `other/a`.
    private static func seed(_ store: any DocumentStore) async throws {
        try await store.seed([
            "c/b": ["v": 1], "c/a": ["v": 2], "c/B": ["v": 3], "c/10": ["v": 4], "c/9": ["v": 5], "c/z": ["v": 6],
            "c/ghost/sub/x": ["v": 7], "c/a/inner/i": ["v": 8], "other/a": ["v": 9],
        ])
    }

    private static func ids(_ response: ListDocumentsResponse) -> [String] { response.documents.map(\.path.documentID) }

    /// Documents are listed by ID in UTF-8 byte order.
    public static func list_inDocumentIDByteOrder(_ store: any DocumentStore) async throws {
        try await seed(store)

        let response = try await store.listDocuments(ListDocumentsRequest(collectionID: "c"))

        try expectEqual(ids(response), ["10", "9", "B", "a", "b", "z"], "listed IDs")
    }

    /// Listed documents carry their fields and their create and update times.
    public static func list_returnsFieldsAndTimes(_ store: any DocumentStore) async throws {
        let write = try await store.set("c/a", ["x": 1])

        let document = try unwrap(
            try await store.listDocuments(ListDocumentsRequest(collectionID: "c")).documents.first?.document, "c/a")

        try expectEqual(document.fields, ["x": 1], "fields")
        try expectEqual(document.createTime, write.commitTime, "createTime")
        try expectEqual(document.updateTime, write.commitTime, "updateTime")
    }

    /// A page holds at most `pageSize` documents and a token for the next page.
    public static func list_pageSize_limitsPageAndGivesToken(_ store: any DocumentStore) async throws {
        try await seed(store)

        let response = try await store.listDocuments(ListDocumentsRequest(collectionID: "c", pageSize: 2))

        try expectEqual(ids(response), ["10", "9"], "first page")
        try expectTrue(response.nextPageToken != nil, "a next page token")
    }

    /// Following the tokens visits every document once, in order, and ends with no token.
    public static func list_followingTokens_visitsEveryDocumentOnceInOrder(_ store: any DocumentStore) async throws {
        try await seed(store)
        var all: [String] = []
        var token: String?
        var pages = 0

        repeat {
            let response = try await store.listDocuments(
                ListDocumentsRequest(collectionID: "c", pageSize: 2, pageToken: token))
            try expectTrue(response.documents.count <= 2, "a page of at most 2, got \(response.documents.count)")
            all += ids(response)
            token = response.nextPageToken
            pages += 1
        } while token != nil && pages < 10

        try expectEqual(all, ["10", "9", "B", "a", "b", "z"], "documents over all pages")
        try expectNil(token, "token after the last page")
    }

    /// An empty collection lists no documents and no token.
    public static func list_emptyCollection_isEmptyWithoutToken(_ store: any DocumentStore) async throws {
        try await seed(store)

        let response = try await store.listDocuments(ListDocumentsRequest(collectionID: "nothing"))

        try expectEqual(ids(response), [], "documents")
        try expectNil(response.nextPageToken, "next page token")
    }

    /// Missing documents that only have subcollections are not listed by default.
    public static func list_excludesMissingParentDocumentsByDefault(_ store: any DocumentStore) async throws {
        try await seed(store)

        let response = try await store.listDocuments(ListDocumentsRequest(collectionID: "c"))

        try expectTrue(!ids(response).contains("ghost"), "ghost not listed in \(ids(response))")
    }

    /// With `showMissing`, missing documents that have subcollections are listed as missing, in name order.
    public static func list_showMissing_includesMissingParentsInOrder(_ store: any DocumentStore) async throws {
        try await seed(store)

        let response = try await store.listDocuments(ListDocumentsRequest(collectionID: "c", showMissing: true))

        try expectEqual(ids(response), ["10", "9", "B", "a", "b", "ghost", "z"], "listed IDs")
        try expectEqual(
            response.documents.map { $0.document == nil }, [false, false, false, false, false, true, false],
            "which are missing")
    }

    /// A mask limits the fields of every listed document.
    public static func list_withMask_returnsMaskedFields(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["x": 1, "y": 2], "c/b": ["y": 3]])

        let response = try await store.listDocuments(ListDocumentsRequest(collectionID: "c", mask: [try field("x")]))

        try expectEqual(response.documents.map { $0.document?.fields }, [["x": 1], [:]], "masked fields")
    }

    /// Documents can be listed in the order of a field, descending.
    public static func list_orderByFieldDescending(_ store: any DocumentStore) async throws {
        try await seed(store)

        let response = try await store.listDocuments(ListDocumentsRequest(collectionID: "c", orderBy: [try desc("v")]))

        try expectEqual(ids(response), ["z", "9", "10", "B", "a", "b"], "listed IDs")
    }

    /// A subcollection is listed under its parent document.
    public static func list_subcollection_underParent(_ store: any DocumentStore) async throws {
        try await seed(store)

        let response = try await store.listDocuments(
            ListDocumentsRequest(parent: try path("c/a"), collectionID: "inner"))

        try expectEqual(response.documents.map(\.path.path), ["c/a/inner/i"], "listed paths")
    }

    /// Listing a collection does not descend into subcollections.
    public static func list_excludesDocumentsOfSubcollections(_ store: any DocumentStore) async throws {
        try await seed(store)

        let response = try await store.listDocuments(ListDocumentsRequest(collectionID: "c"))

        try expectTrue(
            response.documents.allSatisfy { $0.path.segments.count == 2 },
            "only documents of c, got \(response.documents.map(\.path.path))")
    }

    /// A page token that was never issued is `invalidArgument`.
    public static func list_invalidPageToken_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await seed(store)

        try await expectThrows(code: .invalidArgument, "list with a made-up page token") {
            try await store.listDocuments(ListDocumentsRequest(collectionID: "c", pageSize: 2, pageToken: "garbage"))
        }
    }

    /// A negative page size is `invalidArgument`.
    public static func list_negativePageSize_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await seed(store)

        try await expectThrows(code: .invalidArgument, "list with page size -1") {
            try await store.listDocuments(ListDocumentsRequest(collectionID: "c", pageSize: -1))
        }
    }
}
