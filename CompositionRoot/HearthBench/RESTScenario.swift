import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreREST
import HearthPort
import HearthTestSupport

/// `rest`: the REST adapter against Google's official Firestore emulator, started on a free loopback
/// port: the median latency of one get; the throughput of many concurrent gets over the adapter's one
/// shared, keep-alive session, next to the same gets with a new session (so a new connection) per request;
/// and importing documents by batched commits, next to one request per document.
///
/// The emulator runs on this machine: the figures measure the adapter and HTTP/1.1 on loopback plus the
/// emulator's own cost, not Firestore's production latency. Ratios are what count.
///
/// With `--vs-python`, instead: the adapter against Google's Python client on one emulator (``RESTVsPython``).
struct RESTScenario: BenchScenario {
    let name = "rest"
    let summary = "REST adapter vs the emulator: get latency, concurrent gets (connection reuse), batched import"
    let options: [BenchOption] = [
        .integer("gets", default: 500, "sequential gets for the latency median"),
        .integer("concurrent", default: 1_000, "concurrent gets for the throughput figure"),
        .documents(default: 10_000, "documents imported each way"),
        .integer("batch", default: 500, "writes per batched commit"),
        .runs(default: 3, "repetitions of the throughput and import measurements (medians are reported)"),
        .integer("connections", default: 16, "with --vs-python: Hearth's connections per host"),
        .flag("vs-python", "instead: Hearth vs Google's Python client (write, query, gets; RESTVsPython.swift)"),
    ]

    func run(_ arguments: BenchArguments) async throws -> Int32 {
        if arguments.flag("vs-python") {
            return try await RESTVsPython(
                documents: max(arguments.integer("documents"), 1), batch: max(arguments.integer("batch"), 1),
                gets: max(arguments.integer("concurrent"), 1), runs: max(arguments.integer("runs"), 1),
                connections: max(arguments.integer("connections"), 1)
            ).run()
        }
        let gets = max(arguments.integer("gets"), 10)
        let concurrent = max(arguments.integer("concurrent"), 1)
        let documents = max(arguments.integer("documents"), 1)
        let batch = max(arguments.integer("batch"), 1)
        let runs = max(arguments.integer("runs"), 1)
        guard let emulator = try await startEmulator(for: "rest") else { return 1 }
        defer { emulator.stop() }
        print("rest: Firestore REST adapter against the official emulator on \(emulator.hostAndPort)")

        let shared = try emulatorRESTStore(
            emulator, projectID: FirestoreEmulator.newProjectID(prefix: "bench"), client: URLSessionHTTPClient())
        let document = try DocumentPath("bench/doc")
        _ = try await shared.commit([.update(document, fields: sampleFields(0))], transaction: nil)
        for _ in 0..<20 { _ = try await shared.getDocument(document, mask: nil, consistency: .latest) }

        var latencies: [Double] = []
        for _ in 0..<gets {
            latencies.append(
                try await BenchMath.seconds {
                    _ = try await shared.getDocument(document, mask: nil, consistency: .latest)
                })
        }
        let sortedLatencies = latencies.sorted()
        let p90 = sortedLatencies[min(sortedLatencies.count - 1, sortedLatencies.count * 9 / 10)]
        print("")
        print(
            "get latency, \(gets) sequential gets: median \(milliseconds(BenchMath.median(latencies))) ms, p90 \(milliseconds(p90)) ms"
        )

        let fresh = try emulatorRESTStore(
            emulator, projectID: shared.database.projectID, client: NewSessionPerRequestClient())
        var reused: [Double] = []
        var unshared: [Double] = []
        for _ in 1...runs {
            reused.append(
                Double(concurrent)
                    / (try await BenchMath.seconds { try await concurrentGets(shared, document, count: concurrent) }))
            unshared.append(
                Double(concurrent)
                    / (try await BenchMath.seconds { try await concurrentGets(fresh, document, count: concurrent) }))
        }
        let reusedRate = BenchMath.median(reused)
        let unsharedRate = BenchMath.median(unshared)
        print("")
        print("\(concurrent) concurrent gets, median of \(runs) runs:")
        print(
            "  one shared keep-alive session (the adapter's default): \(BenchMath.format(reusedRate)) gets/s (spread \(BenchMath.format(BenchMath.spread(reused), digits: 2)))"
        )
        print(
            "  a new session per request (no connection reuse):      \(BenchMath.format(unsharedRate)) gets/s (spread \(BenchMath.format(BenchMath.spread(unshared), digits: 2)))"
        )
        print(
            "  ratio (shared ÷ new session): \(BenchMath.format(reusedRate / max(unsharedRate, 1e-9), digits: 2))×;"
                + " sequential 1 ÷ median latency: \(BenchMath.format(1 / max(BenchMath.median(latencies), 1e-9))) gets/s"
        )

        var batched: [Double] = []
        var single: [Double] = []
        for run in 1...runs {
            let batchedStore = try emulatorRESTStore(
                emulator, projectID: FirestoreEmulator.newProjectID(prefix: "bench-b\(run)"),
                client: URLSessionHTTPClient())
            batched.append(
                try await BenchMath.seconds {
                    try await Self.importBatched(batchedStore, documents: documents, batch: batch)
                })
            let singleStore = try emulatorRESTStore(
                emulator, projectID: FirestoreEmulator.newProjectID(prefix: "bench-s\(run)"),
                client: URLSessionHTTPClient())
            single.append(try await BenchMath.seconds { try await importOneByOne(singleStore, documents: documents) })
            try await verifyCount(batchedStore, collectionID: "imports", expected: documents)
            try await verifyCount(singleStore, collectionID: "imports", expected: documents)
        }
        let batchedSeconds = BenchMath.median(batched)
        let singleSeconds = BenchMath.median(single)
        print("")
        print("importing \(documents) documents, median of \(runs) runs (every run checked by a count):")
        print(
            "  batched commits of \(batch): \(BenchMath.format(batchedSeconds, digits: 2)) s, \(BenchMath.format(Double(documents) / batchedSeconds)) documents/s"
        )
        print(
            "  one commit per document:  \(BenchMath.format(singleSeconds, digits: 2)) s, \(BenchMath.format(Double(documents) / singleSeconds)) documents/s"
        )
        print(
            "  ratio (one per document ÷ batched): \(BenchMath.format(singleSeconds / max(batchedSeconds, 1e-9), digits: 1))× faster batched"
        )
        return 0
    }

