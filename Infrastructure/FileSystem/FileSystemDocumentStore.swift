import Dispatch
import Foundation
import HearthDomain
import HearthLocalEngine
import HearthPort
import Synchronization

/// A durable `DocumentStore` in one directory: the local engine (Firestore's server semantics, see
/// `LocalEngine`) plus an append-only, checksummed log of committed batches and a snapshot file.
///
/// - **Durability**: with ``Durability/full`` (the default) a commit returns only once its log record is
///   flushed to stable storage; concurrent commits share one flush (group commit). See ``Durability``
///   for ``Durability/relaxed``.
/// - **Compaction**: when the log passes ``Options/compactionThreshold`` (and on ``compact()``), the
///   published state is written to a new snapshot (temporary file, flush, atomic rename, directory flush)
///   and the old log files are removed, in the background.
/// - **Recovery**: opening restores the snapshot and replays the log, on a Dispatch queue (never on a
///   thread of Swift's cooperative pool): ``open(directory:database:options:configuration:clock:)``
///   returns once it is done; ``openInBackground(directory:database:options:configuration:clock:)``
///   returns at once and every operation waits for it. A torn tail (a write cut short by a crash) is
///   dropped, never half-applied; damage that would lose acknowledged commits is `dataLoss`.
/// - **Exclusive**: the directory is locked (`flock` on its `LOCK` file) while the store is open; a
///   second open, in this or another process, fails with `failedPrecondition`.
/// - Document IDs are never used as file names: they live inside records (see Docs/FileFormat.md).
///
/// Errors: every requirement behaves as its `DocumentStore` documentation says. File-system failures
/// become `DocumentStoreError`s naming the file: `resourceExhausted` (disk full, `ENOSPC`),
/// `permissionDenied` (`EACCES`, `EROFS`), `dataLoss` (a damaged file that cannot be repaired
/// without losing acknowledged commits), `failedPrecondition` (locked, closed, or written by a newer
/// format), `unavailable` (other I/O errors). After a failed log write or flush, that commit fails with
/// the mapped error, and every later commit (and ``compact()``) with `failedPrecondition` naming it, until
/// the store is closed and opened again (nothing acknowledged before the failure is lost; reads keep
/// working). A failed store never answers `unavailable`: retrying on it cannot help.
///
/// Background compaction: a failure that leaves the store safe (a full disk while writing the snapshot,
/// say) keeps the store working; it is kept in ``Statistics/lastCompactionError``, compaction is tried
/// again after another threshold of growth, and ``close()`` throws it when no later compaction
/// succeeded. A failure that leaves the store unsafe to write (a log rotation that can neither be
/// finished nor undone) fails the store as above. See Docs/FileFormat.md, "Rotation".
public final class FileSystemDocumentStore: DocumentStore {
    /// The engine holding the data (for change observation and tests).
    public let engine: LocalEngine
    /// The store's directory.
    public let directory: URL
    /// What the store was opened with.
    public let options: Options

    let writer: LogWriter
    let compactor: Compactor
    let storeDirectory: StoreDirectory
    /// Whether recovery finished, and how; every operation waits for it.
    let opening = StoreOpening()
    /// Holds the directory's lock until the writer takes it over (or recovery fails and releases it).
    private let lockFile: POSIXFile
    /// Where recovery's time went (set once it finished).
    private let timings = Mutex(RecoveryTimings())
    private let closed = Atomic<Bool>(false)

    /// The database the store serves (reference values and resource names are relative to it).
    public var database: DatabaseID { engine.database }

