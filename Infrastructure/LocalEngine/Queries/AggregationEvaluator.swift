import HearthDomain

/// Validates aggregations and computes them over a query's results, as the server does:
/// - 1 to 5 aggregations; aliases unique, not reserved, default `field_1`, `field_2`, … for empty ones;
/// - `count` (up to `upTo`, which must not be negative);
/// - `sum`: exact over integers (an integer unless the final sum overflows Int64), a double as soon as a
///   double is involved (integers converted first); NaN propagates; non-numbers skipped; empty → 0;
/// - `average`: a double, `null` when there are no numeric values;
/// - the fields of `sum` and `average` must exist: documents lacking any of them are left out of every
///   aggregation, `count` included (the engine turns them into implicit orders).
enum AggregationEvaluator {
    static let maximumAggregations = 5

    /// The aggregations with their final aliases. Throws `invalidArgument`.
    static func validate(_ aggregations: [Aggregation]) throws(DocumentStoreError) -> [Aggregation] {
        if aggregations.isEmpty { throw .invalidArgument("An aggregation query needs at least one aggregation.") }
        if aggregations.count > maximumAggregations {
            throw .invalidArgument(
                "An aggregation query takes at most \(maximumAggregations) aggregations; got \(aggregations.count).")
        }
        var unnamed = 0
        var seen = Set<TextKey>()
        var resolved: [Aggregation] = []
        for aggregation in aggregations {
            var named = aggregation
            if named.alias.isEmpty {
                unnamed += 1
                named.alias = "field_\(unnamed)"
            }
            if ValueRules.isReserved(named.alias) {
                throw .invalidArgument("The aggregation alias \(named.alias) is reserved (it matches __.*__).")
            }
            if named.alias.utf8.count > ValueRules.maximumFieldNameBytes {
                throw .invalidArgument("An aggregation alias is longer than \(ValueRules.maximumFieldNameBytes) bytes.")
            }
            if !seen.insert(TextKey(named.alias)).inserted {
                throw .invalidArgument("Aggregation aliases contain the duplicate alias \(named.alias).")
            }
            switch named.operation {
            case .count(let upTo):
                if let upTo, upTo < 0 {
                    throw .invalidArgument("The upTo of a count aggregation must not be negative (\(upTo)).")
                }
            case .sum(let path), .average(let path):
                if path.isDocumentID { throw .invalidArgument("Aggregations are not supported on __name__.") }
                try FieldPathRules.validate(path, allowDocumentID: false, use: "an aggregation")
            }
            resolved.append(named)
        }
        return resolved
    }

    /// The fields whose existence the aggregations require.
    static func requiredFields(_ aggregations: [Aggregation]) -> [FieldPath] {
        aggregations.compactMap { aggregation in
            switch aggregation.operation {
            case .count: nil
            case .sum(let path), .average(let path): path
            }
        }
    }

    /// The results, alias → value.
    static func evaluate(_ aggregations: [Aggregation], over documents: [Document]) -> MapValue {
        var results = MapValue()
        for aggregation in aggregations {
            results[aggregation.alias] = evaluate(aggregation.operation, over: documents)
        }
        return results
    }

    private static func evaluate(_ operation: Aggregation.Operation, over documents: [Document]) -> Value {
        switch operation {
        case .count(let upTo):
            let count = Int64(documents.count)
            return .integer(upTo.map { Swift.min($0, count) } ?? count)
        case .sum(let path):
            let total = NumericTotal(documents.compactMap { $0.fields.value(at: path) })
            return total.sum
        case .average(let path):
            let total = NumericTotal(documents.compactMap { $0.fields.value(at: path) })
            return total.average
        }
    }
}

/// The exact integer part and the double part of a sum of numeric values.
private struct NumericTotal {
    var integerSum: Int128 = 0
    var doubleSum: Double = 0
    var sawDouble = false
    var count = 0

    init(_ values: [Value]) {
        for value in values {
            switch value {
            case .integer(let number):
                integerSum += Int128(number)
                count += 1
            case .double(let number):
                doubleSum += number
                sawDouble = true
                count += 1
            default:
                continue
            }
        }
    }

    var total: Double { Double(integerSum) + doubleSum }

    var sum: Value {
        if !sawDouble, let exact = Int64(exactly: integerSum) { return .integer(exact) }
        return .double(total)
    }

    var average: Value {
        count == 0 ? .null : .double(total / Double(count))
    }
}
