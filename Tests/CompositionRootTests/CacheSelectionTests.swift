import Foundation
import Hearth
import HearthCache
import Testing

/// `HEARTH_CACHE` and `HearthConfiguration.cache`: the offline cache in front of the configured store.
@Suite("HearthConfiguration: HEARTH_CACHE")
struct CacheSelectionTests {
    @Test func theVariable_selectsTheCache() throws {
        func cache(_ value: String?) throws -> CacheSelection {
            var environment = ["HEARTH_STORE": "memory"]
            environment["HEARTH_CACHE"] = value
            return try HearthConfiguration.fromEnvironment(environment).cache
        }
        #expect(try cache(nil) == .off)
        #expect(try cache("off") == .off)
        #expect(try cache(" Memory ") == .memory)
        #expect(try cache("file") == .file(directory: URL(fileURLWithPath: ".hearth/cache")))
        #expect(try cache("file:/tmp/hearth-cache") == .file(directory: URL(fileURLWithPath: "/tmp/hearth-cache")))
        #expect(CacheSelection.file("/tmp/c").summary == "file:/tmp/c")
    }

    @Test(arguments: ["on", "file:", "file:  ", "memory:x", "disk"])
    func anUnknownValue_isInvalidArgument_namingHEARTH_CACHE(value: String) {
        do {
            _ = try HearthConfiguration.fromEnvironment(["HEARTH_CACHE": value])
            Issue.record("HEARTH_CACHE=\(value) was accepted")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("HEARTH_CACHE"))
        }
    }

    @Test func aFileCacheInTheStoresOwnDirectory_isRefused() throws {
        let configuration = try HearthConfiguration.fromEnvironment([
            "HEARTH_STORE": "file:/tmp/hearth-same", "HEARTH_CACHE": "file:/tmp/hearth-same/",
        ])
        do {
            try configuration.validate()
            Issue.record("a cache in the store's directory was accepted")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("HEARTH_CACHE"))
        }
    }

    @Test func off_leavesTheStoreAsItWas_andClearPersistenceIsUnimplemented() async throws {
        let db = try HearthConfiguration(store: .memory).makeDatabase()
        #expect(!(db.store is any CachingDocumentStore))
        do {
            try await db.clearPersistence()
            Issue.record("a store without a cache cleared")
        } catch let error as DocumentStoreError {
            #expect(error.code == .unimplemented)
        }
        try await db.close()
    }

    @Test func aMemoryCache_queuesOfflineWrites_andSendsThemWhenTheNetworkReturns() async throws {
        var configuration = HearthConfiguration(store: .memory, cache: .memory)
        configuration.cachedWritesWaitForServer = false
        let db = try configuration.makeDatabase()
        #expect(db.store is LazyCachedDocumentStore)

        try db.disableNetwork()
        try await db.document("visits/v1").setData(["member": "ana"])
        let cached = try await db.document("visits/v1").getDocument(source: .cache)
        #expect(cached.document?.fields["member"] == .string("ana"))
        await #expect(throws: DocumentStoreError.self) {
            _ = try await db.document("visits/v1").getDocument(source: .server)
        }

        try db.enableNetwork()
        try await db.waitForPendingWrites()
        let server = try await db.document("visits/v1").getDocument(source: .server)
        #expect(server.document?.fields["member"] == .string("ana"))
        try await db.close()
    }

    /// By default (Firebase's), an awaited write on a configured cache returns once the server has it: while
    /// the network is disabled it waits, visible in the cache meanwhile.
    @Test func byDefault_anAwaitedWriteWaitsForTheServer() async throws {
        let db = try HearthConfiguration(store: .memory, cache: .memory).makeDatabase()
        try db.disableNetwork()
        let write = Task { try await db.document("visits/v1").setData(["member": "ana"]) }
        var cached = false
        for _ in 0..<3_000 where !cached {
            cached = (try? await db.document("visits/v1").getDocument(source: .cache))?.exists == true
            if !cached { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(cached, "visible in the cache at once")
        await #expect(throws: DocumentStoreError.self, "not on the server yet") {
            _ = try await db.document("visits/v1").getDocument(source: .server)
        }
        try db.enableNetwork()
        _ = try await write.value
        #expect(try await db.document("visits/v1").getDocument(source: .server).exists)
        try await db.close()
    }

    /// A file cache in front of a file store: a write queued offline survives the process (a second
    /// database on the same directories sends it), and `clearPersistence()` drops it.
    @Test func aFileCache_keepsPendingWritesAcrossRuns_untilClearPersistence() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-cfg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var configuration = HearthConfiguration(
            store: .file(directory: root.appendingPathComponent("data")),
            cache: .file(directory: root.appendingPathComponent("cache")))
        configuration.cachedWritesWaitForServer = false

        let first = try configuration.makeDatabase()
        try first.disableNetwork()
        try await first.document("visits/kept").setData(["n": 1])
        try await first.close()

        let second = try configuration.makeDatabase()
        try await second.waitForPendingWrites()
        #expect(try await second.document("visits/kept").getDocument(source: .server).exists)
        try second.disableNetwork()
        try await second.document("visits/dropped").setData(["n": 2])
        await #expect(throws: DocumentStoreError.self) { try await second.clearPersistence() }
        try await second.close()
        try await second.clearPersistence()
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("cache").path))

        let third = try configuration.makeDatabase()
        try await third.waitForPendingWrites()
        #expect(!(try await third.document("visits/dropped").getDocument(source: .server).exists))
        #expect(try await third.document("visits/kept").getDocument(source: .server).exists)
        try await third.close()
    }
}
