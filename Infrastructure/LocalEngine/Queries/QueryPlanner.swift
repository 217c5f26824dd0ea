import HearthDomain

/// Chooses a ``QueryPlan`` for a validated query from the indexes of the collections it reads, by an
/// estimated cost in entries visited (exact entry counts of each filter's key ranges; filters assumed
/// independent):
/// - a collection scan costs the collection's size;
/// - an index read in no useful order costs its entries (the executor then sorts them);
/// - an index read in the query's order costs the entries visited until `offset + limit` results are
///   expected, given the selectivity of the filters it does not cover — it stops early;
/// - an intersection of equalities costs a fraction of its smallest input.
///
/// A plan in the query's order exists when the query orders by `__name__` only (the name index, or any
/// equality or `in`, whose entries of one value are in name order), by one field `f` (the single-field
/// index of `f`, ascending or read backwards, narrowed by the filters on `f`), or by fields an automatic
/// composite index covers after equalities. Cursors seek into ordered reads. Collection groups read each
/// collection with its own best plan; their candidates are then sorted.
struct QueryPlanner: Sendable {
    /// Collections smaller than this never get automatic composite indexes.
    static let advisorMinimumDocuments = 1_000
    /// A composite is recommended when the best plan visits more than this many entries per result needed.
    static let advisorThreshold = 1.25
    /// The most automatic composite indexes per collection.
    static let maximumComposites = 16
    /// The most point lookups (combinations of equality values) one composite read may make.
    static let maximumCompositePrefixes = 64

    func plan(_ query: ValidatedQuery, catalog: some IndexCatalog) -> QueryPlan {
        let collections = catalog.collections(in: query.scope)
        let conjunctions = query.filter.flatMap(Self.disjunctiveNormalForm) ?? (query.filter == nil ? [[]] : nil)
        if collections.count == 1 {
            let context = Context(query: query, collection: collections[0], catalog: catalog)
            let choice = best(conjunctions, context: context, allowOrdered: true)
            var plan = QueryPlan(
                accesses: [CollectionAccess(collection: collections[0], path: choice.path)], ordered: choice.ordered)
            plan.recommendation = recommendation(conjunctions, context: context, current: choice)
            return plan
        }
        return QueryPlan(
            accesses: collections.map { collection in
                let context = Context(query: query, collection: collection, catalog: catalog)
                return CollectionAccess(
                    collection: collection, path: best(conjunctions, context: context, allowOrdered: false).path)
            },
            ordered: false
        )
    }

    /// The automatic composite index ``plan(_:catalog:)`` recommends for `query`, if any.
    func recommendedComposite(for query: ValidatedQuery, catalog: some IndexCatalog) -> IndexRecommendation? {
        plan(query, catalog: catalog).recommendation
    }

    /// An automatic composite index that would serve the query better than the current indexes: for a
    /// query with a limit on a collection of at least ``advisorMinimumDocuments`` documents, equalities and
    /// orders (`a == x order by b`, `a == x && b == y`, `order by a, b`), whose best plan would visit more
    /// than ``advisorThreshold`` entries per result (and at least 32) — Firestore would demand this
    /// composite index; Hearth builds it.
    private func recommendation(
        _ conjunctions: [[StructuredQuery.Filter]]?, context: Context<some IndexCatalog>, current: Choice
    ) -> IndexRecommendation? {
        let query = context.query
        guard !query.scope.allDescendants, !query.scope.collectionID.isEmpty, let need = context.need,
            let conjunctions, conjunctions.count == 1, current.cost > max(Self.advisorThreshold * need, 32),
            context.documents >= Double(Self.advisorMinimumDocuments),
            context.composites.count < Self.maximumComposites,
            let groups = context.groups(conjunctions[0]), let definition = context.compositeShape(groups),
            !context.composites.contains(definition)
        else { return nil }
        return IndexRecommendation(
            collection: context.collection, definition: definition, saving: current.cost - need,
            buildCost: context.documents)
    }

