import HearthTestSupport
import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import HearthFirestoreTestServer

/// Builds case `index` of a dataset: a random structured query or aggregation query, most of them valid
/// and matching documents, about one in ten deliberately invalid (`QueryCaseGenerator+Invalid.swift`).
///
/// To make most queries match something, the generator usually picks a *target* document in the query's
/// scope and builds filters the target satisfies (an AND of satisfied filters, an OR with at least one),
/// orders on fields the target has and cursors at the target's values. Firestore's semantics are used only
/// for this bias (via `Value.compare`); what matches is decided by the emulator and the engine.
///
/// Shapes on which the emulator is known to differ from production Firestore are never generated
/// (Docs/DifferentialTesting.md): an explicit `orderBy __name__ DESC`, an empty `select`, an empty AND,
/// an empty collection ID, six aggregations and `count.upTo` 0.
struct QueryCaseGenerator {
    let dataset: DifferentialDataset
    var random: SplitMix64
    let scope: QueryScopeChoice
    let scopeDocuments: [DatasetDocument]
    /// The document most filters are built to match, when there is one.
    var target: DatasetDocument?
    var negationUsed = false
    var arrayContainsUsed = false
    var features: [String] = []
    /// A collection group under a parent document is served only as an ascending scan of names: most such
    /// cases stick to `__name__` filters and orders (the rest check that other fields are refused).
    var nameOnly = false

    static func make(dataset: DifferentialDataset, index: Int, runSeed: UInt64) -> DifferentialCase {
        var random = SplitMix64(seed: SplitMix64.derive(runSeed, 0xCA5E, UInt64(dataset.index), UInt64(index)))
        let scope = chooseScope(dataset, &random)
        let scopeDocuments = dataset.documents(in: scope)
        let target = !scopeDocuments.isEmpty && random.chance(0.8) ? random.pick(scopeDocuments) : nil
        var generator = QueryCaseGenerator(
            dataset: dataset, random: random, scope: scope, scopeDocuments: scopeDocuments, target: target)
        return generator.generate(index: index)
    }

    static func chooseScope(_ dataset: DifferentialDataset, _ random: inout SplitMix64) -> QueryScopeChoice {
        let nested = dataset.documents.map(\.path).filter { $0.segments.count > 2 }
        func parent(of collectionID: String, anyAncestor: Bool) -> DocumentPath? {
            let candidates = nested.filter { $0.collectionID == collectionID }
            guard !candidates.isEmpty else { return dataset.parents.isEmpty ? nil : random.pick(dataset.parents) }
            let path = random.pick(candidates)
            let ancestors = (1..<(path.segments.count / 2)).compactMap {
                try? DocumentPath(segments: Array(path.segments.prefix($0 * 2)))
            }
            return anyAncestor ? random.pick(ancestors) : ancestors.last
        }
        let choice = random.weighted([
            ("c1", 38), ("c2", 8), ("group sub", 10), ("group sub under", 10), ("sub under", 12), ("group c1", 8),
            ("group c1 under", 5), ("sub", 3), ("c1 under", 4), ("none", 2),
        ])
        switch choice {
        case "c2": return QueryScopeChoice(parent: nil, selector: CollectionSelector(collectionID: "c2"))
        case "group sub":
            return QueryScopeChoice(
                parent: nil, selector: CollectionSelector(collectionID: "sub", allDescendants: true))
        case "group sub under":
            return QueryScopeChoice(
                parent: parent(of: "sub", anyAncestor: true),
                selector: CollectionSelector(collectionID: "sub", allDescendants: true))
        case "sub under":
            return QueryScopeChoice(
                parent: parent(of: "sub", anyAncestor: false), selector: CollectionSelector(collectionID: "sub"))
        case "group c1":
            return QueryScopeChoice(parent: nil, selector: CollectionSelector(collectionID: "c1", allDescendants: true))
        case "group c1 under":
            return QueryScopeChoice(
                parent: parent(of: "c1", anyAncestor: true),
                selector: CollectionSelector(collectionID: "c1", allDescendants: true))
        case "sub": return QueryScopeChoice(parent: nil, selector: CollectionSelector(collectionID: "sub"))
        case "c1 under":
            return QueryScopeChoice(
                parent: parent(of: "c1", anyAncestor: false), selector: CollectionSelector(collectionID: "c1"))
        case "none":
            return QueryScopeChoice(
                parent: nil, selector: CollectionSelector(collectionID: "none", allDescendants: random.chance(0.5)))
        default: return QueryScopeChoice(parent: nil, selector: CollectionSelector(collectionID: "c1"))
        }
    }

