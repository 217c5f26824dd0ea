import Foundation
import Hearth
import HearthInMemory
import HearthLocalEngine

/// `query-scaling`: "status == X order by createdAt desc limit 20" on the in-memory store at 10k, 100k and
/// 1M documents, next to SQLite (Python's `sqlite3`, in memory) on the same data with an index on
/// `(status, createdAt)` — the baseline of issue 7 — and, for context, with single-column indexes only.
/// Every status is queried, from 60 % of the documents down to 1 %. Hearth is measured at the engine (the
/// store's synchronous core) and through the client API (`Query.getDocuments()`, as users call it). Medians of
/// many runs in thread CPU time (steady on a shared machine; wall-clock medians are printed too); the
/// first run of each query (which may build an automatic composite index) is reported apart.
struct QueryScalingScenario: BenchScenario {
    let name = "query-scaling"
    let summary = "status == X order by createdAt desc limit 20 at 10k/100k/1M documents vs SQLite with an index"
    let options: [BenchOption] = [
        .sizes(default: "10000,100000,1000000", "collection sizes, comma-separated (the first and last are compared)"),
        .runs(default: 300, "measured runs per size, status and system"),
    ]

    func run(_ arguments: BenchArguments) async throws -> Int32 {
        let sizes = try arguments.sizes()
        return try await measure(sizes: sizes, runs: max(arguments.integer("runs"), Self.batch))
    }

    /// Samples of one measurement, in microseconds: CPU time of the measuring thread (the figure compared,
    /// steadier on a shared machine) and wall-clock time.
    struct Samples {
        var cpu: [Double] = []
        var wall: [Double] = []
        var median: Double { BenchMath.median(cpu) }
        var wallMedian: Double { BenchMath.median(wall) }
        var spread: String {
            "\(BenchMath.format(BenchMath.percentile(cpu, 0.1), digits: 1))–\(BenchMath.format(BenchMath.percentile(cpu, 0.9), digits: 1))"
        }

        init() {}

        mutating func measure(_ body: () throws -> Void) rethrows {
            let start = Self.now()
            try body()
            record(since: start)
        }

        /// Runs `query` through the client API once (``QueryScalingScenario/ids(_:)``) into these samples;
        /// throws unless it answers the query's 20 documents.
        mutating func measure(client query: Query) async throws {
            let start = Self.now()
            let ids = try await QueryScalingScenario.ids(query)
            record(since: start)
            if ids.count != 20 { throw BenchError("expected 20 results, got \(ids.count)") }
        }

        private static func now() -> (cpu: UInt64, wall: UInt64) {
            (BenchProbe.threadCPUNanoseconds(), BenchProbe.nanoseconds())
        }

        private mutating func record(since start: (cpu: UInt64, wall: UInt64)) {
            wall.append(Double(BenchProbe.nanoseconds() - start.wall) / 1e3)
            cpu.append(Double(BenchProbe.threadCPUNanoseconds() - start.cpu) / 1e3)
        }
    }

    struct StatusResult {
        var firstMicros = 0.0
        var engine = Samples()
        var port = Samples()
    }

    private func measure(sizes: [Int], runs: Int) async throws -> Int32 {
        print("== query-scaling: status == X order by createdAt desc limit 20 ==")
        print("Hearth engine: InMemoryDocumentStore.engine.runQuery (synchronous, [Document]).")
        print(
            "Hearth client: Query.getDocuments() on a Database over the InMemoryDocumentStore (the Query value built once, like SQLite's prepared statement; validated and snapshotted per run)."
        )
        print(
            "SQLite: python3 sqlite3, in memory, same rows; index (status, createdAt) = the baseline; single-column indexes for context."
        )
        print(
            "Every size, status and system is measured in alternation, \(Self.batch) runs at a time, \(runs) runs each after warm-up;"
        )
        print("figures are medians in µs of thread CPU time (p10–p90), wall-clock medians in the summary.")
        guard let python = BenchProbe.which("python3") else {
            throw BenchError("python3 is not on PATH: the SQLite baseline needs it")
        }
        let statuses = BenchDataset.statuses.map(\.name)

        var stores: [Int: InMemoryDocumentStore] = [:]
        var files: [Int: URL] = [:]
        defer { for file in files.values { try? FileManager.default.removeItem(at: file) } }
        for size in sizes {
            let dataset = BenchDataset(count: size)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "hearth-bench-\(size)-\(getpid()).tsv")
            try writeTSV(dataset, to: file)
            files[size] = file
            let database = try DatabaseID(projectID: "hearth-bench")
            let store = InMemoryDocumentStore(database: database)
            let loadStart = BenchProbe.nanoseconds()
            try await dataset.load(into: store, database: database)
            let loadSeconds = Double(BenchProbe.nanoseconds() - loadStart) / 1e9
            print(
                "loaded \(size) documents in \(BenchMath.format(loadSeconds, digits: 2)) s (\(Int(Double(size) / loadSeconds)) documents/s)"
            )
            stores[size] = store
        }
        // Built once, like the statement SQLite prepares once: a `Query` is an immutable value to reuse.
        var clientQueries: [Int: [String: Query]] = [:]
        for (size, store) in stores {
            let database = Database(store: store)
            for status in statuses {
                clientQueries[size, default: [:]][status] = Self.clientQuery(database, status: status)
            }
        }
        let sqlite = try SQLiteBaseline(python: python, files: files)
        defer { sqlite.stop() }

