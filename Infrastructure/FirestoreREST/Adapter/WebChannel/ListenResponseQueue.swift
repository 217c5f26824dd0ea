import HearthDomain
import HearthFirestoreCodec
import Synchronization

/// The responses a connection received and its consumer has not taken yet: a FIFO the back channel
/// fills without waiting and the consumer drains by pulling, bounded by the payload bytes it holds
/// (past `limit`, it fails with `resourceExhausted`). It ends once: finished (after what it holds) or
/// failed (what it holds is dropped, the error is the next thing pulled).
final class ListenResponseQueue: Sendable {
    private struct State {
        var items: [(response: RESTListenResponse, cost: Int)] = []
        var first = 0
        var bytes = 0
        var waiter: CheckedContinuation<RESTListenResponse?, any Error>?
        var end: Result<Void, DocumentStoreError>?
    }

    private let state = Mutex(State())
    private let limit: Int
    /// Called once when the consumer stops pulling (its task was cancelled).
    private let onCancel: @Sendable () -> Void

    init(limit: Int, onCancel: @escaping @Sendable () -> Void) {
        self.limit = max(1, limit)
        self.onCancel = onCancel
    }

    /// Adds `response` (`cost` bytes); `false` when the queue has ended or would exceed its limit (then
    /// it has failed with `resourceExhausted`).
    @discardableResult
    func push(_ response: RESTListenResponse, cost: Int) -> Bool {
        enum Outcome {
            case handed(CheckedContinuation<RESTListenResponse?, any Error>)
            case queued, ended, overflow
        }
        let outcome = state.withLock { state -> Outcome in
            guard state.end == nil else { return .ended }
            if let waiter = state.waiter {
                state.waiter = nil
                return .handed(waiter)
            }
            guard state.bytes + cost <= limit else { return .overflow }
            state.items.append((response, cost))
            state.bytes += cost
            return .queued
        }
        switch outcome {
        case .handed(let waiter):
            waiter.resume(returning: response)
            return true
        case .queued: return true
        case .ended: return false
        case .overflow:
            fail(
                DocumentStoreError(
                    .resourceExhausted,
                    "The listener fell behind: more than \(limit) bytes of Listen responses were waiting to be read."))
            return false
        }
    }

    /// Ends the queue without an error: after what it holds, or at once when `dropping` it.
    func finish(dropping: Bool = false) { end(.success(()), dropping: dropping) }

    /// Ends the queue with `error`, dropping what it holds.
    func fail(_ error: DocumentStoreError) { end(.failure(error), dropping: true) }

    /// Whether the queue has ended.
    var hasEnded: Bool { state.withLock { $0.end != nil } }

    private func end(_ result: Result<Void, DocumentStoreError>, dropping: Bool) {
        let waiter = state.withLock { state -> CheckedContinuation<RESTListenResponse?, any Error>? in
            guard state.end == nil else { return nil }
            state.end = result
            if dropping {
                state.items = []
                state.first = 0
                state.bytes = 0
            }
            let waiter = state.waiter
            state.waiter = nil
            return waiter
        }
        switch result {
        case .success: waiter?.resume(returning: nil)
        case .failure(let error): waiter?.resume(throwing: error)
        }
    }

    /// The next response; `nil` once finished; throws the failure. Cancelling the pulling task ends the
    /// pull with `nil` and calls `onCancel`.
    func next() async throws -> RESTListenResponse? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<RESTListenResponse?, any Error>? in
                    if state.first < state.items.count {
                        let item = state.items[state.first]
                        state.first += 1
                        state.bytes -= item.cost
                        if state.first == state.items.count {
                            state.items.removeAll(keepingCapacity: true)
                            state.first = 0
                        } else if state.first >= 1024 && state.first * 2 >= state.items.count {
                            state.items.removeFirst(state.first)
                            state.first = 0
                        }
                        return .success(item.response)
                    }
                    if Task.isCancelled { return .success(nil) }
                    switch state.end {
                    case .success?: return .success(nil)
                    case .failure(let error)?: return .failure(error)
                    case nil:
                        state.waiter = continuation
                        return nil
                    }
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<RESTListenResponse?, any Error>? in
                let waiter = state.waiter
                state.waiter = nil
                return waiter
            }
            waiter?.resume(returning: nil)
            onCancel()
        }
    }
}
