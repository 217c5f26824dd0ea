import Foundation
import Hearth
import HearthDomain
import HearthFileSystem
import HearthLocalEngine

/// `open`: the time to open a file store of N documents (from its snapshot, and from its log alone) and
/// to answer a first query on it, where the time goes (snapshot read and decode, restore into the
/// engine, log replay, the first query), next to the time to load the same documents from an export file
/// (Firestore REST JSON, one per line) into an engine.
///
/// Targets (issue 18): open to first query answered ≤ 0.15 s for up to 100,000 documents, ≤ 1.0 s for up to
/// 1,000,000 (larger stores are reported, not judged).
struct OpenScenario: BenchScenario {
    let name = "open"
    let summary = "time to open a store of N documents vs loading them from an export file"
    let options: [BenchOption] = [
        .documents(default: 100_000, "documents in the store"),
        .runs(default: 5),
        .parentDirectory,
        .flag("snapshot-only", "measure the snapshot store alone (no log-only store, no export file)"),
    ]

    func run(_ arguments: BenchArguments) async throws -> Int32 {
        let count = max(arguments.integer("documents"), 1)
        let runs = max(arguments.integer("runs"), 1)
        let full = !arguments.flag("snapshot-only")
        let database = try DatabaseID(projectID: "hearth-bench")
        let compacted = try BenchDirectory(parent: arguments.text("dir"), prefix: "hearth-open-snapshot")
        let logOnly = try BenchDirectory(parent: arguments.text("dir"), prefix: "hearth-open-log")
        let exports = try BenchDirectory(parent: arguments.text("dir"), prefix: "hearth-open-export")
        defer {
            compacted.remove()
            logOnly.remove()
            exports.remove()
        }
        let exportFile = exports.url.appendingPathComponent("documents.jsonl")

        print("open: \(count) documents (id, status, age, city, createdAt, name), \(runs) runs")
        print("directory: \(describeFileSystem(of: compacted.path))")
        try await build(count, in: compacted, database: database, compact: true, exportTo: full ? exportFile : nil)
        if full { try await build(count, in: logOnly, database: database, compact: false, exportTo: nil) }
        let sizes = [compacted, logOnly].map { directory in
            (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.reduce(0) { total, name in
                total
                    + ((try? FileManager.default.attributesOfItem(atPath: directory.path + "/" + name)[.size] as? Int)
                        ?? 0)
            } ?? 0
        }
        let exportBytes = (try? FileManager.default.attributesOfItem(atPath: exportFile.path)[.size] as? Int) ?? 0
        print(
            "snapshot store \(sizes[0] / 1024) KiB, log-only store \(sizes[1] / 1024) KiB, export file \(exportBytes / 1024) KiB"
        )
        print("")

        var snapshotRuns: [OpenRun] = []
        var logRuns: [OpenRun] = []
        var fromExport: [Double] = []
        for _ in 1...runs {
            snapshotRuns.append(try await openTime(compacted, database: database, expecting: count))
            if full {
                logRuns.append(try await openTime(logOnly, database: database, expecting: count))
                fromExport.append(try loadExportTime(exportFile, database: database, expecting: count))
            }
        }
        let fromSnapshot = snapshotRuns.map(\.open)
        let fromLog = logRuns.map(\.open)

        func line(_ label: String, _ values: [Double]) {
            let median = BenchMath.median(values)
            print(
                label.padding(toLength: 44, withPad: " ", startingAt: 0)
                    + "median \(BenchMath.format(median * 1000, digits: 1)) ms"
                    + "   (\(BenchMath.format(Double(count) / median)) documents/s; runs: \(values.map { BenchMath.format($0 * 1000, digits: 1) }.joined(separator: " ")) ms)"
            )
        }
        func phases(_ label: String, _ runs: [OpenRun]) {
            func ms(_ values: [Double]) -> String { BenchMath.format(BenchMath.median(values) * 1000, digits: 1) }
            func phase(_ wall: KeyPath<OpenRun, Double>, _ cpu: KeyPath<OpenRun, Double>) -> String {
                "\(ms(runs.map { $0[keyPath: wall] })) ms (CPU \(ms(runs.map { $0[keyPath: cpu] })))"
            }
            print(
                "  \(label): snapshot read and decode \(phase(\.snapshotRead, \.snapshotReadCPU)), restore \(phase(\.snapshotRestore, \.snapshotRestoreCPU)), "
                    + "log replay \(phase(\.logReplay, \.logReplayCPU)); the whole open's process CPU \(ms(runs.map(\.openCPU))) ms; "
                    + "first query \(phase(\.firstQuery, \.firstQueryCPU))"
            )
        }
        line("open the store (snapshot)", fromSnapshot)
        line("  … and answer a first query", snapshotRuns.map { $0.open + $0.firstQuery })
        if full {
            line("open the store (log only, \(count / Self.documentsPerCommit) batches)", fromLog)
            line("load the export file into an engine", fromExport)
            let importSeconds = try await importTime(exportFile, database: database, parent: arguments.text("dir"))
            print(
                "import the export file into a new file store".padding(toLength: 44, withPad: " ", startingAt: 0)
                    + "\(BenchMath.format(importSeconds * 1000, digits: 1)) ms (once)")
        }
        print("")
        print("where the time goes (medians; the first query: \(Self.firstQueryText)):")
        phases("snapshot", snapshotRuns)
        if full { phases("log only", logRuns) }
        print("")
        if full {
            let ratio = BenchMath.median(fromSnapshot) / BenchMath.median(fromExport)
            print("open (snapshot) / load from export = \(BenchMath.format(ratio, digits: 2))   (lower is better)")
            print(
                "open (log only) / load from export = \(BenchMath.format(BenchMath.median(fromLog) / BenchMath.median(fromExport), digits: 2))"
            )
        }
        let answered = BenchMath.median(snapshotRuns.map { $0.open + $0.firstQuery })
        guard let target = Self.target(documents: count) else {
            print(
                "open to first query answered: \(BenchMath.format(answered * 1000, digits: 1)) ms (no target above 1,000,000 documents)"
            )
            return 0
        }
        let met = answered <= target
        print(
            "open to first query answered: \(BenchMath.format(answered * 1000, digits: 1)) ms   target ≤ \(BenchMath.format(target * 1000)) ms: \(met ? "met" : "NOT met")"
        )
        return met ? 0 : 1
    }

    /// The issue-18 target for a store of `documents`, in seconds (`nil`: none).
    static func target(documents: Int) -> Double? {
        documents <= 100_000 ? 0.15 : documents <= 1_000_000 ? 1.0 : nil
    }

    /// One opening: its wall time, where recovery spent it, the process's CPU time during it, and the
    /// first query's wall time (seconds).
    struct OpenRun {
        var open: Double
        var snapshotRead: Double
        var snapshotRestore: Double
        var logReplay: Double
        var snapshotReadCPU: Double
        var snapshotRestoreCPU: Double
        var logReplayCPU: Double
        var openCPU: Double
        var firstQuery: Double
        var firstQueryCPU: Double
    }

    static let firstQueryText = "users where status == \"active\" order by createdAt desc limit 20"

    /// The first query asked of an opened store: `query-scaling`'s (an equality and an order on another
    /// field, which an automatic composite index serves once its runs have paid for it; a first run walks
    /// the order field's index and stops after a few dozen entries).
    static func firstQuery() throws -> StructuredQuery {
        StructuredQuery(
            from: CollectionSelector(collectionID: "users"),
            filter: .field(try FieldPath(["status"]), .equal, .string("active")),
            orderBy: [Order(try FieldPath(["createdAt"]), .descending)],
            limit: 20
        )
    }

    static let documentsPerCommit = 500

    /// Fills a new store with `count` documents, 500 per commit; compacts it or leaves everything in the log.
    private func build(
        _ count: Int, in directory: BenchDirectory, database: DatabaseID, compact: Bool, exportTo exportFile: URL?
    ) async throws {
        let store = try await FileSystemDocumentStore.open(
            directory: directory.url,
            database: database,
            options: .init(durability: .relaxed, compactionThreshold: compact ? 64 << 20 : Int.max)
        )
        let users = try CollectionPath("users")
        var writes: [Write] = []
        for index in 0..<count {
            writes.append(.update(try users.document(Self.id(index)), fields: try Self.fields(index)))
            if writes.count == Self.documentsPerCommit || index == count - 1 {
                _ = try await store.commit(writes, transaction: nil)
                writes.removeAll(keepingCapacity: true)
            }
        }
        if compact { try await store.compact() }
        if let exportFile { _ = try await store.exportDocuments(to: exportFile) }
        try await store.close()
    }

    private func openTime(
        _ directory: BenchDirectory, database: DatabaseID, expecting count: Int
    ) async throws -> OpenRun {
        var store: FileSystemDocumentStore?
        let cpuStart = BenchMath.processCPUTime()
        let seconds = try await BenchMath.seconds {
            store = try await FileSystemDocumentStore.open(directory: directory.url, database: database)
        }
        let cpu = BenchMath.processCPUTime() - cpuStart
        guard let store else { throw BenchUsageError("the store did not open") }
        let query = try Self.firstQuery()
        // Synchronous: the query runs on this thread, whose CPU time is its cost.
        let queryStart = (ContinuousClock.now, BenchProbe.threadCPUNanoseconds())
        let answer = try store.engine.runQuery(parent: nil, query: query, consistency: .latest).documents
        let querySeconds = BenchMath.seconds(ContinuousClock.now - queryStart.0)
        let queryCPU = Double(BenchProbe.threadCPUNanoseconds() - queryStart.1) / 1e9
        let recovery = try await store.recovery
        let timings = store.recoveryTimings
        let found = recovery.snapshotDocuments + recovery.replayedBatches * Self.documentsPerCommit
        try await store.close()
        guard found >= count else {
            throw BenchUsageError("the store at \(directory.path) holds \(found) documents, not \(count)")
        }
        guard answer.count == min(20, (count + 3) / 4) else {
            throw BenchError("the first query answered \(answer.count) documents, not \(min(20, (count + 3) / 4))")
        }
        return OpenRun(
            open: seconds,
            snapshotRead: BenchMath.seconds(timings.snapshotRead),
            snapshotRestore: BenchMath.seconds(timings.snapshotRestore),
            logReplay: BenchMath.seconds(timings.logReplay),
            snapshotReadCPU: BenchMath.seconds(timings.snapshotReadCPU),
            snapshotRestoreCPU: BenchMath.seconds(timings.snapshotRestoreCPU),
            logReplayCPU: BenchMath.seconds(timings.logReplayCPU),
            openCPU: cpu,
            firstQuery: querySeconds,
            firstQueryCPU: queryCPU
        )
    }

    private func loadExportTime(_ file: URL, database: DatabaseID, expecting count: Int) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        var documents: [Document] = []
        documents.reserveCapacity(count)
        var latest = Timestamp.min
        _ = try DocumentExportFile.readDocuments(from: file, database: database) { document in
            latest = max(latest, document.updateTime)
            documents.append(document)
        }
        let engine = LocalEngine(database: database)
        try engine.restore(documents, through: latest)
        let elapsed = clock.now - start
        guard documents.count == count else {
            throw BenchUsageError("the export holds \(documents.count) documents, not \(count)")
        }
        return BenchMath.seconds(elapsed)
    }

