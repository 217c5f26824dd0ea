import Foundation
import HearthApplication
import HearthDomain
import HearthPort

/// Data sets shared by several behaviours, each written in one commit to a fresh store. Their document
/// IDs are chosen so that name order differs from value order.
enum ContractFixtures {
    /// Collection `e`: one value of every interesting kind in field `v`, plus `missing`, which lacks `v`.
    /// (The emulator's answers over exactly this data are recorded in the findings, §2.)
    static func seedValues(_ store: any DocumentStore) async throws {
        let values: KeyValuePairs<String, Value> = [
            "i1": 1, "d1": 1.0, "i2": 2, "nan": .double(.nan), "nz": .double(-0.0), "z": 0, "zd": 0.0, "null": .null,
            "s1": "1", "sa": "a", "sb": "b", "t": true, "f": false,
            "arr12": [1, 2], "arr12d": [1.0, 2], "arr21": [2, 1], "arr1": [1], "arr1d": [1.0],
            "arrnan": [.double(.nan)],
            "arrnull": [.null], "arrmap": [["a": 1]], "arrempty": [], "arr11": [1, 1],
            "map1": ["a": 1], "map1d": ["a": 1.0], "mapempty": .map([:]),
            "ts": .timestamp(try timestamp("2020-01-01T00:00:00Z")), "bytes": .bytes(Data([1])), "geo": try geo(1, 1),
        ]
        var writes = try values.map { Write.update(try path("e/\($0.key)"), fields: ["v": $0.value]) }
        writes.append(.update(try path("e/missing"), fields: ["other": 1]))
        _ = try await store.commit(writes, transaction: nil)
    }

    /// The documents of ``seedValues(_:)`` that have `v`, in `v` order (ties by name): what
    /// `orderBy v` returns.
    static let valuesInOrder = [
        "null", "f", "t", "nan", "nz", "z", "zd", "d1", "i1", "i2", "ts", "s1", "sa", "sb", "bytes", "geo",
        "arrempty", "arrnull", "arrnan", "arr1", "arr1d", "arr11", "arr12", "arr12d", "arr21", "arrmap",
        "mapempty", "map1", "map1d",
    ]

    /// Collection `c` of the implicit-order findings (§5): `d6` lacks `a`, `d7` lacks `b`.
    static func seedPairs(_ store: any DocumentStore) async throws {
        try await store.seed([
            "c/d1": ["a": 3, "b": 1], "c/d2": ["a": 2, "b": 1], "c/d3": ["a": 5, "b": 0], "c/d4": ["a": 2, "b": 1],
            "c/d5": ["a": 9, "b": 2], "c/d6": ["b": 1], "c/d7": ["a": 2], "c/d8": ["a": 2, "b": 0.5],
        ])
    }

    /// Collection `c` of the missing-field findings (§6).
    static func seedPartial(_ store: any DocumentStore) async throws {
        try await store.seed([
            "c/has1": ["v": 1], "c/hasnull": ["v": .null], "c/missing": ["w": 1], "c/has2": ["v": 2],
            "c/hasstr": ["v": "x"], "c/hasmapv": ["m": ["v": 1]],
        ])
    }

    /// Collection `c` of the cursor findings (§7).
    static func seedCursorData(_ store: any DocumentStore) async throws {
        try await store.seed([
            "c/a": ["v": 1, "w": 1], "c/b": ["v": 2, "w": 1], "c/c": ["v": 2, "w": 2], "c/d": ["v": 3, "w": 1],
            "c/e": ["v": 4, "w": 9], "c/f": ["v": "x", "w": 0],
        ])
    }

    /// Writes one document per value into `collection`, with the values in field `v`, in one commit.
    static func seed(
        _ store: any DocumentStore, _ collection: String, _ values: KeyValuePairs<String, Value>
    ) async throws {
        _ = try await store.commit(
            try values.map { .update(try path("\(collection)/\($0.key)"), fields: ["v": $0.value]) }, transaction: nil)
    }
}
