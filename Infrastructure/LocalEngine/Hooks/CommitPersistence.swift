import HearthDomain

/// Where a durable store plugs into the engine's commit path, so that a commit is acknowledged (and
/// becomes visible to readers and listeners) only once it is durable.
///
/// A commit goes through three steps:
/// 1. Under the engine's lock the commit is validated and applied to the engine's *head* state (later
///    commits build on it), given its commit time, and handed to ``enqueue(_:)`` — in commit order.
/// 2. Outside the lock, the committer awaits ``waitUntilDurable(_:)`` (concurrent committers may share
///    one fsync: group commit).
/// 3. Under the lock again, the batch is *published*: readers, listeners and the caller see it.
///
/// Contract for implementers:
/// - ``enqueue(_:)`` is called with the engine's lock held, exactly once per commit, in strictly
///   increasing commit-time order. It must not block, wait or call back into the engine: append the
///   batch to a queue and return a ticket.
/// - Durability is prefix-closed: when ``waitUntilDurable(_:)`` returns for a ticket, every batch
///   enqueued before it is durable too.
/// - Failure is suffix-closed: when a batch cannot be made durable, ``waitUntilDurable(_:)`` throws for
///   it and for every batch enqueued after it (the engine discards them all and their commits fail with
///   the thrown error). The store should then refuse further work until it is reopened.
public protocol CommitPersistence: Sendable {
    /// Queues `batch` for durable storage and returns the ticket to wait on. Called under the engine's lock.
    func enqueue(_ batch: CommittedBatch) -> PersistenceTicket

    /// Returns once the batch of `ticket` (and every earlier one) is durable; throws a
    /// ``DocumentStoreError`` when it cannot be made durable.
    func waitUntilDurable(_ ticket: PersistenceTicket) async throws
}

/// A handle on one enqueued batch, issued by a ``CommitPersistence``.
public struct PersistenceTicket: Sendable, Hashable {
    /// The persistence's own sequence number for the batch.
    public let sequence: UInt64

    public init(sequence: UInt64) { self.sequence = sequence }
}
