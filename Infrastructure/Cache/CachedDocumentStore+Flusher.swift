import HearthDomain
import HearthPort
import Synchronization

extension CachedDocumentStore {
    /// Codes after which a send is tried again: the remote was not reached, or did not finish.
    static let transientCodes: Set<DocumentStoreError.Code> = [
        .unavailable, .deadlineExceeded, .resourceExhausted, .internal, .unknown, .aborted, .unauthenticated,
        .cancelled,
    ]

    /// Sends the queue's head to the remote, one entry at a time, while the network is enabled; sleeps
    /// when there is nothing to send; backs off after transient failures. Ends when the store closes.
    func runFlusher(wakeSignals: AsyncStream<Void>) async {
        var signals = wakeSignals.makeAsyncIterator()
        var failures = 0
        while !Task.isCancelled {
            let head = state.withLock { $0.networkEnabled && !$0.closed ? $0.queue.first : nil }
            guard let head else {
                guard await signals.next() != nil else { return }
                continue
            }
            do {
                try await send(head)
                failures = 0
            } catch {
                if Task.isCancelled { return }
                failures += 1
                let delay = options.backoff.jitteredDelay(beforeRetry: failures, random: Double.random(in: 0..<1))
                do { try await options.sleep(delay) } catch { return }
            }
        }
    }

    /// Sends `entry` once and settles it; throws on a transient failure (the entry stays queued).
    ///
    /// A commit that is not idempotent is sent pinned to its guard: each document's first write (without a
    /// precondition of its own) requires the version read before the send (`updateTime`, or
    /// `exists: false` for a missing document), so that of every send of the entry — an earlier one whose
    /// answer was lost may still reach the server after a resend — at most one is applied.
    private func send(_ entry: PendingWrite) async throws {
        var entry = entry
        var writes = entry.writes
        let idempotent = CommitIdempotency.isIdempotent(entry.writes, transaction: nil)
        var pinnedTo: [DocumentPath: Timestamp?] = [:]
        let sentBefore = entry.guardVersions != nil
        if !idempotent {
            let versions = try await remoteVersions(entry.paths)
            if let previous = entry.guardVersions, previous != versions {
                // Sent before, outcome unknown, and the documents changed since: never sent again.
                try await settleUnknown(entry)
                return
            }
            if entry.guardVersions != versions { entry = try await recordGuard(entry, versions) }
            writes = Self.pinned(entry.writes, to: versions)
            pinnedTo = versions
        }
        let remote = try reachableRemote(for: "send pending writes")
        let response: CommitResponse
        do {
            response = try await remote.commit(writes, transaction: nil)
        } catch let error as DocumentStoreError where !Self.transientCodes.contains(error.code) {
            if !idempotent, [.failedPrecondition, .alreadyExists, .notFound].contains(error.code),
                try await remoteVersions(entry.paths) != pinnedTo
            {
                // The documents moved since the versions this send was pinned to: an earlier send of it
                // was applied, or another writer came in between.
                if sentBefore {
                    try await settleUnknown(entry)
                    return
                }
                // No earlier send: another writer. Not applied; send again, pinned to the new versions.
                _ = try await recordGuard(entry, nil)
                throw DocumentStoreError(.aborted, "The documents changed on the server during the send.")
            }
            let documents = try await remoteDocuments(entry.paths)
            try await settle(documents, removing: entry)
            rejections.yield(RejectedWrite(writes: entry.writes, kind: .rejected, error: error))
            resolveOutcome(entry.sequence, .failure(error))
            return
        }
        // Applied on the remote: the entry must leave the queue even if the documents cannot be re-read now.
        let documents = (try? await remoteDocuments(entry.paths)) ?? [:]
        while true {
            do {
                try await settle(documents, removing: entry)
                resolveOutcome(entry.sequence, .success(response))
                return
            } catch {
                if Task.isCancelled { return }
                try? await options.sleep(options.backoff.maximum)
            }
        }
    }

    /// Takes the server's documents for `entry`, removes it from the queue and reports it `outcomeUnknown`.
    private func settleUnknown(_ entry: PendingWrite) async throws {
        let documents = try await remoteDocuments(entry.paths)
        try await settle(documents, removing: entry)
        let error = DocumentStoreError(
            .aborted,
            "A pending write of \(entry.paths.map(\.path).joined(separator: ", ")) failed in transit and the documents changed on the server since: it was applied, or another writer changed them. It was not sent again; the cache holds the server's documents."
        )
        rejections.yield(RejectedWrite(writes: entry.writes, kind: .outcomeUnknown, error: error))
        resolveOutcome(entry.sequence, .failure(error))
    }

    /// `writes` with the first write of each document that has no precondition pinned to the document's
    /// version in `versions`: `updateTime` when it existed, `exists: false` when it was missing.
    static func pinned(_ writes: [Write], to versions: [DocumentPath: Timestamp?]) -> [Write] {
        var seen = Set<DocumentPath>()
        return writes.map { write in
            guard seen.insert(write.path).inserted, write.precondition == nil, let version = versions[write.path]
            else { return write }
            var pinned = write
            pinned.precondition = version.map { .updateTime($0) } ?? .exists(false)
            return pinned
        }
    }

    /// The remote's update times of `paths` (`nil`: missing).
    private func remoteVersions(_ paths: [DocumentPath]) async throws -> [DocumentPath: Timestamp?] {
        try await remoteDocuments(paths).mapValues { $0?.updateTime }
    }
}