    /// Opens (or creates) the store in `directory` and recovers its contents (restores the snapshot,
    /// replays the log), on a Dispatch queue: the work, in proportion to the store's size, never
    /// occupies a thread of Swift's cooperative pool. Returns once the store is ready.
    ///
    /// - Parameters:
    ///   - directory: a file URL of the store's directory; created when missing (``Options/createIfMissing``).
    ///   - database: the database served (reference values and resource names are relative to it).
    ///   - options: durability, compaction threshold, creation (defaults: see ``Options``).
    ///   - configuration: transaction timeouts and version retention (defaults as Firestore's).
    ///   - clock: the source of commit and read times (default: the system clock).
    /// - Throws: `failedPrecondition` when the directory is locked by another open store or holds files
    ///   of a newer format version; `dataLoss` when its files are damaged beyond a torn tail;
    ///   `permissionDenied`, `resourceExhausted`, `notFound`, `invalidArgument` or `unavailable` for
    ///   file-system failures — each naming the file.
    public static func open(
        directory: URL,
        database: DatabaseID,
        options: Options = Options(),
        configuration: LocalEngineConfiguration = LocalEngineConfiguration(),
        clock: any EngineClock = SystemClock()
    ) async throws(DocumentStoreError) -> FileSystemDocumentStore {
        try await open(
            OpenRequest(
                directory: directory, database: database, options: options, configuration: configuration, clock: clock))
    }

    /// Opens the store in `directory` for callers that cannot wait (a synchronous factory such as
    /// `HearthConfiguration.makeStore()`): checks the directory and takes its lock now, and recovers the
    /// contents in the background, on a Dispatch queue. Every operation waits until recovery finishes;
    /// when it fails, every operation throws its error, naming the directory, and the directory's lock
    /// is released. ``close()`` waits for recovery, then closes.
    ///
    /// - Parameters: as ``open(directory:database:options:configuration:clock:)``.
    /// - Throws, now: `invalidArgument` for a URL that is not a file URL or a path that is not a
    ///   directory, `notFound` for a missing directory without ``Options/createIfMissing``,
    ///   `failedPrecondition` when another open store holds the directory's lock, and the file-system
    ///   errors of creating the directory or its lock file. Damaged files (`dataLoss`) and the other
    ///   failures of recovery are thrown by each operation instead.
    public static func openInBackground(
        directory: URL,
        database: DatabaseID,
        options: Options = Options(),
        configuration: LocalEngineConfiguration = LocalEngineConfiguration(),
        clock: any EngineClock = SystemClock()
    ) throws(DocumentStoreError) -> FileSystemDocumentStore {
        try openInBackground(
            OpenRequest(
                directory: directory, database: database, options: options, configuration: configuration, clock: clock))
    }

    /// What to open, and the file-system faults to inject (tests).
    struct OpenRequest: Sendable {
        var directory: URL
        var database: DatabaseID
        var options = Options()
        var configuration = LocalEngineConfiguration()
        var clock: any EngineClock = SystemClock()
        var faults = FileFaults.none
    }

    /// ``openInBackground(directory:database:options:configuration:clock:)`` for a request.
    static func openInBackground(_ request: OpenRequest) throws(DocumentStoreError) -> FileSystemDocumentStore {
        let store = try FileSystemDocumentStore(request)
        DispatchQueue.global().async { _ = store.recover() }
        return store
    }

    /// ``open(directory:database:options:configuration:clock:)`` for a request.
    static func open(_ request: OpenRequest) async throws(DocumentStoreError) -> FileSystemDocumentStore {
        try await OffThePool.run { () throws(DocumentStoreError) in
            let store = try FileSystemDocumentStore(request)
            if let failure = store.recover() { throw failure }
            return store
        }
    }

    /// Checks the directory and takes its lock; the contents are not recovered yet (``recover()``).
    private init(_ request: OpenRequest) throws(DocumentStoreError) {
        let (directory, options) = (request.directory, request.options)
        guard directory.isFileURL else {
            throw DocumentStoreError(.invalidArgument, "The file store's directory must be a file URL: \(directory).")
        }
        let storeDirectory = StoreDirectory(path: directory.path, faults: request.faults)
        try storeDirectory.ensureExists(create: options.createIfMissing)
        let lockFile = try storeDirectory.lock()
        let writer = LogWriter(
            directory: storeDirectory,
            durability: options.durability,
            compactionThreshold: max(options.compactionThreshold, 4096),
            lockFile: lockFile
        )
        let engine = LocalEngine(
            database: request.database, configuration: request.configuration, clock: request.clock, persistence: writer)
        engine.holdListeners()

        self.engine = engine
        self.directory = directory
        self.options = options
        self.storeDirectory = storeDirectory
        self.writer = writer
        self.lockFile = lockFile
        self.compactor = Compactor(
            engine: engine, writer: writer, directory: storeDirectory, database: request.database)
        writer.setLogFullHandler { [weak compactor] in compactor?.compactInBackground() }
    }

