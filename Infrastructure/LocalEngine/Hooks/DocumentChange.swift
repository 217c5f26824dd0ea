import HearthDomain
import Synchronization

/// How one document changed in one commit: its state before and after (`nil` = missing).
public struct DocumentChange: Sendable, Hashable {
    public var path: DocumentPath
    /// The document before the commit, or `nil` if it did not exist.
    public var before: Document?
    /// The document after the commit, or `nil` if it was deleted.
    public var after: Document?

    public init(path: DocumentPath, before: Document?, after: Document?) {
        self.path = path
        self.before = before
        self.after = after
    }
}

/// The changes one published commit made, for listeners.
public struct CommittedChanges: Sendable, Hashable {
    /// The commit time: reads at this time (or later) see the changes.
    public var commitTime: Timestamp
    /// One entry per document the commit actually changed, in the order it first touched them.
    public var changes: [DocumentChange]

    public init(commitTime: Timestamp, changes: [DocumentChange]) {
        self.commitTime = commitTime
        self.changes = changes
    }
}

/// A registration of a change observer (``LocalEngine/observeChanges(_:)``). ``cancel()``, or releasing
/// the last reference, stops the notifications. Cancelling never waits for the engine, so it is safe from
/// inside the observer itself.
public final class ChangeObservation: Sendable {
    let entry: ObserverEntry

    init(entry: ObserverEntry) {
        self.entry = entry
    }

    /// Stops notifications. Idempotent.
    public func cancel() { entry.cancelled.store(true, ordering: .releasing) }

    deinit { cancel() }
}

/// One registered observer, as the engine keeps it.
final class ObserverEntry: Sendable {
    let notify: @Sendable (CommittedChanges) -> Void
    let cancelled = Atomic<Bool>(false)

    init(notify: @escaping @Sendable (CommittedChanges) -> Void) {
        self.notify = notify
    }

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
}
