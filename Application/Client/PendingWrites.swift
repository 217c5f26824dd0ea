import HearthDomain
import Synchronization

/// The writes a ``WriteBatch`` or a ``Transaction`` attempt collects until it is closed (committed, or
/// the attempt over), with the first error a non-throwing write method recorded. Safe to share between
/// tasks.
final class PendingWrites: Sendable {
    private struct State {
        var writes: [Write] = []
        var closed = false
        var failure: DocumentStoreError?
    }

    private let state = Mutex(State())

    /// Adds `write`; throws `refusal` once closed.
    func append(_ write: Write, refusal: @autoclosure () -> DocumentStoreError) throws(DocumentStoreError) {
        let accepted = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.writes.append(write)
            return true
        }
        if !accepted { throw refusal() }
    }

    /// Keeps `error`, unless an earlier one is kept.
    func recordFailure(_ error: DocumentStoreError) {
        state.withLock { state in
            if state.failure == nil { state.failure = error }
        }
    }

    /// How many writes are collected.
    var count: Int { state.withLock { $0.writes.count } }

    /// Whether it is closed, and whether it holds writes, read together.
    var status: (closed: Bool, hasWrites: Bool) { state.withLock { ($0.closed, !$0.writes.isEmpty) } }

    /// Closes and returns the writes.
    func close() -> [Write] {
        state.withLock { state in
            state.closed = true
            return state.writes
        }
    }

    /// Closes and returns the writes for a commit: throws `closedRefusal`, when given, if it was closed
    /// already, and the recorded failure if there is one.
    func closeForCommit(closedRefusal: DocumentStoreError? = nil) throws(DocumentStoreError) -> [Write] {
        try state.withLock { state throws(DocumentStoreError) -> [Write] in
            if state.closed, let closedRefusal { throw closedRefusal }
            state.closed = true
            if let failure = state.failure { throw failure }
            return state.writes
        }
    }
}