    /// Restores the snapshot and replays the log into the engine (synchronously: call it off the
    /// cooperative pool), starts the writer and lets the listeners run. On failure, releases the
    /// directory's lock and ends the listeners with the error. Either way ``opening`` settles; returns
    /// the failure.
    private func recover() -> DocumentStoreError? {
        do throws(DocumentStoreError) {
            var random = SystemRandomNumberGenerator()
            let outcome = try Recovery(directory: storeDirectory, engine: engine).run(random: &random)
            writer.start(outcome.log, generations: outcome.generations)
            timings.withLock { $0 = outcome.timings }
            opening.succeed(
                RecoveryReport(
                    snapshotDocuments: outcome.snapshotDocuments,
                    replayedBatches: outcome.replayedBatches,
                    droppedTailBytes: outcome.droppedTailBytes
                )
            )
            engine.releaseListeners()
            return nil
        } catch {
            lockFile.close()
            let failure = DocumentStoreError(
                error.code,
                "The file store at \(storeDirectory.path) could not be opened: \(error.message)",
                underlying: error.underlying
            )
            opening.fail(failure)
            engine.endListeners(with: failure)
            engine.releaseListeners()
            return error
        }
    }

    deinit {
        if !closed.exchange(true, ordering: .acquiringAndReleasing) {
            let writer = self.writer
            compactor.closeThen { writer.requestClose() }
        }
    }

    /// What opening found: how many documents the snapshot held, how many batches the log replayed,
    /// how many bytes of a torn tail were cut. Waits for a store opening in the background; throws its
    /// failure.
    public var recovery: RecoveryReport {
        get async throws {
            try await opening.report()
        }
    }

    /// Where recovery's time went (benchmark probe, package-internal): zeros until it finished.
    package var recoveryTimings: RecoveryTimings {
        timings.withLock { $0 }
    }

    /// Ends the store's listeners (their streams finish without an error, as on every
    /// store: `DocumentStore.close()`), writes and flushes everything pending, stops compaction, closes the
    /// files and releases the directory's lock. Every later call on the store fails with
    /// `failedPrecondition`. Idempotent.
    /// Throws the error that failed the store earlier, or a final flush's error, if any; otherwise the
    /// failure of the last automatic compaction when none succeeded after it (with its code, the store
    /// closed cleanly and every acknowledged commit is in its log).
    ///
    /// On a store still recovering in the background, waits for recovery first; when it failed, there is
    /// nothing to flush and the lock is already released: returns without an error.
    public func close() async throws {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        engine.endListeners()
        guard await opening.settled() else { return }
        await compactor.close()
        try await writer.close()
        if let failure = compactor.lastAutomaticError {
            throw DocumentStoreError(
                failure.code,
                "The file store at \(storeDirectory.path) closed cleanly with every acknowledged commit in its log, but its last automatic compaction failed (it is tried again once the store is reopened and written to): \(failure.message)",
                underlying: failure.underlying
            )
        }
    }

    /// Compacts the log into a snapshot now: returns once the new snapshot is durable and the log files
    /// it replaces are removed. Concurrent commits continue meanwhile (into a new log file).
    /// Throws file-system errors naming the file (the store stays usable), `failedPrecondition` when closed.
    public func compact() async throws {
        try await checkOpen()
        try await compactor.compact()
    }

