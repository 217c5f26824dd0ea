import HearthDomain
import HearthPort
import Synchronization

/// Sends concurrent gets together (``FirestoreRESTConfiguration/coalescesGets``). A get waits one task
/// hop; every get made meanwhile joins it, and they go as `:batchGet`s of up to ``maximumBatch``
/// documents, concurrently (a lone get is a plain `GET`). A batch that fails with `permissionDenied` —
/// Firestore denies a `:batchGet` whole when its rules deny one document — is sent again as one `GET`
/// per document, so each get is allowed or denied alone, as if sent alone. A cancelled get ends with
/// `cancelled` at once; the others of its batch carry on.
final class GetCoalescer: Sendable {
    /// The most documents one `:batchGet` asks for.
    static let maximumBatch = 100

    private struct Waiter {
        let id: Int
        let path: DocumentPath
        let continuation: CheckedContinuation<Document?, any Error>
    }

    private struct State {
        var nextID = 0
        var waiting: [Waiter] = []
        /// Gets sent and not yet answered, by ID (an ID missing here was answered or cancelled).
        var sent: [Int: CheckedContinuation<Document?, any Error>] = [:]
        var flushScheduled = false
    }

    // A Mutex: callers on any thread add themselves; the flush takes them.
    private let state = Mutex(State())

    /// The document at `path` (latest state, no mask), read with any other gets made meanwhile.
    func get(_ path: DocumentPath, from store: FirestoreRESTDocumentStore) async throws -> Document? {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let schedule = state.withLock { state in
                    state.waiting.append(Waiter(id: id, path: path, continuation: continuation))
                    defer { state.flushScheduled = true }
                    return !state.flushScheduled
                }
                if schedule {
                    Task {
                        await Task.yield()
                        await self.flush(store)
                    }
                }
                // Cancelled before it waited: the handler ran first and found nothing to end.
                if Task.isCancelled { cancel(id) }
            }
        } onCancel: {
            cancel(id)
        }
    }

    /// Ends get `id` with `cancelled` if it is still waiting or sent.
    private func cancel(_ id: Int) {
        let continuation = state.withLock { state -> CheckedContinuation<Document?, any Error>? in
            if let index = state.waiting.firstIndex(where: { $0.id == id }) {
                return state.waiting.remove(at: index).continuation
            }
            return state.sent.removeValue(forKey: id)
        }
        continuation?.resume(throwing: Self.cancelled)
    }

    private static let cancelled = DocumentStoreError(.cancelled, "The get was cancelled.")

    /// Sends every waiting get, in batches.
    private func flush(_ store: FirestoreRESTDocumentStore) async {
        let batch = state.withLock { state in
            let taken = state.waiting
            state.waiting = []
            state.flushScheduled = false
            for waiter in taken { state.sent[waiter.id] = waiter.continuation }
            return taken.map { (id: $0.id, path: $0.path) }
        }
        await withTaskGroup(of: Void.self) { group in
            for start in stride(from: 0, to: batch.count, by: Self.maximumBatch) {
                let chunk = Array(batch[start..<min(start + Self.maximumBatch, batch.count)])
                group.addTask { await self.send(chunk, store) }
            }
        }
    }

    /// Sends one batch and answers its gets.
    private func send(_ gets: [(id: Int, path: DocumentPath)], _ store: FirestoreRESTDocumentStore) async {
        var paths: [DocumentPath] = []
        var seen: Set<DocumentPath> = []
        for get in gets where seen.insert(get.path).inserted { paths.append(get.path) }
        guard paths.count > 1 else {
            await sendAlone(gets, store)
            return
        }
        do throws(DocumentStoreError) {
            let response = try await batchGet(paths, store)
            var found: [DocumentPath: Document] = [:]
            for entry in response.documents { found[entry.path] = entry.document }
            for get in gets { answer(get.id, .success(found[get.path])) }
        } catch  where error.code == .permissionDenied {
            // One `GET` per path, answering every get of it.
            await withTaskGroup(of: Void.self) { group in
                for samePath in Dictionary(grouping: gets, by: \.path).values {
                    group.addTask { await self.sendAlone(samePath, store) }
                }
            }
        } catch {
            for get in gets { answer(get.id, .failure(error)) }
        }
    }

    /// One `GET` for gets of one path.
    private func sendAlone(_ gets: [(id: Int, path: DocumentPath)], _ store: FirestoreRESTDocumentStore) async {
        guard let path = gets.first?.path else { return }
        do throws(DocumentStoreError) {
            let document = try await store.fetchDocument(path, mask: nil)
            for get in gets { answer(get.id, .success(document)) }
        } catch {
            for get in gets { answer(get.id, .failure(error)) }
        }
    }

    private func batchGet(
        _ paths: [DocumentPath], _ store: FirestoreRESTDocumentStore
    ) async throws(DocumentStoreError) -> BatchGetResponse {
        do {
            return try await store.batchGetDocuments(paths, mask: nil, consistency: .latest)
        } catch let error as DocumentStoreError {
            throw error
        } catch {
            throw DocumentStoreError(.unknown, "batchGet of \(paths.count) documents failed: \(error)")
        }
    }

    /// Answers get `id`, unless it was cancelled meanwhile.
    private func answer(_ id: Int, _ result: Result<Document?, DocumentStoreError>) {
        let continuation = state.withLock { $0.sent.removeValue(forKey: id) }
        continuation?.resume(with: result.mapError { $0 as any Error })
    }
}