    private func importTime(_ file: URL, database: DatabaseID, parent: String?) async throws -> Double {
        let directory = try BenchDirectory(parent: parent, prefix: "hearth-open-import")
        defer { directory.remove() }
        let store = try await FileSystemDocumentStore.open(directory: directory.url, database: database)
        let seconds = try await BenchMath.seconds { _ = try await store.importDocuments(from: file) }
        try await store.close()
        return seconds
    }

    static func id(_ index: Int) -> String {
        "user" + String(repeating: "0", count: max(0, 7 - String(index).count)) + String(index)
    }

    static let statuses = ["active", "inactive", "pending", "banned"]
    static let cities = ["Lisbon", "Porto", "Madrid", "Paris", "Berlin", "Rome", "Oslo", "Dublin"]

    /// The issue-7 shape: id (the document ID), status, age, city, createdAt, plus a name.
    static func fields(_ index: Int) throws -> MapValue {
        [
            "status": .string(statuses[index % statuses.count]),
            "age": .integer(Int64(18 + index % 60)),
            "city": .string(cities[(index / 7) % cities.count]),
            "createdAt": .timestamp(
                try Timestamp(seconds: 1_700_000_000 + Int64(index), nanoseconds: Int32(index % 1_000) * 1_000)),
            "name": .string("User \(index)"),
        ]
    }
}