    mutating func generate(index: Int) -> DifferentialCase {
        nameOnly = scope.selector.allDescendants && scope.parent != nil && random.chance(0.8)
        if nameOnly { features.append("name-only") }
        let isAggregation = random.chance(0.25)
        var query = StructuredQuery(from: scope.selector)
        if random.chance(0.78) {
            query.filter = topFilter()
            features.append("where")
        }
        query.orderBy = orders(for: query.filter)
        addCursors(&query)
        if random.chance(0.35) {
            query.limit = random.weighted([(0, 1), (1, 3), (2, 3), (3, 3), (5, 3), (10, 3), (20, 2)])
            features.append("limit")
        }
        if random.chance(0.15) {
            query.offset = random.weighted([(1, 4), (2, 3), (3, 2), (6, 1)])
            features.append("offset")
        }
        if !isAggregation, random.chance(0.2) {
            query.select = projection()
            features.append("select")
        }
        var aggregations = isAggregation ? makeAggregations() : []
        var dropAliases = isAggregation && random.chance(0.3)
        var invalidShape: String?
        if random.chance(0.1) {
            invalidShape = makeInvalid(&query, &aggregations, isAggregation: isAggregation)
            if invalidShape.map(Self.invalidAggregationShapes.contains) == true { dropAliases = false }
        }
        if dropAliases { features.append("default-aliases") }

        let body: JSON
        if isAggregation {
            let request = RESTRunAggregationQueryRequest(query: query, aggregations: aggregations)
            let json = TreeReadCodec.encodeRunAggregationQueryRequest(request, database: dataset.database)
            body = dropAliases ? Self.removingAliases(json) : json
        } else {
            body = TreeReadCodec.encodeRunQueryRequest(RESTRunQueryRequest(query: query), database: dataset.database)
        }
        return DifferentialCase(
            dataset: dataset.index,
            index: index,
            kind: isAggregation ? .aggregation : .query,
            parent: scope.parent,
            body: body,
            features: [scope.description] + features,
            invalidShape: invalidShape
        )
    }

    // MARK: Filters

    mutating func topFilter() -> StructuredQuery.Filter {
        let satisfy = target != nil && random.chance(0.85)
        if !nameOnly, random.chance(0.1) { return notInFilter(satisfy: satisfy) }
        return filter(depth: 0, satisfy: satisfy)
    }

    /// `not-in` may not be combined with `OR`, `in`, `array-contains-any` or another negation: alone, or in
    /// an AND with simple filters.
    mutating func notInFilter(satisfy: Bool) -> StructuredQuery.Filter {
        negationUsed = true
        features.append(FieldOperator.notIn.wireName.lowercased())
        let path = fieldPath(for: .notIn, satisfy: satisfy)
        let count = random.weighted([(1, 3), (2, 3), (3, 2), (5, 1), (10, 1)])
        var list = (0..<count).map { _ in
            satisfy ? operand(at: path, differentFrom: targetValue(at: path)) : operand(at: path)
        }
        if random.chance(0.05) { list.append(.null) }
        let notIn = StructuredQuery.Filter.field(path, .notIn, .array(list))
        guard random.chance(0.5) else { return notIn }
        var filters = [notIn]
        for _ in 0..<random.int(1...2) {
            let op = random.pick([FieldOperator.equal, .lessThan, .greaterThanOrEqual, .arrayContains])
            filters.append(fieldFilter(op, satisfy: satisfy))
        }
        features.append("and")
        return .composite(.and, random.sample(filters, count: filters.count))
    }