    private func best(
        _ conjunctions: [[StructuredQuery.Filter]]?, context: Context<some IndexCatalog>, allowOrdered: Bool
    ) -> Choice {
        guard let conjunctions else { return context.scan }
        if conjunctions.count == 1 {
            guard let groups = context.groups(conjunctions[0]) else {
                return Choice(path: .nothing, ordered: true, cost: 0)
            }
            return context.bestConjunction(groups, allowOrdered: allowOrdered)
        }
        var paths: [AccessPath] = []
        var cost = 0.0
        for conjunction in conjunctions {
            guard let groups = context.groups(conjunction) else { continue }
            let choice = context.bestConjunction(groups, allowOrdered: false)
            if case .scan = choice.path { return context.scan }
            paths.append(choice.path)
            cost += choice.cost
        }
        return cost < context.scan.cost ? Choice(path: .union(paths), ordered: false, cost: cost) : context.scan
    }

    /// The filter as an OR of ANDs of leaves, or `nil` when that would be too large.
    static func disjunctiveNormalForm(_ filter: StructuredQuery.Filter) -> [[StructuredQuery.Filter]]? {
        switch filter {
        case .composite(.and, let filters):
            var result: [[StructuredQuery.Filter]] = [[]]
            for child in filters {
                guard let terms = disjunctiveNormalForm(child) else { return nil }
                var product: [[StructuredQuery.Filter]] = []
                for left in result {
                    for right in terms { product.append(left + right) }
                }
                if product.count > 64 { return nil }
                result = product
            }
            return result
        case .composite(.or, let filters):
            var result: [[StructuredQuery.Filter]] = []
            for child in filters {
                guard let terms = disjunctiveNormalForm(child) else { return nil }
                result += terms
                if result.count > 64 { return nil }
            }
            return result
        default:
            return [[filter]]
        }
    }
}

/// A candidate access and its estimated cost.
struct Choice {
    let path: AccessPath
    let ordered: Bool
    let cost: Double
}

/// The filters of one conjunction on one index, merged, with their entry count.
struct TermGroup {
    let index: IndexSelector
    let ranges: [KeyRange]
    let count: Int
    let selectivity: Double

    var isPoint: Bool { !ranges.isEmpty && ranges.allSatisfy { $0.prefixLength > 0 } }
}

/// Planning one query in one collection.
private struct Context<Catalog: IndexCatalog> {
    let query: ValidatedQuery
    let collection: CollectionPath
    let catalog: Catalog
    let documents: Double
    let composites: [CompositeIndexDefinition]
    let need: Double?
    let direction: Order.Direction
    let uniform: Bool
    /// The order fields before `__name__`.
    let orderFields: [FieldPath]

    init(query: ValidatedQuery, collection: CollectionPath, catalog: Catalog) {
        self.query = query
        self.collection = collection
        self.catalog = catalog
        documents = Double(max(catalog.documentCount(in: collection), 1))
        composites = catalog.composites(in: collection)
        need = query.limit.map { Double(query.offset) + Double($0) }
        let direction = query.orders.last?.direction ?? .ascending
        self.direction = direction
        uniform = query.orders.allSatisfy { $0.direction == direction }
        orderFields = query.orders.map(\.field).filter { !$0.isDocumentID }
    }

    var reverse: Bool { direction == .descending }

    var scan: Choice { Choice(path: .scan, ordered: false, cost: documents) }

    /// The index terms of a conjunction, merged per index; `nil` when it matches nothing.
    func groups(_ filters: [StructuredQuery.Filter]) -> [TermGroup]? {
        var merged: [IndexSelector: [KeyRange]] = [:]
        var order: [IndexSelector] = []
        for filter in filters {
            switch IndexTerm.analyze(filter, collection: collection, database: query.database) {
            case .unusable:
                continue
            case .matchesNothing:
                return nil
            case .term(let term):
                if let existing = merged[term.index] {
                    merged[term.index] = KeyRange.intersect(existing, term.ranges)
                } else {
                    merged[term.index] = term.ranges
                    order.append(term.index)
                }
            }
        }
        var groups: [TermGroup] = []
        for index in order {
            let ranges = merged[index] ?? []
            let count = ranges.isEmpty ? 0 : catalog.entryCount(in: collection, index: index, ranges: ranges)
            if count == 0 { return nil }
            groups.append(
                TermGroup(index: index, ranges: ranges, count: count, selectivity: min(1, Double(count) / documents)))
        }
        return groups
    }

