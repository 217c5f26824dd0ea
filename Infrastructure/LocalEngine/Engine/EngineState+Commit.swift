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

extension EngineState {
    /// Validates `writes` (and the transaction), applies them to the head state and, without persistence,
    /// publishes them. All or nothing: on any error nothing changes (apart from closing the transaction).
    mutating func prepareCommit(
        _ writes: [Write],
        transaction: TransactionID?,
        now: Timestamp,
        persistence: (any CommitPersistence)?
    ) throws(DocumentStoreError) -> PreparedCommit {
        expireTransactions(now: now)
        if let transaction {
            try checkTransactionForCommit(transaction, writes: writes)
        }
        try WriteValidator.validate(writes)

        let commitTime = nextCommitTime(now: now)
        var workspace = CommitWorkspace(commitTime: commitTime)
        var transformResults: [[Value]] = []
        transformResults.reserveCapacity(writes.count)
        for write in writes {
            transformResults.append(try workspace.apply(write) { self.storage.head($0)?.document })
        }
        let outcome = workspace.outcome()
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
            entry.before == entry.after ? nil : CommittedChange(path: entry.path, before: entry.before, after: entry.after)
        }
        for change in changes {
            self.storage.install(change.after, at: change.path, commitTime: commitTime)
        }

        guard let persistence else {
            publish(PendingBatch(id: 0, commitTime: commitTime, changes: changes, ticket: PersistenceTicket(sequence: 0)))
            pruneVersions(now: now)
            return PreparedCommit(response: response, completion: .published)
        }
        if changes.isEmpty {
            if let last = pending.last { return PreparedCommit(response: response, completion: .awaitEarlier(ticket: last.ticket)) }
            publish(PendingBatch(id: 0, commitTime: commitTime, changes: [], ticket: PersistenceTicket(sequence: 0)))
            return PreparedCommit(response: response, completion: .published)
        }
        let batch = CommittedBatch(
            commitTime: commitTime,
            documents: changes.map { CommittedDocument(path: $0.path, document: $0.after) }
        )
        let ticket = persistence.enqueue(batch)
        let batchID = nextBatchID
        nextBatchID += 1
        pending.append(PendingBatch(id: batchID, commitTime: commitTime, changes: changes, ticket: ticket))
        return PreparedCommit(response: response, completion: .awaitDurability(batchID: batchID, ticket: ticket))
    }

    /// Checks (and closes) the transaction a commit names. Throws `invalidArgument` for an unknown or
    /// closed transaction or writes in a read-only one, `aborted` when it expired or what it read changed.
    private mutating func checkTransactionForCommit(_ id: TransactionID, writes: [Write]) throws(DocumentStoreError) {
        switch transactions.lookup(id) {
        case .unknown:
            throw .invalidArgument("Invalid transaction.")
        case .closed:
            throw .invalidArgument("Transaction is invalid or closed.")
        case .open(let sequence, let record):
            if record.expired {
                transactions.close(sequence)
                throw Self.expiredError
            }
            if record.isReadOnly, !writes.isEmpty {
                throw .invalidArgument("Cannot modify documents in a read-only transaction.")
            }
            transactions.close(sequence)
            if record.doomed || !readsAreCurrent(record) {
                throw DocumentStoreError(
                    .aborted,
                    "Transaction aborted: a document or query it read was changed by another commit. Retry the transaction."
                )
            }
        }
    }

    /// Whether every document and query a read-write transaction read is unchanged in the head state.
    func readsAreCurrent(_ record: TransactionRecord) -> Bool {
        for (path, seen) in record.documentReads where storage.head(path)?.document?.updateTime != seen {
            return false
        }
        for recorded in record.queryReads {
            let now = executor.execute(recorded.query, source: storage, at: lastCommitTime).documents.map(ResultIdentity.init)
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