    private func concurrentGets(_ store: FirestoreRESTDocumentStore, _ document: DocumentPath, count: Int) async throws
    {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<count {
                group.addTask { _ = try await store.getDocument(document, mask: nil, consistency: .latest) }
            }
            try await group.waitForAll()
        }
    }

    /// Imports `documents` documents (`imports/d<i>`, ``sampleFields(_:)``) by commits of `batch` writes, one after another.
    static func importBatched(_ store: FirestoreRESTDocumentStore, documents: Int, batch: Int) async throws {
        var start = 0
        while start < documents {
            let writes = try (start..<min(start + batch, documents)).map { index in
                Write.update(try DocumentPath("imports/d\(index)"), fields: sampleFields(index))
            }
            _ = try await store.commit(writes, transaction: nil)
            start += batch
        }
    }

    /// One request per document, 16 in flight (as a careful client would send them), so the comparison is
    /// with a reasonable unbatched import rather than a strictly sequential one.
    private func importOneByOne(_ store: FirestoreRESTDocumentStore, documents: Int) async throws {
        let inFlight = 16
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<inFlight {
                group.addTask {
                    var index = worker
                    while index < documents {
                        _ = try await store.commit(
                            [.update(try DocumentPath("imports/d\(index)"), fields: sampleFields(index))],
                            transaction: nil)
                        index += inFlight
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    private func milliseconds(_ seconds: Double) -> String { BenchMath.format(seconds * 1_000, digits: 2) }
}

/// A REST store on `emulator` for `projectID` (the `rest` and `offline` scenarios).
func emulatorRESTStore(
    _ emulator: FirestoreEmulator, projectID: String, client: any HTTPClient = URLSessionHTTPClient()
) throws -> FirestoreRESTDocumentStore {
    let configuration = try FirestoreRESTConfiguration.emulator(
        hostAndPort: emulator.hostAndPort, database: DatabaseID(projectID: projectID))
    return FirestoreRESTDocumentStore(configuration: configuration, httpClient: client)
}

/// Throws unless the collection `collectionID` of `store` counts `expected` documents (a server-side count).
func verifyCount(_ store: any DocumentStore, collectionID: String, expected: Int) async throws {
    let response = try await store.runAggregation(
        parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: collectionID)),
        aggregations: [Aggregation(alias: "n", .count(upTo: nil))], consistency: .latest
    )
    guard response.values["n"] == .integer(Int64(expected)) else {
        throw BenchUsageError(
            "\(collectionID) check failed: expected \(expected) documents, counted \(String(describing: response.values["n"]))"
        )
    }
}

/// A small document of the shape of the other scenarios (the `rest` and `offline` scenarios write it).
func sampleFields(_ index: Int) -> MapValue {
    [
        "status": index % 3 == 0 ? "active" : "inactive", "age": .integer(Int64(18 + index % 60)), "city": "Madrid",
        "n": .integer(Int64(index)),
    ]
}

/// The baseline for connection reuse: every request gets its own `URLSession`, so its own connection.
private struct NewSessionPerRequestClient: HTTPClient {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let client = URLSessionHTTPClient(maximumConnectionsPerHost: 1)
        return try await client.send(request)
    }
}
