import HearthDomain
import Synchronization

extension CachedDocumentStore {
    /// Firebase's `clearPersistence()`: erases the cache's persisted data — its documents and its queue of
    /// pending writes, which are dropped (nothing else ever drops them) — by running
    /// ``CacheOptions/clearPersistence``. Only once the cache is closed (``close()``; Firebase: terminated):
    /// a running cache throws `failedPrecondition`; one opened without that option throws `unimplemented`.
    /// ``pendingWrites`` is empty afterwards.
    public func clearPersistence() async throws {
        guard isClosed else {
            throw DocumentStoreError(
                .failedPrecondition,
                "clearPersistence() needs the offline cache not to be running: close it first (Firebase: terminate()).")
        }
        guard let clear = options.clearPersistence else {
            throw DocumentStoreError(
                .unimplemented,
                "This offline cache was opened without a way to clear its local store (CacheOptions.clearPersistence).")
        }
        try await clear()
        state.withLock { $0.queue = [] }
    }
}
