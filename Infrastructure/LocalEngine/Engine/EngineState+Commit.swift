import HearthDomain
import HearthPort

/// A commit validated and applied to the head state, and what its committer still has to do.
struct PreparedCommit: Sendable {
    enum Completion: Sendable {
        /// Visible already: return the response.
        case published
        /// Wait for this batch to be durable, then publish it.
        case awaitDurability(batchID: UInt64, ticket: PersistenceTicket)
        /// The commit changed nothing, but it read unpublished state: wait for that to be durable.
        case awaitEarlier(ticket: PersistenceTicket)
    }

    let response: CommitResponse
    let completion: Completion
}

/// What a commit does after a pass under the engine's lock.
enum CommitStep: Sendable {
    /// Applied: wait as the completion says.
    case prepared(PreparedCommit)
    /// Nothing changed yet: re-run the transaction's queries outside the lock, record the outcome, and
    /// prepare again.
    case validate(QueryValidation)
}

/// Queries of a read-write transaction to re-run against the head state as it was at `generation`, on
/// an immutable copy of the storage (copy-on-write: taken in O(1)), without the engine's lock.
struct QueryValidation: Sendable {
    /// What the run found: for each query (by its index in the transaction's record), whether its results
    /// were current at `generation`. It holds no storage, so it does not keep the copy alive.
    struct Result: Sendable {
        let transaction: UInt64
        let generation: UInt64
        let current: [Int: Bool]
    }

    let transaction: UInt64
    let generation: UInt64
    let storage: DocumentStorage
    let headTime: Timestamp
    let executor: QueryExecutor
    let queries: [Int: RecordedQuery]

    /// Runs each query and compares its results with the transaction's.
    func run() -> Result {
        let current = queries.mapValues { recorded in
            executor.execute(recorded.query, source: storage, at: headTime).documents.map(ResultIdentity.init)
                == recorded.results
        }
        return Result(transaction: transaction, generation: generation, current: current)
    }
}

extension EngineState {
    /// Validates the transaction (if any) and `writes`, applies them to the head state and, without
    /// persistence, publishes them. All or nothing: on any error nothing changes (apart from closing the
    /// transaction). With `deferringQueries`, when the transaction's queries must be re-run, nothing
    /// changes and the step says which (``CommitStep/validate(_:)``); otherwise they run here.
    mutating func prepareCommit(
        _ writes: [Write],
        transaction: TransactionID?,
        now: Timestamp,
        persistence: (any CommitPersistence)?,
        deferringQueries: Bool,
        caller: Caller? = nil
    ) throws(DocumentStoreError) -> CommitStep {
        expireTransactions(now: now)
        if let transaction,
            let validation = try checkTransactionForCommit(
                transaction, writes: writes, deferringQueries: deferringQueries)
        {
            return .validate(validation)
        }
        return .prepared(try applyCommit(writes, now: now, persistence: persistence, caller: caller))
    }

    /// Records what re-running a transaction's queries found (``QueryValidation/run()``).
    mutating func record(_ result: QueryValidation.Result) {
        guard var record = transactions.records[result.transaction] else { return }
        for (index, current) in result.current where record.queryReads.indices.contains(index) {
            if current {
                record.queryReads[index].currentAt = result.generation
            } else {
                record.queryReads[index].staleAt = result.generation
            }
        }
        transactions.update(result.transaction, record)
    }

    private mutating func applyCommit(
        _ writes: [Write],
        now: Timestamp,
        persistence: (any CommitPersistence)?,
        caller: Caller?
    ) throws(DocumentStoreError) -> PreparedCommit {
        try WriteValidator.validate(writes)

        let commitTime = nextCommitTime(now: now)
        var workspace = CommitWorkspace(commitTime: commitTime)
        var transformResults: [[Value]] = []
        transformResults.reserveCapacity(writes.count)
        for write in writes {
            transformResults.append(try workspace.apply(write) { self.storage.head($0)?.document })
        }
        let outcome = workspace.outcome()
        try authorizeCommit(outcome, caller: caller, commitTime: commitTime)
        for entry in outcome {
            guard let document = entry.after else { continue }
            try DocumentSize.validate(document.fields, at: document.path)
        }

        var finalUpdateTimes: [DocumentPath: Timestamp?] = [:]
        for entry in outcome { finalUpdateTimes[entry.path] = .some(entry.after?.updateTime) }
        let results = zip(writes, transformResults).map { write, transforms in
            WriteResult(updateTime: finalUpdateTimes[write.path] ?? nil, transformResults: transforms)
        }
        let response = CommitResponse(writeResults: results, commitTime: commitTime)

        let changes = outcome.compactMap { entry -> CommittedChange? in
            entry.before == entry.after
                ? nil : CommittedChange(path: entry.path, before: entry.before, after: entry.after)
        }
        var logged: [CommittedDocument] = []
        logged.reserveCapacity(persistence == nil ? 0 : changes.count)
        for change in changes {
            let record = self.storage.install(change.after, at: change.path, commitTime: commitTime)
            if persistence != nil {
                logged.append(CommittedDocument(path: change.path, document: change.after, record: record))
            }
        }

        guard let persistence else {
            publish(
                PendingBatch(id: 0, commitTime: commitTime, changes: changes, ticket: PersistenceTicket(sequence: 0)))
            pruneVersions(now: now)
            return PreparedCommit(response: response, completion: .published)
        }
        if changes.isEmpty {
            if let last = pending.last {
                return PreparedCommit(response: response, completion: .awaitEarlier(ticket: last.ticket))
            }
            publish(PendingBatch(id: 0, commitTime: commitTime, changes: [], ticket: PersistenceTicket(sequence: 0)))
            return PreparedCommit(response: response, completion: .published)
        }
        // The records the engine keeps go to the log as they are: each document is encoded once.
        let ticket = persistence.enqueue(CommittedBatch(commitTime: commitTime, documents: logged))
        let batchID = nextBatchID
        nextBatchID += 1
        pending.append(PendingBatch(id: batchID, commitTime: commitTime, changes: changes, ticket: ticket))
        return PreparedCommit(response: response, completion: .awaitDurability(batchID: batchID, ticket: ticket))
    }