    /// A filter; with `satisfy`, one the target document matches (as far as the bias can tell).
    mutating func filter(depth: Int, satisfy: Bool) -> StructuredQuery.Filter {
        if depth < 2, random.chance(depth == 0 ? 0.35 : 0.18) {
            let op: CompositeOperator = random.chance(0.5) ? .and : .or
            features.append(op == .and ? "and" : "or")
            let count = random.weighted([(1, 1), (2, 5), (3, 3), (4, 1)])
            let satisfied = random.below(count)
            return .composite(
                op,
                (0..<count).map { index in
                    let childSatisfies = satisfy && (op == .and || index == satisfied || random.chance(0.3))
                    return filter(depth: depth + 1, satisfy: childSatisfies)
                })
        }
        if nameOnly || random.chance(0.07) { return nameFilter(satisfy: satisfy) }
        if random.chance(0.12) { return unaryFilter(satisfy: satisfy) }
        var operators: [(FieldOperator, Int)] = [
            (.equal, 22), (.lessThan, 7), (.lessThanOrEqual, 7), (.greaterThan, 7), (.greaterThanOrEqual, 7), (.in, 10),
        ]
        if !negationUsed { operators.append((.notEqual, 6)) }
        if !arrayContainsUsed { operators += [(.arrayContains, 8), (.arrayContainsAny, 6)] }
        return fieldFilter(random.weighted(operators), satisfy: satisfy)
    }

    mutating func unaryFilter(satisfy: Bool) -> StructuredQuery.Filter {
        features.append("unary")
        let path = fieldPath(for: .equal, satisfy: satisfy)
        var operators: [(UnaryOperator, Int)] = [(.isNull, 3), (.isNaN, 3)]
        if !negationUsed { operators += [(.isNotNull, 2), (.isNotNaN, 2)] }
        var op = random.weighted(operators)
        if satisfy, let value = targetValue(at: path) {
            if value.isNull {
                op = .isNull
            } else if value.isNaN {
                op = .isNaN
            } else if !negationUsed {
                op = random.pick([.isNotNull, .isNotNaN])
            }
        }
        if op == .isNotNull || op == .isNotNaN { negationUsed = true }
        return .unary(path, op)
    }

    /// A field filter with `op` (an array operator becomes `==` when the target has no array to match).
    mutating func fieldFilter(_ requested: FieldOperator, satisfy: Bool) -> StructuredQuery.Filter {
        var op = requested
        var path = fieldPath(for: op, satisfy: satisfy)
        let arrayOperator = op == .arrayContains || op == .arrayContainsAny
        var targetElements = satisfy ? (targetValue(at: path)?.arrayValue ?? []) : []
        if arrayOperator, satisfy, targetElements.isEmpty {
            let arrays = DifferentialDataset.queryPaths.filter { !(targetValue(at: $0)?.arrayValue ?? []).isEmpty }
            if arrays.isEmpty {
                op = .equal
            } else {
                path = random.pick(arrays)
                targetElements = targetValue(at: path)?.arrayValue ?? []
            }
        }
        features.append(op.wireName.lowercased())
        let mine = satisfy ? targetValue(at: path) : nil
        switch op {
        case .notEqual:
            negationUsed = true
            return .field(path, op, satisfy ? operand(at: path, differentFrom: mine) : operand(at: path))
        case .arrayContains:
            arrayContainsUsed = true
            return .field(path, op, satisfy ? random.pick(targetElements) : element(at: path))
        case .arrayContainsAny:
            arrayContainsUsed = true
            var list = (0..<random.int(0...3)).map { _ in element(at: path) }
            if satisfy { list.insert(random.pick(targetElements), at: random.below(list.count + 1)) }
            if list.isEmpty { list.append(element(at: path)) }
            return .field(path, op, .array(list))
        case .in:
            let count = random.chance(0.03) ? 29 : random.weighted([(0, 2), (1, 3), (2, 3), (4, 1)])
            var list = (0..<count).map { _ in operand(at: path) }
            if let mine { list.insert(mine, at: random.below(list.count + 1)) }
            if list.isEmpty { list.append(operand(at: path)) }
            return .field(path, op, .array(list))
        case .equal:
            return .field(path, op, mine ?? operand(at: path))
        default:
            guard let mine else { return .field(path, op, operand(at: path)) }
            return rangeFilter(path, around: mine, preferred: op)
        }
    }

