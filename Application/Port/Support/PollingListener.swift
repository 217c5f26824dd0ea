import HearthDomain

/// A listener built on reads alone: it runs the target's read (a batch get of the document, or the query)
/// every ``Configuration/interval``, compares the answer with the previous one and publishes the
/// differences as snapshots, with the same changes and indexes as a push-based listener.
///
/// It is the default ``DocumentStore/listen(_:options:)`` of every store that does not push changes
/// (the Firestore REST adapter uses it: Listen is not available over REST). Between two polls the
/// listener knows nothing, so changes that cancel out within one interval are not seen, and several
/// commits may arrive as one snapshot.
///
/// Failures: `unavailable`, `deadlineExceeded`, `resourceExhausted`, `aborted`, `internal`, `unknown`
/// and `cancelled` from the store are retried forever with ``Configuration/backoff`` (as Firestore's SDKs
/// reconnect their watch streams); `unauthenticated` is retried a few times, each read asking the
/// store's credentials again; any other error (an invalid query, `permissionDenied`, ...) ends the
/// stream with that error.
///
/// Cost: every poll is one read operation. A document target costs 1 document read per poll; a query
/// costs one read per result document, and 1 when it has none (Firestore's minimum per query).
public struct PollingListener: Sendable {
    /// How often and how patiently the listener polls.
    public struct Configuration: Sendable {
        /// The pause between the end of one poll and the start of the next. Default 1 s.
        public var interval: Duration
        /// The pause before retry *n* after consecutive failures (with jitter). Default 1 s, ×2, at most 60 s.
        public var backoff: Backoff
        /// How many consecutive `unauthenticated` failures are retried before the stream fails. Default 3.
        public var unauthenticatedRetries: Int
        /// How the listener waits (inject a recorder in tests). Default: `Task.sleep`.
        public var sleep: @Sendable (Duration) async throws -> Void
        /// The source of jitter in `0..<1`. Default: the system generator.
        public var random: @Sendable () -> Double

        /// A configuration with the defaults described on each property.
        public init(
            interval: Duration = .seconds(1),
            backoff: Backoff = Backoff(initial: .seconds(1), multiplier: 2, maximum: .seconds(60)),
            unauthenticatedRetries: Int = 3,
            sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
            random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
        ) {
            self.interval = interval
            self.backoff = backoff
            self.unauthenticatedRetries = unauthenticatedRetries
            self.sleep = sleep
            self.random = random
        }
    }

    /// How often and how patiently the listener polls.
    public var configuration: Configuration

    /// A polling listener with `configuration` (default: poll every second, back off up to 60 s).
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Listens to `target` by polling `store`. The stream behaves as ``DocumentStore/listen(_:options:)``
    /// documents; with ``ListenOptions/includeMetadataChanges``, every poll that found no change yields a
    /// metadata-only snapshot.
    ///
    /// With a `group`, ``ListenerGroup/endAll()`` ends the listener (its stream finishes without an
    /// error and polling stops); a group that has already ended ends it at once.
    public func listen(
        to target: ListenTarget, options: ListenOptions, on store: any DocumentStore, group: ListenerGroup? = nil
    )
        -> AsyncThrowingStream<ListenSnapshot, any Error>
    {
        let buffer = SnapshotBuffer(includeMetadataChanges: options.includeMetadataChanges)
        let configuration = self.configuration
        let task = Task {
            await Self.run(target, store: store, buffer: buffer, configuration: configuration)
        }
        let member = group?.add {
            buffer.end()
            task.cancel()
        }
        return buffer.stream {
            task.cancel()
            if let member { group?.remove(member) }
        }
    }

    /// Polls `store` for `target` into `buffer` until the buffer ends or the returned task is cancelled:
    /// the producer side of ``listen(to:options:on:group:)``, for a listener whose snapshots so far came
    /// from elsewhere (a push transport that fell back to polling). `documents` are the documents the
    /// buffer last received, if any: the first poll's changes are computed against them.
    package func poll(
        _ target: ListenTarget, on store: any DocumentStore, into buffer: SnapshotBuffer, after documents: DocumentSet?
    ) -> Task<Void, Never> {
        let configuration = self.configuration
        return Task {
            await Self.run(target, store: store, buffer: buffer, configuration: configuration, documents: documents)
        }
    }

    private static func run(
        _ target: ListenTarget, store: any DocumentStore, buffer: SnapshotBuffer, configuration: Configuration,
        documents start: DocumentSet? = nil
    ) async {
        let read = PolledRead(target)
        var documents = start
        var failures = 0
        var unauthenticated = 0
        while !Task.isCancelled, !buffer.isEnded {
            let pause: Duration
            do {
                let (next, readTime) = try await read.run(on: store)
                let paths = documents.map { SnapshotChanges.changedPaths($0, next) } ?? []
                buffer.publish(next, changedPaths: paths, readTime: readTime)
                documents = next
                failures = 0
                unauthenticated = 0
                pause = configuration.interval
            } catch {
                if Task.isCancelled || buffer.isEnded { return }
                let storeError =
                    error as? DocumentStoreError
                    ?? DocumentStoreError(.unknown, "The store failed while polling a listener.", underlying: error)
                if storeError.code == .unauthenticated {
                    unauthenticated += 1
                    if unauthenticated > configuration.unauthenticatedRetries {
                        buffer.fail(storeError)
                        return
                    }
                } else if !Self.retried.contains(storeError.code) {
                    buffer.fail(storeError)
                    return
                }
                failures += 1
                pause = configuration.backoff.jitteredDelay(beforeRetry: failures, random: configuration.random())
            }
            do {
                try await configuration.sleep(pause)
            } catch {
                return
            }
        }
    }

    private static let retried: Set<DocumentStoreError.Code> = [
        .unavailable, .deadlineExceeded, .resourceExhausted, .aborted, .internal, .unknown, .cancelled,
    ]
}

/// The read a poll runs for a target, and how its answer becomes a document set.
private struct PolledRead: Sendable {
    let target: ListenTarget
    let ordering: DocumentOrdering
    /// The query actually sent: a projection gains the ordered fields it lacks, so documents can be
    /// placed; they are projected back before they are published.
    let sentQuery: StructuredQuery?
    let projection: [FieldPath]?

    init(_ target: ListenTarget) {
        self.target = target
        self.ordering = target.ordering
        let placeable = target.placeable
        if case .query(_, let sent) = placeable.sent, placeable.projection != nil {
            self.sentQuery = sent
        } else {
            self.sentQuery = nil
        }
        self.projection = placeable.projection
    }

    func run(on store: any DocumentStore) async throws -> (DocumentSet, Timestamp) {
        switch target {
        case .document(let path):
            let response = try await store.batchGetDocuments([path], mask: nil, consistency: .latest)
            let documents = response.documents.compactMap(\.document).filter { $0.path == path }
            return (DocumentSet(documents, ordering: ordering), response.readTime)
        case .query(let parent, let query):
            var entries: [DocumentSet.Entry] = []
            var readTime: Timestamp?
            for try await element in store.runQuery(parent: parent, query: sentQuery ?? query, consistency: .latest) {
                readTime = element.readTime
                guard let document = element.document else { continue }
                entries.append(
                    DocumentSet.Entry(
                        document: document.projected(onto: projection), key: ordering.sortKey(of: document)))
            }
            guard let readTime else {
                throw DocumentStoreError(.internal, "The store answered a query without a read time.")
            }
            var seen = Set<DocumentPath>()
            entries = entries.filter { seen.insert($0.key.path).inserted }
            return (DocumentSet(entries: entries, ordering: ordering), readTime)
        }
    }
}
