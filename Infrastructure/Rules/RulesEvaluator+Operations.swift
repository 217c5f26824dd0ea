import Foundation
import HearthDomain

extension RulesEvaluator {
    // MARK: - Operators

    static func binary(
        _ op: RulesBinaryOperator, _ left: RulesValue, _ right: RulesValue
    ) throws(RulesEvaluationError)
        -> RulesValue
    {
        if case .constraint(let bounds) = left { return try constrained(op, bounds, right, flipped: false) }
        if case .constraint(let bounds) = right { return try constrained(op, bounds, left, flipped: true) }
        switch op {
        case .equal: return .bool(left.rulesEquals(right))
        case .notEqual: return .bool(!left.rulesEquals(right))
        case .less: return .bool(try compare(left, right) < 0)
        case .lessOrEqual: return .bool(try compare(left, right) <= 0)
        case .greater: return .bool(try compare(left, right) > 0)
        case .greaterOrEqual: return .bool(try compare(left, right) >= 0)
        case .in:
            switch right {
            case .list(let items), .set(let items): return .bool(items.contains { $0.rulesEquals(left) })
            case .map(let map):
                guard case .string(let key) = left else { throw RulesEvaluationError("a map key is a string") }
                return .bool(map[key] != nil)
            default: throw RulesEvaluationError("in needs a list, set or map")
            }
        case .add, .subtract, .multiply, .divide, .remainder: return try arithmetic(op, left, right)
        case .and, .or: throw RulesEvaluationError("logical operators are evaluated lazily")
        }
    }

    /// `x op value` (or `value op x` when `flipped`) for every `x` within `bounds`: `true` or `false` when
    /// it is so for all of them, an error (unprovable) otherwise.
    static func constrained(
        _ op: RulesBinaryOperator, _ bounds: RulesFieldConstraint, _ value: RulesValue, flipped: Bool
    ) throws(RulesEvaluationError) -> RulesValue {
        let unprovable = RulesEvaluationError("the query does not prove this for every document")
        // `value in x`: x is an array holding `value`.
        if op == .in {
            guard flipped, bounds.contained.contains(where: { $0.rulesEquals(value) }) else { throw unprovable }
            return .bool(true)
        }
        var op = op
        if flipped {
            switch op {
            case .less: op = .greater
            case .lessOrEqual: op = .greaterOrEqual
            case .greater: op = .less
            case .greaterOrEqual: op = .lessOrEqual
            default: break
            }
        }
        // Where `value` lies against the bounds: below the lower, above the upper, or inside.
        let lower = bounds.lower.flatMap { try? compare($0, value) }
        let upper = bounds.upper.flatMap { try? compare($0, value) }
        if (bounds.lower != nil && lower == nil) || (bounds.upper != nil && upper == nil) { throw unprovable }
        // Every x > value / >= value …
        let allAbove = lower.map { $0 > 0 || ($0 == 0 && !bounds.lowerInclusive) } ?? false
        let allAtLeast = lower.map { $0 >= 0 } ?? false
        let allBelow = upper.map { $0 < 0 || ($0 == 0 && !bounds.upperInclusive) } ?? false
        let allAtMost = upper.map { $0 <= 0 } ?? false
        let outside = allAbove || allBelow || bounds.excluded.contains { $0.rulesEquals(value) }
        let result: Bool?
        switch op {
        case .less: result = allBelow ? true : (allAtLeast ? false : nil)
        case .lessOrEqual: result = allAtMost ? true : (allAbove ? false : nil)
        case .greater: result = allAbove ? true : (allAtMost ? false : nil)
        case .greaterOrEqual: result = allAtLeast ? true : (allBelow ? false : nil)
        case .equal: result = outside ? false : nil
        case .notEqual: result = outside ? true : nil
        default: result = nil
        }
        guard let result else { throw unprovable }
        return .bool(result)
    }

