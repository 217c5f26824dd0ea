/// One entry of a keyed list: a key compared by its exact UTF-8 bytes, and what it holds.
///
/// The one element type of Hearth's keyed lists: a document's or map's fields (``MapValue/Field``), a
/// JSON object's members (`JSONObject.Member` in the REST codec) and user data (`UserFields.Field` in the
/// client API). Keys are equal only when their bytes are, as in Firestore: a precomposed and a decomposed
/// `"é"` are two different keys (unlike Swift's `String` equality).
public struct KeyedField<Content> {
    /// The key (any UTF-8 string, compared by bytes).
    public var key: String
    /// What the key holds.
    public var value: Content

    /// An entry named `key` holding `value`.
    @inlinable
    public init(key: String, value: Content) {
        self.key = key
        self.value = value
    }
}

extension KeyedField: Sendable where Content: Sendable {}

extension KeyedField: Equatable where Content: Equatable {
    /// Equal when the keys have exactly the same UTF-8 bytes and the values are equal.
    @inlinable
    public static func == (lhs: KeyedField, rhs: KeyedField) -> Bool {
        UTF8Order.equal(lhs.key, rhs.key) && lhs.value == rhs.value
    }
}

extension KeyedField: Hashable where Content: Hashable {
    /// Hashes the key's bytes and the value, as `==` compares them.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        ExactText.hash(key, into: &hasher)
        hasher.combine(value)
    }
}

extension KeyedField {
    /// The position of the first entry of `fields` whose key has exactly the bytes of `key`, or `nil`.
    /// A linear search, for lists kept in the order given (a ``MapValue`` searches its sorted fields).
    @inlinable
    package static func index(ofKey key: String, in fields: [KeyedField]) -> Int? {
        fields.firstIndex { UTF8Order.equal($0.key, key) }
    }

    /// Sets `key` in a list kept in the order given: a value replaces the first entry with that key in
    /// place, or is appended when there is none; `nil` removes that entry (and nothing when there is none).
    @inlinable
    package static func set(_ newValue: Content?, forKey key: String, in fields: inout [KeyedField]) {
        switch (index(ofKey: key, in: fields), newValue) {
        case (let index?, let value?): fields[index].value = value
        case (let index?, nil): fields.remove(at: index)
        case (nil, let value?): fields.append(KeyedField(key: key, value: value))
        case (nil, nil): break
        }
    }
}
