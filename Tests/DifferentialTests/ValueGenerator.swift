import HearthTestSupport
import Foundation
import HearthDomain

/// Random Firestore values of every kind, weighted toward the edge cases where engines disagree: NaN,
/// ±Infinity, -0.0, equal numbers of different kinds (1 and 1.0, 2^53), the Int64 extremes, timestamps
/// that differ in microseconds, strings that differ only in Unicode normalisation, references into other
/// projects and databases, vectors, nested maps and arrays (never an array directly in an array).
struct ValueGenerator: Sendable {
    let database: DatabaseID
    /// Documents that references point at (existing and missing ones).
    let referenceTargets: [DocumentPath]
    private let foreignReferences: [DocumentName]
    private let geoPoints: [GeoPoint]

    static let specialIntegers: [Int64] = [
        0, 1, -1, 2, 3, 42, -7, 1 << 53, (1 << 53) + 1, -(1 << 53), .max, .min, .max - 1, .min + 1,
    ]

    static let specialDoubles: [Double] = [
        0.0, -0.0, 1.0, 0.5, -0.5, 2.0, 3.0, 42.0, 1.5, -1.0, .nan, .infinity, -.infinity,
        9_007_199_254_740_992.0, 9_007_199_254_740_994.0, 9.223_372_036_854_775_807e18, -9.223_372_036_854_775_808e18,
        1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0.1, 0.2, 0.3, 1e20,
    ]

    static let specialStrings: [String] = [
        "", "a", "A", "B", "b", "ab", "abc", "Z", "z", "0", "10", "9", "a b", "é", "e\u{301}", "😀", "\u{E000}",
        "\u{FFFD}", "日本", "Ω", "~", "a\u{0}b", "\u{7F}",
    ]

    /// Seconds since the epoch of a few reference instants, including the extremes of the valid range.
    static let specialSeconds: [Int64] = [
        -62_135_596_800, -2_208_988_800, -1, 0, 1, 1_704_067_200, 1_704_067_201, 253_402_300_799,
    ]

    static let mapKeys: [String] = ["x", "y", "z", "é", "e\u{301}", "a b", "X", "1", "x.y"]

    init(database: DatabaseID, referenceTargets: [DocumentPath]) throws {
        self.database = database
        self.referenceTargets = referenceTargets
        let other = try DatabaseID(projectID: "demo-other")
        let otherDatabase = try DatabaseID(projectID: database.projectID, databaseID: "otherdb")
        foreignReferences = [
            DocumentName(database: other, path: try DocumentPath("c1/d001")),
            DocumentName(database: otherDatabase, path: try DocumentPath("c1/d001")),
            DocumentName(database: database, path: try DocumentPath("c1/d001/sub/zz")),
            DocumentName(database: database, path: try DocumentPath("zz/zz")),
            DocumentName(database: database, path: try DocumentPath("a-/b")),
        ]
        geoPoints = try [
            (0.0, 0.0), (-10, 50), (10, -50), (10, 50), (-90, -180), (90, 180), (0.5, -0.5), (45.25, 7.125),
            (-0.0, 0.0), (0.0, -0.0),
        ].map { try GeoPoint(latitude: $0.0, longitude: $0.1) }
    }

    enum Kind: CaseIterable {
        case null, boolean, integer, double, timestamp, string, bytes, reference, geoPoint, array, map, vector
    }

    static let kindWeights: [(Kind, Int)] = [
        (.null, 7), (.boolean, 6), (.integer, 14), (.double, 14), (.timestamp, 8), (.string, 13), (.bytes, 6),
        (.reference, 6), (.geoPoint, 6), (.array, 9), (.map, 9), (.vector, 2),
    ]

    /// A value of any kind. `depth` counts the maps and arrays around it.
    func any(_ random: inout SplitMix64, depth: Int = 0, insideArray: Bool = false) -> Value {
        var kind = random.weighted(Self.kindWeights)
        if depth >= 3, kind == .array || kind == .map { kind = .string }
        if insideArray, kind == .array { kind = .integer }
        return value(of: kind, &random, depth: depth)
    }

    /// A scalar (neither array nor map).
    func scalar(_ random: inout SplitMix64) -> Value {
        let kind = random.weighted(Self.kindWeights.filter { ![.array, .map, .vector].contains($0.0) })
        return value(of: kind, &random, depth: 0)
    }