    /// Entries an ordered read of `count` entries visits before `need` results, when the filters not
    /// covered by the read keep `selectivity` of them.
    private func visits(_ count: Int, otherSelectivity: Double) -> Double {
        guard let need else { return Double(count) }
        return min(Double(count), need / max(otherSelectivity, 1 / documents))
    }

    private func selectivity(of groups: [TermGroup], excluding excluded: (TermGroup) -> Bool) -> Double {
        groups.filter { !excluded($0) }.reduce(1.0) { $0 * $1.selectivity }
    }

    func bestConjunction(_ groups: [TermGroup], allowOrdered: Bool) -> Choice {
        var best = scan
        func consider(_ choice: Choice) {
            if choice.cost < best.cost || (choice.cost == best.cost && choice.ordered && !best.ordered) {
                best = choice
            }
        }

        for group in groups {
            let scan = IndexScan(index: group.index, ranges: group.ranges)
            consider(Choice(path: .index(scan), ordered: false, cost: Double(group.count) * 1.1))
        }

        let points = groups.filter { $0.isPoint && $0.ranges.count == 1 && $0.index != .name }
        if points.count >= 2 {
            let smallest = Double(points.map(\.count).min() ?? 0)
            let results = documents * points.reduce(1.0) { $0 * $1.selectivity }
            let ordered = allowOrdered && orderFields.isEmpty && !reverse
            var cost = 0.3 * Double(points.count) * smallest + results
            if ordered, let need, results > 0 { cost *= min(1, need / results) }
            consider(
                Choice(
                    path: .intersection(points.map { IndexScan(index: $0.index, ranges: $0.ranges) }), ordered: ordered,
                    cost: cost))
        }

        guard allowOrdered, uniform else { return best }
        if orderFields.isEmpty {
            let nameGroup = groups.first { $0.index == .name }
            let ranges = nameGroup?.ranges ?? [.all]
            let count = nameGroup?.count ?? catalog.entryCount(in: collection, index: .name, ranges: [.all])
            let other = selectivity(of: groups) { $0.index == .name }
            consider(
                ordered(
                    IndexScan(index: .name, ranges: ranges, reverse: reverse), count: count, other: other,
                    cursorAfterPrefix: false))
            for group in groups where group.isPoint && group.index != .name {
                let scan = IndexScan(
                    index: group.index, ranges: group.ranges, reverse: reverse, mergeRanges: group.ranges.count > 1)
                let other = selectivity(of: groups) { $0.index == group.index }
                consider(ordered(scan, count: group.count, other: other, cursorAfterPrefix: true))
            }
        } else if orderFields.count == 1 {
            let index = IndexSelector.value(orderFields[0])
            let fieldGroup = groups.first { $0.index == index }
            let ranges = fieldGroup?.ranges ?? [.all]
            let count = fieldGroup?.count ?? catalog.entryCount(in: collection, index: index, ranges: [.all])
            let other = selectivity(of: groups) { $0.index == index }
            consider(
                ordered(
                    IndexScan(index: index, ranges: ranges, reverse: reverse), count: count, other: other,
                    cursorAfterPrefix: false))
        }
        if let composite = compositeRead(groups) { consider(composite) }
        return best
    }

    /// An ordered read, with the cursors applied as bounds.
    private func ordered(_ scan: IndexScan, count: Int, other: Double, cursorAfterPrefix: Bool) -> Choice {
        var bounded = scan
        bounded.ranges = scan.ranges.compactMap { applyCursors(to: $0, afterPrefix: cursorAfterPrefix) }
        return Choice(path: .index(bounded), ordered: true, cost: visits(count, otherSelectivity: other))
    }

    // MARK: Composites

    /// The equality groups a composite can take as its prefix: point lookups on fields.
    private func equalityGroups(_ groups: [TermGroup]) -> [(FieldPath, TermGroup)] {
        groups.compactMap { group in
            guard case .value(let path) = group.index, group.isPoint else { return nil }
            return (path, group)
        }
        .sorted { $0.0 < $1.0 }
    }

