import HearthDomain
public import HearthPort
import Synchronization

/// Consumes one listener's stream on a task of its own and lets a behaviour wait for the first snapshot
/// that satisfies a condition, with a timeout. Every snapshot is checked on arrival against the
/// listener contract's invariants (the first is initial with every document added in order; each later
/// one has changes in Firestore's order that turn the previous documents into the new ones; read times
/// never go back; without metadata changes no snapshot is empty of changes); a broken invariant fails
/// the next wait.
///
/// Waiting for a condition instead of counting snapshots keeps the behaviours valid for stores that
/// poll: a poller may merge several commits into one snapshot, and deliver a commit's effect a little
/// later than a push-based store.
public final class ListenerProbe: Sendable {
    fileprivate struct State {
        var snapshots: [ListenSnapshot] = []
        var cursor = 0
        var error: (any Error)?
        var finished = false
        var violation: String?
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())
    private let consumer = Mutex<Task<Void, Never>?>(nil)
    private let includeMetadataChanges: Bool
    /// How long ``next(_:timeout:where:file:line:)`` waits by default: 30 s (a safety net for loaded machines and
    /// slow pollers, not a performance expectation).
    public static let defaultTimeout: Duration = .seconds(30)

    /// Starts consuming `stream`.
    public init(_ stream: AsyncThrowingStream<ListenSnapshot, any Error>, includeMetadataChanges: Bool = false) {
        self.includeMetadataChanges = includeMetadataChanges
        let task = Task { [weak self] in
            do {
                for try await snapshot in stream {
                    guard let self else { return }
                    record(snapshot)
                }
                self?.finish(nil)
            } catch {
                self?.finish(error)
            }
        }
        consumer.withLock { $0 = task }
    }

    /// Listens to `target` on `store` and starts consuming.
    public convenience init(
        _ store: any DocumentStore, _ target: ListenTarget, options: ListenOptions = ListenOptions()
    ) {
        self.init(store.listen(target, options: options), includeMetadataChanges: options.includeMetadataChanges)
    }

    deinit { consumer.withLock { $0 }?.cancel() }

    /// Cancels the consuming task (the listener must stop).
    public func cancel() { consumer.withLock { $0 }?.cancel() }

    /// Waits until the consuming task has ended, and returns the error the stream ended with, if any.
    public func ended(timeout: Duration = ListenerProbe.defaultTimeout) async throws -> (any Error)? {
        let deadline = ContinuousClock.now + timeout
        while true {
            let (done, error, count) = state.withLock { ($0.finished, $0.error, $0.snapshots.count) }
            if done { return error }
            guard await waitForNews(after: count, until: deadline) else {
                throw fail("the listener did not end within \(timeout)")
            }
        }
    }

    /// The first snapshot not yet returned that satisfies `condition` (earlier ones are skipped); fails
    /// after `timeout`, when the stream ends or fails first, or when an invariant was broken.
    @discardableResult
    public func next(
        _ what: String,
        timeout: Duration = ListenerProbe.defaultTimeout,
        where condition: (ListenSnapshot) -> Bool = { _ in true },
        file: String = #fileID,
        line: Int = #line
    ) async throws -> ListenSnapshot {
        let deadline = ContinuousClock.now + timeout
        while true {
            let (snapshots, cursor, error, finished, violation) = state.withLock { state in
                (state.snapshots, state.cursor, state.error, state.finished, state.violation)
            }
            if let violation { throw ContractFailure(violation, file: file, line: line) }
            if let index = snapshots.indices.dropFirst(cursor).first(where: { condition(snapshots[$0]) }) {
                state.withLock { $0.cursor = index + 1 }
                return snapshots[index]
            }
            if let error {
                throw ContractFailure("\(what): the listener failed first: \(error)", file: file, line: line)
            }
            if finished { throw ContractFailure("\(what): the listener ended first", file: file, line: line) }
            guard await waitForNews(after: snapshots.count, until: deadline) else {
                let last = snapshots.last.map { Self.summary($0) } ?? "none"
                throw ContractFailure(
                    "\(what): no such snapshot within \(timeout) (last: \(last))", file: file, line: line)
            }
        }
    }