    func value(of kind: Kind, _ random: inout SplitMix64, depth: Int) -> Value {
        switch kind {
        case .null: return .null
        case .boolean: return .boolean(random.chance(0.5))
        case .integer: return integer(&random)
        case .double: return double(&random)
        case .timestamp: return timestamp(&random)
        case .string: return string(&random)
        case .bytes: return bytes(&random)
        case .reference: return reference(&random)
        case .geoPoint: return .geoPoint(random.pick(geoPoints))
        case .array: return array(&random, depth: depth)
        case .map: return map(&random, depth: depth)
        case .vector: return vector(&random)
        }
    }

    /// An integer or a double, half the time one of the special values.
    func number(_ random: inout SplitMix64) -> Value {
        random.chance(0.5) ? integer(&random) : double(&random)
    }

    func integer(_ random: inout SplitMix64) -> Value {
        if random.chance(0.4) { return .integer(random.pick(Self.specialIntegers)) }
        return .integer(Int64(random.int(-20...20)))
    }

    /// Doubles are mostly multiples of 1/4, exactly representable, so they tie with integers often.
    func double(_ random: inout SplitMix64) -> Value {
        if random.chance(0.45) { return .double(random.pick(Self.specialDoubles)) }
        return .double(Double(random.int(-80...80)) / 4)
    }

    /// A timestamp with microsecond precision near one of a few instants.
    func timestamp(_ random: inout SplitMix64) -> Value {
        let seconds = random.pick(Self.specialSeconds)
        let micros: Int32 = random.chance(0.3) ? 0 : Int32(random.pick([1, 123_000, 123_456, 500_000, 999_999]))
        let shifted =
            seconds == Timestamp.max.seconds || seconds == Timestamp.min.seconds
            ? seconds : seconds + Int64(random.int(0...2))
        return .timestamp((try? Timestamp(seconds: shifted, nanoseconds: micros * 1_000)) ?? Timestamp.min)
    }

    func string(_ random: inout SplitMix64) -> Value {
        if random.chance(0.55) { return .string(random.pick(Self.specialStrings)) }
        if random.chance(0.01) { return .string(String(repeating: "x", count: random.pick([1_499, 1_500]))) }
        let alphabet: [String] = ["a", "b", "A", "B", "0", "1", "é", "e\u{301}", " ", "😀"]
        return .string((0..<random.int(1...4)).map { _ in random.pick(alphabet) }.joined())
    }

    func bytes(_ random: inout SplitMix64) -> Value {
        let fixed: [[UInt8]] = [[], [0], [0, 0], [1, 2], [1, 2, 3], [255], [127, 128]]
        if random.chance(0.6) { return .bytes(Data(random.pick(fixed))) }
        return .bytes(Data((0..<random.int(1...4)).map { _ in UInt8(random.below(256)) }))
    }

    func reference(_ random: inout SplitMix64) -> Value {
        if referenceTargets.isEmpty || random.chance(0.2) { return .reference(random.pick(foreignReferences)) }
        return .reference(DocumentName(database: database, path: random.pick(referenceTargets)))
    }

    func array(_ random: inout SplitMix64, depth: Int) -> Value {
        if random.chance(0.12) {
            let fixed: [[Value]] = [
                [], [.null], [.integer(1), .double(1.0)], [.double(.nan)], [.integer(1), .integer(2)],
                [.double(1), .integer(2)],
            ]
            return .array(random.pick(fixed))
        }
        let count = random.weighted([(0, 1), (1, 4), (2, 4), (3, 3), (4, 2)])
        return .array(
            (0..<count).map { _ in
                random.chance(0.85) ? scalar(&random) : map(&random, depth: depth + 1)
            })
    }

    func map(_ random: inout SplitMix64, depth: Int) -> Value {
        let count = random.weighted([(0, 1), (1, 4), (2, 4), (3, 2)])
        var pairs: [(String, Value)] = []
        for key in random.sample(Self.mapKeys, count: count) {
            pairs.append((key, random.chance(0.8) || depth >= 2 ? scalar(&random) : any(&random, depth: depth + 1)))
        }
        return .map(MapValue(pairs))
    }

    /// Firestore's vector encoding: `{"__type__": "__vector__", "value": [doubles]}`.
    func vector(_ random: inout SplitMix64) -> Value {
        let dimensions = random.int(1...3)
        let values: [Value] = (0..<dimensions).map { _ in .double(Double(random.int(-8...8)) / 2) }
        return .map(MapValue([("__type__", .string("__vector__")), ("value", .array(values))]))
    }
}
