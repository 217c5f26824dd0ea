public import HearthDomain

/// A value of the rules language: Firestore's values, plus the rules' own types (durations, sets, paths
/// and the result of `map.diff()`).
public indirect enum RulesValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `bool`.
    case bool(Bool)
    /// `int` (64-bit; overflow is an error).
    case int(Int64)
    /// `float`.
    case float(Double)
    /// `string` (compared by UTF-8 bytes).
    case string(String)
    /// `bytes`.
    case bytes([UInt8])
    /// `timestamp`.
    case timestamp(Timestamp)
    /// `duration`, in nanoseconds.
    case duration(nanoseconds: Int64)
    /// `latlng`.
    case latlng(latitude: Double, longitude: Double)
    /// `list`.
    case list([RulesValue])
    /// `map`, string keys.
    case map([String: RulesValue])
    /// `set`: unique elements (order irrelevant to equality).
    case set([RulesValue])
    /// `path`: its segments (`/databases/(default)/documents/users/u1`).
    case path([String])
    /// The result of `a.diff(b)`: the keys added, removed, changed and unchanged going from `b` to `a`.
    case mapDiff(added: [String], removed: [String], changed: [String], unchanged: [String])
    /// A field of `resource.data` in a `list` rule that the query bounds without fixing (`n < 5`): a
    /// comparison with it is decided only when it holds, or fails, for every value the bounds allow.
    case constraint(RulesFieldConstraint)

    /// A Firestore value as a rules value: references become paths under `/databases/<db>/documents`.
    public init(_ value: Value) {
        switch value {
        case .null: self = .null
        case .boolean(let bool): self = .bool(bool)
        case .integer(let int): self = .int(int)
        case .double(let double): self = .float(double)
        case .timestamp(let time): self = .timestamp(time)
        case .string(let text): self = .string(text)
        case .bytes(let data): self = .bytes(Array(data))
        case .reference(let name):
            self = .path(["databases", name.database.databaseID, "documents"] + name.path.segments)
        case .geoPoint(let point): self = .latlng(latitude: point.latitude, longitude: point.longitude)
        case .array(let values): self = .list(values.map(RulesValue.init))
        case .map(let map): self = .map(RulesValue.fields(map))
        }
    }

    /// A document's fields as a rules map.
    public static func fields(_ map: MapValue) -> [String: RulesValue] {
        var fields: [String: RulesValue] = [:]
        for field in map.fields { fields[field.key] = RulesValue(field.value) }
        return fields
    }

    /// The type's name, as `is` spells it.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .float: "float"
        case .string: "string"
        case .bytes: "bytes"
        case .timestamp: "timestamp"
        case .duration: "duration"
        case .latlng: "latlng"
        case .list: "list"
        case .map: "map"
        case .set: "set"
        case .path: "path"
        case .mapDiff: "map_diff"
        case .constraint: "constraint"
        }
    }

    /// Equality as the rules language has it: `1 == 1.0`, sets by their elements, strings by bytes.
    public func rulesEquals(_ other: RulesValue) -> Bool {
        switch (self, other) {
        case (.int(let a), .float(let b)): return Double(a) == b
        case (.float(let a), .int(let b)): return a == Double(b)
        case (.string(let a), .string(let b)): return Array(a.utf8) == Array(b.utf8)
        case (.list(let a), .list(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.rulesEquals($1) }
        case (.map(let a), .map(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { value.rulesEquals($0) } ?? false }
        case (.set(let a), .set(let b)):
            return a.count == b.count && a.allSatisfy { element in b.contains { $0.rulesEquals(element) } }
        default: return self == other
        }
    }
}

extension RulesValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral
{
    /// A string literal is a `string`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal is an `int`.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// A float literal is a `float`.
    public init(floatLiteral value: Double) { self = .float(value) }
    /// A boolean literal is a `bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