    /// Sizes and counters of the store's files, for monitoring and tests (zeros while the store is
    /// still recovering).
    public var statistics: Statistics {
        Statistics(
            activeLogGeneration: writer.activeGeneration,
            activeLogBytes: writer.activeLength,
            liveLogGenerations: writer.generations.count,
            flushes: writer.flushes,
            compactions: compactor.completedCount,
            lastCompactionError: compactor.lastAutomaticError,
            failure: writer.failure
        )
    }

    /// Whether ``close()`` was called.
    public var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Throws `failedPrecondition` once the store is closed, and `cancelled` in a cancelled task; waits
    /// while the store recovers in the background, and throws its failure.
    func checkOpen() async throws(DocumentStoreError) {
        if let refusal = refusal() { throw refusal }
        try await opening.wait()
    }

    /// Why an operation may not start now (closed, cancelled), or `nil`.
    func refusal() -> DocumentStoreError? {
        if closed.load(ordering: .acquiring) { return LogWriter.closedError(storeDirectory) }
        if Task.isCancelled { return DocumentStoreError(.cancelled, "The operation was cancelled.") }
        return nil
    }
}

extension FileSystemDocumentStore {
    /// What opening a store found (``FileSystemDocumentStore/recovery``).
    public struct RecoveryReport: Sendable, Hashable {
        /// Documents restored from the snapshot file.
        public var snapshotDocuments: Int
        /// Batches replayed from the log files (after the snapshot).
        public var replayedBatches: Int
        /// Bytes cut from the end of the last log: a record torn by a crash (never acknowledged).
        public var droppedTailBytes: Int
    }

    /// Where opening a store spent its time (``FileSystemDocumentStore/recoveryTimings``, for
    /// `hearth-bench open`).
    package struct RecoveryTimings: Sendable {
        /// Reading, checking and decoding the snapshot file.
        package var snapshotRead = Duration.zero
        /// Installing the snapshot's documents into the engine (slots, records, indexes).
        package var snapshotRestore = Duration.zero
        /// Reading and replaying the log files.
        package var logReplay = Duration.zero
        /// The recovering thread's CPU time in ``snapshotRead`` (the wall times include waiting for the
        /// disk and for other processes; CPU times do not).
        package var snapshotReadCPU = Duration.zero
        /// The recovering thread's CPU time in ``snapshotRestore``.
        package var snapshotRestoreCPU = Duration.zero
        /// The recovering thread's CPU time in ``logReplay``.
        package var logReplayCPU = Duration.zero

        package init() {}
    }

    /// Sizes and counters of an open store (``FileSystemDocumentStore/statistics``).
    public struct Statistics: Sendable {
        /// The generation of the log file commits are appended to.
        public var activeLogGeneration: UInt64
        /// Its length in bytes.
        public var activeLogBytes: Int
        /// How many log files the store keeps.
        public var liveLogGenerations: Int
        /// Group flushes of the log since the store was opened (with full durability: one per group of
        /// concurrent commits).
        public var flushes: Int
        /// Compactions completed since the store was opened.
        public var compactions: Int
        /// Why the last automatic compaction failed (`nil` when it succeeded or none ran); ``close()``
        /// throws it too.
        public var lastCompactionError: DocumentStoreError?
        /// The error that failed the store (a failed log write or flush, or a log rotation that could be
        /// neither finished nor undone), or `nil`. Later commits fail with `failedPrecondition` naming it.
        public var failure: DocumentStoreError?
    }
}

extension FileSystemDocumentStore: LocalEngineStore {
    /// Throws `failedPrecondition` once the store is closed and `cancelled` in a cancelled task; waits
    /// while the store recovers in the background, and throws its failure.
    package func ready() async throws(DocumentStoreError) {
        try await checkOpen()
    }

    /// This store as `context` sees it, under `policy` (the security rules): every request of the view
    /// is decided by `policy` (see `AccessCheckedDocumentStore`); an `admin` context bypasses it. The view
    /// shares this store's engine and files: its data, listeners and closing.
    public func acting(as context: AuthContext, policy: any AccessPolicy) -> AccessCheckedDocumentStore {
        AccessCheckedDocumentStore(base: self, caller: Caller(context, policy: policy))
    }
}
