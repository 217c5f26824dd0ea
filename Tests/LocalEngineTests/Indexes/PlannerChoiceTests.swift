import HearthTestSupport
import HearthDomain
@testable import HearthLocalEngine
import Testing

@Suite("Planner: the plan each query shape gets")
struct PlannerChoiceTests {
    @Test func equality_readsTheValueIndexInNameOrder() throws {
        let sut = try makeSUT()

        let plan = try sut.plan(where: filter("status", .equal, "b"), limit: 5)

        #expect(plan.ordered)
        #expect(plan.onlyScan?.index == .value(try field("status")))
        try sut.expectSameResultsAsScan(where: filter("status", .equal, "b"), limit: 5)
    }

    @Test func range_readsTheFieldIndexInFieldOrder() throws {
        let sut = try makeSUT()

        let plan = try sut.plan(where: filter("age", .greaterThanOrEqual, 90))

        #expect(plan.ordered)
        #expect(plan.onlyScan?.index == .value(try field("age")))
        try sut.expectSameResultsAsScan(where: filter("age", .greaterThanOrEqual, 90))
    }

    @Test func descendingOrderWithLimit_readsTheIndexBackwards() throws {
        let sut = try makeSUT()

        let plan = try sut.plan(orderBy: [order("createdAt", .descending)], limit: 20)

        #expect(plan.ordered)
        #expect(plan.onlyScan?.index == .value(try field("createdAt")))
        #expect(plan.onlyScan?.reverse == true)
        try sut.expectSameResultsAsScan(orderBy: [order("createdAt", .descending)], limit: 20)
    }

    @Test func equalityWithOrderOnAnotherField_walksTheOrderIndexAndFilters() throws {
        let sut = try makeSUT()

        let plan = try sut.plan(
            where: filter("status", .equal, "a"), orderBy: [order("createdAt", .descending)], limit: 20)

        #expect(plan.ordered)
        #expect(plan.onlyScan?.index == .value(try field("createdAt")))
        try sut.expectSameResultsAsScan(
            where: filter("status", .equal, "a"), orderBy: [order("createdAt", .descending)], limit: 20)
    }

    @Test func inOrderedByName_mergesItsPoints() throws {
        let sut = try makeSUT()

        let plan = try sut.plan(where: filter("status", .in, ["b", "c"]), limit: 10)

        #expect(plan.ordered)
        #expect(plan.onlyScan?.mergeRanges == true)
        #expect(plan.onlyScan?.ranges.count == 2)
        try sut.expectSameResultsAsScan(where: filter("status", .in, ["b", "c"]), limit: 10)
    }

    @Test func arrayContains_readsTheArrayIndex() throws {
        let sut = try makeSUT()

        let plan = try sut.plan(where: filter("tags", .arrayContains, "t1"))

        #expect(plan.onlyScan?.index == .arrayContains(try field("tags")))
        try sut.expectSameResultsAsScan(where: filter("tags", .arrayContains, "t1"))
        try sut.expectSameResultsAsScan(where: filter("tags", .arrayContainsAny, ["t1", "t2"]), limit: 7)
    }

    @Test func twoSelectiveEqualities_intersect() throws {
        let sut = try makeSUT()
        let both = StructuredQuery.Filter.composite(
            .and, [try filter("status", .equal, "b"), try filter("city", .equal, "x")])

        let plan = try sut.plan(where: both)

        guard case .intersection(let scans) = plan.accesses.first?.path else {
            Issue.record("expected an intersection, got \(plan)")
            return
        }
        #expect(scans.count == 2)
        try sut.expectSameResultsAsScan(where: both)
    }

    @Test func nullEquality_readsNothing() throws {
        let sut = try makeSUT()

        let plan = try sut.plan(where: filter("status", .equal, .null))

        guard case .union(let paths) = plan.accesses.first?.path else {
            Issue.record("expected nothing, got \(plan)")
            return
        }
        #expect(paths.isEmpty)
    }

    @Test func orWithAnUnindexableBranch_scans() throws {
        let sut = try makeSUT()
        let either = StructuredQuery.Filter.composite(
            .or, [try filter("status", .equal, "d"), try filter("__name__", .notEqual, try reference("c/x"))])

        let plan = try sut.plan(where: either)

        guard case .scan = plan.accesses.first?.path else {
            Issue.record("expected a scan, got \(plan)")
            return
        }
        try sut.expectSameResultsAsScan(where: either)
    }

    @Test func orOfIndexableBranches_unitesThem() throws {
        let sut = try makeSUT()
        let either = StructuredQuery.Filter.composite(
            .or, [try filter("status", .equal, "d"), try filter("age", .lessThan, 2)])

        let plan = try sut.plan(where: either)

        guard case .union(let paths) = plan.accesses.first?.path else {
            Issue.record("expected a union, got \(plan)")
            return
        }
        #expect(paths.count == 2)
        try sut.expectSameResultsAsScan(where: either)
    }

    @Test func startCursor_seeksIntoTheIndex() throws {
        let sut = try makeSUT()
        let start = Cursor(values: [50], before: true)

        let plan = try sut.plan(orderBy: [order("age")], startAt: start, limit: 3)

        #expect(plan.onlyScan?.ranges.first?.lower == IndexKeyEncoding.encode(50))
        try sut.expectSameResultsAsScan(orderBy: [order("age")], startAt: start, limit: 3)
        try sut.expectSameResultsAsScan(
            orderBy: [order("age", .descending)], startAt: Cursor(values: [50], before: false), limit: 3)
    }

