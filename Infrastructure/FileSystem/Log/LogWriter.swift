import Dispatch
import Foundation
import HearthDomain
import HearthLocalEngine
import Synchronization

/// The file store's ``CommitPersistence``: committed batches are appended to the active log file a group
/// at a time — one `write` and, with ``FileSystemDocumentStore/Durability/full``, one flush per group —
/// and a group is acknowledged only after its flush. While a group is flushed, new batches queue up and
/// become the next group (group commit).
///
/// Who writes a group:
/// - **The committer itself**, when it is alone: nothing is being flushed, its batch is the only one
///   queued, and the previous group held one batch. It writes and flushes inline, on its own thread, so a
///   single writer pays no thread hand-offs (which cost milliseconds on a loaded machine); the flush
///   occupies that thread of the cooperative pool while it runs, like any synchronous file I/O.
/// - **The writer thread** otherwise: it takes every queued batch. When the previous group held *k* > 1
///   batches it first waits a little (at most about one flush time) for *k* batches, so that concurrent
///   committers keep sharing flushes instead of splitting into alternating half groups.
/// Whoever writes holds the active log exclusively (``Shared/log`` is `nil` meanwhile). The writer thread
/// also rotates log files (for compaction), flushes relaxed writes in the background, and closes the
/// store, always between groups.
///
/// Failure is permanent and suffix-closed: once a write or flush fails, that group fails with the error
/// (its mapped code: `resourceExhausted`, `unavailable`, …) and every later batch with `failedPrecondition`
/// naming it (``Failure/later``: retrying on this store cannot help), and the store must be reopened. A
/// rotation that cannot be completed or undone after its rename fails the store the same way.
final class LogWriter: CommitPersistence {
    /// What compaction needs to know about a rotation.
    struct Rotation: Sendable {
        /// The generation of the new active log.
        let generation: UInt64
    }

    private struct Waiter {
        let sequence: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Queued {
        let sequence: UInt64
        let batch: CommittedBatch
    }

    /// Why the store stopped accepting commits.
    struct Failure: Sendable {
        /// The first batch that failed.
        var from: UInt64
        /// The batches that were being written when the failure struck (`nil`: none): they fail with ``cause``.
        var group: ClosedRange<UInt64>?
        /// The error that failed the store (a failed write or flush, say).
        var cause: DocumentStoreError
        /// What every later batch (and compaction) fails with.
        var later: DocumentStoreError

        func error(for sequence: UInt64) -> DocumentStoreError {
            group?.contains(sequence) == true ? cause : later
        }
    }

    private struct Shared {
        var queue: [Queued] = []
        var nextSequence: UInt64 = 1
        var durableSequence: UInt64 = 0
        var failure: Failure?
        var waiters: [Waiter] = []
        var rotations: [@Sendable (Result<Rotation, DocumentStoreError>) -> Void] = []
        var closeWaiters: [CheckedContinuation<Void, any Error>] = []
        var closing = false
        var finished = false
        /// The commit time of the last batch written to each live log generation (`nil`: none yet).
        var generations: [UInt64: Timestamp?] = [:]
        var activeGeneration: UInt64 = 0
        var activeLength = 0
        var compactionRequested = false
        /// The active log length at which the next automatic compaction may start.
        var nextCompactionLength = 0
        var flushes = 0
        /// The active log, when nobody is writing to it.
        var log: ActiveLog?
        /// Whether a committer or the writer thread holds the log.
        var writing = false
        /// The size of the last group: the next one waits for as many (writer thread only).
        var expectedGroup = 1
        /// How long the last flush took.
        var flushNanoseconds: UInt64 = 100_000
        /// The writer thread sleeps until signalled (it had nothing to do, or the log was held).
        var writerParked = false
        /// The writer thread waits (gathering a group) until this many batches are queued.
        var writerGathering: Int?

        /// Whether a committer that just queued a batch must wake the writer thread; clears the flag.
        mutating func writerNeedsSignal() -> Bool {
            if writerParked {
                writerParked = false
                return true
            }
            if let wanted = writerGathering, queue.count >= wanted {
                writerGathering = nil
                return true
            }
            return false
        }

