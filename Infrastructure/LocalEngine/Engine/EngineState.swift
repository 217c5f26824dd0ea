import HearthDomain

/// Everything the engine knows, guarded by the engine's lock. All methods are synchronous and take the
/// current time from the caller.
struct EngineState: Sendable {
    let database: DatabaseID
    let configuration: LocalEngineConfiguration
    let executor = QueryExecutor(planner: QueryPlanner())

    var storage: DocumentStorage
    var transactions: TransactionTable
    /// The newest commit time handed out (published or not).
    var lastCommitTime = Timestamp.min
    /// The newest published commit time: what `latest` reads see.
    var visibleTime = Timestamp.min
    /// The newest read time reported to a caller; later commits are given later times.
    var issuedReadTime = Timestamp.min
    /// Reads before this time are refused: versions before it may have been pruned.
    var prunedThrough = Timestamp.min
    /// Commits applied to the head state but not yet durable, in commit order.
    var pending: [PendingBatch] = []
    var nextBatchID: UInt64 = 1
    var observers: [ObserverEntry] = []
    var planCache = PlanCache()
    var compositeDebt = CompositeDebt()
    private var retention: [RetentionEntry] = []
    private var retentionStart = 0

    /// `durable`: commits go to a log, so records spell field names out (``FieldNameTable/selfContained``).
    init(database: DatabaseID, configuration: LocalEngineConfiguration, nonce: UInt64, durable: Bool = false) {
        self.database = database
        self.configuration = configuration
        self.storage = DocumentStorage(interning: !durable)
        self.transactions = TransactionTable(nonce: nonce)
    }

    // MARK: Times

    /// A new commit time: the clock's time to the microsecond, but strictly after every earlier commit
    /// and every reported read time.
    mutating func nextCommitTime(now: Timestamp) -> Timestamp {
        let floor = TimeMath.adding(1, to: max(lastCommitTime, issuedReadTime))
        let time = max(now.truncatedToMicroseconds, floor)
        lastCommitTime = time
        return time
    }

    /// The read time to report for a `latest` read: now, unless unpublished commits wait (then the last
    /// published time, so the snapshot it names stays exact).
    mutating func currentReadTime(now: Timestamp) -> Timestamp {
        let time = pending.isEmpty ? max(visibleTime, now.truncatedToMicroseconds) : visibleTime
        issuedReadTime = max(issuedReadTime, time)
        return time
    }

    // MARK: Publication

    /// Makes every pending batch up to `batchID` visible, in order, notifying observers.
    mutating func publish(through batchID: UInt64) {
        while let first = pending.first, first.id <= batchID {
            pending.removeFirst()
            publish(first)
        }
    }

    mutating func publish(_ batch: PendingBatch) {
        visibleTime = max(visibleTime, batch.commitTime)
        let prunable = batch.changes.map(\.path).filter(storage.hasPrunableVersions)
        if !prunable.isEmpty {
            retention.append(RetentionEntry(commitTime: batch.commitTime, paths: prunable))
        }
        observers.removeAll(where: \.isCancelled)
        if !observers.isEmpty, !batch.changes.isEmpty {
            let changes = CommittedChanges(commitTime: batch.commitTime, changes: batch.changes)
            for observer in observers { observer.notify(changes) }
        }
    }

    /// Discards the pending batch `batchID` and every later one (their persistence failed).
    mutating func discardPending(from batchID: UInt64) {
        guard let index = pending.firstIndex(where: { $0.id >= batchID }) else { return }
        let discarded = pending[index...]
        if let earliest = discarded.first?.commitTime {
            let paths = discarded.flatMap { $0.changes.map(\.path) }
            storage.discardVersions(of: paths, installedAtOrAfter: earliest)
        }
        pending.removeSubrange(index...)
    }

    /// Whether `batchID` is still waiting (not published, not discarded).
    func isPending(_ batchID: UInt64) -> Bool {
        pending.contains { $0.id == batchID }
    }

    // MARK: Retention

    /// Forgets versions no allowed read can see any more.
    mutating func pruneVersions(now: Timestamp) {
        var cutoff = TimeMath.adding(-TimeMath.microseconds(configuration.versionRetention), to: now)
        if let oldest = transactions.oldestReadOnlySnapshot { cutoff = min(cutoff, oldest) }
        cutoff = min(cutoff, visibleTime)
        guard cutoff > prunedThrough else { return }
        prunedThrough = cutoff
        while retentionStart < retention.count, retention[retentionStart].commitTime < cutoff {
            storage.prune(retention[retentionStart].paths, before: cutoff)
            retentionStart += 1
        }
        if retentionStart > 1_024, retentionStart * 2 > retention.count {
            retention.removeFirst(retentionStart)
            retentionStart = 0
        }
    }

    /// Throws when a read at `time` is not allowed: more than microsecond precision or in the future
    /// (`invalidArgument`), or older than the retained history (`failedPrecondition`).
    func checkReadTime(_ time: Timestamp, now: Timestamp) throws(DocumentStoreError) {
        if !TimeMath.isMicrosecondAligned(time) {
            throw .invalidArgument("A read time cannot have more than microsecond precision: \(time).")
        }
        if time > max(now, visibleTime) {
            throw .invalidArgument("The requested read time \(time) cannot be in the future.")
        }
        let oldest = max(
            prunedThrough, TimeMath.adding(-TimeMath.microseconds(configuration.versionRetention), to: now))
        if time < oldest {
            throw DocumentStoreError(
                .failedPrecondition, "The requested read time \(time) is too old (history is kept from \(oldest)).")
        }
    }
}

/// Query plans made since the storage last changed (``DocumentStorage/generation``).
struct PlanCache: Sendable {
    static let capacity = 256

    var generation: UInt64 = 0
    var plans: [ValidatedQuery: QueryPlan] = [:]
}

/// When to build the automatic composite index a query's plan recommends: each run of a query without
/// it is charged the entries the index would have saved it, and once the charges for one index reach
/// ``share`` of what building it costs (one entry per document of the collection), it is built. A query
/// whose one run would save that much gets its index at once, as before; a query whose plan without the
/// index is already cheap (an ordered read that stops after a few dozen entries) is answered without
/// building an index over every document, and gets it after a few runs. So the first query on a large
/// store just opened is not made to wait for an index its later runs may never repay.
struct CompositeDebt: Sendable {
    /// The share of an index's build cost its queries' charges must reach before it is built.
    static let share = 0.125
    /// The most indexes with charges kept; past it, every charge is forgotten.
    static let capacity = 256

    private struct Key: Hashable {
        let collection: CollectionPath
        let definition: CompositeIndexDefinition
    }

    private var owed: [Key: Double] = [:]

    /// Charges one run of a query that `recommendation` would serve better; `true` when the index should
    /// now be built (its charges are then cleared).
    mutating func charge(_ recommendation: IndexRecommendation) -> Bool {
        let key = Key(collection: recommendation.collection, definition: recommendation.definition)
        let total = owed[key, default: 0] + max(recommendation.saving, 0)
        if total >= recommendation.buildCost * Self.share {
            owed[key] = nil
            return true
        }
        if owed[key] == nil, owed.count >= Self.capacity { owed.removeAll(keepingCapacity: true) }
        owed[key] = total
        return false
    }
}

/// A commit applied to the head state, waiting to become durable and visible.
struct PendingBatch: Sendable {
    let id: UInt64
    let commitTime: Timestamp
    let changes: [CommittedChange]
    let ticket: PersistenceTicket
}

/// The documents one published commit changed, for pruning their old versions later.
struct RetentionEntry: Sendable {
    let commitTime: Timestamp
    let paths: [DocumentPath]
}
