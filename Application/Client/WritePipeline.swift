import Synchronization

/// The ordered queue of writes started without `await` (Firebase's synchronous `setData(from:)` and
/// `addDocument(from:)`), shared by every copy of a ``Database``.
///
/// Each write runs after the one enqueued before it, in a task of its own; ``drain()`` waits until every
/// write enqueued so far has finished, so an operation that drains first sees them all (read your
/// writes). With nothing pending, draining takes one uncontended lock and does not suspend.
final class WritePipeline: Sendable {
    private struct State {
        /// The last write enqueued while any is pending; it finishes after every earlier one.
        var last: Task<Void, Never>?
        var pending = 0
    }

    private let state = Mutex(State())

    init() {}

    /// Runs `work` after every write enqueued before it.
    func enqueue(_ work: @escaping @Sendable () async -> Void) {
        state.withLock { state in
            let previous = state.last
            state.pending += 1
            state.last = Task {
                await previous?.value
                await work()
                self.finishOne()
            }
        }
    }

    /// Waits until every write enqueued before this call has finished.
    func drain() async {
        guard let last = state.withLock({ $0.last }) else { return }
        await last.value
    }

    /// Whether a write is enqueued and not yet finished.
    var hasPending: Bool { state.withLock { $0.pending > 0 } }

    private func finishOne() {
        state.withLock { state in
            state.pending -= 1
            if state.pending == 0 { state.last = nil }
        }
    }
}
