import HearthDomain

/// The keys of an index in `[lower, upper)` (`upper == nil`: to the end). `prefixLength` is the length
/// of the bytes every key of the range shares (the values of a point lookup: an equality), after which the
/// keys continue in the query's order; 0 when the range is not a point.
struct KeyRange: Sendable, Equatable, CustomStringConvertible {
    var lower: [UInt8]
    var upper: [UInt8]?
    var prefixLength = 0

    /// Every key.
    static let all = KeyRange(lower: [], upper: nil)

    /// The keys starting with `prefix`.
    static func point(_ prefix: [UInt8]) -> KeyRange {
        KeyRange(lower: prefix, upper: IndexKeyEncoding.prefixEnd(prefix), prefixLength: prefix.count)
    }

    var isEmpty: Bool {
        guard let upper else { return false }
        return Bytes.compare(lower, upper) >= 0
    }

    /// This range narrowed to `[lower, upper)`.
    func clamped(lower newLower: [UInt8]?, upper newUpper: [UInt8]?) -> KeyRange {
        var result = self
        if let newLower, Bytes.compare(newLower, lower) > 0 { result.lower = newLower }
        if let newUpper, upper.map({ Bytes.compare(newUpper, $0) < 0 }) ?? true { result.upper = newUpper }
        return result
    }

    var description: String {
        "[\(Bytes.hex(lower)), \(upper.map(Bytes.hex) ?? "∞"))"
    }

    /// The intersection of two sorted lists of disjoint ranges.
    static func intersect(_ left: [KeyRange], _ right: [KeyRange]) -> [KeyRange] {
        var result: [KeyRange] = []
        for first in left {
            for second in right {
                var range = first.clamped(lower: second.lower, upper: second.upper)
                range.prefixLength = max(first.prefixLength, second.prefixLength)
                if !range.isEmpty { result.append(range) }
            }
        }
        return result.sorted { Bytes.compare($0.lower, $1.lower) < 0 }
    }
}

/// Byte-string helpers.
enum Bytes {
    static func compare(_ left: [UInt8], _ right: [UInt8]) -> Int {
        left.withUnsafeBytes { left in right.withUnsafeBytes { right in UTF8Order.compareBytes(left, right) } }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }
}