        var results: [Int: [String: StatusResult]] = [:]
        var baseline: [Int: [String: Samples]] = [:]
        var sameIDs: [Int: [String: Bool]] = [:]
        for size in sizes {
            guard let store = stores[size] else { continue }
            for status in statuses {
                let query = try Self.query(status)
                var result = StatusResult()
                let first = BenchProbe.nanoseconds()
                let ids = try await Self.ids(try Self.clientQuery(clientQueries, size, status))
                result.firstMicros = Double(BenchProbe.nanoseconds() - first) / 1e3
                results[size, default: [:]][status] = result
                let reference = try sqlite.measure(size: size, index: "composite", status: status, count: 10)
                sameIDs[size, default: [:]][status] = reference.ids == ids
                for _ in 0..<10 {
                    _ = try store.engine.runQuery(parent: nil, query: query, consistency: .latest)
                    _ = try await Self.ids(try Self.clientQuery(clientQueries, size, status))
                }
                _ = try sqlite.measure(size: size, index: "single", status: status, count: 2)
            }
        }
        for _ in 0..<(runs / Self.batch) {
            for size in sizes {
                guard let store = stores[size] else { continue }
                for status in statuses {
                    let query = try Self.query(status)
                    var result = results[size]?[status] ?? StatusResult()
                    for _ in 0..<Self.batch {
                        try result.engine.measure {
                            let run = try store.engine.runQuery(parent: nil, query: query, consistency: .latest)
                            if run.documents.count != 20 {
                                throw BenchError("expected 20 results, got \(run.documents.count)")
                            }
                        }
                    }
                    for _ in 0..<Self.batch {
                        try await result.port.measure(client: try Self.clientQuery(clientQueries, size, status))
                    }
                    results[size, default: [:]][status] = result
                    let answer = try sqlite.measure(size: size, index: "composite", status: status, count: Self.batch)
                    baseline[size, default: [:]]["composite/" + status, default: Samples()].cpu += answer.cpu
                    baseline[size, default: [:]]["composite/" + status, default: Samples()].wall += answer.wall
                }
            }
        }
        for size in sizes {
            for status in statuses {
                let answer = try sqlite.measure(
                    size: size, index: "single", status: status, count: size >= 1_000_000 ? 5 : 20)
                baseline[size, default: [:]]["single/" + status, default: Samples()].cpu += answer.cpu
            }
        }

        for size in sizes {
            print("\n-- \(size) documents --")
            print(
                "status    share  engine (p10–p90)     client (p10–p90)      first run   SQLite (status,createdAt)  SQLite single-col  same 20 IDs"
            )
            for entry in BenchDataset.statuses {
                guard let result = results[size]?[entry.name],
                    let composite = baseline[size]?["composite/" + entry.name],
                    let single = baseline[size]?["single/" + entry.name]
                else { continue }
                print(
                    pad(entry.name, 9) + pad("\(entry.percent) %", 7)
                        + pad("\(BenchMath.format(result.engine.median, digits: 1)) (\(result.engine.spread))", 21)
                        + pad("\(BenchMath.format(result.port.median, digits: 1)) (\(result.port.spread))", 22)
                        + pad(Self.duration(result.firstMicros), 12)
                        + pad("\(BenchMath.format(composite.median, digits: 1)) (\(composite.spread))", 27)
                        + pad(BenchMath.format(single.median, digits: 1), 19)
                        + (sameIDs[size]?[entry.name] == true ? "yes" : "NO")
                )
            }
        }

