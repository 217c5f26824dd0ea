public import HearthPort

extension FirestoreRESTDocumentStore {
    /// Listens by polling, explicitly: this store cannot push, because Firestore's Listen RPC is not
    /// available over REST (until the adapter speaks the WebChannel transport). A document target
    /// runs `:batchGet` and a query `:runQuery` every ``FirestoreRESTConfiguration/listenPolling``
    /// interval, and the answers are compared to derive the same snapshots and changes a push-based
    /// listener delivers (see `PollingListener`). Requests go through the store, so they use its
    /// retries and credentials (a token refresh after `unauthenticated`); failures back off and poll
    /// again. Each poll is billed as reads: 1 for a document, max(1, results) for a query.
    /// On a closed store the stream fails at once with `failedPrecondition`; ``close()`` ends the running
    /// ones without an error.
    public func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error>
    {
        let lifecycle = executor.lifecycle
        if lifecycle.isClosed {
            return AsyncThrowingStream { $0.finish(throwing: lifecycle.closedError("listen")) }
        }
        return PollingListener(configuration: configuration.listenPolling).listen(
            to: target, options: options, on: self, group: lifecycle.listeners)
    }

    /// Ends every listener of the store (their streams finish without an error; polling stops) and
    /// refuses every later call with `failedPrecondition`, for this value and its copies. Requests in
    /// flight complete. Idempotent; never throws.
    public func close() async throws {
        executor.lifecycle.close()
    }

    /// Whether ``close()`` was called (on this value or a copy).
    public var isClosed: Bool { executor.lifecycle.isClosed }
}
