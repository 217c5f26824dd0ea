import HearthDomain
@testable import HearthLocalEngine
import Testing

@Suite("Indexes: maintenance across versions")
struct IndexMaintenanceTests {
    @Test func update_keepsTheOldEntryForReadsAtTheOldTime() throws {
        var storage = DocumentStorage()
        try storage.put("c/a", ["v": 1], at: 1)
        try storage.put("c/b", ["v": 2], at: 1)
        try storage.put("c/a", ["v": 3], at: 2)

        #expect(try storage.entries(.value(field("v"))) == 3)
        #expect(try storage.run(orderedBy: "v", at: 1) == ["a", "b"])
        #expect(try storage.run(orderedBy: "v", at: 2) == ["b", "a"])
    }

    @Test func prune_removesTheEntriesOnlyPrunedVersionsHad() throws {
        var storage = DocumentStorage()
        try storage.put("c/a", ["v": 1, "w": 7], at: 1)
        try storage.put("c/a", ["v": 3, "w": 7], at: 2)

        storage.prune([try doc("c/a")], before: try time(2))

        #expect(try storage.entries(.value(field("v"))) == 1)
        #expect(try storage.entries(.value(field("w"))) == 1)
        #expect(try storage.run(orderedBy: "v", at: 2) == ["a"])
        #expect(!storage.hasPrunableVersions(try doc("c/a")))
    }

    @Test func discardedVersion_leavesNoEntries() throws {
        var storage = DocumentStorage()
        try storage.put("c/a", ["v": 1, "tags": ["x"]], at: 1)
        try storage.put("c/a", ["v": 2, "tags": ["x", "y"]], at: 2)

        storage.discardVersions(of: [try doc("c/a")], installedAtOrAfter: try time(2))

        #expect(try storage.entries(.value(field("v"))) == 1)
        #expect(try storage.entries(.arrayContains(field("tags"))) == 1)
        #expect(storage.head(try doc("c/a"))?.document?.fields == ["v": 1, "tags": ["x"]])
    }

    @Test func deletionPrunedAway_freesTheSlotForTheNextDocument() throws {
        var storage = DocumentStorage()
        try storage.put("c/a", ["v": 1], at: 1)
        storage.install(nil, at: try doc("c/a"), commitTime: try time(2))
        #expect(storage.hasPrunableVersions(try doc("c/a")))

        storage.prune([try doc("c/a")], before: try time(3))
        try storage.put("c/b", ["v": 5], at: 4)

        #expect(storage.collections[try CollectionPath("c")]?.slots.count == 1)
        #expect(try storage.entries(.name) == 1)
        #expect(try storage.run(orderedBy: "v", at: 4) == ["b"])
    }

    @Test func nestedMapsAndArrays_areIndexedLikeFirestore() throws {
        var storage = DocumentStorage()

        try storage.put("c/a", ["m": ["x": 1, "n": ["y": "z"]], "tags": [1, ["k": 2]]], at: 1)

        for path in ["m", "m.x", "m.n", "m.n.y", "tags"] {
            #expect(try storage.entries(.value(field(path))) == 1, "\(path)")
        }
        #expect(try storage.entries(.value(field("tags.k"))) == 0)
        #expect(try storage.entries(.arrayContains(field("tags"))) == 2)
    }
}

private func time(_ second: Int64) throws -> Timestamp {
    try Timestamp(seconds: 1_700_000_000 + second, nanoseconds: 0)
}

extension DocumentStorage {
    fileprivate mutating func put(_ path: String, _ fields: MapValue, at second: Int64) throws {
        let commitTime = try time(second)
        let documentPath = try doc(path)
        let create = head(documentPath)?.document?.createTime ?? commitTime
        install(
            Document(path: documentPath, fields: fields, createTime: create, updateTime: commitTime), at: documentPath,
            commitTime: commitTime)
    }

    fileprivate func entries(_ index: IndexSelector) throws -> Int {
        collections[try CollectionPath("c")]?.index(index)?.count ?? 0
    }

    /// The IDs a query ordered by `field` returns at a time, read in order from the field's index.
    fileprivate func run(orderedBy field: String, at second: Int64) throws -> [String] {
        let query = try QueryValidator.validate(
            parent: nil,
            query: StructuredQuery(from: CollectionSelector(collectionID: "c"), orderBy: [try order(field)]),
            database: EngineHarness.database
        )
        let executor = QueryExecutor(planner: QueryPlanner())
        let scan = IndexScan(index: .value(try FieldPath(dotted: field)), ranges: [.all])
        let plan = QueryPlan(
            accesses: [CollectionAccess(collection: try CollectionPath("c"), path: .index(scan))], ordered: true)
        return executor.execute(query, plan: plan, source: self, at: try time(second)).documents.map(\.path.documentID)
    }
}
