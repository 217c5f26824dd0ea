public import HearthDomain
public import HearthPort
import Synchronization

extension CachedDocumentStore: CachingDocumentStore {
    /// Reads one document from `source`, pending writes overlaid:
    /// - `.server`: from the remote (`unavailable` while the network is disabled, and the remote's errors),
    ///   refreshing the cache, then answered from the cache;
    /// - `.default`: as `.server` when the remote answers; when the network is disabled or the remote fails
    ///   with a transient error, from the cache, where a document the cache does not hold is `unavailable`;
    /// - `.cache`: from the cache only; a document it does not hold is `unavailable` — also one known to be
    ///   missing (deleted by a pending write, or read missing from the server): the cache keeps no
    ///   tombstones yet (see `Docs/Offline.md`).
    public func getDocument(_ path: DocumentPath, source: CacheReadSource) async throws -> Document? {
        try await readDocument(path, source: source).document
    }

    /// Reads one document as ``getDocument(_:source:)``, with its metadata: `isFromCache` when the cache
    /// answered (`.cache`, or `.default` offline), and the document's pending state.
    public func readDocument(_ path: DocumentPath, source: CacheReadSource) async throws -> CachedDocumentRead {
        try checkOpen()
        var fromCache = source == .cache
        if !fromCache {
            do {
                let documents = try await remoteDocuments([path])
                try await settle(documents, removing: nil)
                // No pending write on top: the server's document itself, with the server's times.
                if !hasPendingWrites(path), let server = documents[path] {
                    return CachedDocumentRead(document: server, metadata: CacheMetadata(isFromCache: false))
                }
            } catch let error as DocumentStoreError where source == .default && isOffline(error) {
                fromCache = true
            }
        }
        let (document, pending) = try await localRead {
            try await local.getDocument(path, mask: nil, consistency: .latest)
        } pending: { _ in
            [path]
        }
        if document == nil, fromCache {
            throw DocumentStoreError(
                .unavailable,
                "Document \(path) is not in the offline cache (source: .cache, or the network is disabled).")
        }
        return CachedDocumentRead(document: document, metadata: CacheMetadata(isFromCache: fromCache, pending: pending))
    }

