import HearthDomain
import HearthPort

extension Database {
    /// Firebase's `disableNetwork()`: on a store with an offline cache (a `CachingDocumentStore`), stops
    /// every call to the remote — writes queue, `.default` reads answer from the cache. Any other store has
    /// no network of its own to stop: `unimplemented`.
    public func disableNetwork() throws {
        try cachingStore("disableNetwork()").disableNetwork()
    }

    /// Firebase's `enableNetwork()`: on a store with an offline cache, lets calls reach the remote again and
    /// sends the pending writes at once. Any other store: `unimplemented`.
    public func enableNetwork() throws {
        try cachingStore("enableNetwork()").enableNetwork()
    }

    /// Firebase's `waitForPendingWrites()`: returns once every write made before the call has been
    /// acknowledged or rejected by the server. On a store without an offline cache every write is
    /// acknowledged when it returns, so it returns once the pipelined writes made before it are done.
    public func waitForPendingWrites() async throws {
        await pipeline.drain()
        guard let cache = store as? any CachingDocumentStore else { return }
        try await cache.waitForPendingWrites()
    }

    /// Firebase's `clearPersistence()`: on a store with an offline cache, erases the cache's documents and
    /// its pending writes (dropped: the only way they are), while the cache is not running — before its
    /// first use, or after ``close()`` — else `failedPrecondition`. Any other store: `unimplemented`.
    public func clearPersistence() async throws {
        try await cachingStore("clearPersistence()").clearPersistence()
    }

    private func cachingStore(_ call: String) throws(DocumentStoreError) -> any CachingDocumentStore {
        guard let cache = store as? any CachingDocumentStore else {
            throw DocumentStoreError(
                .unimplemented,
                "\(call) needs a store with an offline cache; this store keeps none (see Docs/Offline.md).")
        }
        return cache
    }
}