        var failed = sameIDs.values.contains { $0.values.contains(false) }
        guard let small = sizes.first, let large = sizes.last, let smallResults = results[small],
            let largeResults = results[large],
            let largeSQLite = baseline[large]
        else { return failed ? 1 : 0 }
        print(
            "\nSummary. Targets: time at \(large) ÷ time at \(small) ≤ 1.5; Hearth at \(large) ≤ SQLite (status, createdAt) at \(large)."
        )
        print(
            "status    engine \(large)/\(small)  engine/SQLite   client \(large)/\(small) client/SQLite (wall-clock medians µs at \(large): engine, client, SQLite)"
        )
        for status in statuses {
            guard let smallResult = smallResults[status], let largeResult = largeResults[status],
                let sqliteSamples = largeSQLite["composite/" + status]
            else { continue }
            func verdict(_ ratio: Double, _ limit: Double) -> String {
                BenchMath.format(ratio, digits: 2) + (ratio <= limit ? " ok" : " MISSED")
            }
            let engineScaling = largeResult.engine.median / smallResult.engine.median
            let engineVersusSQLite = largeResult.engine.median / sqliteSamples.median
            let clientScaling = largeResult.port.median / smallResult.port.median
            let clientVersusSQLite = largeResult.port.median / sqliteSamples.median
            if engineScaling > 1.5 || engineVersusSQLite > 1.0 || clientScaling > 1.5 || clientVersusSQLite > 1.0 {
                failed = true
            }
            print(
                pad(status, 9)
                    + pad(verdict(engineScaling, 1.5), 19)
                    + pad(verdict(engineVersusSQLite, 1.0), 15)
                    + pad(verdict(clientScaling, 1.5), 17)
                    + pad(verdict(clientVersusSQLite, 1.0), 13)
                    + "(\(BenchMath.format(largeResult.engine.wallMedian, digits: 1)), \(BenchMath.format(largeResult.port.wallMedian, digits: 1)), \(BenchMath.format(sqliteSamples.wallMedian, digits: 1)))"
            )
        }
        print("The exit status follows the engine's and the client's figures.")
        return failed ? 1 : 0
    }

    static let batch = 10

    private static func duration(_ micros: Double) -> String {
        micros >= 1_000_000
            ? "\(BenchMath.format(micros / 1e6, digits: 2)) s"
            : micros >= 1_000
                ? "\(BenchMath.format(micros / 1e3, digits: 1)) ms" : "\(BenchMath.format(micros, digits: 1)) µs"
    }

    static func query(_ status: String) throws -> StructuredQuery {
        StructuredQuery(
            from: CollectionSelector(collectionID: BenchDataset.collection),
            filter: .field(try FieldPath(["status"]), .equal, .string(status)),
            orderBy: [Order(try FieldPath(["createdAt"]), .descending)],
            limit: 20
        )
    }

    /// The scenario's query through the client API: `status == status order by createdAt desc limit 20` on
    /// the dataset's collection of `database`.
    static func clientQuery(_ database: Database, status: String) -> Query {
        database.collection(BenchDataset.collection)
            .whereField("status", isEqualTo: FieldValue(stringLiteral: status))
            .order(by: "createdAt", descending: true)
            .limit(to: 20)
    }

    /// The IDs the client API answers: `Query.getDocuments()` on a `Database` over the store.
    static func ids(_ query: Query) async throws -> [String] {
        try await query.getDocuments().documents.map { $0.documentID }
    }

    static func clientQuery(_ queries: [Int: [String: Query]], _ size: Int, _ status: String) throws -> Query {
        guard let query = queries[size]?[status] else { throw BenchError("no client query for \(size)/\(status)") }
        return query
    }

    private func writeTSV(_ dataset: BenchDataset, to file: URL) throws {
        var text = ""
        text.reserveCapacity(dataset.count * 48)
        dataset.forEachRow { row in
            text += "\(row.id)\t\(row.status)\t\(row.age)\t\(row.city)\t\(row.createdAtMicros)\n"
        }
        try text.write(to: file, atomically: false, encoding: .utf8)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
