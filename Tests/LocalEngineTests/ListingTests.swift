import HearthDomain
import HearthLocalEngine
import HearthPort
import HearthTestSupport
import Testing

@Suite("Reads: batch get, list documents, list collection IDs")
struct ListingTests {
    // MARK: batchGet and masks

    @Test func batchGet_answersEachDistinctPathOnceInRequestOrder() async throws {
        let sut = EngineHarness()
        try await sut.set("c/a", ["v": 1])

        let response = try sut.engine.batchGetDocuments(
            [try doc("c/zz"), try doc("c/a"), try doc("c/zz")], mask: nil, consistency: .latest)

        #expect(response.documents.map(\.path.documentID) == ["zz", "a"])
        #expect(response.documents.first?.document == nil)
        #expect(response.documents.last?.document?.fields == ["v": 1])
    }

    @Test func getWithMask_returnsOnlyMaskedFields() async throws {
        let sut = EngineHarness()
        try await sut.set("c/a", ["a": ["b": 1, "c": 2], "d": 3])

        let masked = try sut.engine.getDocument(
            try doc("c/a"), mask: [try field("a.c"), try field("zz")], consistency: .latest)
        let empty = try sut.engine.getDocument(try doc("c/a"), mask: [], consistency: .latest)

        #expect(masked?.fields == ["a": ["c": 2]])
        #expect(empty?.fields == [:])
    }

    @Test func emptyBatchGet_answersNothing() throws {
        let sut = EngineHarness()

        #expect(try sut.engine.batchGetDocuments([], mask: nil, consistency: .latest).documents.isEmpty)
    }

    // MARK: listDocuments

    private func listingData() async throws -> EngineHarness {
        let sut = EngineHarness()
        try await sut.commit([
            Write.update(try doc("l/a"), fields: ["v": 3]),
            Write.update(try doc("l/b"), fields: ["w": 1]),
            Write.update(try doc("l/c"), fields: ["v": 1]),
            Write.update(try doc("l/d"), fields: ["v": .null]),
            Write.update(try doc("l/e"), fields: ["v": 1]),
            Write.update(try doc("l/ghost/sub/x"), fields: ["v": 1]),
        ])
        return sut
    }

    private func list(_ sut: EngineHarness, _ request: ListDocumentsRequest) throws -> (ids: [String], token: String?) {
        let response = try sut.engine.listDocuments(request)
        return (
            response.documents.map { $0.document == nil ? "\($0.path.documentID)?" : $0.path.documentID },
            response.nextPageToken
        )
    }

    @Test func listDocuments_returnsAllInNameOrderWithoutALimit() async throws {
        let sut = try await listingData()

        #expect(try list(sut, ListDocumentsRequest(collectionID: "l")).ids == ["a", "b", "c", "d", "e"])
        #expect(try list(sut, ListDocumentsRequest(collectionID: "l", pageSize: 0)).token == nil)
    }

    @Test func listDocuments_pagesWithTokensUntilTheLastPage() async throws {
        let sut = try await listingData()

        let first = try list(sut, ListDocumentsRequest(collectionID: "l", pageSize: 2))
        let second = try list(sut, ListDocumentsRequest(collectionID: "l", pageSize: 2, pageToken: first.token))
        let third = try list(sut, ListDocumentsRequest(collectionID: "l", pageSize: 2, pageToken: second.token))

        #expect(first.ids == ["a", "b"])
        #expect(second.ids == ["c", "d"])
        #expect(third.ids == ["e"])
        #expect(third.token == nil)
    }

    @Test func listDocumentsWithOrder_excludesDocumentsMissingTheFieldAndPagesByIt() async throws {
        let sut = try await listingData()
        let byVDescending = [try order("v", .descending)]

        let all = try list(sut, ListDocumentsRequest(collectionID: "l", orderBy: byVDescending))
        let first = try list(sut, ListDocumentsRequest(collectionID: "l", pageSize: 2, orderBy: byVDescending))
        let second = try list(
            sut, ListDocumentsRequest(collectionID: "l", pageSize: 2, pageToken: first.token, orderBy: byVDescending))

        #expect(all.ids == ["a", "e", "c", "d"])
        #expect(first.ids + second.ids == all.ids)
        #expect(second.token == nil)
    }

    @Test func pagesStayConsistentWhenDocumentsAreAddedBetweenThem() async throws {
        let sut = try await listingData()
        let first = try list(sut, ListDocumentsRequest(collectionID: "l", pageSize: 2))

        try await sut.set("l/aa", ["v": 9])
        let second = try list(sut, ListDocumentsRequest(collectionID: "l", pageSize: 2, pageToken: first.token))

        #expect(second.ids == ["c", "d"])
    }

