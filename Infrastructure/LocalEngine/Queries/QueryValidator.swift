import Foundation
import HearthDomain

/// The checks Firestore makes on a structured query, and the normalisation of its orders. Every failure
/// is `invalidArgument`, with the limits the official emulator enforces:
/// - `in` and `array-contains-any` take 1 to 30 values, `not-in` 1 to 10, each operand an array;
/// - at most one `!=`, `not-in`, `IS_NOT_NULL` or `IS_NOT_NAN` per query; `not-in` not with `in`,
///   `array-contains-any` or `OR`;
/// - at most 30 disjunctions in disjunctive normal form, at most one `array-contains(-any)` in each
///   (the form normalised as the server does: duplicate filters, values and conjunctions collapse);
/// - inequalities on at most 10 fields; a composite filter needs at least one filter;
/// - at most 100 filters (in one disjunction) + explicit orders + ancestor (a parent document);
/// - no equality (`==`, `in`) on `__name__` together with inequalities on other fields, unless
///   `__name__` has an inequality too;
/// - `__name__` filters take references to documents of this database, never `array-contains(-any)` or
///   unary operators; cursor values on `__name__` must be references;
/// - a collection group under a document may only filter and order on `__name__`, in ascending order
///   (a descending `__name__` order there is `failedPrecondition`);
/// - the fields of `sum` and `average` cannot come after `__name__` in the index: not with an explicit
///   order on `__name__`, a filter on `__name__`, or a collection group under a document;
/// - no duplicate orders and no order after `__name__`; cursors no longer than the explicit orders;
/// - no negative offset or limit; no reserved (`__.*__`) field names; no filter operand (no value of a
///   list operand) larger than 1,500 bytes by Firestore's storage-size measure.
enum QueryValidator {
    static let maximumInValues = 30
    static let maximumNotInValues = 10
    static let maximumDisjunctions = 30
    static let maximumInequalityFields = 10
    /// The largest storage size (``DocumentSize``) of a filter operand, or of each value of a list operand.
    static let maximumOperandBytes = 1_500
    /// The most filters (per disjunction) + explicit orders + ancestor a query may have.
    static let maximumFilterTerms = 100

