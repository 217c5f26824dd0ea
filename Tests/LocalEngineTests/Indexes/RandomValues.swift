import HearthTestSupport
import Foundation
import HearthDomain

/// Random Firestore values for property tests: every kind, with the edge cases of the order (NaN,
/// ±0.0, integers near 2^53 and 2^63 next to doubles, strings with NUL, prefixes, nested values).
struct RandomValues {
    var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    mutating func int(_ range: Range<Int>) -> Int {
        Int.random(in: range, using: &generator)
    }

    mutating func pick<T>(_ options: [T]) -> T {
        options[int(0..<options.count)]
    }

    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &generator) < probability
    }

    mutating func number() -> Value {
        let big: Int64 = 1 << 53
        let integers: [Int64] = [
            0, 1, -1, 2, 3, 42, -42, big, big + 1, big - 1, -big - 1, Int64.max, Int64.min, Int64.max - 1,
            Int64.min + 1,
        ]
        let doubles: [Double] = [
            0.0, -0.0, 1.0, -1.0, 1.5, 2.0, 3.0, -2.5, .nan, .infinity, -.infinity, 9_007_199_254_740_992.0,
            9_223_372_036_854_775_808.0, -9_223_372_036_854_775_808.0, 1e300, -1e-300, 0.1,
        ]
        return chance(0.5) ? .integer(pick(integers)) : .double(pick(doubles))
    }

    mutating func text() -> String {
        pick(["", "a", "ab", "abc", "b", "a\u{0}", "a\u{0}b", "\u{0}", "é", "e\u{301}", "z", "aa", "Z", "日本"])
    }

    mutating func scalar() -> Value {
        switch int(0..<10) {
        case 0: return .null
        case 1: return .boolean(chance(0.5))
        case 2, 3: return number()
        case 4:
            let seconds = pick([Int64(-62_135_596_800), -1, 0, 1, 1_700_000_000, 253_402_300_799])
            let nanos = pick([Int32(0), 1, 999_999_999, 500])
            return .timestamp(timestamp(seconds, nanos))
        case 5, 6: return .string(text())
        case 7: return .bytes(Data(pick([[], [0], [0, 0], [1], [0, 255], [255], [1, 2, 3]] as [[UInt8]])))
        case 8:
            let database = pick([EngineHarness.database, otherDatabase])
            let path = pick(["c/a", "c/b", "c/a/d/x", "d/a", "c/a\u{0}"])
            return (try? DocumentPath(path)).map { .reference(DocumentName(database: database, path: $0)) } ?? .null
        default:
            let latitude = pick([-90.0, 0.0, -0.0, 10.5, 90.0])
            let longitude = pick([-180.0, 0.0, 1.0, 180.0])
            return (try? GeoPoint(latitude: latitude, longitude: longitude)).map(Value.geoPoint) ?? .null
        }
    }

    mutating func value(depth: Int = 0) -> Value {
        guard depth < 2 else { return scalar() }
        switch int(0..<8) {
        case 0:
            return .array((0..<int(0..<4)).map { _ in depth == 0 ? value(depth: depth + 1) : scalar() })
        case 1:
            var map = MapValue()
            for _ in 0..<int(0..<3) { map[pick(["a", "b", "", "a\u{0}", "c"])] = value(depth: depth + 1) }
            return .map(map)
        case 2:
            let elements = (0..<int(0..<3)).map { _ in number() }
            return .map(["__type__": "__vector__", "value": .array(elements)])
        default:
            return scalar()
        }
    }

    private func timestamp(_ seconds: Int64, _ nanos: Int32) -> Timestamp {
        (try? Timestamp(seconds: seconds, nanoseconds: nanos)) ?? Timestamp.min
    }

    private var otherDatabase: DatabaseID {
        (try? DatabaseID(projectID: "other")) ?? EngineHarness.database
    }
}