    @Test func showMissing_listsMissingDocumentsWithSubcollections() async throws {
        let sut = try await listingData()

        let all = try list(sut, ListDocumentsRequest(collectionID: "l", showMissing: true))
        let first = try list(sut, ListDocumentsRequest(collectionID: "l", pageSize: 5, showMissing: true))
        let second = try list(
            sut, ListDocumentsRequest(collectionID: "l", pageSize: 5, pageToken: first.token, showMissing: true))

        #expect(all.ids == ["a", "b", "c", "d", "e", "ghost?"])
        #expect(second.ids == ["ghost?"])
    }

    @Test func showMissingWithOrder_isInvalid() async throws {
        let sut = try await listingData()

        #expect(
            errorCode {
                _ = try list(sut, ListDocumentsRequest(collectionID: "l", orderBy: [try order("v")], showMissing: true))
            } == .invalidArgument)
    }

    @Test func listDocumentsWithMask_trimsFields() async throws {
        let sut = try await listingData()

        let response = try sut.engine.listDocuments(ListDocumentsRequest(collectionID: "l", mask: [try field("zz")]))

        #expect(response.documents.allSatisfy { $0.document?.fields == [:] })
    }

    @Test func badOrMismatchedPageTokens_areInvalid() async throws {
        let sut = try await listingData()
        let token = try list(sut, ListDocumentsRequest(collectionID: "l", pageSize: 1)).token

        #expect(
            errorCode { _ = try list(sut, ListDocumentsRequest(collectionID: "l", pageToken: "garbage")) }
                == .invalidArgument)
        #expect(
            errorCode { _ = try list(sut, ListDocumentsRequest(collectionID: "m", pageToken: token)) }
                == .invalidArgument)
        #expect(
            errorCode {
                _ = try list(sut, ListDocumentsRequest(collectionID: "l", pageToken: token, orderBy: [try order("v")]))
            }
                == .invalidArgument
        )
        #expect(
            errorCode { _ = try list(sut, ListDocumentsRequest(collectionID: "l", pageSize: -1)) } == .invalidArgument)
    }

    @Test func listDocumentsOfASubcollection_readsOnlyIt() async throws {
        let sut = try await listingData()

        #expect(try list(sut, ListDocumentsRequest(parent: try doc("l/ghost"), collectionID: "sub")).ids == ["x"])
    }

    // MARK: listCollectionIDs

    @Test func listCollectionIDs_returnsCollectionsHoldingDocumentsInUTF8Order() async throws {
        let sut = EngineHarness()
        try await sut.commit(
            try ["c/a", "other/a", "c/a/zsub/1", "c/a/Asub/1", "c/a/_sub/1", "c/ghost/sub/x", "gone/x"].map {
                Write.update(try doc($0), fields: ["v": 1])
            })
        try await sut.commit([Write.delete(try doc("gone/x"))])

        let root = try sut.engine.listCollectionIDs(ListCollectionIDsRequest())
        let underA = try sut.engine.listCollectionIDs(ListCollectionIDsRequest(parent: try doc("c/a")))
        let underGhost = try sut.engine.listCollectionIDs(ListCollectionIDsRequest(parent: try doc("c/ghost")))
        let underNothing = try sut.engine.listCollectionIDs(ListCollectionIDsRequest(parent: try doc("c/none")))

        #expect(root.collectionIDs == ["c", "other"])
        #expect(underA.collectionIDs == ["Asub", "_sub", "zsub"])
        #expect(underGhost.collectionIDs == ["sub"])
        #expect(underNothing.collectionIDs == [])
    }

    @Test func listCollectionIDs_pages() async throws {
        let sut = EngineHarness()
        try await sut.commit(try ["a/1", "b/1", "c/1"].map { Write.update(try doc($0), fields: ["v": 1]) })

        let first = try sut.engine.listCollectionIDs(ListCollectionIDsRequest(pageSize: 2))
        let second = try sut.engine.listCollectionIDs(
            ListCollectionIDsRequest(pageSize: 2, pageToken: first.nextPageToken))

        #expect(first.collectionIDs == ["a", "b"])
        #expect(second.collectionIDs == ["c"])
        #expect(second.nextPageToken == nil)
        #expect(
            errorCode { _ = try sut.engine.listCollectionIDs(ListCollectionIDsRequest(pageToken: "x")) }
                == .invalidArgument)
    }

    @Test func deletingTheLastDocumentOfACollection_removesItFromListings() async throws {
        let sut = EngineHarness()
        let created = try await sut.set("tmp/a/sub/b", ["v": 1])
        try await sut.commit([Write.delete(try doc("tmp/a/sub/b"))])

        #expect(try sut.engine.listCollectionIDs(ListCollectionIDsRequest()).collectionIDs == [])
        #expect(
            try sut.engine.listCollectionIDs(ListCollectionIDsRequest(consistency: .readTime(created.commitTime)))
                .collectionIDs == ["tmp"])
    }
}