    /// Validates and normalises `query` run under `parent`. `aggregatedFields` (the fields of sum and
    /// average aggregations) become implicit orders: documents lacking them are excluded.
    static func validate(
        parent: DocumentPath?,
        query: StructuredQuery,
        database: DatabaseID,
        aggregatedFields: [FieldPath] = []
    ) throws(DocumentStoreError) -> ValidatedQuery {
        let collectionID = query.from.collectionID
        if !collectionID.isEmpty { _ = try CollectionID(collectionID) }
        if query.offset < 0 { throw .invalidArgument("The query offset is negative (\(query.offset)).") }
        if query.offset > Int(Int32.max) {
            throw .invalidArgument("The query offset \(query.offset) is larger than 2^31-1.")
        }
        if let limit = query.limit {
            if limit < 0 { throw .invalidArgument("The query limit is negative (\(limit)).") }
            if limit > Int(Int32.max) { throw .invalidArgument("The query limit \(limit) is larger than 2^31-1.") }
        }

        var inequalityFields: [FieldPath] = []
        var hasNameFilter = false
        var hasFieldFilter = false
        if let filter = query.filter {
            var stats = FilterStats()
            try inspect(filter, database: database, stats: &stats)
            if stats.negations > 1 {
                throw .invalidArgument(
                    "Only a single '!=', 'not-in', 'IS_NOT_NAN' or 'IS_NOT_NULL' filter is allowed per query.")
            }
            if stats.hasNotIn, stats.hasOr || stats.hasInOrArrayContainsAny {
                throw .invalidArgument(
                    "'not-in' cannot be used in the same query with 'in', 'array-contains-any' or 'OR'.")
            }
            let conjunctions = normalizedDisjunctions(filter)
            let disjunctions = conjunctions.count
            if disjunctions > maximumDisjunctions {
                throw .invalidArgument(
                    "Too many disjunctions after normalization: the filter has \(disjunctions), more than the maximum of \(maximumDisjunctions)."
                )
            }
            if conjunctions.contains(where: { arrayContainsCount($0) > 1 }) {
                throw .invalidArgument(
                    "At most one 'array-contains' or 'array-contains-any' filter is allowed per disjunction.")
            }
            inequalityFields = stats.inequalityFields.filter { !$0.isDocumentID }
            hasNameFilter = stats.hasNameFilter
            hasFieldFilter = stats.hasFieldFilter
            let hasNameInequality = stats.inequalityFields.contains(where: \.isDocumentID)
            if stats.hasNameEquality, !inequalityFields.isEmpty, !hasNameInequality {
                throw .invalidArgument(
                    "An equality on __name__ is not allowed with inequalities on other fields unless __name__ also has an inequality."
                )
            }
            if Set(inequalityFields).count > maximumInequalityFields {
                throw .invalidArgument("Inequality filters are allowed on at most \(maximumInequalityFields) fields.")
            }
        }

        let filterTerms = query.filter.map(filtersPerDisjunction) ?? 0
        let terms = filterTerms + query.orderBy.count + (parent == nil ? 0 : 1)
        if terms > maximumFilterTerms {
            throw .invalidArgument(
                "The query may not have more than \(maximumFilterTerms) filters + sort orders + ancestor in total; it has \(filterTerms) filters, \(query.orderBy.count) sort orders and \(parent == nil ? "no" : "one") ancestor."
            )
        }

        var explicitFields = Set<FieldPath>()
        var explicitName = false
        for order in query.orderBy {
            try FieldPathRules.validate(order.field, allowDocumentID: true, use: "an order by")
            if explicitName { throw .invalidArgument("The order by clause cannot contain more fields after __name__.") }
            if !explicitFields.insert(order.field).inserted {
                throw .invalidArgument("The order by clause cannot contain duplicate fields (\(order.field)).")
            }
            if order.field.isDocumentID { explicitName = true }
        }

        let scopedGroup = query.from.allDescendants && parent != nil
        if scopedGroup, hasFieldFilter || query.orderBy.contains(where: { !$0.field.isDocumentID }) {
            throw .invalidArgument(
                "Collection group queries under a document may only filter and order on __name__; other filters and orders are only allowed at the root parent."
            )
        }

        let orders = StructuredQuery.normalizedOrders(query.orderBy, filter: query.filter, thenBy: aggregatedFields)
        let impliedFields = orders.dropFirst(query.orderBy.count).map(\.field).filter { !$0.isDocumentID }
        let inequalitySet = Set(inequalityFields)
        let missingInequalities = impliedFields.filter(inequalitySet.contains)
        if explicitName, !missingInequalities.isEmpty {
            throw .invalidArgument(
                "The order by clause cannot contain more fields after __name__ (inequality fields \(missingInequalities))."
            )
        }
        let missingAggregated = impliedFields.filter { !inequalitySet.contains($0) }
        if !missingAggregated.isEmpty, explicitName || hasNameFilter || scopedGroup {
            throw .invalidArgument(
                "This aggregation needs the fields \(missingAggregated) ordered after __name__, which Firestore does not support; order by them explicitly."
            )
        }

        for (name, cursor) in [("start", query.startAt), ("end", query.endAt)] {
            if let reason = cursor?.violation(explicitOrders: query.orderBy, database: database) {
                throw .invalidArgument("Invalid \(name) cursor: \(reason).")
            }
        }

        var projection: [FieldPath]?
        if let select = query.select {
            for path in select { try FieldPathRules.validate(path, allowDocumentID: true, use: "a projection") }
            projection = select.isEmpty ? nil : select
        }

        if scopedGroup, query.orderBy.contains(where: { $0.direction == .descending }) {
            throw DocumentStoreError(
                .failedPrecondition,
                "Collection group queries under a document must scan document names in ascending order."
            )
        }

        return ValidatedQuery(
            database: database,
            scope: QueryScope(parent: parent, collectionID: collectionID, allDescendants: query.from.allDescendants),
            filter: query.filter,
            orders: orders,
            startAt: query.startAt,
            endAt: query.endAt,
            offset: query.offset,
            limit: query.limit,
            projection: projection
        )
    }

    private struct FilterStats {
        var negations = 0
        var hasNotIn = false
        var hasOr = false
        var hasInOrArrayContainsAny = false
        var hasNameEquality = false
        var hasNameFilter = false
        var hasFieldFilter = false
        var inequalityFields: [FieldPath] = []
    }

    private static func inspect(
        _ filter: StructuredQuery.Filter, database: DatabaseID, stats: inout FilterStats
    ) throws(DocumentStoreError) {
        switch filter {
        case .composite(let op, let filters):
            if filters.isEmpty { throw .invalidArgument("A composite filter must have at least one sub-filter.") }
            if op == .or { stats.hasOr = true }
            for child in filters { try inspect(child, database: database, stats: &stats) }
        case .unary(let path, let op):
            try FieldPathRules.validate(path, allowDocumentID: true, use: "a filter")
            if path.isDocumentID {
                throw .invalidArgument("A unary filter (\(op.rawValue)) cannot be used on __name__.")
            }
            stats.hasFieldFilter = true
            if op == .isNotNull || op == .isNotNaN { stats.negations += 1 }
            if let ordered = filter.impliedOrderField { stats.inequalityFields.append(ordered) }
        case .field(let path, let op, let operand):
            try FieldPathRules.validate(path, allowDocumentID: true, use: "a filter")
            try validateOperand(op, operand, of: path, database: database)
            switch op {
            case .notEqual:
                stats.negations += 1
            case .notIn:
                stats.negations += 1
                stats.hasNotIn = true
            case .in, .arrayContainsAny:
                stats.hasInOrArrayContainsAny = true
            default:
                break
            }
            if let ordered = filter.impliedOrderField { stats.inequalityFields.append(ordered) }
            if path.isDocumentID, op == .equal || op == .in { stats.hasNameEquality = true }
            if path.isDocumentID { stats.hasNameFilter = true } else { stats.hasFieldFilter = true }
        }
    }