        /// Whether the writer thread has something it can do now.
        var writerHasWork: Bool {
            !writing && (!queue.isEmpty || !rotations.isEmpty || closing)
        }
    }

    private struct Work {
        var batches: [Queued] = []
        var rotations: [@Sendable (Result<Rotation, DocumentStoreError>) -> Void] = []
        var closing = false

        mutating func append(_ more: Work) {
            batches += more.batches
            rotations += more.rotations
            closing = closing || more.closing
        }
    }

    let directory: StoreDirectory
    let durability: FileSystemDocumentStore.Durability
    let compactionThreshold: Int
    private let shared: StateLock<Shared>
    private let wakeUp = DispatchSemaphore(value: 0)
    private let lockFile: POSIXFile
    /// Called (from the writer thread) when the log has grown past the compaction threshold.
    private let onLogFull: Mutex<(@Sendable () -> Void)?> = Mutex(nil)

    /// A writer that appends to a log once ``start(_:generations:)`` hands it one.
    init(
        directory: StoreDirectory,
        durability: FileSystemDocumentStore.Durability,
        compactionThreshold: Int,
        lockFile: POSIXFile
    ) {
        self.directory = directory
        self.durability = durability
        self.compactionThreshold = compactionThreshold
        self.lockFile = lockFile
        self.shared = StateLock(Shared())
    }

    /// Starts the writer thread on `log`; `generations` are the live log generations found on open with
    /// the commit time of their last batch.
    func start(_ log: ActiveLog, generations: [UInt64: Timestamp?]) {
        shared.withLock { shared in
            shared.generations = generations
            shared.generations[log.generation] = generations[log.generation] ?? nil
            shared.activeGeneration = log.generation
            shared.activeLength = log.length
        }
        shared.withLock { $0.log = log }
        let thread = Thread { [self] in run() }
        thread.name = "hearth.filestore.writer"
        thread.start()
    }

    /// Sets what to call when the log grows past the compaction threshold.
    func setLogFullHandler(_ handler: @escaping @Sendable () -> Void) {
        onLogFull.withLock { $0 = handler }
    }

    // MARK: CommitPersistence

    func enqueue(_ batch: CommittedBatch) -> PersistenceTicket {
        let sequence = shared.withLock { shared in
            let sequence = shared.nextSequence
            shared.nextSequence += 1
            if shared.failure == nil { shared.queue.append(Queued(sequence: sequence, batch: batch)) }
            return sequence
        }
        return PersistenceTicket(sequence: sequence)
    }

    /// Returns once the ticket's batch is durable. A committer that is alone writes and flushes its batch
    /// itself (see the type's documentation); otherwise it wakes the writer thread and waits for it.
    /// (Every committer calls this after ``enqueue(_:)``, as the hook requires: that call is what wakes
    /// the writer for its batch.)
    func waitUntilDurable(_ ticket: PersistenceTicket) async throws {
        enum Outcome {
            case durable
            case failed(DocumentStoreError)
            case waiting
        }
        func check(_ shared: inout Shared) -> Outcome {
            if let failure = shared.failure, ticket.sequence >= failure.from {
                return .failed(failure.error(for: ticket.sequence))
            }
            if ticket.sequence <= shared.durableSequence { return .durable }
            return .waiting
        }
        let inline = shared.withLock { shared -> (ActiveLog, [Queued])? in
            guard case .waiting = check(&shared), case .full = durability.mode, !directory.faults.mayBlock,
                !shared.writing,
                shared.expectedGroup <= 1,
                shared.queue.count == 1, shared.rotations.isEmpty, !shared.closing, let log = shared.log
            else { return nil }
            shared.writing = true
            shared.log = nil
            defer { shared.queue.removeAll() }
            return (log, shared.queue)
        }
        if let (log, batches) = inline { writeInline(batches, to: log) }

        let (outcome, signal) = shared.withLock { shared in
            let outcome = check(&shared)
            guard case .waiting = outcome else { return (outcome, false) }
            return (outcome, shared.writerNeedsSignal())
        }
        switch outcome {
        case .durable: return
        case .failed(let error): throw error
        case .waiting: break
        }
        if signal { wakeUp.signal() }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome = shared.withLock { shared in
                let outcome = check(&shared)
                if case .waiting = outcome {
                    shared.waiters.append(Waiter(sequence: ticket.sequence, continuation: continuation))
                }
                return outcome
            }
            switch outcome {
            case .durable: continuation.resume()
            case .failed(let error): continuation.resume(throwing: error)
            case .waiting: break
            }
        }
    }

