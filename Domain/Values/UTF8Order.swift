import Foundation

/// Firestore's string order: lexicographic by UTF-8 bytes.
///
/// Swift's `String` comparison uses Unicode canonical equivalence (`"é" == "e\u{301}"`), which Firestore
/// does not: every string comparison in Hearth goes through here.
public enum UTF8Order {
    /// Compares `lhs` and `rhs` by their UTF-8 bytes; returns -1, 0 or 1.
    public static func compare(_ lhs: String, _ rhs: String) -> Int {
        let contiguous = lhs.utf8.withContiguousStorageIfAvailable { leftBytes in
            rhs.utf8.withContiguousStorageIfAvailable { rightBytes in
                compareBytes(UnsafeRawBufferPointer(leftBytes), UnsafeRawBufferPointer(rightBytes))
            }
        }
        if let contiguous, let order = contiguous { return order }
        var left = lhs
        var right = rhs
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                compareBytes(UnsafeRawBufferPointer(leftBytes), UnsafeRawBufferPointer(rightBytes))
            }
        }
    }

    /// Whether `lhs` and `rhs` have identical UTF-8 bytes.
    public static func equal(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && compare(lhs, rhs) == 0
    }

    /// Compares two byte sequences lexicographically (unsigned); returns -1, 0 or 1.
    public static func compareBytes(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
        let common = min(lhs.count, rhs.count)
        if common > 0, let left = lhs.baseAddress, let right = rhs.baseAddress {
            let order = memcmp(left, right, common)
            if order != 0 { return order < 0 ? -1 : 1 }
        }
        return lhs.count == rhs.count ? 0 : (lhs.count < rhs.count ? -1 : 1)
    }

    /// Compares two `Data` values lexicographically (unsigned); returns -1, 0 or 1.
    public static func compare(_ lhs: Data, _ rhs: Data) -> Int {
        lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in compareBytes(left, right) } }
    }
}

/// Equality and hashing of text by exact UTF-8 bytes (not Unicode canonical equivalence), for the
/// `Hashable` conformances of paths, IDs and map keys.
@usableFromInline
enum ExactText {
    static func equal(_ lhs: String, _ rhs: String) -> Bool { UTF8Order.equal(lhs, rhs) }

    static func equal(_ lhs: [String], _ rhs: [String]) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { UTF8Order.equal($0, $1) }
    }

    @usableFromInline
    static func hash(_ text: String, into hasher: inout Hasher) {
        var copy = text
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(text.utf8.count)
    }

    static func hash(_ texts: [String], into hasher: inout Hasher) {
        hasher.combine(texts.count)
        for text in texts { hash(text, into: &hasher) }
    }
}
