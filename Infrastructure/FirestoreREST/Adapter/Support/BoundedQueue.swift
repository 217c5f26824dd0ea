import Synchronization

/// A FIFO from a producer that never waits to one consumer that pulls, bounded by the cost of what it
/// holds: the body chunks of a streamed HTTP response (``StreamingExchange``), the responses of a
/// WebChannel Listen connection. An element goes straight to a waiting consumer, whatever its cost;
/// otherwise it is held, up to `limit` in all. The queue ends once: finished (the consumer gets what it
/// holds, then `nil`; or `nil` at once when dropping) or failed (what it holds is dropped, and the
/// error is the next thing pulled).
final class BoundedQueue<Element: Sendable>: Sendable {
    /// What ``push(_:cost:)`` did with an element.
    enum PushOutcome: Equatable {
        /// Handed to the consumer or held.
        case accepted
        /// The queue had ended: the element is dropped.
        case ended
        /// Holding it would pass the limit: the element is dropped, and the queue is left as it was (the
        /// caller decides how the stream ends).
        case overLimit
    }

    private struct State {
        var items: [(element: Element, cost: Int)] = []
        var first = 0
        var held = 0
        var waiter: CheckedContinuation<Element?, any Error>?
        var end: Result<Void, any Error>?
    }

    private let state = Mutex(State())
    /// The most cost held at once (at least 1).
    let limit: Int

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Hands `element` to a waiting consumer, or holds it if its `cost` fits under the limit.
    func push(_ element: Element, cost: Int) -> PushOutcome {
        let (outcome, waiter) = state.withLock { state -> (PushOutcome, CheckedContinuation<Element?, any Error>?) in
            guard state.end == nil else { return (.ended, nil) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (.accepted, waiter)
            }
            guard state.held + cost <= limit else { return (.overLimit, nil) }
            state.items.append((element, cost))
            state.held += cost
            return (.accepted, nil)
        }
        waiter?.resume(returning: element)
        return outcome
    }

    /// Ends the queue without an error, after what it holds or at once when `dropping`; `false` when it
    /// had already ended.
    @discardableResult
    func finish(dropping: Bool = false) -> Bool { end(.success(()), dropping: dropping) }

    /// Ends the queue with `error`, dropping what it holds; `false` when it had already ended.
    @discardableResult
    func fail(_ error: any Error) -> Bool { end(.failure(error), dropping: true) }

    /// Whether the queue has ended.
    var hasEnded: Bool { state.withLock { $0.end != nil } }

    private func end(_ result: Result<Void, any Error>, dropping: Bool) -> Bool {
        let (ended, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Element?, any Error>?) in
            guard state.end == nil else { return (false, nil) }
            state.end = result
            if dropping {
                state.items = []
                state.first = 0
                state.held = 0
            }
            let waiter = state.waiter
            state.waiter = nil
            return (true, waiter)
        }
        switch result {
        case .success: waiter?.resume(returning: nil)
        case .failure(let error): waiter?.resume(throwing: error)
        }
        return ended
    }

    /// The next element; `nil` once finished; throws the failure. When the pulling task is cancelled,
    /// `onCancel` runs: it must end the queue (which ends the pull), directly or through its owner.
    func next(onCancel: @Sendable () -> Void) async throws -> Element? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Element?, any Error>) in
                let ready = state.withLock { state -> Result<Element?, any Error>? in
                    if state.first < state.items.count {
                        let item = state.items[state.first]
                        state.first += 1
                        state.held -= item.cost
                        if state.first == state.items.count {
                            state.items.removeAll(keepingCapacity: true)
                            state.first = 0
                        } else if state.first >= 1024 && state.first * 2 >= state.items.count {
                            state.items.removeFirst(state.first)
                            state.first = 0
                        }
                        return .success(item.element)
                    }
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
            onCancel()
        }
    }
}