    /// The composite index whose order would answer this conjunction directly, if the query's shape has one.
    func compositeShape(_ groups: [TermGroup]) -> CompositeIndexDefinition? {
        guard uniform else { return nil }
        let equalities = equalityGroups(groups).map(\.0)
        guard equalities.count + orderFields.count >= 2, equalities.count >= 1 || orderFields.count >= 2 else {
            return nil
        }
        if orderFields.contains(where: equalities.contains) { return nil }
        return CompositeIndexDefinition(fields: equalities + orderFields)
    }

    private func compositeRead(_ groups: [TermGroup]) -> Choice? {
        guard !composites.isEmpty, let definition = compositeShape(groups), composites.contains(definition) else {
            return nil
        }
        let equalities = equalityGroups(groups)
        var prefixes: [[UInt8]] = [[]]
        for (_, group) in equalities {
            var next: [[UInt8]] = []
            for prefix in prefixes {
                for range in group.ranges { next.append(prefix + range.lower.prefix(range.prefixLength)) }
            }
            if next.count > QueryPlanner.maximumCompositePrefixes { return nil }
            prefixes = next
        }
        let firstOrder = orderFields.first.map(IndexSelector.value)
        let orderGroup = groups.first { $0.index == firstOrder }
        var ranges: [KeyRange] = []
        for prefix in prefixes {
            guard let orderGroup else {
                ranges.append(.point(prefix))
                continue
            }
            for range in orderGroup.ranges {
                let upper = range.upper.map { prefix + $0 } ?? IndexKeyEncoding.prefixEnd(prefix)
                ranges.append(KeyRange(lower: prefix + range.lower, upper: upper, prefixLength: prefix.count))
            }
        }
        let index = IndexSelector.composite(definition)
        let count = catalog.entryCount(in: collection, index: index, ranges: ranges)
        let covered = Set(equalities.map { IndexSelector.value($0.0) } + (firstOrder.map { [$0] } ?? []))
        let other = selectivity(of: groups) { covered.contains($0.index) }
        let scan = IndexScan(index: index, ranges: ranges, reverse: reverse, mergeRanges: ranges.count > 1)
        return ordered(scan, count: count, other: other, cursorAfterPrefix: true)
    }

    // MARK: Cursors

    /// `range` narrowed by the query's cursors, whose values continue the key after the range's prefix
    /// (`afterPrefix`) or from its start; `nil` when nothing remains. Conservative: a cursor value that has
    /// no key form here (a reference outside the collection) ends the encoded part.
    private func applyCursors(to range: KeyRange, afterPrefix: Bool) -> KeyRange? {
        let prefix = afterPrefix ? Array(range.lower.prefix(range.prefixLength)) : []
        var result = range
        if let start = query.startAt {
            let (key, complete) = cursorKey(start, prefix: prefix)
            let strict = complete && !start.before
            if reverse {
                result = result.clamped(lower: nil, upper: strict ? key : IndexKeyEncoding.prefixEnd(key))
            } else {
                result = result.clamped(lower: strict ? IndexKeyEncoding.prefixEnd(key) : key, upper: nil)
            }
        }
        if let end = query.endAt {
            let (key, complete) = cursorKey(end, prefix: prefix)
            let strict = complete && end.before
            if reverse {
                result = result.clamped(lower: strict ? IndexKeyEncoding.prefixEnd(key) : key, upper: nil)
            } else {
                result = result.clamped(lower: nil, upper: strict ? key : IndexKeyEncoding.prefixEnd(key))
            }
        }
        return result.isEmpty ? nil : result
    }

    private func cursorKey(_ cursor: Cursor, prefix: [UInt8]) -> (key: [UInt8], complete: Bool) {
        var key = prefix
        for (value, order) in zip(cursor.values, query.orders) {
            if order.field.isDocumentID {
                guard let name = IndexTerm.nameKey(value, collection: collection, database: query.database) else {
                    return (key, false)
                }
                key += name
            } else {
                IndexKeyEncoding.append(value, to: &key)
            }
        }
        return (key, true)
    }
}
