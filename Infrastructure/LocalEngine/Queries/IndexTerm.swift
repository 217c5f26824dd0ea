import HearthDomain

/// What one filter contributes to an index plan in one collection: the index that holds every document
/// the filter can match, and the key ranges that hold them.
struct IndexTerm: Sendable {
    let index: IndexSelector
    var ranges: [KeyRange]

    /// Whether every range holds the entries of one value (then the keys continue in name order).
    var isPoint: Bool { !ranges.isEmpty && ranges.allSatisfy { $0.prefixLength > 0 } }

    enum Analysis {
        /// No index narrows this filter.
        case unusable
        /// The filter matches no document of the collection.
        case matchesNothing
        case term(IndexTerm)
    }

    /// The index term of a filter leaf (never a composite), with the semantics of ``FilterEvaluator``.
    static func analyze(_ filter: StructuredQuery.Filter, collection: CollectionPath, database: DatabaseID) -> Analysis
    {
        switch filter {
        case .composite:
            return .unusable
        case .unary(let path, let op):
            let index = IndexSelector.value(path)
            let nan = IndexKeyEncoding.encode(.double(.nan))
            let notNull = KeyRange(lower: IndexKeyEncoding.typeEnd(.null), upper: nil)
            switch op {
            case .isNull: return .term(IndexTerm(index: index, ranges: [.point(IndexKeyEncoding.encode(.null))]))
            case .isNaN: return .term(IndexTerm(index: index, ranges: [.point(nan)]))
            case .isNotNull: return .term(IndexTerm(index: index, ranges: [notNull]))
            case .isNotNaN: return .term(IndexTerm(index: index, ranges: complement(of: [nan], within: notNull)))
            }
        case .field(let path, let op, let operand):
            if path.isDocumentID { return analyzeName(op, operand, collection: collection, database: database) }
            return analyzeField(path, op, operand)
        }
    }

    private static func analyzeField(_ path: FieldPath, _ op: FieldOperator, _ operand: Value) -> Analysis {
        let matchesNoValue = operand.isNull || operand.isNaN
        switch op {
        case .equal:
            if matchesNoValue { return .matchesNothing }
            return .term(IndexTerm(index: .value(path), ranges: [.point(IndexKeyEncoding.encode(operand))]))
        case .arrayContains:
            if matchesNoValue { return .matchesNothing }
            return .term(IndexTerm(index: .arrayContains(path), ranges: [.point(IndexKeyEncoding.encode(operand))]))
        case .in, .arrayContainsAny:
            let points = pointKeys(operand.arrayValue ?? [])
            if points.isEmpty { return .matchesNothing }
            let index: IndexSelector = op == .in ? .value(path) : .arrayContains(path)
            return .term(IndexTerm(index: index, ranges: points.map(KeyRange.point)))
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual:
            if matchesNoValue { return .matchesNothing }
            let typeOrder = operand.typeOrder
            let start =
                typeOrder == .number ? IndexKeyEncoding.firstNonNaNNumber : IndexKeyEncoding.typeStart(typeOrder)
            let end = IndexKeyEncoding.typeEnd(typeOrder)
            let key = IndexKeyEncoding.encode(operand)
            let range: KeyRange
            switch op {
            case .lessThan: range = KeyRange(lower: start, upper: key)
            case .lessThanOrEqual: range = KeyRange(lower: start, upper: IndexKeyEncoding.prefixEnd(key) ?? end)
            case .greaterThan: range = KeyRange(lower: IndexKeyEncoding.prefixEnd(key) ?? end, upper: end)
            default: range = KeyRange(lower: key, upper: end)
            }
            return range.isEmpty ? .matchesNothing : .term(IndexTerm(index: .value(path), ranges: [range]))
        case .notEqual:
            if operand.isNull { return .matchesNothing }
            let notNull = KeyRange(lower: IndexKeyEncoding.typeEnd(.null), upper: nil)
            let excluded = operand.isNaN ? [] : [IndexKeyEncoding.encode(operand)]
            return .term(IndexTerm(index: .value(path), ranges: complement(of: excluded, within: notNull)))
        case .notIn:
            let values = operand.arrayValue ?? []
            if values.contains(where: \.isNull) { return .matchesNothing }
            let notNull = KeyRange(lower: IndexKeyEncoding.typeEnd(.null), upper: nil)
            return .term(IndexTerm(index: .value(path), ranges: complement(of: pointKeys(values), within: notNull)))
        }
    }

    /// `__name__` filters on the name index, for references to documents of this collection. Others
    /// (a reference elsewhere with a range, `!=`, `not-in`) narrow nothing.
    private static func analyzeName(
        _ op: FieldOperator,
        _ operand: Value,
        collection: CollectionPath,
        database: DatabaseID
    ) -> Analysis {
        switch op {
        case .equal, .in:
            let references = op == .equal ? [operand] : (operand.arrayValue ?? [])
            let keys = references.compactMap { nameKey($0, collection: collection, database: database) }
            let unique = Array(Set(keys)).sorted { Bytes.compare($0, $1) < 0 }
            if unique.isEmpty { return .matchesNothing }
            return .term(IndexTerm(index: .name, ranges: unique.map(KeyRange.point)))
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual:
            guard let key = nameKey(operand, collection: collection, database: database) else { return .unusable }
            let range: KeyRange
            switch op {
            case .lessThan: range = KeyRange(lower: [], upper: key)
            case .lessThanOrEqual: range = KeyRange(lower: [], upper: IndexKeyEncoding.prefixEnd(key))
            case .greaterThan: range = KeyRange(lower: IndexKeyEncoding.prefixEnd(key) ?? key, upper: nil)
            default: range = KeyRange(lower: key, upper: nil)
            }
            return .term(IndexTerm(index: .name, ranges: [range]))
        default:
            return .unusable
        }
    }

    /// The name-index prefix of a reference to a document of `collection` in `database`, else `nil`.
    static func nameKey(_ value: Value, collection: CollectionPath, database: DatabaseID) -> [UInt8]? {
        guard case .reference(let name) = value, name.database == database, name.path.parent == collection else {
            return nil
        }
        var key: [UInt8] = []
        IndexKeyEncoding.appendText(name.path.documentID, to: &key)
        return key
    }

    /// The sorted, distinct encodings of the values a point lookup can match (never null or NaN).
    private static func pointKeys(_ values: [Value]) -> [[UInt8]] {
        let keys = values.filter { !$0.isNull && !$0.isNaN }.map(IndexKeyEncoding.encode)
        return Array(Set(keys)).sorted { Bytes.compare($0, $1) < 0 }
    }

    /// `range` without the points `excluded` (sorted).
    private static func complement(of excluded: [[UInt8]], within range: KeyRange) -> [KeyRange] {
        var result: [KeyRange] = []
        var lower = range.lower
        for point in excluded.sorted(by: { Bytes.compare($0, $1) < 0 }) {
            let piece = KeyRange(lower: lower, upper: point)
            if !piece.isEmpty { result.append(piece) }
            guard let next = IndexKeyEncoding.prefixEnd(point) else { return result }
            lower = next
        }
        let last = KeyRange(lower: lower, upper: range.upper)
        if !last.isEmpty { result.append(last) }
        return result
    }
}
