import Dispatch
import Foundation
import HearthDomain
import HearthLocalEngine
import HearthPort

extension FileSystemDocumentStore {
    /// Writes every document of the store's current published state to `url` in the export format
    /// (``DocumentExportFile``: Firestore REST document JSON, one per line, in path order), crash-safely
    /// (temporary file, flush, rename). Commits may continue meanwhile; the export is one consistent
    /// snapshot. Returns the number of documents. Throws file-system errors naming the file, and
    /// `failedPrecondition` when the store is closed.
    ///
    /// The engine's lock is held only to take the snapshot's immutable view (O(1)); decoding, sorting
    /// and writing run on a Dispatch queue, off Swift's cooperative pool, while reads and commits go on.
    public func exportDocuments(to url: URL) async throws -> Int {
        try await checkOpen()
        let engine = self.engine
        let database = self.database
        return try await OffThePool.run { () throws(DocumentStoreError) in
            let documents = engine.publishedSnapshot().documents.sorted { $0.path < $1.path }
            return try DocumentExportFile.write(documents, database: database, to: url)
        }
    }

    /// Reads an export file (``DocumentExportFile``), streaming, and writes each document into this store
    /// with a set (replacing a document at the same path), `writesPerCommit` documents per durable commit.
    /// Returns the number of documents imported.
    ///
    /// Document names may name any database: only their paths are used. Create and update times are the
    /// import's commit times, not those in the file. Not atomic as a whole: when a line is invalid
    /// (`invalidArgument` naming the file and line) or a commit fails, the commits before it stay.
    public func importDocuments(from url: URL, writesPerCommit: Int = 500) async throws -> Int {
        try await checkOpen()
        let chunk = min(max(writesPerCommit, 1), 10_000)
        var reader = try LineReader(path: url.path, faults: storeDirectory.faults)
        defer { reader.close() }
        var writes: [Write] = []
        writes.reserveCapacity(chunk)
        var count = 0
        while let document = try DocumentExportFile.nextDocument(&reader, database: nil) {
            writes.append(.update(document.path, fields: document.fields))
            if writes.count == chunk {
                _ = try await commit(writes, transaction: nil)
                count += writes.count
                writes.removeAll(keepingCapacity: true)
            }
        }
        if !writes.isEmpty {
            _ = try await commit(writes, transaction: nil)
            count += writes.count
        }
        return count
    }
}