    /// Checks (and closes) the transaction a commit names. Throws `invalidArgument` for an unknown or
    /// closed transaction or writes in a read-only one, `aborted` when it expired or what it read changed.
    /// With `deferringQueries`, returns the queries to re-run instead when the outcome depends on them
    /// (the transaction stays open).
    private mutating func checkTransactionForCommit(
        _ id: TransactionID,
        writes: [Write],
        deferringQueries: Bool
    ) throws(DocumentStoreError) -> QueryValidation? {
        let (sequence, record) = try transactions.open(id)
        if record.expired {
            transactions.close(sequence)
            throw Self.expiredError
        }
        if record.isReadOnly, !writes.isEmpty {
            throw .invalidArgument("Cannot modify documents in a read-only transaction.")
        }
        let documentsCurrent = !record.doomed && documentReadsAreCurrent(record)
        if documentsCurrent, deferringQueries {
            let unknown = record.queryReads.enumerated().filter { status(of: $0.element) == .unknown }
            if !unknown.isEmpty, !record.queryReads.contains(where: { status(of: $0) == .stale }) {
                return QueryValidation(
                    transaction: sequence,
                    generation: storage.generation,
                    storage: storage,
                    headTime: lastCommitTime,
                    executor: executor,
                    queries: Dictionary(uniqueKeysWithValues: unknown.map { ($0.offset, $0.element) })
                )
            }
        }
        transactions.close(sequence)
        if !documentsCurrent || !queryReadsAreCurrent(record) {
            throw DocumentStoreError(
                .aborted,
                "Transaction aborted: a document or query it read was changed by another commit. Retry the transaction."
            )
        }
        return nil
    }

    private enum QueryReadStatus {
        case current, stale, unknown
    }

    /// What is known, without running it, about whether a recorded query's results are the head's.
    private func status(of recorded: RecordedQuery) -> QueryReadStatus {
        let scope = recorded.query.scope
        if let stale = recorded.staleAt, storage.isUnchanged(scope, since: stale) { return .stale }
        if let current = recorded.currentAt, storage.isUnchanged(scope, since: current) { return .current }
        return .unknown
    }

    /// Whether every document a read-write transaction read is unchanged in the head state.
    private func documentReadsAreCurrent(_ record: TransactionRecord) -> Bool {
        for (path, seen) in record.documentReads where storage.head(path)?.document?.updateTime != seen {
            return false
        }
        return true
    }

    /// Whether every query a read-write transaction ran has the same results in the head state, running
    /// those whose status is unknown.
    private func queryReadsAreCurrent(_ record: TransactionRecord) -> Bool {
        let statuses = record.queryReads.map(status(of:))
        if statuses.contains(.stale) { return false }
        for (recorded, status) in zip(record.queryReads, statuses) where status == .unknown {
            let now = executor.execute(recorded.query, source: storage, at: lastCommitTime).documents.map(
                ResultIdentity.init)
            if now != recorded.results { return false }
        }
        return true
    }

    static let expiredError = DocumentStoreError(
        .aborted,
        "The referenced transaction has expired or is no longer valid. Retry the transaction."
    )

    mutating func expireTransactions(now: Timestamp) {
        transactions.expire(
            now: now,
            idleTimeout: TimeMath.microseconds(configuration.transactionIdleTimeout),
            maximumLifetime: TimeMath.microseconds(configuration.transactionMaximumLifetime)
        )
    }
}
