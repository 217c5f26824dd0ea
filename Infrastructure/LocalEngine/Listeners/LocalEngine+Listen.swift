import HearthDomain
public import HearthPort
import Synchronization

extension LocalEngine {
    /// Listens to a document or a query (see ``DocumentStore/listen(_:options:)``), push-based: each
    /// published commit reaches only the listeners of the collections, collection groups and documents
    /// it changed, and costs each of them O(log n) per changed document; a limit window that loses a
    /// document (or a query with an offset) reads the query again at the commit's time. Listeners see
    /// only published (durable) commits. An invalid query fails the stream with `invalidArgument`.
    ///
    /// With a `caller` (other than `admin`), its policy decides a `get` of the document when the listener
    /// starts and again each time the document changes (as the change leaves it), and a `list` of the
    /// query when the listener starts and whenever a limit window is read again; a denial fails the stream
    /// with `permissionDenied`, as Firestore ends a listener the rules no longer allow.
    public func listen(
        _ target: ListenTarget, options: ListenOptions, caller: Caller? = nil
    ) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        let buffer = SnapshotBuffer(includeMetadataChanges: options.includeMetadataChanges)
        let watched: ListenerRecord.Watched
        let ordering: DocumentOrdering
        switch target {
        case .document(let path):
            watched = .document(path)
            ordering = .byName
        case .query(let parent, let query):
            do {
                let validated = try QueryValidator.validate(parent: parent, query: query, database: database)
                watched = .query(validated)
                ordering = DocumentOrdering(orders: validated.orders)
            } catch {
                buffer.fail(error)
                return buffer.stream {}
            }
        }
        startObservingForListeners()
        let id = listenerHub.makeID()
        let listener = ListenerRecord(
            id: id, watched: watched, buffer: buffer, documents: DocumentSet(ordering: ordering), readTime: .min,
            access: caller.map { ListenerRecord.Access(caller: $0, target: target) })
        listenerHub.submit(.register(listener), engine: self)
        return buffer.stream { [weak self] in
            guard let self else { return }
            listenerHub.submit(.unregister(id), engine: self)
        }
    }

    /// Ends every listener: with `error` (their streams throw it), or without (their iterations end);
    /// listeners started later end at once, the same way. A store calls it when it closes; the engine
    /// calls it when it is released.
    public func endListeners(with error: DocumentStoreError? = nil) {
        listenerHub.endAll(with: error)
    }

    /// Holds the listeners: one registered from now on loads the engine's state (and gets its first
    /// snapshot) only after ``releaseListeners()``. A durable store holds them while it recovers, so no
    /// listener sees a half-restored engine.
    package func holdListeners() {
        listenerHub.hold()
    }

    /// Lets held listeners load and run (see ``holdListeners()``).
    package func releaseListeners() {
        listenerHub.release(engine: self)
    }

    private func startObservingForListeners() {
        listenerObservation.withLock { observation in
            guard observation == nil else { return }
            let hub = listenerHub
            observation = observeChanges { [weak self] changes in
                guard let self else { return }
                hub.submit(.commit(changes), engine: self)
            }
        }
    }

    /// Reads the listener's documents at its `readTime` (`Timestamp.min`: the latest state, then
    /// `readTime` becomes that read's time).
    func loadListener(_ listener: inout ListenerRecord) throws {
        let now = clock.now()
        let consistency: ReadConsistency = listener.readTime == .min ? .latest : .readTime(listener.readTime)
        let ordering = listener.ordering
        let access = listener.access
        let (entries, readTime) = try state.withLock { state throws(DocumentStoreError) in
            try state.listenerEntries(
                listener.watched, ordering: ordering, consistency: consistency, now: now, access: access)
        }
        listener.documents = DocumentSet(entries: entries, ordering: ordering)
        listener.readTime = readTime
    }
}

extension EngineState {
    /// A listener's entries (unprojected values for placement, projected documents) as of `consistency`.
    mutating func listenerEntries(
        _ watched: ListenerRecord.Watched,
        ordering: DocumentOrdering,
        consistency: ReadConsistency,
        now: Timestamp,
        access: ListenerRecord.Access? = nil
    ) throws(DocumentStoreError) -> ([DocumentSet.Entry], Timestamp) {
        let context = try beginRead(consistency, now: now)
        if let access, case .query(let parent, let query) = access.target {
            try authorize(.list(parent: parent, query: query), caller: access.caller, now: now, at: context.time)
        }
        switch watched {
        case .document(let path):
            let document = storage.document(path, at: context.time)
            if let access {
                try authorize(.get(path, existing: document), caller: access.caller, now: now, at: context.time)
            }
            let entries =
                document.map {
                    [DocumentSet.Entry(document: $0, key: ordering.sortKey(of: $0))]
                } ?? []
            return (entries, context.readTime)
        case .query(let query):
            let documents = executor.execute(query, source: storage, at: context.time).documents
            let entries = documents.compactMap { document in
                QueryExecutor.orderKeys(of: document, in: query).map {
                    ListenerRecord.entry(document, keys: $0, in: query, ordering: ordering)
                }
            }
            return (entries, context.readTime)
        }
    }
}
