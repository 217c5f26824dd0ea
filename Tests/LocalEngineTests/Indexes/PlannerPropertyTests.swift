import HearthDomain
@testable import HearthLocalEngine
import Testing

/// Index plans against the forced scan plan, on random data with several versions per document and random
/// queries (every operator, AND/OR, orders both ways, cursors, offsets, limits, collection groups), read
/// at every commit time: the results must be identical. The collection is large enough for its indexes to
/// span several chunks.
@Suite("Planner: index plans equal the scan")
struct PlannerPropertyTests {
    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func randomQueries_returnWhatTheScanReturns(seed: UInt64) throws {
        var random = RandomValues(seed: seed)
        let (storage, times) = try makeStorage(&random)
        let planner = QueryPlanner()
        let executor = QueryExecutor(planner: planner)
        var accepted = 0
        var kinds = Set<String>()

        for _ in 0..<400 {
            let query = randomQuery(&random)
            let validated: ValidatedQuery
            do {
                validated = try QueryValidator.validate(parent: nil, query: query, database: EngineHarness.database)
            } catch {
                continue
            }
            accepted += 1
            let plan = planner.plan(validated, catalog: storage)
            kinds.formUnion(Self.kinds(of: plan))
            let scan = QueryPlan.collectionScan(storage.collections(in: validated.scope))
            for time in times {
                let planned = executor.execute(validated, plan: plan, source: storage, at: time)
                let scanned = executor.execute(validated, plan: scan, source: storage, at: time)

                #expect(
                    planned.documents.map(\.path) == scanned.documents.map(\.path), "\(query) with \(plan) at \(time)")
                #expect(planned.documents == scanned.documents)
                #expect(planned.skipped == scanned.skipped, "\(query) with \(plan) at \(time)")
            }
        }

