import HearthDomain
import Synchronization

/// The hand-over between a listener's producer (the local engine's hub, a poller, a watch stream) and
/// its one consumer. The producer never waits: it replaces the latest state. The consumer pulls, and
/// gets one snapshot combining everything that changed since the last snapshot it actually received,
/// with the changes computed against that snapshot (coalescing). Memory per listener is bounded by the
/// size of its results: two document sets sharing their unchanged parts, plus the changed paths.
package final class SnapshotBuffer: Sendable {
    private let includeMetadataChanges: Bool
    private let state = Mutex(State())

    fileprivate struct State {
        var delivered: DocumentSet?
        var deliveredReadTime = Timestamp.min
        var current: DocumentSet?
        var readTime = Timestamp.min
        var pending = Set<DocumentPath>()
        var failure: (any Error)?
        var ended = false
        var hasNews = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private enum Work {
        case wait
        case end
        case failure(any Error)
        case initial(DocumentSet, Timestamp)
        case changes(old: DocumentSet, new: DocumentSet, paths: Set<DocumentPath>, readTime: Timestamp, advanced: Bool)
    }

    package init(includeMetadataChanges: Bool) {
        self.includeMetadataChanges = includeMetadataChanges
    }

    /// Whether the consumer is gone (cancelled, stopped, or the buffer failed): producers may stop.
    package var isEnded: Bool { state.withLock { $0.ended } }

    // MARK: Producer

    /// Publishes the target's documents as of `readTime`; `changedPaths` are the paths whose documents
    /// may differ from the previous publication (ignored for the first one).
    package func publish(_ documents: DocumentSet, changedPaths: some Sequence<DocumentPath>, readTime: Timestamp) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.ended else { return nil }
            state.current = documents
            state.readTime = max(state.readTime, readTime)
            if state.delivered != nil {
                state.pending.formUnion(changedPaths)
                if let delivered = state.delivered, state.pending.count > 2 * (delivered.count + documents.count) + 64 {
                    state.pending = state.pending.filter { delivered.contains($0) || documents.contains($0) }
                }
            }
            let news =
                state.delivered == nil || !state.pending.isEmpty
                || (includeMetadataChanges && state.readTime > state.deliveredReadTime)
            guard news else { return nil }
            state.hasNews = true
            return state.takeWaiter()
        }
        waiter?.resume()
    }

    /// Ends the listener with `error`: the consumer's next pull throws it.
    package func fail(_ error: any Error) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.ended, state.failure == nil else { return nil }
            state.failure = error
            return state.takeWaiter()
        }
        waiter?.resume()
    }

    /// Ends the listener: the consumer's next pull ends the iteration.
    package func end() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.ended = true
            return state.takeWaiter()
        }
        waiter?.resume()
    }

    // MARK: Consumer

    /// The next snapshot; `nil` when the listener ended or the calling task is cancelled (then the
    /// buffer ends: a snapshot waiting in it is dropped, never returned); throws the producer's failure.
    func next() async throws -> ListenSnapshot? {
        while true {
            if Task.isCancelled {
                end()
                return nil
            }
            switch takeWork() {
            case .end:
                return nil
            case .failure(let error):
                throw error
            case .wait:
                await waitForNews()
            case .initial(let documents, let readTime):
                guard !isEndedOrCancelled else { return nil }
                return ListenSnapshot(
                    documents: documents, changes: SnapshotChanges.initial(documents), readTime: readTime,
                    isInitial: true)
            case .changes(let old, let new, let paths, let readTime, let advanced):
                let changes = SnapshotChanges.between(old, new, paths: paths)
                if !changes.isEmpty || (includeMetadataChanges && advanced) {
                    guard !isEndedOrCancelled else { return nil }
                    return ListenSnapshot(documents: new, changes: changes, readTime: readTime, isInitial: false)
                }
            }
        }
    }

    /// Checked last before a snapshot is returned: the consumer stopped (its task was cancelled) or the
    /// producer's side ended the listener (its store closed) while the snapshot was computed.
    private var isEndedOrCancelled: Bool {
        if Task.isCancelled { end() }
        return isEnded
    }

    private func takeWork() -> Work {
        state.withLock { state -> Work in
            if let failure = state.failure {
                state.failure = nil
                state.ended = true
                return .failure(failure)
            }
            if state.ended { return .end }
            state.hasNews = false
            guard let current = state.current else { return .wait }
            guard let delivered = state.delivered else {
                state.delivered = current
                state.deliveredReadTime = state.readTime
                state.pending = []
                return .initial(current, state.readTime)
            }
            let advanced = state.readTime > state.deliveredReadTime
            if state.pending.isEmpty && !(includeMetadataChanges && advanced) { return .wait }
            let paths = state.pending
            state.pending = []
            state.delivered = current
            state.deliveredReadTime = state.readTime
            return .changes(old: delivered, new: current, paths: paths, readTime: state.readTime, advanced: advanced)
        }
    }

    private func waitForNews() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.hasNews || state.ended || state.failure != nil { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            end()
        }
    }
}

extension SnapshotBuffer {
    /// The consumer's side as a stream: each element is pulled from the buffer when the consumer asks
    /// for it (no buffering of its own). `onEnd` runs once, when the iteration ends, fails, is cancelled,
    /// or the stream is released: it stops the producer and frees its resources.
    package func stream(onEnd: @escaping @Sendable () -> Void) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        let lease = ListenerLease { [self] in
            end()
            onEnd()
        }
        return AsyncThrowingStream(unfolding: { [self] in
            do {
                if let snapshot = try await next() { return snapshot }
                lease.end()
                return nil
            } catch {
                lease.end()
                throw error
            }
        })
    }
}

extension SnapshotBuffer.State {
    fileprivate mutating func takeWaiter() -> CheckedContinuation<Void, Never>? {
        defer { waiter = nil }
        return waiter
    }
}
