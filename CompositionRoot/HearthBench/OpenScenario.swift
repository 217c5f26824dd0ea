import Foundation
import HearthDomain
import HearthFileSystem
import HearthLocalEngine

/// `open`: the time to open a file store of N documents (from its snapshot, and from its log alone),
/// next to the time to load the same documents from an export file (Firestore REST JSON, one per line)
/// into an engine.
struct OpenScenario: BenchScenario {
    let name = "open"
    let summary = "time to open a store of N documents vs loading them from an export file"
    let options: [BenchOption] = [
        .documents(default: 100_000, "documents in the store"),
        .runs(default: 5),
        .parentDirectory,
    ]

    func run(_ arguments: BenchArguments) async throws -> Int32 {
        let count = max(arguments.integer("documents"), 1)
        let runs = max(arguments.integer("runs"), 1)
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
        try await build(count, in: compacted, database: database, compact: true, exportTo: exportFile)
        try await build(count, in: logOnly, database: database, compact: false, exportTo: nil)
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

        var fromSnapshot: [Double] = []
        var fromLog: [Double] = []
        var fromExport: [Double] = []
        for _ in 1...runs {
            fromSnapshot.append(try await openTime(compacted, database: database, expecting: count))
            fromLog.append(try await openTime(logOnly, database: database, expecting: count))
            fromExport.append(try loadExportTime(exportFile, database: database, expecting: count))
        }
        let importSeconds = try await importTime(exportFile, database: database, parent: arguments.text("dir"))

        func line(_ label: String, _ values: [Double]) {
            let median = BenchMath.median(values)
            print(
                label.padding(toLength: 44, withPad: " ", startingAt: 0)
                    + "median \(BenchMath.format(median * 1000, digits: 1)) ms"
                    + "   (\(BenchMath.format(Double(count) / median)) documents/s; runs: \(values.map { BenchMath.format($0 * 1000, digits: 1) }.joined(separator: " ")) ms)"
            )
        }
        line("open the store (snapshot)", fromSnapshot)
        line("open the store (log only, \(count / Self.documentsPerCommit) batches)", fromLog)
        line("load the export file into an engine", fromExport)
        print(
            "import the export file into a new file store".padding(toLength: 44, withPad: " ", startingAt: 0)
                + "\(BenchMath.format(importSeconds * 1000, digits: 1)) ms (once)")
        print("")
        let ratio = BenchMath.median(fromSnapshot) / BenchMath.median(fromExport)
        print("open (snapshot) / load from export = \(BenchMath.format(ratio, digits: 2))   (lower is better)")
        print(
            "open (log only) / load from export = \(BenchMath.format(BenchMath.median(fromLog) / BenchMath.median(fromExport), digits: 2))"
        )
        return 0
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
    ) async throws -> Double {
        var store: FileSystemDocumentStore?
        let seconds = try await BenchMath.seconds {
            store = try await FileSystemDocumentStore.open(directory: directory.url, database: database)
        }
        guard let store else { throw BenchUsageError("the store did not open") }
        let recovery = try await store.recovery
        let found = recovery.snapshotDocuments + recovery.replayedBatches * Self.documentsPerCommit
        try await store.close()
        guard found >= count else {
            throw BenchUsageError("the store at \(directory.path) holds \(found) documents, not \(count)")
        }
        return seconds
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