    /// A committer alone writes and flushes its own group, then hands the log back (waking the writer
    /// thread when work arrived meanwhile).
    private func writeInline(_ batches: [Queued], to log: ActiveLog) {
        var log = log
        var buffer = BinaryWriter(capacity: 4_096)
        let start = DispatchTime.now().uptimeNanoseconds
        let flushed = write(batches, to: &log, buffer: &buffer)
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        requestCompactionIfNeeded(log)
        let signal = shared.withLock { shared in
            shared.log = log
            shared.writing = false
            shared.expectedGroup = batches.count
            if flushed { shared.flushNanoseconds = elapsed }
            return shared.writerHasWork && shared.writerNeedsSignal()
        }
        if signal { wakeUp.signal() }
    }

    // MARK: Control

    /// Starts a new log generation after everything queued so far is written (and flushed), and waits
    /// for it (blocking the calling thread: call it from the compaction queue only).
    func rotateAndWait() throws(DocumentStoreError) -> Rotation {
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<Rotation, DocumentStoreError>?>(nil)
        let refusal: DocumentStoreError? = shared.withLock { shared in
            if let failure = shared.failure { return failure.later }
            if shared.closing { return Self.closedError(directory) }
            shared.rotations.append { result in
                outcome.withLock { $0 = result }
                done.signal()
            }
            shared.writerParked = false
            return nil
        }
        if let refusal { throw refusal }
        wakeUp.signal()
        done.wait()
        switch outcome.withLock({ $0 }) {
        case .success(let rotation): return rotation
        case .failure(let error): throw error
        case nil: throw Self.closedError(directory)
        }
    }

    /// The live log generations and the commit time of the last batch written to each.
    var generations: [UInt64: Timestamp?] {
        shared.withLock { $0.generations }
    }

    /// The generation commits are appended to now.
    var activeGeneration: UInt64 {
        shared.withLock { $0.activeGeneration }
    }

    /// How many times a group of batches was flushed (with full durability, once per group).
    var flushes: Int {
        shared.withLock { $0.flushes }
    }

    /// How many batches wait for the writer.
    var queuedCount: Int {
        shared.withLock { $0.queue.count }
    }

    /// The current length of the active log file.
    var activeLength: Int {
        shared.withLock { $0.activeLength }
    }

    /// Forgets generations older than `generation` (their files were removed).
    func forgetGenerations(before generation: UInt64) {
        shared.withLock { shared in
            shared.generations = shared.generations.filter { $0.key >= generation }
        }
    }

    /// Allows the next automatic compaction request: at once after a success, after the log has grown
    /// by another threshold after a failure.
    func compactionFinished(succeeded: Bool) {
        shared.withLock { shared in
            shared.compactionRequested = false
            shared.nextCompactionLength = succeeded ? 0 : shared.activeLength + compactionThreshold
        }
    }

    /// The error that failed the store, if any (a closed store is not failed).
    var failure: DocumentStoreError? {
        shared.withLock { shared in shared.finished ? nil : shared.failure?.cause }
    }

