public import HearthDomain
public import HearthPort
import Foundation
import Synchronization

// The server's verdicts on queued commits, for whoever waits for them (an awaited commit with
// `.server` acknowledgement, or a write started without `await` whose completion reports the server's
// answer). A commit is tracked from the local commit that queues it, so a verdict that comes before
// anyone asks is kept until asked; commits queued by an earlier run are not tracked.

extension CachedDocumentStore {
    /// A tracked commit's verdict: still waited for (by these continuations), or known.
    enum Outcome {
        case waiting([(id: UUID, continuation: CheckedContinuation<CommitResponse, any Error>)])
        case known(Result<CommitResponse, DocumentStoreError>)
    }

    /// Waits for the server's verdict on `commit` (see `CachingDocumentStore.serverOutcome(of:)`).
    public func serverOutcome(of commit: PendingCommit) async throws -> CommitResponse {
        let id = UUID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<CommitResponse, any Error>) in
                let now = state.withLock { state -> Result<CommitResponse, DocumentStoreError>? in
                    if Task.isCancelled {
                        return .failure(DocumentStoreError(.cancelled, "Stopped waiting for the server."))
                    }
                    switch state.outcomes[commit.sequence] {
                    case .known(let result)?:
                        state.outcomes[commit.sequence] = nil
                        return result
                    case .waiting(var waiting)?:
                        if state.closed {
                            return .failure(DocumentStoreError(.failedPrecondition, "The offline cache is closed."))
                        }
                        waiting.append((id, continuation))
                        state.outcomes[commit.sequence] = .waiting(waiting)
                        return nil
                    case nil:
                        return .failure(
                            DocumentStoreError(
                                .failedPrecondition,
                                "No verdict to wait for on pending write \(commit.sequence): it was not queued by this cache in this run, or its verdict was already taken."
                            ))
                    }
                }
                if let now { continuation.resume(with: now.mapError { $0 as any Error }) }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> CheckedContinuation<CommitResponse, any Error>? in
                guard case .waiting(var waiting)? = state.outcomes[commit.sequence],
                    let index = waiting.firstIndex(where: { $0.id == id })
                else { return nil }
                let continuation = waiting.remove(at: index).continuation
                state.outcomes[commit.sequence] = .waiting(waiting)
                return continuation
            }
            cancelled?.resume(
                throwing: DocumentStoreError(.cancelled, "Stopped waiting for the server; the write stays queued."))
        }
    }

    /// Records the server's verdict on the queued commit `sequence`: resumes its waiters, or keeps it
    /// for the first to ask. Untracked commits are ignored.
    func resolveOutcome(_ sequence: Int64, _ result: Result<CommitResponse, DocumentStoreError>) {
        let waiting = state.withLock { state -> [CheckedContinuation<CommitResponse, any Error>] in
            guard case .waiting(let waiting)? = state.outcomes[sequence] else { return [] }
            state.outcomes[sequence] = waiting.isEmpty ? .known(result) : nil
            return waiting.map(\.continuation)
        }
        for continuation in waiting { continuation.resume(with: result.mapError { $0 as any Error }) }
    }

    /// Ends every wait for a verdict with `error` (the store is closing).
    func failOutcomes(_ error: DocumentStoreError) {
        let waiting = state.withLock { state -> [CheckedContinuation<CommitResponse, any Error>] in
            defer { state.outcomes = [:] }
            return state.outcomes.values.flatMap { outcome -> [CheckedContinuation<CommitResponse, any Error>] in
                guard case .waiting(let waiting) = outcome else { return [] }
                return waiting.map(\.continuation)
            }
        }
        for continuation in waiting { continuation.resume(throwing: error) }
    }
}
