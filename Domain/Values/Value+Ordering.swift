/// Firestore's total order and equivalence over values.
extension Value {
    /// The rank of a value's kind in Firestore's cross-kind order. Integers and doubles share one rank.
    public enum TypeOrder: Int, Comparable, Sendable {
        /// The ranks, lowest first: null, booleans, numbers (integers and doubles together), timestamps, strings,
        /// bytes, references, geo points, arrays, vectors, maps.
        case null, boolean, number, timestamp, string, bytes, reference, geoPoint, array, vector, map

        /// Lower rank first, in the order of the cases.
        public static func < (lhs: TypeOrder, rhs: TypeOrder) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The rank of this value's kind: null < booleans < numbers < timestamps < strings < bytes <
    /// references < geo points < arrays < vectors < maps.
    public var typeOrder: TypeOrder {
        switch self {
        case .null: .null
        case .boolean: .boolean
        case .integer, .double: .number
        case .timestamp: .timestamp
        case .string: .string
        case .bytes: .bytes
        case .reference: .reference
        case .geoPoint: .geoPoint
        case .array: .array
        case .map(let fields): fields.isVector ? .vector : .map
        }
    }

    /// Whether `self` and `other` are equal in Firestore's sense (`compare == 0`): `1 == 1.0`, NaN equals
    /// NaN, `-0.0 == 0.0`, strings by UTF-8 bytes, arrays and maps element-wise.
    public func isEquivalent(to other: Value) -> Bool {
        Value.compare(self, other) == 0
    }

    /// Firestore's total order, as -1, 0 or 1.
    ///
    /// Kinds by ``TypeOrder``; numbers numerically with NaN first and integers compared exactly against
    /// doubles (never through a lossy conversion); timestamps chronologically; strings and bytes by
    /// bytes; references by project, database and path segments; geo points by latitude then longitude;
    /// arrays element-wise, a prefix first; vectors by length then element-wise; maps key by key (UTF-8
    /// order) then value by value, fewer entries first when one is a prefix.
    public static func compare(_ lhs: Value, _ rhs: Value) -> Int {
        let leftOrder = lhs.typeOrder
        let rightOrder = rhs.typeOrder
        if leftOrder != rightOrder { return leftOrder < rightOrder ? -1 : 1 }
        switch (lhs, rhs) {
        case (.null, .null):
            return 0
        case (.boolean(let left), .boolean(let right)):
            return left == right ? 0 : (left ? 1 : -1)
        case (.integer(let left), .integer(let right)):
            return sign(left, right)
        case (.double(let left), .double(let right)):
            return compareDoubles(left, right)
        case (.integer(let left), .double(let right)):
            return compareInteger(left, toDouble: right)
        case (.double(let left), .integer(let right)):
            return -compareInteger(right, toDouble: left)
        case (.timestamp(let left), .timestamp(let right)):
            return left == right ? 0 : (left < right ? -1 : 1)
        case (.string(let left), .string(let right)):
            return UTF8Order.compare(left, right)
        case (.bytes(let left), .bytes(let right)):
            return UTF8Order.compare(left, right)
        case (.reference(let left), .reference(let right)):
            return DocumentName.compare(left, right)
        case (.geoPoint(let left), .geoPoint(let right)):
            let latitude = compareDoubles(left.latitude, right.latitude)
            return latitude != 0 ? latitude : compareDoubles(left.longitude, right.longitude)
        case (.array(let left), .array(let right)):
            return compareArrays(left, right)
        case (.map(let left), .map(let right)):
            if leftOrder == .vector {
                let leftValues = left["value"]?.arrayValue ?? []
                let rightValues = right["value"]?.arrayValue ?? []
                if leftValues.count != rightValues.count { return leftValues.count < rightValues.count ? -1 : 1 }
                return compareArrays(leftValues, rightValues)
            }
            return compareMaps(left, right)
        default:
            return 0
        }
    }

    static func sign<T: Comparable>(_ lhs: T, _ rhs: T) -> Int {
        lhs == rhs ? 0 : (lhs < rhs ? -1 : 1)
    }

    /// Doubles with NaN before everything and equal to itself; `-0.0 == 0.0`.
    static func compareDoubles(_ lhs: Double, _ rhs: Double) -> Int {
        if lhs.isNaN { return rhs.isNaN ? 0 : -1 }
        if rhs.isNaN { return 1 }
        return lhs == rhs ? 0 : (lhs < rhs ? -1 : 1)
    }

    /// Compares an integer with a double exactly (no rounding of the integer to a double).
    static func compareInteger(_ integer: Int64, toDouble double: Double) -> Int {
        if double.isNaN { return 1 }
        if double >= 9_223_372_036_854_775_808.0 { return -1 }
        if double < -9_223_372_036_854_775_808.0 { return 1 }
        let truncated = double.rounded(.towardZero)
        let whole = Int64(truncated)
        if integer != whole { return integer < whole ? -1 : 1 }
        let fraction = double - truncated
        return fraction == 0 ? 0 : (fraction > 0 ? -1 : 1)
    }

    static func compareArrays(_ lhs: [Value], _ rhs: [Value]) -> Int {
        for (left, right) in zip(lhs, rhs) {
            let order = compare(left, right)
            if order != 0 { return order }
        }
        return sign(lhs.count, rhs.count)
    }

    static func compareMaps(_ lhs: MapValue, _ rhs: MapValue) -> Int {
        for (left, right) in zip(lhs.fields, rhs.fields) {
            let keyOrder = UTF8Order.compare(left.key, right.key)
            if keyOrder != 0 { return keyOrder }
            let valueOrder = compare(left.value, right.value)
            if valueOrder != 0 { return valueOrder }
        }
        return sign(lhs.count, rhs.count)
    }
}

extension MapValue {
    /// Whether this map is Firestore's encoding of a vector: `{"__type__": "__vector__", "value": [...]}`.
    public var isVector: Bool {
        guard case .string(let type)? = self["__type__"] else { return false }
        return type == "__vector__"
    }
}
