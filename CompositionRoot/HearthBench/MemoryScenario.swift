import Foundation
import Hearth
import HearthFirestoreCodec
import HearthInMemory
import HearthLocalEngine

/// `memory`: resident bytes per document for 1,000,000 small documents `(id, status, age, city,
/// createdAt)` in the in-memory store with its automatic indexes, next to the compact REST JSON of the same
/// documents (the baseline: ≤ 2×), and — the issue's reference points — the same records as Swift structs
/// and as `[String: Value]` dictionaries. Each measurement runs in a fresh child process: resident set size
/// (`/proc/self/statm`, after `malloc_trim`) before and after loading.
struct MemoryScenario: BenchScenario {
    let name = "memory"
    let summary = "resident bytes per document of 1M small documents in the in-memory store vs their compact REST JSON"
    let options: [BenchOption] = [.documents(default: 1_000_000, "documents loaded")]

    struct Measurement: Codable {
        let kind: String
        let documents: Int
        let residentBytes: Int
        let jsonBytes: Int
    }

    func run(_ arguments: BenchArguments) async throws -> Int32 {
        let documents = max(arguments.integer("documents"), 1)
        print("== memory: \(documents) small documents (id, status, age, city, createdAt) ==")
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        var results: [String: Measurement] = [:]
        for kind in ["hearth", "structs", "dictionaries"] {
            let output = try BenchProbe.run(
                executable, ["memory-child", "--kind", kind, "--documents", String(documents)])
            guard let line = output.split(separator: "\n").last else {
                throw BenchError("no output from the \(kind) child")
            }
            results[kind] = try JSONDecoder().decode(Measurement.self, from: Data(line.utf8))
        }
        guard let hearth = results["hearth"] else { throw BenchError("no measurement of the store") }
        let perDocument = Double(hearth.residentBytes) / Double(documents)
        let jsonPerDocument = Double(hearth.jsonBytes) / Double(documents)
        print(
            "compact REST JSON (RESTDocumentCodec.encodeBytes): \(BenchMath.format(jsonPerDocument, digits: 1)) bytes per document"
        )
        print(
            "Hearth in-memory store with indexes: \(BenchMath.format(perDocument, digits: 1)) resident bytes per document"
        )
        for kind in ["structs", "dictionaries"] {
            guard let result = results[kind] else { continue }
            print(
                "reference — \(kind == "structs" ? "Swift structs" : "[String: Value] dictionaries"): \(BenchMath.format(Double(result.residentBytes) / Double(documents), digits: 1)) resident bytes per document"
            )
        }
        let ratio = perDocument / jsonPerDocument
        print(
            "ratio Hearth / compact REST JSON: \(BenchMath.format(ratio, digits: 2)) (target <= 2.0: \(ratio <= 2.0 ? "ok" : "MISSED"))"
        )
        return ratio <= 2.0 ? 0 : 1
    }

    /// The child side: measures one representation and prints a ``Measurement`` as JSON.
    static func measureChild(kind: String, documents: Int) async throws {
        let dataset = BenchDataset(count: documents)
        BenchProbe.trimHeap()
        let residentBefore = BenchProbe.residentBytes()
        var jsonBytes = 0
        var measured = 0
        switch kind {
        case "hearth":
            let database = try DatabaseID(projectID: "hearth-bench")
            let store = InMemoryDocumentStore(database: database)
            try await dataset.load(into: store, database: database)
            BenchProbe.trimHeap()
            measured = BenchProbe.residentBytes()
            for document in store.engine.publishedSnapshot().documents {
                jsonBytes += RESTDocumentCodec.encodeBytes(document, database: database).count
            }
        case "structs":
            var users: [User] = []
            dataset.forEachRow { row in
                users.append(
                    User(
                        id: row.id, status: row.status, age: Int(row.age), city: row.city,
                        createdAt: Date(timeIntervalSince1970: Double(row.createdAtMicros) / 1e6)))
            }
            BenchProbe.trimHeap()
            measured = BenchProbe.residentBytes()
            withExtendedLifetime(users) {}
        default:
            var records: [[String: Value]] = []
            try dataset.forEachRow { row in
                var record: [String: Value] = [:]
                for field in try BenchDataset.fields(row) { record[field.key] = field.value }
                record["id"] = .string(row.id)
                records.append(record)
            }
            BenchProbe.trimHeap()
            measured = BenchProbe.residentBytes()
            withExtendedLifetime(records) {}
        }
        let measurement = Measurement(
            kind: kind,
            documents: documents,
            residentBytes: measured - residentBefore,
            jsonBytes: jsonBytes
        )
        let data = try JSONEncoder().encode(measurement)
        print(String(decoding: data, as: UTF8.self))
    }

    struct User {
        let id: String
        let status: String
        let age: Int
        let city: String
        let createdAt: Date
    }
}
