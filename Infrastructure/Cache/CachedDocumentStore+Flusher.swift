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
    private func send(_ entry: PendingWrite) async throws {
        var entry = entry
        let idempotent = CommitIdempotency.isIdempotent(entry.writes, transaction: nil)
        if !idempotent {
            let versions = try await remoteVersions(entry.paths)
            if let previous = entry.guardVersions, previous != versions {
                // Sent before, outcome unknown, and the documents changed since: never sent again.
                let documents = try await remoteDocuments(entry.paths)
                try await settle(documents, removing: entry)
                let error = DocumentStoreError(
                    .aborted,
                    "A pending write of \(entry.paths.map(\.path).joined(separator: ", ")) failed in transit and the documents changed on the server since: it was applied, or another writer changed them. It was not sent again; the cache holds the server's documents."
                )
                rejections.yield(RejectedWrite(writes: entry.writes, kind: .outcomeUnknown, error: error))
                resolveOutcome(entry.sequence, .failure(error))
                return
            }
            if entry.guardVersions != versions { entry = try await recordGuard(entry, versions) }
        }
        let remote = try reachableRemote(for: "send pending writes")
        let response: CommitResponse
        do {
            response = try await remote.commit(entry.writes, transaction: nil)
        } catch let error as DocumentStoreError where !Self.transientCodes.contains(error.code) {
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

    /// The remote's update times of `paths` (`nil`: missing).
    private func remoteVersions(_ paths: [DocumentPath]) async throws -> [DocumentPath: Timestamp?] {
        try await remoteDocuments(paths).mapValues { $0?.updateTime }
    }
}
