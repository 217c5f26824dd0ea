import HearthTestSupport

/// The differential tests' draws, on the shared SplitMix64 (HearthTestSupport).
///
/// Every draw of the differential tests goes through the helpers below rather than the standard
/// library's `random(in:using:)`, whose algorithm may change between toolchains: a seed must replay the
/// same datasets and queries everywhere.
extension SplitMix64 {
    /// A seed derived from `seed` and a path of indexes, so that dataset 2's case 17 is the same whatever
    /// the number of cases or datasets.
    static func derive(_ seed: UInt64, _ parts: UInt64...) -> UInt64 {
        var generator = SplitMix64(seed: seed)
        var value = generator.next()
        for part in parts {
            generator = SplitMix64(seed: value ^ (part &* 0xD1B5_4A32_D192_ED03))
            value = generator.next()
        }
        return value
    }

    /// A number in `0..<bound` (`bound > 0`).
    mutating func below(_ bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// `true` with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    /// One element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// One element, each with its weight (weights > 0).
    mutating func weighted<T>(_ items: [(T, Int)]) -> T {
        let total = items.reduce(0) { $0 + $1.1 }
        var draw = below(total)
        for (item, weight) in items {
            if draw < weight { return item }
            draw -= weight
        }
        return items[items.count - 1].0
    }

    /// `count` distinct elements of `items` (all of them when there are fewer), in draw order.
    mutating func sample<T>(_ items: [T], count: Int) -> [T] {
        var pool = items
        var chosen: [T] = []
        while chosen.count < count, !pool.isEmpty {
            chosen.append(pool.remove(at: below(pool.count)))
        }
        return chosen
    }
}