    @Test func collectionGroup_readsEachCollectionWithItsIndexes() throws {
        let sut = try makeSUT()

        let plan = try sut.plan(where: filter("status", .equal, "d"), allDescendants: true)

        #expect(plan.accesses.count == 2)
        #expect(!plan.ordered)
        try sut.expectSameResultsAsScan(where: filter("status", .equal, "d"), allDescendants: true)
    }

    @Test func equalityOfMiddlingSelectivityWithOrderAndLimit_getsAnAutomaticCompositeIndex() throws {
        var sut = try makeSUT()
        let rare = try sut.validated(
            where: filter("status", .equal, "c"), orderBy: [order("createdAt", .descending)], limit: 20)
        let common = try sut.validated(
            where: filter("status", .equal, "a"), orderBy: [order("createdAt", .descending)], limit: 20)

        let recommendation = sut.planner.recommendedComposite(for: rare, catalog: sut.storage)

        #expect(sut.planner.recommendedComposite(for: common, catalog: sut.storage) == nil)
        let definition = try #require(recommendation).definition
        #expect(definition.fields == [try field("status"), try field("createdAt")])
        sut.storage.addComposite(definition, in: try #require(recommendation).collection)
        let plan = sut.planner.plan(rare, catalog: sut.storage)
        #expect(plan.ordered)
        #expect(plan.onlyScan?.index == .composite(definition))
        try sut.expectSameResultsAsScan(
            where: filter("status", .equal, "c"), orderBy: [order("createdAt", .descending)], limit: 20)
        try sut.expectSameResultsAsScan(
            where: filter("status", .in, ["d", "c"]), orderBy: [order("createdAt", .descending)], limit: 20)
    }

    // MARK: Helpers

    private func makeSUT() throws -> PlannerHarness {
        var storage = DocumentStorage()
        var generator = SeededGenerator(seed: 9)
        let time = try Timestamp(seconds: 1_700_000_000, nanoseconds: 0)
        for index in 0..<2_000 {
            let roll = Int.random(in: 0..<100, using: &generator)
            let status = roll < 70 ? "a" : roll < 90 ? "b" : roll < 99 ? "c" : "d"
            let createdAt = try Timestamp(seconds: 1_600_000_000 + Int64(index * 37 % 2_000), nanoseconds: 0)
            let fields: MapValue = [
                "status": .string(status),
                "age": .integer(Int64.random(in: 0..<100, using: &generator)),
                "city": .string(Int.random(in: 0..<10, using: &generator) < 3 ? "x" : "y"),
                "createdAt": .timestamp(createdAt),
                "tags": .array(["t\(index % 5)", "t\(index % 3)"].map(Value.string)),
            ]
            let path = try doc(index % 10 == 0 ? "p/q/c/s\(index)" : "c/d\(index)")
            storage.install(
                Document(path: path, fields: fields, createTime: time, updateTime: time), at: path, commitTime: time)
        }
        return PlannerHarness(storage: storage, time: time)
    }
}

struct PlannerHarness {
    var storage: DocumentStorage
    let time: Timestamp
    let planner = QueryPlanner()

    func validated(
        where filter: StructuredQuery.Filter? = nil,
        orderBy: [Order] = [],
        startAt: Cursor? = nil,
        limit: Int? = nil,
        allDescendants: Bool = false
    ) throws -> ValidatedQuery {
        let query = StructuredQuery(
            from: CollectionSelector(collectionID: "c", allDescendants: allDescendants),
            filter: filter,
            orderBy: orderBy,
            startAt: startAt,
            limit: limit
        )
        return try QueryValidator.validate(parent: nil, query: query, database: EngineHarness.database)
    }

    func plan(
        where filter: StructuredQuery.Filter? = nil,
        orderBy: [Order] = [],
        startAt: Cursor? = nil,
        limit: Int? = nil,
        allDescendants: Bool = false
    ) throws -> QueryPlan {
        planner.plan(
            try validated(
                where: filter, orderBy: orderBy, startAt: startAt, limit: limit, allDescendants: allDescendants),
            catalog: storage)
    }

    func expectSameResultsAsScan(
        where filter: StructuredQuery.Filter? = nil,
        orderBy: [Order] = [],
        startAt: Cursor? = nil,
        limit: Int? = nil,
        allDescendants: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let query = try validated(
            where: filter, orderBy: orderBy, startAt: startAt, limit: limit, allDescendants: allDescendants)
        let executor = QueryExecutor(planner: planner)
        let planned = executor.execute(query, source: storage, at: time)
        let scanned = executor.execute(
            query, plan: .collectionScan(storage.collections(in: query.scope)), source: storage, at: time)
        #expect(
            planned.documents.map(\.path) == scanned.documents.map(\.path), "\(planner.plan(query, catalog: storage))",
            sourceLocation: sourceLocation)
        #expect(planned.documents == scanned.documents, sourceLocation: sourceLocation)
        #expect(
            !planned.documents.isEmpty || limit == 0, "a test query should return something",
            sourceLocation: sourceLocation)
    }
}

extension QueryPlan {
    /// The index scan of a single-collection plan that reads one index.
    var onlyScan: IndexScan? {
        guard accesses.count == 1, case .index(let scan) = accesses[0].path else { return nil }
        return scan
    }
}
