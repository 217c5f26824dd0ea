extension Database {
    /// Closes the database's store when it is a ``ClosableDocumentStore`` (every store of this package
    /// is; see there): every listener ends — snapshot sequences finish without an error, callbacks are
    /// not called again — and every later operation fails with `failedPrecondition`. The file store also
    /// flushes and releases its directory lock so another process may open it. A store that is not
    /// closable is left as it is. Idempotent.
    ///
    /// When it returns, no callback listener of this store is running (unless it is called from inside a
    /// callback, which then continues to its end: close waits for the callbacks queued before it, on
    /// every database, and that one is running) and none will start.
    public func close() async throws {
        guard let closable = store as? any ClosableDocumentStore else { return }
        defer { CallbackQueue.waitForTheRunningCallback() }
        try await closable.close()
    }
}
