import HearthDomain

/// A string compared and hashed by its exact UTF-8 bytes (Swift's `String` equality uses canonical
/// equivalence, Firestore's does not): the key type for IDs in the engine's dictionaries.
struct TextKey: Hashable, Sendable, Comparable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (lhs: TextKey, rhs: TextKey) -> Bool { UTF8Order.equal(lhs.text, rhs.text) }

    static func < (lhs: TextKey, rhs: TextKey) -> Bool { UTF8Order.compare(lhs.text, rhs.text) < 0 }

    func hash(into hasher: inout Hasher) {
        var copy = text
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(text.utf8.count)
    }
}
