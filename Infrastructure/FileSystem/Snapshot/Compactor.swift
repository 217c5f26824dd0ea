import Dispatch
import HearthDomain
import HearthLocalEngine
import Synchronization

/// Compacts the log into a snapshot, one compaction at a time, on its own serial queue:
/// 1. the writer starts a new log generation (everything before it is flushed);
/// 2. the engine's published state is taken (`LocalEngine.publishedView()`, at time *T*);
/// 3. the snapshot is written crash-safely (``SnapshotWriter``), naming the first log generation that
///    still holds a batch after *T*;
/// 4. older log files are removed.
/// A crash between any two steps leaves a store that recovers to the same state.
final class Compactor: Sendable {
    let engine: LocalEngine
    let writer: LogWriter
    let directory: StoreDirectory
    let database: DatabaseID
    private let queue = DispatchQueue(label: "hearth.filestore.compaction")
    private let state = Mutex(State())

    private struct State {
        var closed = false
        var lastAutomaticError: DocumentStoreError?
        var completed = 0
    }

    init(engine: LocalEngine, writer: LogWriter, directory: StoreDirectory, database: DatabaseID) {
        self.engine = engine
        self.writer = writer
        self.directory = directory
        self.database = database
    }

    /// Compacts now (after any compaction already running) and returns when the snapshot is in place.
    func compact() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            queue.async { [self] in
                do {
                    try compactNow()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// Starts a compaction in the background (the log grew past the threshold). A failure is kept in
    /// ``lastAutomaticError`` (``FileSystemDocumentStore/close()`` throws it); the next attempt waits
    /// until the log has grown by another threshold.
    func compactInBackground() {
        queue.async { [self] in
            do throws(DocumentStoreError) {
                try compactNow()
                state.withLock { $0.lastAutomaticError = nil }
                writer.compactionFinished(succeeded: true)
            } catch {
                state.withLock { $0.lastAutomaticError = error }
                writer.compactionFinished(succeeded: false)
            }
        }
    }

    /// Stops compacting: waits for a running compaction, then refuses new ones.
    func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { [self] in
                state.withLock { $0.closed = true }
                continuation.resume()
            }
        }
    }

    /// Runs `work` after any running compaction, refusing later ones (the store was released).
    func closeThen(_ work: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            state.withLock { $0.closed = true }
            work()
        }
    }

    /// Why the last automatic compaction failed (`nil` after a success).
    var lastAutomaticError: DocumentStoreError? {
        state.withLock { $0.lastAutomaticError }
    }

    /// How many compactions completed since the store was opened.
    var completedCount: Int {
        state.withLock { $0.completed }
    }

    private func compactNow() throws(DocumentStoreError) {
        if state.withLock({ $0.closed }) { throw LogWriter.closedError(directory) }
        let rotation = try writer.rotateAndWait()
        let snapshot = engine.publishedView()
        let generations = writer.generations
        let holdingLaterBatches = generations.compactMap { generation, last -> UInt64? in
            guard let last, last > snapshot.commitTime else { return nil }
            return generation
        }
        let firstNeeded = min(holdingLaterBatches.min() ?? rotation.generation, rotation.generation)
        var random = SystemRandomNumberGenerator()
        try SnapshotWriter.write(
            snapshot, firstLogGeneration: firstNeeded, database: database, to: directory, random: &random)
        for generation in generations.keys.sorted() where generation < firstNeeded {
            try directory.remove(StoreDirectory.logName(generation))
        }
        writer.forgetGenerations(before: firstNeeded)
        state.withLock { $0.completed += 1 }
    }
}
