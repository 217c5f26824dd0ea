public import HearthApplication

extension FirestoreRESTDocumentStore {
    /// Listens by polling, since Firestore's Listen RPC is not available over REST: a document target
    /// runs `:batchGet` and a query `:runQuery` every ``FirestoreRESTConfiguration/listenPolling``
    /// interval, and the answers are compared to derive the same snapshots and changes a push-based
    /// listener delivers (see ``PollingListener``). Requests go through the store, so they use its
    /// retries and credentials (a token refresh after `unauthenticated`); failures back off and poll
    /// again. Each poll is billed as reads: 1 for a document, max(1, results) for a query.
    public func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        PollingListener(configuration: configuration.listenPolling).listen(to: target, options: options, on: self)
    }
}
