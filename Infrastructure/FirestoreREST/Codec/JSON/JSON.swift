public import HearthDomain

/// A JSON document as a tree that keeps what Foundation's `JSONSerialization` loses: the exact text of
/// numbers (so `1` and `1.0` stay distinct and int64 digits are exact), the order of object members, and
/// duplicate-key detection. Parsing is strict RFC 8259; writing is compact.
public enum JSON: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its validated JSON lexeme (for example `-12`, `1.0`, `6.02e23`).
    case number(String)
    /// A string, unescaped (any UTF-8; a lone surrogate escape is refused when parsing).
    case string(String)
    /// An array, elements in order.
    case array([JSON])
    /// An object, members in document order.
    case object(JSONObject)

    /// An integer number.
    public static func integer(_ value: Int64) -> JSON { .number(String(value)) }
}

/// A JSON object: members in document order, keys unique.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One member of an object: a key (unescaped, compared by exact UTF-8 bytes) and its value.
    public typealias Member = KeyedField<JSON>

    /// The members in document order (the parser refuses a repeated key).
    public private(set) var members: [Member]

    /// An empty object.
    public init() { members = [] }

    /// An object of `members`, in order; the caller keeps the keys unique.
    public init(members: [Member]) { self.members = members }

    public init(dictionaryLiteral elements: (String, JSON)...) {
        members = elements.map { Member(key: $0.0, value: $0.1) }
    }

    /// The number of members.
    public var count: Int { members.count }
    /// Whether the object has no member.
    public var isEmpty: Bool { members.isEmpty }
    /// The keys, in document order.
    public var keys: [String] { members.map(\.key) }

    /// The value of the member named `key` (compared by exact UTF-8 bytes, like every key here); setting
    /// replaces it in place or appends it, `nil` removes it.
    public subscript(key: String) -> JSON? {
        get { KeyedField.index(ofKey: key, in: members).map { members[$0].value } }
        set { KeyedField.set(newValue, forKey: key, in: &members) }
    }

    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }

    /// Semantic equality: the same keys (by exact UTF-8 bytes) with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        return lhs.members.allSatisfy { member in rhs[member.key] == member.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for key in members.map(\.key).sorted() { hasher.combine(key) }
    }
}

/// Where and why JSON text could not be parsed.
public struct JSONParseError: Error, Sendable, CustomStringConvertible {
    /// The byte offset of the problem.
    public let offset: Int
    /// What was wrong.
    public let reason: String

    /// `invalid JSON at byte N: reason`.
    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}