    /// A range filter the target's value `mine` satisfies, against another value of the same type class.
    mutating func rangeFilter(_ path: FieldPath, around mine: Value, preferred: FieldOperator) -> StructuredQuery.Filter
    {
        let sameClass = DifferentialDataset.values(at: path, in: scopeDocuments).filter {
            $0.typeOrder == mine.typeOrder
        }
        let other = sameClass.isEmpty || random.chance(0.15) ? mine : random.pick(sameClass)
        let order = Value.compare(mine, other)
        let op: FieldOperator
        if order < 0 {
            op = random.pick([.lessThan, .lessThanOrEqual])
        } else if order > 0 {
            op = random.pick([.greaterThan, .greaterThanOrEqual])
        } else {
            op = preferred == .lessThan || preferred == .lessThanOrEqual ? .lessThanOrEqual : .greaterThanOrEqual
        }
        return .field(path, op, other)
    }

    mutating func nameFilter(satisfy: Bool) -> StructuredQuery.Filter {
        var operators: [(FieldOperator, Int)] = [
            (.equal, 3), (.lessThan, 2), (.lessThanOrEqual, 2), (.greaterThan, 2), (.greaterThanOrEqual, 2), (.in, 2),
        ]
        if !negationUsed { operators.append((.notEqual, 1)) }
        let requested = random.weighted(operators)
        guard satisfy, let target else {
            features.append("name-" + requested.wireName.lowercased())
            if requested == .notEqual { negationUsed = true }
            if requested == .in {
                return .field(.documentID, requested, .array((0..<random.int(1...4)).map { _ in nameOperand() }))
            }
            return .field(.documentID, requested, nameOperand())
        }
        let mine = reference(to: target.path)
        var op = requested
        var operand = mine
        switch requested {
        case .in:
            var list = (0..<random.int(0...3)).map { _ in nameOperand() }
            list.insert(mine, at: random.below(list.count + 1))
            operand = .array(list)
        case .notEqual:
            negationUsed = true
            operand = nameOperand()
        case .equal:
            break
        default:
            operand = nameOperand()
            let order = Value.compare(mine, operand)
            op =
                order < 0
                ? random.pick([.lessThan, .lessThanOrEqual])
                : order > 0 ? random.pick([.greaterThan, .greaterThanOrEqual]) : .lessThanOrEqual
        }
        features.append("name-" + op.wireName.lowercased())
        return .field(.documentID, op, operand)
    }

    /// A reference to a document in the query's scope, usually; sometimes elsewhere or missing.
    mutating func nameOperand() -> Value {
        if !scopeDocuments.isEmpty, random.chance(0.8) { return reference(to: random.pick(scopeDocuments).path) }
        return reference(to: random.pick(dataset.values.referenceTargets))
    }

    func reference(to path: DocumentPath) -> Value {
        .reference(DocumentName(database: dataset.database, path: path))
    }

    // MARK: Operands and paths

    static let pathWeights: [(String, Int)] = [
        ("a", 10), ("b", 10), ("c", 8), ("n", 12), ("s", 8), ("t", 6), ("arr", 8), ("m", 3), ("m.x", 6), ("m.y", 3),
        ("vec", 2), ("é", 3), ("a b", 3), ("x.y", 3), ("m.é", 1), ("zz", 1),
    ]

