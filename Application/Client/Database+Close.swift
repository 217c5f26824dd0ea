import HearthPort

extension Database {
    /// Closes the database's store (`DocumentStore.close()`, the same on every store): every listener
    /// ends — snapshot sequences finish without an error, callbacks are not called again — and every
    /// later operation fails with `failedPrecondition`. The file store also flushes and releases its
    /// directory lock so another process may open it. Idempotent.
    ///
    /// Once it returns, no callback listener of this store is running or will start: it waits for a
    /// callback in flight, as ``ListenerRegistration/remove()`` does (so do not call it where that
    /// callback waits for it).
    public func close() async throws {
        defer { ListenerRegistration.waitForTheCallbacksOfClosedStores() }
        try await store.close()
    }
}
