public import HearthDomain

/// The fields of user data (a document, a nested map, or update paths), keyed by exact UTF-8 bytes.
///
/// A Swift `Dictionary<String, _>` treats canonically equal strings as one key (`"é"` and `"e\u{301}"`),
/// while Firestore treats them as two fields. A dictionary literal of this type sees every pair, so both
/// fields are kept:
///
/// ```swift
/// try await ref.setData(["\u{E9}": 1, "e\u{301}": 2])   // two fields
/// ```
///
/// Pairs keep their order; a key given twice with identical bytes is refused with `invalidArgument` when
/// the write is built (``WriteBuilder``), naming the key. Built from a `[String: FieldValue]`, it holds what
/// that dictionary holds (the dictionary has already merged canonically equal keys).
public struct UserFields: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One field: a key (a top-level key, or a dotted path in update data; compared by exact UTF-8 bytes)
    /// and its user data (a value, nested data or a sentinel such as `FieldValue.serverTimestamp()`).
    public typealias Field = KeyedField<FieldValue>

    /// A dictionary is kept as it is (its keys are distinct even as Swift strings), so that converting a
    /// `[String: FieldValue]` to and from this type copies nothing.
    private enum Storage: Sendable {
        case dictionary([String: FieldValue])
        case pairs([Field])
    }

    private var storage: Storage

    /// The fields in the order given (keys may repeat until the write is built); from a dictionary, in
    /// the dictionary's order.
    public var fields: [Field] {
        switch storage {
        case .dictionary(let dictionary): dictionary.map { Field(key: $0.key, value: $0.value) }
        case .pairs(let pairs): pairs
        }
    }

    /// No fields.
    public init() { storage = .pairs([]) }

    /// The given pairs, in order, every one kept.
    public init(_ pairs: some Sequence<(String, FieldValue)>) {
        storage = .pairs(pairs.map { Field(key: $0.0, value: $0.1) })
    }

    /// The entries of a dictionary.
    public init(_ dictionary: [String: FieldValue]) {
        storage = .dictionary(dictionary)
    }

    public init(dictionaryLiteral elements: (String, FieldValue)...) {
        self.init(elements)
    }

    /// The number of fields (repeated keys counted each time).
    public var count: Int {
        switch storage {
        case .dictionary(let dictionary): dictionary.count
        case .pairs(let pairs): pairs.count
        }
    }

    /// Whether there is no field.
    public var isEmpty: Bool { count == 0 }

    /// The value of the field whose key has exactly the bytes of `key`; setting replaces it in place or
    /// appends it, and `nil` removes it.
    public subscript(key: String) -> FieldValue? {
        get {
            switch storage {
            case .dictionary(let dictionary):
                // A dictionary holds at most one key of each canonical class: the one it finds, or none.
                guard let index = dictionary.index(forKey: key), UTF8Order.equal(dictionary[index].key, key) else {
                    return nil
                }
                return dictionary[index].value
            case .pairs(let pairs):
                return KeyedField.index(ofKey: key, in: pairs).map { pairs[$0].value }
            }
        }
        set {
            var pairs = fields
            KeyedField.set(newValue, forKey: key, in: &pairs)
            storage = .pairs(pairs)
        }
    }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The fields as a Swift `Dictionary`. Throws `invalidArgument` naming both keys when two keys are
    /// canonically equal but differ in bytes (the dictionary would silently keep only one of them), and
    /// naming the key when it is given twice.
    public func dictionary() throws(DocumentStoreError) -> [String: FieldValue] {
        if case .dictionary(let dictionary) = storage { return dictionary }
        let fields = self.fields
        var result: [String: FieldValue] = [:]
        result.reserveCapacity(fields.count)
        for field in fields {
            if let index = result.index(forKey: field.key) {
                let existing = result[index].key
                if UTF8Order.equal(existing, field.key) {
                    throw .invalidArgument("The field name \(Self.describe(field.key)) is given more than once.")
                }
                throw .invalidArgument(
                    "The field names \(Self.describe(existing)) and \(Self.describe(field.key)) differ in their bytes but are equal as Swift strings, so a [String: FieldValue] dictionary cannot hold both; use UserFields."
                )
            }
            result[field.key] = field.value
        }
        return result
    }

    /// A key quoted with its Unicode scalars spelled out, so that keys that look alike can be told apart;
    /// both bounded (``Excerpt`` for the text, the first 64 scalars), since keys come from users.
    static func describe(_ key: String) -> String {
        let scalars = key.unicodeScalars.prefix(64).map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(
            separator: " ")
        return "'\(Excerpt.of(key, limit: 120))' (\(scalars)\(key.unicodeScalars.count > 64 ? " …" : ""))"
    }

    /// The fields sorted by the UTF-8 bytes of their keys (stable for repeated keys).
    var sortedByKey: [Field] {
        let (entries, order) = sortedPositions()
        return order.map { entries[$0] }
    }

    /// The fields, and their positions in UTF-8 key order (stable for repeated keys): sorting positions
    /// moves integers instead of the entries.
    func sortedPositions() -> (entries: [Field], order: [Int]) {
        let entries = fields
        let keys = entries.map(\.key)
        var order = Array(entries.indices)
        keys.withUnsafeBufferPointer { keys in
            order.sort { lhs, rhs in
                let comparison = UTF8Order.compare(keys[lhs], keys[rhs])
                return comparison != 0 ? comparison < 0 : lhs < rhs
            }
        }
        return (entries, order)
    }

    /// Equal when they hold the same keys (by bytes) with equal values, in any order.
    public static func == (lhs: UserFields, rhs: UserFields) -> Bool {
        let left = lhs.sortedByKey
        let right = rhs.sortedByKey
        return left.count == right.count
            && zip(left, right).allSatisfy { UTF8Order.equal($0.key, $1.key) && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields.count)
        for field in sortedByKey {
            hasher.combine(Array(field.key.utf8))
            hasher.combine(field.value)
        }
    }
}