    /// A field to filter on; with `satisfy`, one the target has (when it has any).
    mutating func fieldPath(for op: FieldOperator, satisfy: Bool) -> FieldPath {
        let arrayOperator = op == .arrayContains || op == .arrayContainsAny
        var weights = Self.pathWeights.map { ($0.0, $0.0 == "arr" && arrayOperator ? 60 : $0.1) }
        if satisfy, target != nil {
            let present = weights.filter { targetValue(at: Self.path($0.0)) != nil }
            if !present.isEmpty { weights = present }
        }
        return Self.path(random.weighted(weights))
    }

    static func path(_ name: String) -> FieldPath {
        switch name {
        case "m.x", "m.y", "m.é": (try? FieldPath(dotted: name)) ?? .documentID
        default: (try? FieldPath([name])) ?? .documentID
        }
    }

    func targetValue(at path: FieldPath) -> Value? {
        target?.fields.value(at: path)
    }

    /// A value stored at `path` in the scope (most often), elsewhere in the dataset, or any value.
    mutating func operand(at path: FieldPath) -> Value {
        let draw = random.below(100)
        if draw < 65 {
            let values = DifferentialDataset.values(at: path, in: scopeDocuments)
            if !values.isEmpty { return random.pick(values) }
        }
        if draw < 82 {
            let values = DifferentialDataset.values(at: path, in: dataset.documents)
            if !values.isEmpty { return random.pick(values) }
        }
        return dataset.values.any(&random)
    }

    /// Like ``operand(at:)`` but not equivalent to `value` (a few tries).
    mutating func operand(at path: FieldPath, differentFrom value: Value?) -> Value {
        var candidate = operand(at: path)
        guard let value else { return candidate }
        for _ in 0..<4 where Value.compare(candidate, value) == 0 {
            candidate = operand(at: path)
        }
        return candidate
    }

    /// An element of an array stored at `path` (most often), or any scalar.
    mutating func element(at path: FieldPath) -> Value {
        if random.chance(0.75) {
            let elements = DifferentialDataset.values(at: path, in: scopeDocuments).flatMap { $0.arrayValue ?? [] }
            if !elements.isEmpty { return random.pick(elements) }
        }
        return random.chance(0.8) ? dataset.values.scalar(&random) : dataset.values.any(&random)
    }

    // MARK: Orders, cursors, projection

    mutating func orders(for filter: StructuredQuery.Filter?) -> [Order] {
        let inequalities = filter.map(Self.inequalityFields) ?? []
        if random.chance(inequalities.isEmpty ? 0.06 : 0.01) || (nameOnly && random.chance(0.4)) {
            return [nameOrder()]
        }
        guard !nameOnly, random.chance(0.5) else { return [] }
        features.append("order")
        let count = random.weighted([(1, 5), (2, 3), (3, 1)])
        var fields: [FieldPath] = []
        if !inequalities.isEmpty, random.chance(0.4) { fields.append(random.pick(inequalities)) }
        var candidates = DifferentialDataset.queryPaths.filter { !fields.contains($0) }
        if target != nil, random.chance(0.85) {
            let present = candidates.filter { targetValue(at: $0) != nil }
            if present.count >= count { candidates = present }
        }
        fields += random.sample(candidates, count: count - fields.count)
        var orders = fields.map { Order($0, random.chance(0.5) ? .ascending : .descending) }
        if random.chance(inequalities.isEmpty ? 0.12 : 0.02) { orders.append(nameOrder()) }
        return orders
    }

    /// An explicit order on `__name__`, sometimes descending. A query that is nothing but a descending scan
    /// of names is refused by the emulator (a known quirk, see ``DifferentialOutcome``); with an equality
    /// filter or another order before it, it runs.
    mutating func nameOrder() -> Order {
        let descending = random.chance(0.25)
        features.append(descending ? "order-name-desc" : "order-name")
        return Order(.documentID, descending ? .descending : .ascending)
    }