    /// Runs a query from `source`, pending writes overlaid: `.server` and `.default` run it on the remote and
    /// refresh the cache with every document it returns (and with every document the cache would have
    /// returned that the remote did not), then answer from the cache; `.default` falls back to the cache
    /// when the network is disabled or the remote fails with a transient error; `.cache` answers with what
    /// the cache holds.
    public func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, source: CacheReadSource
    ) async throws -> [RunQueryResponse] {
        try await readQuery(parent: parent, query: query, source: source).responses
    }

    /// Runs a query as ``runQueryAll(parent:query:source:)``, with the results' metadata: `isFromCache`
    /// when the cache answered (`.cache`, or `.default` offline), and which results have pending writes.
    public func readQuery(
        parent: DocumentPath?, query: StructuredQuery, source: CacheReadSource
    ) async throws
        -> CachedQueryRead
    {
        try checkOpen()
        var server: [DocumentPath: Document] = [:]
        var fromCache = source == .cache
        if source != .cache {
            do {
                let remoteResults = try await reachableRemote(for: "run a query on the server").runQueryAll(
                    parent: parent, query: query, consistency: .latest)
                for case let document? in remoteResults.map(\.document) { server[document.path] = document }
                try await takeServerResults(remoteResults.compactMap(\.document), parent: parent, query: query)
            } catch let error as DocumentStoreError where source == .default && isOffline(error) {
                fromCache = true  // Offline: answer from the cache below.
                server = [:]
            }
        }
        let (responses, pending) = try await localRead {
            try await local.runQueryAll(parent: parent, query: query, consistency: .latest)
        } pending: {
            $0.compactMap(\.document?.path)
        }
        // Documents without a pending write on top are the server's own, with the server's times.
        let answered = responses.map { response in
            guard let path = response.document?.path, let document = server[path], !hasPendingWrites(path) else {
                return response
            }
            return RunQueryResponse(
                document: document, readTime: response.readTime, skippedResults: response.skippedResults)
        }
        return CachedQueryRead(responses: answered, metadata: CacheMetadata(isFromCache: fromCache, pending: pending))
    }

    /// Whether a queued write touches `path`.
    func hasPendingWrites(_ path: DocumentPath) -> Bool {
        state.withLock { $0.queue.contains { $0.writes.contains { $0.path == path } } }
    }

    /// Makes the cache hold the server's `results` of `query` under `parent` (with pending writes on top),
    /// and re-reads from the server every document the cache would have returned that the server did not
    /// (so documents deleted on the server leave the cache). Documents whose cached fields already are the
    /// server's, with no pending writes, are left as they are (their listeners see no change).
    func takeServerResults(_ results: [Document], parent: DocumentPath?, query: StructuredQuery) async throws {
        var documents: [DocumentPath: Document?] = [:]
        for document in results { documents[document.path] = .some(document) }
        let cached = try await local.runQueryAll(parent: parent, query: query, consistency: .latest)
        let pending = Set(pendingWrites.flatMap(\.paths))
        let stale = cached.compactMap(\.document?.path).filter {
            documents[$0] == nil && !pending.contains($0)
        }
        if !stale.isEmpty { documents.merge(try await remoteDocuments(stale)) { $1 } }
        if query.select == nil {
            try await settleChanged(documents)
        } else {
            // A projection is not the whole document: refresh the documents themselves.
            try await refresh(paths: Array(documents.keys))
        }
    }

    /// ``settle(_:removing:)`` of the `documents` that differ from what the cache holds or have pending writes.
    func settleChanged(_ documents: [DocumentPath: Document?]) async throws {
        guard !documents.isEmpty else { return }
        let pending = Set(pendingWrites.flatMap(\.paths))
        let held = try await local.batchGetDocuments(Array(documents.keys), mask: nil, consistency: .latest)
        var changed = documents
        for read in held.documents where !pending.contains(read.path) {
            if let server = documents[read.path], server?.fields == read.document?.fields {
                changed.removeValue(forKey: read.path)
            }
        }
        try await settle(changed, removing: nil)
    }

    /// Runs `read` on the local store and takes the pending state of the paths `paths` names in its
    /// result, both while no local commit runs, so the two agree.
    private func localRead<Result: Sendable>(
        _ read: () async throws -> Result, pending paths: (Result) -> [DocumentPath]
    ) async throws -> (Result, [DocumentPath: PendingDocumentState]) {
        try await localLock.withLock {
            let result = try await read()
            return (result, pendingView.states(of: paths(result), queue: pendingWrites))
        }
    }

    /// Whether `error` means the remote cannot be reached (the cache answers `.default` reads then).
    private func isOffline(_ error: DocumentStoreError) -> Bool {
        !isNetworkEnabled || [.unavailable, .deadlineExceeded].contains(error.code)
    }

    /// Reads one document as ``getDocument(_:source:)`` with `.default`. Reads in a transaction or at a
    /// past time go to the remote (`unavailable` while the network is disabled).
    public func getDocument(
        _ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws
        -> Document?
    {
        guard consistency == .latest else {
            return try await reachableRemote(for: "read in a transaction or at a past time").getDocument(
                path, mask: mask, consistency: consistency)
        }
        let document = try await getDocument(path, source: .default)
        guard let mask, let document else { return document }
        return document.projected(onto: mask)
    }

    /// Reads documents as ``getDocument(_:source:)`` with `.default`, one by one from the cache after one
    /// refresh from the remote; other consistencies go to the remote.
    public func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    )
        async throws -> BatchGetResponse
    {
        guard consistency == .latest else {
            return try await reachableRemote(for: "read in a transaction or at a past time").batchGetDocuments(
                paths, mask: mask, consistency: consistency)
        }
        try checkOpen()
        var server: [DocumentPath: Document?] = [:]
        do {
            server = try await remoteDocuments(paths)
            try await settle(server, removing: nil)
        } catch let error as DocumentStoreError where isOffline(error) {
            server = [:]
        }
        let cached = try await local.batchGetDocuments(paths, mask: mask, consistency: .latest)
        guard !server.isEmpty else { return cached }
        // Documents without a pending write on top are the server's own, with the server's times.
        let documents = cached.documents.map { read -> DocumentRead in
            guard let known = server[read.path], !hasPendingWrites(read.path) else { return read }
            guard let document = known else { return .missing(read.path) }
            return .found(mask.map { document.projected(onto: $0) } ?? document)
        }
        return BatchGetResponse(documents: documents, readTime: cached.readTime)
    }

    /// Runs the query as ``runQueryAll(parent:query:source:)`` with `.default`; other consistencies go to the remote.
    public func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    )
        async throws -> [RunQueryResponse]
    {
        guard consistency == .latest else {
            return try await reachableRemote(for: "query in a transaction or at a past time").runQueryAll(
                parent: parent, query: query, consistency: consistency)
        }
        return try await runQueryAll(parent: parent, query: query, source: .default)
    }

    /// ``runQueryAll(parent:query:consistency:)`` as a stream.
    public func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    )
        -> AsyncThrowingStream<RunQueryResponse, any Error>
    {
        .relayed { continuation in
            for response in try await self.runQueryAll(parent: parent, query: query, consistency: consistency) {
                continuation.yield(response)
            }
        }
    }

    /// The remote's aggregation (server only, as in Firebase; `unavailable` while the network is disabled).
    public func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    ) async throws -> AggregationResponse {
        try await reachableRemote(for: "run an aggregation").runAggregation(
            parent: parent, query: query, consistency: consistency)
    }

    /// The remote's listing (`unavailable` while the network is disabled).
    public func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse {
        try await reachableRemote(for: "list documents").listDocuments(request)
    }

    /// The remote's collection IDs (`unavailable` while the network is disabled).
    public func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        try await reachableRemote(for: "list collection IDs").listCollectionIDs(request)
    }
}