    /// Writes and flushes everything queued, closes the log and releases the store's lock. Later
    /// commits fail with `failedPrecondition`. Throws the store's failure, if it failed.
    func close() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let alreadyFinished = shared.withLock { shared in
                if shared.finished { return true }
                shared.closing = true
                shared.writerParked = false
                shared.closeWaiters.append(continuation)
                return false
            }
            if alreadyFinished { continuation.resume() } else { wakeUp.signal() }
        }
    }

    /// Asks the writer to close without waiting (the store was released without ``close()``).
    func requestClose() {
        shared.withLock { shared in
            shared.closing = true
            shared.writerParked = false
        }
        wakeUp.signal()
    }

    static func closedError(_ directory: StoreDirectory) -> DocumentStoreError {
        DocumentStoreError(.failedPrecondition, "The file store at \(directory.path) is closed.")
    }

    /// What a failed store answers after `cause` failed it: `failedPrecondition`, a code no retry policy
    /// retries (`unavailable` would promise that trying again may help; on this store it cannot).
    static func failedStoreError(_ directory: StoreDirectory, cause: DocumentStoreError) -> DocumentStoreError {
        DocumentStoreError(
            .failedPrecondition,
            "The file store at \(directory.path) has failed and refuses writes until it is closed and opened again; reads keep working. It failed with \(cause.code.name): \(cause.message)",
            underlying: cause.underlying
        )
    }

    // MARK: The writer thread

    private func run() {
        var buffer = BinaryWriter(capacity: 64 << 10)
        var dirtySince: UInt64 = 0
        var random = SystemRandomNumberGenerator()
        let relaxedInterval: UInt64? =
            if case .relaxed(let interval) = durability.mode { Self.nanoseconds(interval) } else { nil }
        var dirty = false

        while true {
            // Sleep unless there is work this thread can do now. Committers (and a committer handing the
            // log back) signal only a parked writer, so a busy writer costs them no system call.
            let park = shared.withLock { shared in
                shared.writerParked = !shared.writerHasWork
                return shared.writerParked
            }
            if park {
                if let relaxedInterval, dirty {
                    _ = wakeUp.wait(timeout: DispatchTime(uptimeNanoseconds: dirtySince &+ relaxedInterval))
                } else {
                    wakeUp.wait()
                }
                shared.withLock { $0.writerParked = false }
            }
            guard var log = acquireLog() else { continue }
            var work = take()
            let (expectedGroup, flushNanoseconds) = shared.withLock { ($0.expectedGroup, $0.flushNanoseconds) }
            if relaxedInterval == nil, !work.batches.isEmpty, work.batches.count < expectedGroup,
                work.rotations.isEmpty,
                !work.closing
            {
                let deadline = DispatchTime.now() + .nanoseconds(Int(min(max(flushNanoseconds, 20_000), 2_000_000)))
                while work.batches.count < expectedGroup, DispatchTime.now() < deadline {
                    let missing = expectedGroup - work.batches.count
                    let gather = shared.withLock { shared in
                        guard shared.queue.count < missing else { return false }
                        shared.writerGathering = missing
                        return true
                    }
                    if gather { _ = wakeUp.wait(timeout: deadline) }
                    shared.withLock { $0.writerGathering = nil }
                    work.append(take())
                }
            }

            var flushed: UInt64?
            if !work.batches.isEmpty {
                let wasDirty = log.dirty
                let start = DispatchTime.now().uptimeNanoseconds
                if write(work.batches, to: &log, buffer: &buffer) {
                    flushed = DispatchTime.now().uptimeNanoseconds - start
                }
                if log.dirty, !wasDirty { dirtySince = DispatchTime.now().uptimeNanoseconds }
                requestCompactionIfNeeded(log)
            }
            if let relaxedInterval, log.dirty, DispatchTime.now().uptimeNanoseconds >= dirtySince &+ relaxedInterval {
                flushRelaxed(&log)
            }
            for rotation in work.rotations {
                do {
                    try rotate(&log, random: &random)
                    rotation(.success(Rotation(generation: log.generation)))
                } catch {
                    rotation(.failure(error))
                }
            }
            if work.closing {
                finish(&log)
                return
            }
            dirty = log.dirty
            let groupSize = work.batches.count
            shared.withLock { shared in
                shared.log = log
                shared.writing = false
                if groupSize > 0 { shared.expectedGroup = groupSize }
                if let flushed { shared.flushNanoseconds = flushed }
            }
        }
    }

    /// Takes the active log for the writer thread, or `nil` while a committer writes inline.
    private func acquireLog() -> ActiveLog? {
        shared.withLock { shared in
            guard !shared.writing, let log = shared.log else { return nil }
            shared.writing = true
            shared.log = nil
            return log
        }
    }

    private func take() -> Work {
        shared.withLock { shared in
            var work = Work()
            swap(&work.batches, &shared.queue)
            swap(&work.rotations, &shared.rotations)
            work.closing = shared.closing
            return work
        }
    }

    /// Appends `batches` as one write (and, with full durability, one flush); acknowledges or fails them.
    /// Returns whether it flushed.
    private func write(_ batches: [Queued], to log: inout ActiveLog, buffer: inout BinaryWriter) -> Bool {
        if buffer.bytes.capacity > 16 << 20 { buffer = BinaryWriter(capacity: 64 << 10) }
        buffer.bytes.removeAll(keepingCapacity: true)
        let frame = log.frame
        for queued in batches {
            let start = frame.begin(&buffer)
            buffer.batch(queued.batch)
            if !frame.finish(&buffer, start: start, epoch: log.epoch) {
                fail(
                    from: batches[0].sequence,
                    group: batches[0].sequence...batches[batches.count - 1].sequence,
                    DocumentStoreError(
                        .invalidArgument, "A commit of more than \(RecordFrame.maximumPayload) bytes cannot be logged.")
                )
                return false
            }
        }
        do {
            log.preallocate(for: buffer.count)
            try log.file.writeAll(buffer.bytes, at: log.length)
            var synced = false
            if case .full = durability.mode {
                try log.file.sync()
                log.epoch += 1
                synced = true
            } else {
                log.dirty = true
            }
            log.appended(buffer.count)
            acknowledge(through: batches[batches.count - 1], log: log, flushed: synced)
            return synced
        } catch {
            fail(from: batches[0].sequence, group: batches[0].sequence...batches[batches.count - 1].sequence, error)
            discardPartialWrite(&log)
            return false
        }
    }

    /// After a failed write, cuts the log back to its last complete group, so that a reopen finds no torn
    /// tail. Best effort: the failure is already reported, and recovery drops a torn tail anyway.
    private func discardPartialWrite(_ log: inout ActiveLog) {
        log.trim(to: log.length)
        do {
            try log.file.sync()
        } catch {
            return
        }
    }

    private func acknowledge(through last: Queued, log: ActiveLog, flushed: Bool) {
        let ready = shared.withLock { shared -> [Waiter] in
            if flushed { shared.flushes += 1 }
            shared.durableSequence = last.sequence
            shared.generations[log.generation] = .some(last.batch.commitTime)
            shared.activeLength = log.length
            var ready: [Waiter] = []
            shared.waiters.removeAll { waiter in
                guard waiter.sequence <= last.sequence else { return false }
                ready.append(waiter)
                return true
            }
            return ready
        }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Fails the store: the batches of `group` (those being written) with `error`, every later one with
    /// ``failedStoreError(_:cause:)``. Returns the store's failure (the first one, when it had already failed).
    @discardableResult
    private func fail(from sequence: UInt64, group: ClosedRange<UInt64>?, _ error: DocumentStoreError) -> Failure {
        let (failed, failure) = shared.withLock { shared -> ([Waiter], Failure) in
            let failure =
                shared.failure
                ?? Failure(
                    from: sequence, group: group, cause: error, later: Self.failedStoreError(directory, cause: error))
            shared.failure = failure
            shared.queue.removeAll()
            let failed = shared.waiters
            shared.waiters.removeAll()
            return (failed, failure)
        }
        for waiter in failed { waiter.continuation.resume(throwing: failure.error(for: waiter.sequence)) }
        return failure
    }

    /// Fails the store for every batch not yet written (a failure between groups); returns the error
    /// later calls get.
    @discardableResult
    private func failBetweenGroups(_ error: DocumentStoreError) -> DocumentStoreError {
        let next = shared.withLock { $0.nextSequence }
        return fail(from: next, group: nil, error).later
    }

    private func flushRelaxed(_ log: inout ActiveLog) {
        do {
            try log.file.sync()
            log.epoch += 1
            log.dirty = false
        } catch {
            failBetweenGroups(error)
            log.dirty = false
        }
    }

    /// Starts the next log generation (see Docs/FileFormat.md, "Rotation"). All or nothing: every
    /// failure before the new log's rename leaves the old log active and the store working; after the
    /// rename, the new log is either in use or removed again (durably) before the old one is written
    /// again, and when neither can be done the store fails (``failBetweenGroups(_:)``), so that no
    /// record is ever written to a log a later one follows.
    private func rotate(_ log: inout ActiveLog, random: inout SystemRandomNumberGenerator) throws(DocumentStoreError) {
        if let failure = shared.withLock({ $0.failure }) { throw failure.later }
        if log.dirty {
            flushRelaxed(&log)
            if let failure = shared.withLock({ $0.failure }) { throw failure.later }
        }
        if log.allocated > log.length {
            // `allocated` stays stale until the flush succeeds, so that a failed flush is tried again
            // by the next rotation before any later log names this length.
            try log.file.truncate(to: log.length)
            try log.file.sync()
            log.allocated = log.length
        }
        let (generation, overflow) = log.generation.addingReportingOverflow(1)
        if overflow {
            throw DocumentStoreError(
                .dataLoss,
                "The log file \(log.file.path) (byte 24 of its header) has generation \(log.generation), the highest possible: no log can follow it, so the store cannot compact. Its files were altered."
            )
        }
        let next: ActiveLog
        do {
            next = try ActiveLog.create(
                generation: generation, previousLogLength: log.length, in: directory, random: &random)
        } catch {
            guard error.inPlace else { throw error.error }
            throw failBetweenGroups(error.error)
        }
        log.file.close()
        log = next
        shared.withLock { shared in
            shared.generations[next.generation] = .some(nil)
            shared.activeGeneration = next.generation
            shared.activeLength = next.length
        }
    }

    private func requestCompactionIfNeeded(_ log: ActiveLog) {
        guard log.length >= compactionThreshold else { return }
        let request = shared.withLock { shared -> Bool in
            guard !shared.compactionRequested, shared.failure == nil, !shared.closing,
                log.length >= shared.nextCompactionLength
            else { return false }
            shared.compactionRequested = true
            return true
        }
        if request, let handler = onLogFull.withLock({ $0 }) { handler() }
    }

    private func finish(_ log: inout ActiveLog) {
        var flushError: DocumentStoreError?
        if log.allocated > log.length {
            log.trim(to: log.length)
            log.dirty = true
        }
        if log.dirty {
            do {
                try log.file.sync()
            } catch {
                flushError = error
            }
        }
        log.file.close()
        lockFile.close()
        let closed = Self.closedError(directory)
        let (waiters, closers, rotations, storeFailure) = shared.withLock { shared in
            let storeFailure = shared.failure?.cause ?? flushError
            shared.finished = true
            shared.failure = Failure(
                from: shared.failure?.from ?? shared.nextSequence, group: nil, cause: closed, later: closed)
            defer {
                shared.waiters.removeAll()
                shared.closeWaiters.removeAll()
                shared.rotations.removeAll()
                shared.queue.removeAll()
            }
            return (shared.waiters, shared.closeWaiters, shared.rotations, storeFailure)
        }
        for waiter in waiters { waiter.continuation.resume(throwing: storeFailure ?? closed) }
        for rotation in rotations { rotation(.failure(closed)) }
        for closer in closers {
            if let storeFailure { closer.resume(throwing: storeFailure) } else { closer.resume() }
        }
    }

    private static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let (total, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? UInt64.max / 2 : total + UInt64(attoseconds / 1_000_000_000)
    }
}