    private static func validateOperand(
        _ op: FieldOperator, _ operand: Value, of path: FieldPath, database: DatabaseID
    ) throws(DocumentStoreError) {
        let listOperator = op == .in || op == .notIn || op == .arrayContainsAny
        if listOperator {
            guard let values = operand.arrayValue else {
                throw .invalidArgument(
                    "'\(op.rawValue)' on \(path) requires an array operand, not \(operand.kind.rawValue).")
            }
            if values.isEmpty { throw .invalidArgument("'\(op.rawValue)' on \(path) requires a non-empty array.") }
            let limit = op == .notIn ? maximumNotInValues : maximumInValues
            if values.count > limit {
                throw .invalidArgument(
                    "'\(op.rawValue)' supports up to \(limit) comparison values; \(path) has \(values.count).")
            }
        }
        if path.isDocumentID {
            if op == .arrayContains || op == .arrayContainsAny {
                throw .invalidArgument("'\(op.rawValue)' cannot be used on __name__.")
            }
            let references = listOperator ? (operand.arrayValue ?? []) : [operand]
            for value in references {
                guard case .reference(let name) = value else {
                    throw .invalidArgument(
                        "A __name__ filter value must be a document reference, not \(value.kind.rawValue).")
                }
                if name.database != database {
                    throw .invalidArgument(
                        "A __name__ filter references \(name), outside the queried database \(database).")
                }
            }
        }
        for value in listOperator ? (operand.arrayValue ?? []) : [operand] {
            try checkOperandSize(value, of: path)
        }
    }

    /// A filter operand may not be larger than 1,500 bytes by Firestore's storage-size measure (a string
    /// of 1,499 UTF-8 bytes is the longest alone; inside an array or map its neighbours count too).
    private static func checkOperandSize(_ value: Value, of path: FieldPath) throws(DocumentStoreError) {
        let size = DocumentSize.size(of: value)
        if size > maximumOperandBytes {
            throw .invalidArgument(
                "A filter value for \(path) is too large to be used in a query (\(size) bytes by Firestore's storage-size measure; at most \(maximumOperandBytes))."
            )
        }
    }

    /// The conjunctions of the filter's disjunctive normal form as Firestore normalises it (checked
    /// against the emulator): `in` and `array-contains-any` expand into one `==` / `array-contains` per
    /// value; identical sibling filters of a composite collapse, and so do identical conjunctions
    /// (identity is exact representation: `1` and `1.0` differ). Stops growing beyond `cap` conjunctions.
    static func normalizedDisjunctions(
        _ filter: StructuredQuery.Filter, cap: Int = 10_000
    ) -> [[StructuredQuery.Filter]] {
        switch filter {
        case .field(let path, .in, .array(let values)):
            return unique(values.map { [.field(path, .equal, $0)] })
        case .field(let path, .arrayContainsAny, .array(let values)):
            return unique(values.map { [.field(path, .arrayContains, $0)] })
        case .field, .unary:
            return [[filter]]
        case .composite(.or, let filters):
            var conjunctions: [[StructuredQuery.Filter]] = []
            for child in unique(filters) where conjunctions.count <= cap {
                conjunctions = unique(conjunctions + normalizedDisjunctions(child, cap: cap))
            }
            return conjunctions
        case .composite(.and, let filters):
            var conjunctions: [[StructuredQuery.Filter]] = [[]]
            for child in unique(filters) where conjunctions.count <= cap {
                let terms = normalizedDisjunctions(child, cap: cap)
                conjunctions = unique(conjunctions.lazy.flatMap { left in terms.map { left + $0 } }.prefix(cap + 1))
            }
            return conjunctions
        }
    }

    private static func unique<T: Hashable>(_ items: some Sequence<T>) -> [T] {
        var seen = Set<T>()
        return items.filter { seen.insert($0).inserted }
    }

    /// The number of `array-contains` filters (after expansion) in one normalised conjunction.
    static func arrayContainsCount(_ conjunction: [StructuredQuery.Filter]) -> Int {
        conjunction.filter { if case .field(_, .arrayContains, _) = $0 { true } else { false } }.count
    }

    /// The largest number of field filters in one conjunction of the DNF.
    static func filtersPerDisjunction(_ filter: StructuredQuery.Filter) -> Int {
        switch filter {
        case .field, .unary:
            return 1
        case .composite(.and, let filters):
            return filters.reduce(0) { $0 + filtersPerDisjunction($1) }
        case .composite(.or, let filters):
            return filters.map(filtersPerDisjunction).max() ?? 0
        }
    }

}
