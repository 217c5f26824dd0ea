import Foundation
import HearthDomain
import HearthLocalEngine

extension FileSystemDocumentStore {
    /// Benchmark probe (package-internal): appends `document` to the log as a batch of its own and
    /// returns once it is durable, *without* the engine — no validation, no indexes, not visible to
    /// reads. `hearth-bench durable-commit --log-only` uses it to measure the log's group commit apart
    /// from the engine's work. The store's contents no longer match its log afterwards: use it only on
    /// a throwaway store.
    package func appendToLogOnly(_ document: Document) async throws {
        let ticket = writer.enqueue(
            CommittedBatch(
                commitTime: document.updateTime, documents: [CommittedDocument(path: document.path, document: document)]
            )
        )
        try await writer.waitUntilDurable(ticket)
    }

    /// Benchmark probe (package-internal): opens a store whose every flush takes `flushDelay` longer (the
    /// flushing thread sleeps that long before its `fdatasync`), as if the disk's flush were slower.
    /// `hearth-bench durable-commit --flush-delay-us` uses it to model a disk whose flush dominates a
    /// commit (a model only: the sleeping thread uses no CPU and no I/O, unlike a slow disk).
    package static func withSlowerFlush(
        directory: URL,
        database: DatabaseID,
        options: Options,
        flushDelay: Duration
    ) async throws(DocumentStoreError) -> FileSystemDocumentStore {
        let delay = flushDelay / .seconds(1)
        // Not `blocking:`: a bounded sleep holds the flushing thread as a slow `fdatasync` would, inline
        // in a lone committer too; `blocking` is for faults that wait on the test and must stay off the pool.
        let faults = FileFaults { operation, _ in
            if operation == .sync { Thread.sleep(forTimeInterval: delay) }
            return nil
        }
        return try await open(OpenRequest(directory: directory, database: database, options: options, faults: faults))
    }
}