        #expect(accepted > 150)
        #expect(
            kinds.isSuperset(of: [
                "ordered", "value", "arrayContains", "name", "composite", "merged", "intersection", "union", "nothing",
            ]), "\(kinds)")
    }

    // MARK: Helpers

    static func kinds(of plan: QueryPlan) -> Set<String> {
        var kinds: Set<String> = plan.ordered ? ["ordered"] : []
        func visit(_ path: AccessPath) {
            switch path {
            case .scan: kinds.insert("scan")
            case .index(let scan):
                switch scan.index {
                case .name: kinds.insert("name")
                case .value: kinds.insert("value")
                case .arrayContains: kinds.insert("arrayContains")
                case .composite: kinds.insert("composite")
                }
                if scan.mergeRanges, scan.ranges.count > 1 { kinds.insert("merged") }
            case .intersection: kinds.insert("intersection")
            case .union(let paths):
                kinds.insert(paths.isEmpty ? "nothing" : "union")
                paths.forEach(visit)
            }
        }
        plan.accesses.forEach { visit($0.path) }
        return kinds
    }

    private static let fields = ["a", "b", "tags", "m.x", "m", "__name__"]

    private func makeStorage(_ random: inout RandomValues) throws -> (DocumentStorage, [Timestamp]) {
        var storage = DocumentStorage()
        var times: [Timestamp] = []
        let paths =
            try (0..<420).map { try doc("c/d\($0 % 7)\($0)") } + (0..<60).map { try doc("p/p\($0 % 3)/c/g\($0)") }
        for round in 0..<4 {
            let time = try Timestamp(seconds: 1_700_000_000 + Int64(round), nanoseconds: 0)
            for path in paths where round == 0 || random.chance(0.3) {
                if round > 0, random.chance(0.2) {
                    storage.install(nil, at: path, commitTime: time)
                } else {
                    let fields = randomFields(&random)
                    storage.install(
                        Document(path: path, fields: fields, createTime: time, updateTime: time), at: path,
                        commitTime: time)
                }
            }
            if round == 1 {
                let collection = try CollectionPath("c")
                for definition in [["b", "a"], ["a", "b"], ["b", "m.x"], ["tags", "a"], ["a", "m.x"]] {
                    storage.addComposite(
                        CompositeIndexDefinition(fields: try definition.map { try FieldPath(dotted: $0) }),
                        in: collection)
                }
            }
            times.append(time)
        }
        return (storage, times)
    }

    private func randomFields(_ random: inout RandomValues) -> MapValue {
        var fields = MapValue()
        if random.chance(0.85) { fields["a"] = smallValue(&random) }
        if random.chance(0.85) { fields["b"] = .string(random.pick(["x", "y", "z", "w"])) }
        if random.chance(0.6) { fields["tags"] = .array((0..<random.int(0..<4)).map { _ in smallValue(&random) }) }
        if random.chance(0.5) {
            var nested = MapValue()
            if random.chance(0.8) { nested["x"] = smallValue(&random) }
            if random.chance(0.5) { nested["y"] = .string(random.pick(["p", "q"])) }
            fields["m"] = .map(nested)
        }
        return fields
    }

    private func smallValue(_ random: inout RandomValues) -> Value {
        random.pick([
            .null, .integer(1), .integer(2), .double(2.0), .double(.nan), .integer(3), .double(-0.0), .integer(0), "s",
            "t", true, .array([1, 2]),
        ])
    }

    private func operand(_ random: inout RandomValues, for field: String) -> Value {
        if field == "__name__" {
            let path = random.pick(["c/d00", "c/d314", "c/d645", "c/zz", "p/p0/c/g0", "c/d00/x/y"])
            return (try? doc(path)).map { .reference(DocumentName(database: EngineHarness.database, path: $0)) }
                ?? .null
        }
        if field == "b" { return .string(random.pick(["x", "y", "z", "a"])) }
        return random.chance(0.8) ? smallValue(&random) : random.value()
    }

    private func leaf(_ random: inout RandomValues) -> StructuredQuery.Filter {
        let name = random.pick(Self.fields)
        let path = (try? FieldPath(dotted: name)) ?? FieldPath.documentID
        if name != "__name__", random.chance(0.1) {
            return .unary(path, random.pick([.isNull, .isNaN, .isNotNull, .isNotNaN]))
        }
        let op = random.pick([
            FieldOperator.equal, .equal, .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual, .notEqual, .in,
            .notIn, .arrayContains, .arrayContainsAny,
        ])
        switch op {
        case .in, .notIn, .arrayContainsAny:
            return .field(path, op, .array((0..<random.int(1..<4)).map { _ in operand(&random, for: name) }))
        default:
            return .field(path, op, operand(&random, for: name))
        }
    }

    private func randomQuery(_ random: inout RandomValues) -> StructuredQuery {
        var query = StructuredQuery(from: CollectionSelector(collectionID: "c", allDescendants: random.chance(0.15)))
        switch random.int(0..<6) {
        case 0: break
        case 1, 2: query.filter = leaf(&random)
        case 3, 4: query.filter = .composite(.and, (0..<random.int(2..<4)).map { _ in leaf(&random) })
        default:
            query.filter = .composite(
                .or,
                (0..<random.int(2..<3)).map { _ in
                    random.chance(0.5) ? leaf(&random) : .composite(.and, [leaf(&random), leaf(&random)])
                })
        }
        let direction: Order.Direction = random.chance(0.5) ? .ascending : .descending
        for _ in 0..<random.int(0..<3) {
            let name = random.pick(Self.fields)
            if let path = try? FieldPath(dotted: name) {
                query.orderBy.append(Order(path, random.chance(0.85) ? direction : .ascending))
            }
        }
        if !query.orderBy.isEmpty, random.chance(0.3) {
            let values = query.orderBy.prefix(random.int(1..<(query.orderBy.count + 1))).map {
                operand(&random, for: $0.field.isDocumentID ? "__name__" : "a")
            }
            query.startAt = Cursor(values: values, before: random.chance(0.5))
        }
        if !query.orderBy.isEmpty, random.chance(0.3) {
            let values = query.orderBy.prefix(random.int(1..<(query.orderBy.count + 1))).map {
                operand(&random, for: $0.field.isDocumentID ? "__name__" : "a")
            }
            query.endAt = Cursor(values: values, before: random.chance(0.5))
        }
        if random.chance(0.6) { query.limit = random.int(0..<12) }
        if random.chance(0.2) { query.offset = random.int(0..<4) }
        return query
    }
}
