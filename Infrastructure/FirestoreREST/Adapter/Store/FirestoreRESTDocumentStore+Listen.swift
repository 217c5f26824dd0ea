import HearthDomain
public import HearthPort

extension FirestoreRESTDocumentStore {
    /// Listens to `target`, by default pushed by Firestore over its Listen stream
    /// (``FirestoreRESTConfiguration/listenTransport`` ``ListenTransport/push``): every listener of the
    /// store (and its copies) is one target on one shared connection, opened on the first listener and
    /// closed when the last one ends. Firestore's watch protocol turns the stream into snapshots; a
    /// target the server removes with a cause ends its listener with that code (`permissionDenied` when
    /// security rules deny it), the others carry on. A cut, stalled or closed connection, `unavailable`,
    /// `resourceExhausted`, `deadlineExceeded` or `internal` reconnect with a jittered exponential backoff
    /// (1 s, ×1.5, at most 60 s) and resume every target from its last consistent point: no change is
    /// lost or delivered twice. A new connection asks the store's credentials again (an expired token is
    /// refreshed; `unauthenticated` twice in a row ends the listeners), and `permissionDenied`,
    /// `invalidArgument` and other errors end the listeners with that error. Push costs the initial
    /// results once, then one read per changed document (see `Docs/Listeners.md`).
    ///
    /// Where the Listen endpoint refuses the connection (404 or 501), the store reports it once through
    /// ``FirestoreRESTConfiguration/warningHandler`` and polls from then on, the listeners already
    /// running included (they continue from the documents they last received).
    ///
    /// With ``ListenTransport/poll``, a document target runs `:batchGet` and a query `:runQuery` every
    /// ``FirestoreRESTConfiguration/listenPolling`` interval, and the answers are compared to derive the
    /// same snapshots and changes (see `PollingListener`); requests go through the store, with its
    /// retries and credentials. Each poll is billed as reads: 1 for a document, max(1, results) for a query.
    ///
    /// On a closed store the stream fails at once with `failedPrecondition`; ``close()`` ends the running
    /// ones without an error.
    public func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error>
    {
        let lifecycle = executor.lifecycle
        if lifecycle.isClosed {
            return AsyncThrowingStream { $0.finish(throwing: lifecycle.closedError("listen")) }
        }
        let polling = PollingListener(configuration: configuration.listenPolling)
        guard configuration.listenTransport == .push, let multiplexer = lifecycle.multiplexer(makeMultiplexer)
        else {
            return polling.listen(to: target, options: options, on: self, group: lifecycle.listeners)
        }
        return multiplexer.listen(target, options: options, group: lifecycle.listeners) { buffer, documents in
            polling.poll(target, on: self, into: buffer, after: documents)
        }
    }

    private func makeMultiplexer() -> ListenMultiplexer {
        let lifecycle = executor.lifecycle
        let warn = configuration.warningHandler
        let interval = configuration.listenPolling.interval
        return ListenMultiplexer(
            connector: listenConnector, configuration: listenReconnection,
            refused: { [weak lifecycle] error in
                guard lifecycle?.refusePush() == true else { return }
                warn(
                    "The Firestore Listen endpoint refused push (\(error.code): \(error.message)); "
                        + "this store's listeners poll every \(interval) instead (FIRESTORE_LISTEN=poll selects polling)."
                )
            },
            starved: { target in
                let watched =
                    switch target {
                    case .document(let path): "document \(path)"
                    case .query(_, let query): "a query on \(query.from.collectionID)"
                    }
                warn(
                    "A listener (\(watched)) got no snapshot over \(ListenMultiplexer.starvedAfter) Listen connections in a "
                        + "row, each ended by the server before its target was current; it keeps reconnecting. The "
                        + "Firestore emulator ends a Listen channel holding more than 10,000 messages not yet sent "
                        + "(a result of about 10,000 documents or more): FIRESTORE_LISTEN=poll polls instead.")
            })
    }

    /// Ends every listener of the store (their streams finish without an error; the Listen connection
    /// closes, polling stops) and refuses every later call with `failedPrecondition`, for this value and
    /// its copies. Requests in flight complete. Idempotent; never throws.
    public func close() async throws {
        executor.lifecycle.close()
    }

    /// Whether ``close()`` was called (on this value or a copy).
    public var isClosed: Bool { executor.lifecycle.isClosed }
}
