import Hearth
import HearthTestSupport

/// The documents of the `query-scaling` and `memory` scenarios, generated deterministically: small user
/// records `(id, status, age, city, createdAt)`, the ID being the document ID (`u0000001`…), `createdAt`
/// roughly increasing with the ID (as documents are usually written), the status skewed so that the
/// scenarios can query every selectivity from 60 % down to 1 %.
struct BenchDataset {
    static let collection = "users"
    /// Each status and its share of the documents, in percent.
    static let statuses: [(name: String, percent: Int)] = [
        ("active", 60), ("inactive", 25), ("pending", 10), ("banned", 4), ("deleted", 1),
    ]
    static let cities = [
        "Amsterdam", "Athens", "Berlin", "Bordeaux", "Brussels", "Dublin", "Edinburgh", "Geneva", "Helsinki", "Lisbon",
        "London", "Lyon", "Madrid", "Milan", "Oslo", "Paris", "Prague", "Rome", "Vienna", "Warsaw",
    ]
    static let firstCreatedAt: Int64 = 1_600_000_000_000_000

    struct Row {
        let id: String
        let status: String
        let age: Int64
        let city: String
        /// Microseconds since the epoch.
        let createdAtMicros: Int64
    }

    let count: Int

    func forEachRow(_ body: (Row) throws -> Void) rethrows {
        var random = SplitMix64(seed: 20_240_501)
        for index in 0..<count {
            let roll = Int(random.next() % 100)
            var cumulative = 0
            var status = Self.statuses[0].name
            for entry in Self.statuses {
                cumulative += entry.percent
                if roll < cumulative {
                    status = entry.name
                    break
                }
            }
            let age = 18 + Int64(random.next() % 73)
            let city = Self.cities[Int(random.next() % UInt64(Self.cities.count))]
            let jitter = Int64(random.next() % 5_000_000)
            try body(
                Row(
                    id: Self.id(index),
                    status: status,
                    age: age,
                    city: city,
                    createdAtMicros: Self.firstCreatedAt + Int64(index) * 1_000_000 + jitter
                )
            )
        }
    }

    static func id(_ index: Int) -> String {
        let digits = String(index)
        return "u" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    }

    static func fields(_ row: Row) throws -> MapValue {
        let seconds = row.createdAtMicros / 1_000_000
        let nanos = Int32(row.createdAtMicros % 1_000_000) * 1_000
        return [
            "status": .string(row.status),
            "age": .integer(row.age),
            "city": .string(row.city),
            "createdAt": .timestamp(try Timestamp(seconds: seconds, nanoseconds: nanos)),
        ]
    }

    /// Loads the documents into `store`, 500 writes per commit.
    func load(into store: some DocumentStore, database: DatabaseID) async throws {
        let collection = try CollectionPath(Self.collection)
        var batch: [Write] = []
        batch.reserveCapacity(500)
        var rows: [Row] = []
        forEachRow { rows.append($0) }
        for row in rows {
            batch.append(Write.update(try collection.document(row.id), fields: try Self.fields(row)))
            if batch.count == 500 {
                _ = try await store.commit(batch, transaction: nil)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty { _ = try await store.commit(batch, transaction: nil) }
    }
}