    /// Every snapshot received so far.
    public var snapshots: [ListenSnapshot] { state.withLock { $0.snapshots } }

    // MARK: Recording

    private func record(_ snapshot: ListenSnapshot) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            if state.violation == nil { state.violation = violation(snapshot, after: state.snapshots.last) }
            state.snapshots.append(snapshot)
            return state.takeWaiters()
        }
        for waiter in waiters { waiter.resume() }
    }

    private func finish(_ error: (any Error)?) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.error = error
            state.finished = true
            return state.takeWaiters()
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns `false` when `deadline` passed without a new snapshot or the end of the stream.
    private func waitForNews(after count: Int, until deadline: ContinuousClock.Instant) async -> Bool {
        if ContinuousClock.now >= deadline { return false }
        let id = state.withLock { state -> Int in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        let timer = Task { [self] in
            try? await Task.sleep(until: deadline)
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.snapshots.count > count || state.finished || ContinuousClock.now >= deadline { return true }
                state.waiters[id] = continuation
                return false
            }
            if now { continuation.resume() }
        }
        timer.cancel()
        return ContinuousClock.now < deadline || state.withLock { $0.snapshots.count > count || $0.finished }
    }

    private func violation(_ snapshot: ListenSnapshot, after previous: ListenSnapshot?) -> String? {
        let ids = snapshot.documents.map(\.path)
        guard let previous else {
            guard snapshot.isInitial else { return "the first snapshot is not marked initial" }
            let expected = ids.enumerated().map { "added \($0.element) -→\($0.offset)" }
            if snapshot.changes.map(Self.describe) != expected {
                return
                    "the first snapshot's changes \(snapshot.changes.map(Self.describe)) are not every document added in order"
            }
            return nil
        }
        if snapshot.isInitial { return "a later snapshot is marked initial" }
        if snapshot.readTime < previous.readTime {
            return "read time went back from \(previous.readTime) to \(snapshot.readTime)"
        }
        if snapshot.changes.isEmpty, !includeMetadataChanges {
            return "a snapshot without changes arrived without includeMetadataChanges"
        }
        let ranks = snapshot.changes.map { change in change.kind == .removed ? 0 : change.kind == .added ? 1 : 2 }
        if ranks != ranks.sorted() {
            return "changes \(snapshot.changes.map(Self.describe)) are not removals, then additions, then modifications"
        }
        var replayed = previous.documents.map(\.path)
        for change in snapshot.changes {
            if let old = change.oldIndex {
                guard old < replayed.count, replayed[old] == change.document.path else {
                    return "change \(Self.describe(change)) does not match the previous documents \(replayed)"
                }
                replayed.remove(at: old)
            }
            if let new = change.newIndex {
                guard new <= replayed.count else { return "change \(Self.describe(change)) is out of range" }
                replayed.insert(change.document.path, at: new)
            }
        }
        if replayed != ids {
            return
                "changes \(snapshot.changes.map(Self.describe)) turn the previous documents into \(replayed), not \(ids)"
        }
        return nil
    }

    static func describe(_ change: ListenChange) -> String {
        "\(change.kind) \(change.document.path) \(change.oldIndex.map(String.init) ?? "-")→\(change.newIndex.map(String.init) ?? "-")"
    }

    static func summary(_ snapshot: ListenSnapshot) -> String {
        "\(snapshot.documents.map(\.path.path)) changes \(snapshot.changes.map(describe)) at \(snapshot.readTime)"
    }
}

extension ListenerProbe.State {
    fileprivate mutating func takeWaiters() -> [CheckedContinuation<Void, Never>] {
        defer { waiters = [:] }
        return Array(waiters.values)
    }
}
