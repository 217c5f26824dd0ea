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
            CommittedBatch(commitTime: document.updateTime, documents: [CommittedDocument(path: document.path, document: document)])
        )
        try await writer.waitUntilDurable(ticket)
    }
}