    static func inequalityFields(_ filter: StructuredQuery.Filter) -> [FieldPath] {
        switch filter {
        case .field(let path, let op, _): op.isInequality && !path.isDocumentID ? [path] : []
        case .unary(let path, let op): op == .isNotNull || op == .isNotNaN ? [path] : []
        case .composite(_, let filters): filters.flatMap(inequalityFields)
        }
    }

    mutating func addCursors(_ query: inout StructuredQuery) {
        guard !query.orderBy.isEmpty, random.chance(0.35) else { return }
        features.append("cursor")
        let which = random.below(3)
        if which != 1 { query.startAt = cursor(for: query.orderBy, before: random.chance(0.7)) }
        if which != 0 { query.endAt = cursor(for: query.orderBy, before: random.chance(0.3)) }
    }

    /// Values for a prefix of the orders: usually the target's (or another document's), sometimes arbitrary.
    mutating func cursor(for orders: [Order], before: Bool) -> Cursor {
        let prefix = Array(orders.prefix(random.int(1...orders.count)))
        if prefix.count < orders.count { features.append("cursor-prefix") }
        let values: [Value]
        if !scopeDocuments.isEmpty, random.chance(0.8) {
            let complete = scopeDocuments.filter { document in
                prefix.allSatisfy { $0.field.isDocumentID || document.fields.value(at: $0.field) != nil }
            }
            let document =
                target.flatMap { random.chance(0.6) ? $0 : nil }
                ?? random.pick(complete.isEmpty ? scopeDocuments : complete)
            values = prefix.map { order in
                if order.field.isDocumentID { return reference(to: document.path) }
                return document.fields.value(at: order.field) ?? operand(at: order.field)
            }
        } else {
            values = prefix.map { order in order.field.isDocumentID ? nameOperand() : operand(at: order.field) }
        }
        return Cursor(values: values, before: before)
    }

    mutating func projection() -> [FieldPath] {
        let names = ["a", "b", "n", "m", "m.x", "arr", "s", "x.y", "zz", "é"]
        var paths = random.sample(names, count: random.int(1...3)).map(Self.path)
        if random.chance(0.1) { paths.append(.documentID) }
        return paths
    }

    // MARK: Aggregations

    mutating func makeAggregations() -> [Aggregation] {
        features.append("aggregate")
        let count = random.weighted([(1, 5), (2, 3), (3, 2), (4, 1), (5, 1)])
        return (0..<count).map { index in
            let alias = "v\(index + 1)"
            let field = Self.path(
                random.weighted([("n", 8), ("a", 3), ("b", 2), ("c", 2), ("m.x", 3), ("arr", 1), ("s", 1), ("t", 1)]))
            switch nameOnly ? "count" : random.weighted([("count", 3), ("sum", 4), ("avg", 4)]) {
            case "count":
                let upTo: Int64? = random.chance(0.2) ? Int64(random.int(1...8)) : nil
                return Aggregation(alias: alias, .count(upTo: upTo))
            case "sum":
                return Aggregation(alias: alias, .sum(field))
            default:
                return Aggregation(alias: alias, .average(field))
            }
        }
    }

    /// The same request without any `alias`, so both sides assign `field_1`, `field_2`, ….
    static func removingAliases(_ json: JSON) -> JSON {
        guard case .object(var root) = json, case .object(var query)? = root["structuredAggregationQuery"],
            case .array(let aggregations)? = query["aggregations"]
        else { return json }
        query["aggregations"] = .array(
            aggregations.map { aggregation in
                guard case .object(var object) = aggregation else { return aggregation }
                object["alias"] = nil
                return .object(object)
            })
        root["structuredAggregationQuery"] = .object(query)
        return .object(root)
    }
}