    static func compare(_ left: RulesValue, _ right: RulesValue) throws(RulesEvaluationError) -> Int {
        func order<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }
        switch (left, right) {
        case (.int(let a), .int(let b)): return order(a, b)
        case (.int(let a), .float(let b)):
            guard !b.isNaN else { throw RulesEvaluationError("NaN does not compare") }
            return order(Double(a), b)
        case (.float(let a), .int(let b)):
            guard !a.isNaN else { throw RulesEvaluationError("NaN does not compare") }
            return order(a, Double(b))
        case (.float(let a), .float(let b)):
            guard !a.isNaN, !b.isNaN else { throw RulesEvaluationError("NaN does not compare") }
            return order(a, b)
        case (.string(let a), .string(let b)):
            let (x, y) = (Array(a.utf8), Array(b.utf8))
            return x == y ? 0 : (x.lexicographicallyPrecedes(y) ? -1 : 1)
        case (.timestamp(let a), .timestamp(let b)): return order(a, b)
        case (.duration(let a), .duration(let b)): return order(a, b)
        case (.bytes(let a), .bytes(let b)): return a == b ? 0 : (a.lexicographicallyPrecedes(b) ? -1 : 1)
        default: throw RulesEvaluationError("cannot compare \(left.typeName) with \(right.typeName)")
        }
    }

    static func arithmetic(
        _ op: RulesBinaryOperator, _ left: RulesValue, _ right: RulesValue
    )
        throws(RulesEvaluationError) -> RulesValue
    {
        switch (op, left, right) {
        case (.add, .string(let a), .string(let b)): return .string(a + b)
        // No `+` of lists (nor of sets): the emulator denies `[1, 2] + [3] == [1, 2, 3]` (an error) and
        // allows `[1, 2].concat([3]) == [1, 2, 3]`, which is how rules concatenate.
        case (.add, .timestamp(let time), .duration(let nanos)), (.add, .duration(let nanos), .timestamp(let time)):
            return .timestamp(try shifted(time, by: nanos))
        case (.subtract, .timestamp(let time), .duration(let nanos)):
            guard nanos != .min else { throw RulesEvaluationError("duration overflow") }
            return .timestamp(try shifted(time, by: -nanos))
        case (.subtract, .timestamp(let a), .timestamp(let b)):
            let seconds = a.seconds.subtractingReportingOverflow(b.seconds)
            let total = seconds.partialValue.multipliedReportingOverflow(by: 1_000_000_000)
            guard !seconds.overflow, !total.overflow else { throw RulesEvaluationError("duration overflow") }
            return .duration(nanoseconds: total.partialValue + Int64(a.nanoseconds) - Int64(b.nanoseconds))
        case (_, .duration(let a), .duration(let b)) where op == .add || op == .subtract:
            let result = op == .add ? a.addingReportingOverflow(b) : a.subtractingReportingOverflow(b)
            guard !result.overflow else { throw RulesEvaluationError("duration overflow") }
            return .duration(nanoseconds: result.partialValue)
        case (_, .int(let a), .int(let b)):
            let result: (partialValue: Int64, overflow: Bool)
            switch op {
            case .add: result = a.addingReportingOverflow(b)
            case .subtract: result = a.subtractingReportingOverflow(b)
            case .multiply: result = a.multipliedReportingOverflow(by: b)
            case .divide:
                guard b != 0 else { throw RulesEvaluationError("division by zero") }
                result = a.dividedReportingOverflow(by: b)
            default:
                guard b != 0 else { throw RulesEvaluationError("division by zero") }
                result = a.remainderReportingOverflow(dividingBy: b)
            }
            guard !result.overflow else { throw RulesEvaluationError("integer overflow") }
            return .int(result.partialValue)
        case (_, .int, .float), (_, .float, .int), (_, .float, .float):
            let a = try double(left)
            let b = try double(right)
            switch op {
            case .add: return .float(a + b)
            case .subtract: return .float(a - b)
            case .multiply: return .float(a * b)
            case .divide: return .float(a / b)
            default: return .float(a.truncatingRemainder(dividingBy: b))
            }
        default:
            throw RulesEvaluationError("\(op.rawValue) does not apply to \(left.typeName) and \(right.typeName)")
        }
    }

    static func double(_ value: RulesValue) throws(RulesEvaluationError) -> Double {
        switch value {
        case .int(let int): return Double(int)
        case .float(let double): return double
        default: throw RulesEvaluationError("expected a number, got \(value.typeName)")
        }
    }

    static func shifted(_ time: Timestamp, by nanoseconds: Int64) throws(RulesEvaluationError) -> Timestamp {
        let total = Int64(time.nanoseconds) + nanoseconds % 1_000_000_000
        var seconds = time.seconds + nanoseconds / 1_000_000_000 + total / 1_000_000_000
        var nanos = total % 1_000_000_000
        if nanos < 0 {
            nanos += 1_000_000_000
            seconds -= 1
        }
        guard let result = try? Timestamp(seconds: seconds, nanoseconds: Int32(nanos)) else {
            throw RulesEvaluationError("timestamp out of range")
        }
        return result
    }
}
