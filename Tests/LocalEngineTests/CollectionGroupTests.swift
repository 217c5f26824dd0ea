import HearthDomain
import HearthLocalEngine
import HearthPort
import HearthTestSupport
import Testing

@Suite("Queries: collections and collection groups")
struct CollectionGroupTests {
    private func sut() async throws -> EngineHarness {
        let sut = EngineHarness()
        let paths = [
            "a/1", "a/1/b/x", "a/1/b/y", "a/2/b/z", "b/w", "a/1/c/q/b/deep", "c/9/b/v", "ab/1/b/u", "a/3/sub/s",
        ]
        try await sut.commit(
            try paths.enumerated().map { index, path in
                Write.update(try doc(path), fields: ["v": .integer(Int64(index))])
            })
        return sut
    }

    @Test func collectionQuery_readsOnlyThatCollection() async throws {
        let sut = try await sut()

        #expect(try sut.run(collectionQuery("b"), parent: "a/1") == ["a/1/b/x", "a/1/b/y"])
        #expect(try sut.run(collectionQuery("b")) == ["b/w"])
    }

    @Test func collectionGroupFromRoot_readsEveryCollectionWithThatIDInPathOrder() async throws {
        let sut = try await sut()

        let paths = try sut.run(collectionQuery("b", allDescendants: true))

        #expect(paths == ["a/1/b/x", "a/1/b/y", "a/1/c/q/b/deep", "a/2/b/z", "ab/1/b/u", "b/w", "c/9/b/v"])
    }

    @Test func collectionGroupUnderADocument_readsOnlyItsDescendants() async throws {
        let sut = try await sut()

        #expect(
            try sut.run(collectionQuery("b", allDescendants: true), parent: "a/1") == [
                "a/1/b/x", "a/1/b/y", "a/1/c/q/b/deep",
            ])
        #expect(try sut.run(collectionQuery("b", allDescendants: true), parent: "a/1/c/q") == ["a/1/c/q/b/deep"])
        #expect(try sut.run(collectionQuery("b", allDescendants: true), parent: "a/2") == ["a/2/b/z"])
    }

    @Test func collectionGroupUnderAMissingDocument_stillFindsDescendants() async throws {
        let sut = try await sut()

        #expect(try sut.run(collectionQuery("sub", allDescendants: true), parent: "a/3") == ["a/3/sub/s"])
        #expect(try sut.run(collectionQuery("b", allDescendants: true), parent: "zz/none") == [])
    }

    @Test func collectionGroupWithNameFilter_comparesFullPaths() async throws {
        let sut = try await sut()
        var query = collectionQuery("b", allDescendants: true)
        query.filter = try filter("__name__", .greaterThan, try reference("a/1/b/y"))

        #expect(try sut.run(query) == ["a/1/c/q/b/deep", "a/2/b/z", "ab/1/b/u", "b/w", "c/9/b/v"])
    }

    @Test func collectionGroupUnderADocument_mayOnlyFilterAndOrderOnName() async throws {
        let sut = try await sut()
        var byName = collectionQuery("b", allDescendants: true)
        byName.filter = try filter("__name__", .greaterThan, try reference("a/1/b/x"))
        byName.orderBy = [try order("__name__")]
        var byField = collectionQuery("b", allDescendants: true)
        byField.filter = try filter("v", .equal, 1)
        var orderedByField = collectionQuery("b", allDescendants: true)
        orderedByField.orderBy = [try order("v")]

        #expect(try sut.run(byName, parent: "a/1") == ["a/1/b/y", "a/1/c/q/b/deep"])
        #expect(errorCode { _ = try sut.run(byField, parent: "a/1") } == .invalidArgument)
        #expect(errorCode { _ = try sut.run(orderedByField, parent: "a/1") } == .invalidArgument)
        #expect(try sut.run(byField) == ["a/1/b/x"])
    }

    @Test func kindlessQuery_readsEveryCollectionUnderTheParent() async throws {
        let sut = try await sut()

        #expect(try sut.run(collectionQuery("")) == ["a/1", "b/w"])
        #expect(try sut.run(collectionQuery("", allDescendants: true), parent: "a/1").count == 3)
        #expect(try sut.run(collectionQuery("", allDescendants: true)).count == 9)
    }

    @Test func unrelatedCollectionsWithSimilarNames_areNotRead() async throws {
        let sut = EngineHarness()
        try await sut.commit([
            Write.update(try doc("users/a"), fields: ["v": 1]),
            Write.update(try doc("users2/b"), fields: ["v": 1]),
            Write.update(try doc("users/a/users/c"), fields: ["v": 1]),
        ])

        #expect(try sut.run(collectionQuery("users")) == ["users/a"])
        #expect(try sut.run(collectionQuery("users", allDescendants: true)) == ["users/a", "users/a/users/c"])
    }
}
