import HearthCache
import HearthDomain
import HearthInMemory
import HearthPort
import Testing

/// A document of about 200 KB: five fit under the smallest size target (1 MB), six do not.
private let bigFields: MapValue = ["blob": .string(String(repeating: "x", count: 200_000))]

/// A cache over a new remote, with a memory local store and `target` (default: the smallest, 1 MB).
private func sizedCache(_ target: CacheSizeTarget? = nil) async throws -> CachedDocumentStore {
    var options = fastOptions
    options.sizeTarget = try target ?? CacheSizeTarget(bytes: CacheSizeTarget.minimumBytes)
    return try await CachedDocumentStore.open(
        remote: FaultyRemote(), local: InMemoryDocumentStore(database: testDatabase), options: options)
}

/// Whether the cache holds `path` (a `.cache` read; it counts as a use).
private func holds(_ cache: CachedDocumentStore, _ path: String) async throws -> Bool {
    do {
        return try await cache.getDocument(try doc(path), source: .cache) != nil
    } catch let error as DocumentStoreError where error.code == .unavailable {
        return false
    }
}

/// Waits until `condition` holds, for up to 5 s.
private func eventually(_ condition: () -> Bool) async throws -> Bool {
    let start = ContinuousClock.now
    while ContinuousClock.now - start < .seconds(5) {
        if condition() { return true }
        try await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

@Suite("CachedDocumentStore: size target and least-recently-used eviction")
struct EvictionTests {
    @Test func aTargetUnder1MB_isInvalidArgument_namingSizeTarget() {
        do {
            _ = try CacheSizeTarget(bytes: 1_048_575)
            Issue.record("a target under 1 MB was accepted")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("sizeTarget"))
        }
        #expect(CacheSizeTarget.default.bytes == 104_857_600)
        #expect(CacheSizeTarget.unlimited.bytes == nil)
    }

    /// Writes take the cache over its target; it evicts the least recently used documents, and a read
    /// counts as a use.
    @Test func theLeastRecentlyUsedDocumentsGoFirst_andAReadKeepsOneLonger() async throws {
        let cache = try await sizedCache()
        for index in 0..<7 {
            _ = try await cache.commit([.update(try doc("c/d\(index)"), fields: bigFields)], transaction: nil)
            try await cache.waitForPendingWrites()
            if index == 3 { _ = try await cache.getDocument(try doc("c/d0"), source: .cache) }
            #expect(try await eventually { Int64(cache.cacheSize) <= CacheSizeTarget.minimumBytes })
        }

        var held: [String] = []
        for index in 0..<7 where try await holds(cache, "c/d\(index)") { held.append("d\(index)") }
        #expect(held == ["d0", "d3", "d4", "d5", "d6"])
        try await cache.close()
    }

    @Test func documentsWithPendingWritesOrAnActiveListener_areNeverEvicted() async throws {
        let cache = try await sizedCache()
        for index in 0..<5 {
            _ = try await cache.commit([.update(try doc("c/d\(index)"), fields: bigFields)], transaction: nil)
        }
        try await cache.waitForPendingWrites()

        do {
            var listener = cache.listen(.document(try doc("c/d0")), options: ListenOptions()).makeAsyncIterator()
            _ = try await listener.next()
            cache.disableNetwork()
            _ = try await cache.commit(
                [.update(try doc("c/d1"), fields: ["n": 1], mask: [try FieldPath(["n"])])], transaction: nil)
            for index in 2..<5 { _ = try await cache.getDocument(try doc("c/d\(index)"), source: .cache) }
            // Least recently used now: d0 (listened), d1 (pending), d2, d3, d4.
            _ = try await cache.commit([.update(try doc("c/x"), fields: bigFields)], transaction: nil)
            #expect(try await eventually { Int64(cache.cacheSize) <= CacheSizeTarget.minimumBytes })
            #expect(!(try await holds(cache, "c/d2")))
            #expect(try await holds(cache, "c/d0"))
            #expect(try await holds(cache, "c/d1"))
            _ = listener
        }

        // The listener is gone: d0 may go now (d1 and the new documents are still pending).
        for index in 3..<5 { _ = try await cache.getDocument(try doc("c/d\(index)"), source: .cache) }
        _ = try await cache.commit([.update(try doc("c/y"), fields: bigFields)], transaction: nil)
        #expect(try await eventually { Int64(cache.cacheSize) <= CacheSizeTarget.minimumBytes })
        #expect(try await cache.evictLeastRecentlyUsed() == [])
        #expect(!(try await holds(cache, "c/d0")))
        #expect(try await holds(cache, "c/d1"))
        #expect(try await holds(cache, "c/x"))
        #expect(try await holds(cache, "c/y"))
        try await cache.close()
    }

    @Test func anUnlimitedCache_neverEvicts() async throws {
        let cache = try await sizedCache(.unlimited)
        for index in 0..<7 {
            _ = try await cache.commit([.update(try doc("c/d\(index)"), fields: bigFields)], transaction: nil)
        }
        try await cache.waitForPendingWrites()

        #expect(try await cache.evictLeastRecentlyUsed() == [])
        #expect(cache.cacheSize > 1_400_000)
        for index in 0..<7 { #expect(try await holds(cache, "c/d\(index)")) }
        try await cache.close()
    }
}
