import Foundation
import HearthCache
import HearthDomain
import HearthFileSystem
import HearthInMemory
import HearthPort
import Testing

/// A damaged cache never loses a pending write silently: opening it fails with an error that names what
/// is damaged, and the cache is left as it was, so nothing is dropped until someone decides.
@Suite("CachedDocumentStore: a damaged cache")
struct CachedCorruptionTests {
    /// Queue entries damaged in each way the cache checks.
    static let damages: [(String, MapValue)] = [
        ("no sequence", ["writes": .array([])]),
        ("no writes", ["sequence": 2]),
        ("an unreadable write", ["sequence": 2, "writes": .array([.map(["path": "c/a", "op": "explode"])])]),
        ("a write with an invalid path", ["sequence": 2, "writes": .array([.map(["path": "c", "op": "delete"])])]),
        (
            "an unreadable guard",
            ["sequence": 2, "writes": .array([.map(["path": "c/a", "op": "delete"])]), "guard": .array(["x"])]
        ),
    ]

    @Test(arguments: damages.indices)
    func openingAQueueWithADamagedEntry_failsWithDataLossNamingIt_andKeepsTheQueue(_ index: Int) async throws {
        let (what, fields) = Self.damages[index]
        let local = InMemoryDocumentStore(database: testDatabase)
        let remote = FaultyRemote()
        // A good entry, queued by a first cache that went offline (and stays so), then a damaged one.
        let first = try await CachedDocumentStore.open(remote: remote, local: local, options: fastOptions)
        first.disableNetwork()
        _ = try await first.commit([.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)
        let damaged = try DocumentPath(segments: [PendingWrite.collectionID, "0000000000000000002"])
        _ = try await local.commit([.update(damaged, fields: fields)], transaction: nil)

        let error = await #expect(throws: DocumentStoreError.self, "\(what)") {
            _ = try await CachedDocumentStore.open(remote: remote, local: local, options: fastOptions)
        }
        #expect(error?.code == .dataLoss)
        #expect(error?.message.contains(damaged.path) == true, "names the entry: \(error?.message ?? "")")
        #expect(remote.appliedCommits == 0, "nothing sent")
        let queue = try await local.runQueryAll(
            parent: nil, query: StructuredQuery(from: .init(collectionID: PendingWrite.collectionID)),
            consistency: .latest)
        #expect(queue.compactMap(\.document).count == 2, "both entries kept")
    }

    @Test func aFileCacheWhoseFilesAreGarbage_failsToOpenWithAClearError_andNothingIsReplaced() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-cache-garbage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await FileSystemDocumentStore.open(directory: directory, database: testDatabase)
        let cache = try await CachedDocumentStore.open(remote: FaultyRemote(), local: store, options: fastOptions)
        cache.disableNetwork()
        _ = try await cache.commit([.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)
        try await cache.close()

        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }
        var before: [String: Data] = [:]
        for name in files {
            let url = directory.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            try garbage.write(to: url)
            before[name] = garbage
        }
        #expect(!before.isEmpty)

        await #expect(throws: DocumentStoreError.self) {
            let local = try await FileSystemDocumentStore.open(directory: directory, database: testDatabase)
            _ = try await CachedDocumentStore.open(remote: FaultyRemote(), local: local, options: fastOptions)
        }
        for (name, data) in before {
            #expect(try Data(contentsOf: directory.appendingPathComponent(name)) == data, "\(name) left as it was")
        }
    }
}
