import Foundation
import Synchronization
import HearthDomain
import HearthLocalEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Opening a store directory: the snapshot (if any) is restored into the engine, then every log
/// generation it needs is replayed in order; a torn tail of the last log is cut off, and anything else
/// damaged is `dataLoss` naming the file (see Docs/FileFormat.md, "Recovery").
struct Recovery {
    /// What recovery found, and the log to append to from now on.
    struct Outcome: Sendable {
        var log: ActiveLog
        /// Every live log generation and the commit time of its last batch (`nil`: none).
        var generations: [UInt64: Timestamp?]
        var snapshotDocuments: Int
        var replayedBatches: Int
        /// Bytes cut from the end of the last log (a torn write).
        var droppedTailBytes: Int
        /// Where the time went.
        var timings = FileSystemDocumentStore.RecoveryTimings()
    }

    let directory: StoreDirectory
    let engine: LocalEngine

    func run(random: inout some RandomNumberGenerator) throws(DocumentStoreError) -> Outcome {
        let names = try directory.list()
        for name in names where name.hasSuffix(StoreDirectory.temporarySuffix) {
            try directory.remove(name)
        }
        var snapshotStart: SnapshotStart?
        var snapshotDocuments = 0
        let clock = ContinuousClock()
        var timings = FileSystemDocumentStore.RecoveryTimings()
        if names.contains(StoreDirectory.snapshotName) {
            let reading = (clock.now, Self.threadCPU())
            let (start, contents) = try readSnapshot()
            let restoring = (clock.now, Self.threadCPU())
            timings.snapshotRead = restoring.0 - reading.0
            timings.snapshotReadCPU = restoring.1 - reading.1
            do {
                switch contents {
                case .documents(let documents): try engine.restore(documents, through: start.commitTime)
                case .collections(let collections):
                    try engine.restore(collections: collections, through: start.commitTime)
                }
            } catch {
                throw DocumentStoreError(
                    .dataLoss,
                    "The snapshot file \(directory.file(StoreDirectory.snapshotName)) cannot be restored: \(error)",
                    underlying: error as? DocumentStoreError
                )
            }
            timings.snapshotRestore = clock.now - restoring.0
            timings.snapshotRestoreCPU = Self.threadCPU() - restoring.1
            snapshotStart = start
            snapshotDocuments = start.documentCount
        }

        let generations = names.compactMap(StoreDirectory.logGeneration).sorted()
        let first = snapshotStart?.firstLogGeneration ?? 1
        let needed = generations.filter { $0 >= first }
        let stale = generations.filter { $0 < first }

        guard let last = needed.last else {
            if snapshotStart == nil, generations.isEmpty {
                let log: ActiveLog
                do {
                    log = try ActiveLog.create(generation: 1, previousLogLength: 0, in: directory, random: &random)
                } catch {
                    throw error.error
                }
                return Outcome(
                    log: log, generations: [1: nil], snapshotDocuments: 0, replayedBatches: 0, droppedTailBytes: 0)
            }
            throw missingLog(first, snapshot: snapshotStart != nil)
        }
        guard needed.first == first else { throw missingLog(first, snapshot: snapshotStart != nil) }
        for (index, generation) in needed.enumerated() where generation != first + UInt64(index) {
            throw missingLog(first + UInt64(index), snapshot: snapshotStart != nil)
        }

        var replayed = 0
        var liveGenerations: [UInt64: Timestamp?] = [:]
        var previousLength: Int?
        var active: ActiveLog?
        var lastVersion = FileHeader.currentVersion
        var dropped = 0
        let replaying = (clock.now, Self.threadCPU())
        for generation in needed {
            let result = try replayLog(
                generation,
                isLast: generation == last,
                previousLength: previousLength,
                after: snapshotStart?.commitTime
            )
            replayed += result.replayed
            liveGenerations[generation] = .some(result.lastCommitTime)
            previousLength = result.validLength
            dropped += result.droppedBytes
            lastVersion = result.version
            if let log = result.active { active = log }
        }
        timings.logReplay = clock.now - replaying.0
        timings.logReplayCPU = Self.threadCPU() - replaying.1
        guard var active else {
            throw DocumentStoreError(.internal, "Recovery of \(directory.path) did not open its last log.")
        }
        if lastVersion < FileHeader.currentVersion {
            active = try startCurrentFormatLog(after: active, random: &random)
            liveGenerations[active.generation] = .some(nil)
        }
        do {
            for generation in stale {
                try directory.remove(StoreDirectory.logName(generation))
            }
        } catch {
            active.file.close()
            throw error
        }
        return Outcome(
            log: active,
            generations: liveGenerations,
            snapshotDocuments: snapshotDocuments,
            replayedBatches: replayed,
            droppedTailBytes: dropped,
            timings: timings
        )
    }

    /// The CPU time the calling thread has used (for ``FileSystemDocumentStore/RecoveryTimings``).
    private static func threadCPU() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }

    private func missingLog(_ generation: UInt64, snapshot: Bool) -> DocumentStoreError {
        let name = directory.file(StoreDirectory.logName(generation))
        if !snapshot, generation == 1 {
            return DocumentStoreError(
                .dataLoss,
                "The file store at \(directory.path) is damaged: its snapshot \(directory.file(StoreDirectory.snapshotName)) or its first log \(name) is missing."
            )
        }
        return DocumentStoreError(
            .dataLoss, "The file store at \(directory.path) is damaged: the log file \(name) is missing.")
    }

    // MARK: Snapshot

    /// What a snapshot holds: documents (format versions 1 and 2), or collections with their indexes
    /// (version 3).
    private enum SnapshotContents {
        case documents([CommittedDocument])
        case collections([CollectionImage])
    }

    /// Reads and checks the snapshot: every record valid, in place (a start record, then documents —
    /// version 3: each collection's documents, then its indexes — then an end record whose count and the
    /// start record's are the number of documents read), and nothing after the end record.
    ///
    /// Records are read and their checksums checked in order, a batch of about ``decodeBatchBytes`` at a
    /// time; each batch's payloads are decoded on every core while the next batch is read
    /// (``DecodingBatch``), then taken in order, so the first damaged record found is the one a reading
    /// in order would report.
    private func readSnapshot() throws(DocumentStoreError) -> (SnapshotStart, SnapshotContents) {
        let path = directory.file(StoreDirectory.snapshotName)
        let file = try POSIXFile.open(path, O_RDONLY, faults: directory.faults)
        defer { file.close() }
        let size = try file.size()
        let header = try FileHeader.decode(try file.read(count: FileHeader.size, at: 0), kind: .snapshot, file: path)
        var reader = RecordFileReader(file: file, salt: header.salt, fileSize: size)
        func damaged(_ offset: Int, _ reason: String) -> DocumentStoreError {
            DocumentStoreError(.dataLoss, "The snapshot file \(path) is damaged at byte \(offset): \(reason).")
        }
        let collectionLayout = header.version >= 3

        var start: SnapshotStart?
        var documents: [CommittedDocument] = []
        var collections: [CollectionImage] = []
        var count = 0
        /// Takes a decoded batch's records in order, `after` being what follows its last one; the
        /// snapshot's contents once its end record is taken.
        func take(
            _ batch: DecodingBatch, then after: Following
        ) throws(DocumentStoreError) -> (
            SnapshotStart, SnapshotContents
        )? {
            for (number, result) in batch.wait().enumerated() {
                let offset = batch.offsets[number]
                let decoded: RecordPayload
                switch result {
                case .success(let payload): decoded = payload
                case .failure(let error):
                    throw Self.undecodable(path, at: offset, error)
                }
                switch decoded {
                case .snapshotStart(let first) where start == nil:
                    start = first
                    if !collectionLayout { documents.reserveCapacity(min(first.documentCount, size / 8)) }
                case .snapshotDocuments(let chunk) where start != nil && !collectionLayout:
                    documents += chunk
                    count += chunk.count
                case .collectionDocuments(let collection, let chunk) where start != nil && collectionLayout:
                    // Appended in place: no copy of an image is held while it grows (that would copy it).
                    let last = collections.count - 1
                    if last >= 0, collections[last].path == collection, collections[last].indexes.isEmpty {
                        collections[last].documents += chunk
                    } else {
                        collections.append(CollectionImage(path: collection, documents: chunk, indexes: []))
                    }
                    count += chunk.count
                case .collectionIndex(let collection, let index) where start != nil && collectionLayout:
                    let last = collections.count - 1
                    guard last >= 0, collections[last].path == collection else {
                        throw damaged(offset, "an index of \(collection.path) not after its documents")
                    }
                    let previous = collections[last].indexes.count - 1
                    if previous >= 0, collections[last].indexes[previous].kind == index.kind,
                        collections[last].indexes[previous].fields == index.fields
                    {
                        collections[last].indexes[previous].append(contentsOf: index)
                    } else {
                        collections[last].indexes.append(index)
                    }
                case .snapshotEnd(let total) where start != nil:
                    guard let start, total == start.documentCount, total == count else {
                        throw damaged(
                            offset,
                            "it holds \(count) documents, but its records say \(start?.documentCount ?? 0) and \(total)"
                        )
                    }
                    if number + 1 < batch.offsets.count {
                        throw damaged(batch.offsets[number + 1], "data follows its end record")
                    }
                    switch after {
                    case .end: return (start, collectionLayout ? .collections(collections) : .documents(documents))
                    case .record(let next), .invalid(let next, _): throw damaged(next, "data follows its end record")
                    case .unreadable(let error): throw error
                    }
                default:
                    throw damaged(offset, "a record out of place")
                }
            }
            return nil
        }

        // A serial queue of its own: Dispatch gives it a thread even when every thread of the global
        // queues waits (this one included, in `take`), so decoding cannot wait for recovery to finish.
        let decoding = DispatchQueue(label: "hearth.filesystem.snapshot-decoding")
        var previous: DecodingBatch?
        while true {
            var offsets: [Int] = []
            var payloads: [ArraySlice<UInt8>] = []
            var bytes = 0
            var stop: Following?
            while stop == nil, bytes < Self.decodeBatchBytes {
                do throws(DocumentStoreError) {
                    switch try reader.next() {
                    case .record(_, let offset, let payload):
                        offsets.append(offset)
                        payloads.append(payload)
                        bytes += payload.count
                    case .end: stop = .end
                    case .invalid(let offset, let reason): stop = .invalid(offset, reason)
                    }
                } catch {
                    stop = .unreadable(error)  // thrown once the records before it are taken
                }
            }
            let current = DecodingBatch(offsets: offsets, payloads: payloads, version: header.version, on: decoding)
            if let previous,
                let contents = try take(previous, then: offsets.first.map(Following.record) ?? stop ?? .end)
            {
                return contents
            }
            previous = current
            guard let stop else { continue }
            if let contents = try take(current, then: stop) { return contents }
            switch stop {
            case .end, .record: throw damaged(size, "it ends before its end record (truncated)")
            case .invalid(let offset, let reason): throw damaged(offset, reason)
            case .unreadable(let error): throw error
            }
        }
    }

    /// What follows a batch's last record.
    private enum Following {
        /// The end of the file.
        case end
        /// A record at this offset.
        case record(Int)
        /// No valid record at this offset, and why.
        case invalid(Int, String)
        /// The file could not be read there (an I/O error): reported after the records before it.
        case unreadable(DocumentStoreError)
    }

    /// About how many payload bytes of a snapshot are decoded together.
    static let decodeBatchBytes = 1 << 20

    // MARK: Logs

    private struct LogResult {
        var replayed = 0
        var lastCommitTime: Timestamp?
        var validLength = FileHeader.size
        var droppedBytes = 0
        var active: ActiveLog?
        /// The log's format version.
        var version = FileHeader.currentVersion
    }

    private func replayLog(
        _ generation: UInt64,
        isLast: Bool,
        previousLength: Int?,
        after snapshotTime: Timestamp?
    ) throws(DocumentStoreError) -> LogResult {
        let path = directory.file(StoreDirectory.logName(generation))
        let file = try POSIXFile.open(path, isLast ? O_RDWR : O_RDONLY, faults: directory.faults)
        var keepOpen = false
        defer { if !keepOpen { file.close() } }
        let size = try file.size()
        let header = try FileHeader.decode(try file.read(count: FileHeader.size, at: 0), kind: .log, file: path)
        guard header.generation == generation else {
            throw DocumentStoreError(.dataLoss, "The log file \(path) says it is generation \(header.generation).")
        }
        if let previousLength, header.previousLogLength != UInt64(previousLength) {
            throw DocumentStoreError(
                .dataLoss,
                "The log file \(directory.file(StoreDirectory.logName(generation - 1))) is damaged: it holds \(previousLength) valid bytes, but had \(header.previousLogLength) when the next log, \(path), was started."
            )
        }

        var result = LogResult(version: header.version)
        var reader = RecordFileReader(file: file, salt: header.salt, fileSize: size)
        var lastEpoch: UInt64 = 0
        scan: while true {
            switch try reader.next() {
            case .end:
                break scan
            case .record(let epoch, let offset, let payload):
                guard epoch <= RecordFrame.maximumEpoch else {
                    throw DocumentStoreError(
                        .dataLoss,
                        "The log file \(path) is damaged at byte \(offset): its sync epoch \(epoch) is beyond any a store writes (at most \(RecordFrame.maximumEpoch))."
                    )
                }
                guard epoch >= lastEpoch else {
                    throw DocumentStoreError(
                        .dataLoss, "The log file \(path) is damaged at byte \(offset): its sync epochs go backwards.")
                }
                lastEpoch = epoch
                if let commitTime = try batchTime(payload, at: offset, in: path), let snapshotTime,
                    commitTime <= snapshotTime
                {
                    result.lastCommitTime = commitTime
                    continue
                }
                guard case .batch(let batch) = try decode(payload, version: header.version, at: offset, in: path) else {
                    throw DocumentStoreError(
                        .dataLoss, "The log file \(path) is damaged at byte \(offset): a record that is not a batch.")
                }
                do {
                    try engine.replay(batch)
                } catch {
                    throw DocumentStoreError(
                        .dataLoss,
                        "The log file \(path) cannot be replayed at byte \(offset): \(error)",
                        underlying: error as? DocumentStoreError
                    )
                }
                result.lastCommitTime = batch.commitTime
                result.replayed += 1
            case .invalid(let offset, let reason):
                if isLast, try reader.onlyZeros(from: offset) {
                    break scan
                }
                guard isLast else {
                    throw DocumentStoreError(
                        .dataLoss,
                        "The log file \(path) is damaged at byte \(offset) (\(reason)), and later logs show it had been flushed: acknowledged commits are lost."
                    )
                }
                if let later = try reader.highestEpochOfValidRecords(after: offset), later >= lastEpoch + 2 {
                    throw DocumentStoreError(
                        .dataLoss,
                        "The log file \(path) is damaged at byte \(offset) (\(reason)), and records flushed after it follow: acknowledged commits are lost."
                    )
                }
                result.droppedBytes = size - offset
                break scan
            }
        }
        result.validLength = reader.position
        guard isLast else { return result }
        if result.droppedBytes > 0 { try file.truncate(to: reader.position) }
        try file.sync()
        keepOpen = true
        result.active = ActiveLog(
            file: file,
            generation: generation,
            salt: header.salt,
            length: reader.position,
            allocated: result.droppedBytes > 0 ? reader.position : size,
            epoch: lastEpoch + 1
        )
        return result
    }

    /// `dataLoss`: the record of the file at `path` at byte `offset` does not decode, for `error`.
    private static func undecodable(_ path: String, at offset: Int, _ error: any Error) -> DocumentStoreError {
        DocumentStoreError(.dataLoss, "The file \(path) is damaged at byte \(offset): \(error).")
    }

    /// The commit time of a batch record, read without decoding its documents (`nil`: not a batch).
    private func batchTime(
        _ payload: ArraySlice<UInt8>, at offset: Int, in path: String
    ) throws(DocumentStoreError) -> Timestamp? {
        try payload.withRawBytes { (raw) throws(DocumentStoreError) -> Timestamp? in
            var reader = BinaryReader(raw)
            do {
                guard try reader.byte() == RecordPayload.Kind.batch.rawValue else { return nil }
                return try reader.timestamp()
            } catch {
                throw Self.undecodable(path, at: offset, error)
            }
        }
    }

    private func decode(
        _ payload: ArraySlice<UInt8>, version: UInt32, at offset: Int, in path: String
    ) throws(DocumentStoreError) -> RecordPayload {
        try payload.withRawBytes { (raw) throws(DocumentStoreError) -> RecordPayload in
            var reader = BinaryReader(raw)
            do {
                return try reader.payload(version: version)
            } catch {
                throw Self.undecodable(path, at: offset, error)
            }
        }
    }

    // MARK: Older formats

    /// A log of an older format version is read but never appended to: records of the current format go
    /// to a new log that follows it (as a rotation makes one: the old log is first cut to its last record
    /// and flushed, so the new log's header names its exact length). The old logs go at the next
    /// compaction. Throws, leaving a directory that opens again the same way, when that cannot be done.
    private func startCurrentFormatLog(
        after old: ActiveLog, random: inout some RandomNumberGenerator
    ) throws(DocumentStoreError) -> ActiveLog {
        defer { old.file.close() }
        if old.allocated > old.length {
            try old.file.truncate(to: old.length)
            try old.file.sync()
        }
        let (generation, overflow) = old.generation.addingReportingOverflow(1)
        if overflow {
            throw DocumentStoreError(
                .dataLoss,
                "The log file \(old.file.path) (byte 24 of its header) has generation \(old.generation), the highest possible: no log of format version \(FileHeader.currentVersion) can follow it. Its files were altered."
            )
        }
        do {
            return try ActiveLog.create(
                generation: generation, previousLogLength: old.length, in: directory, random: &random)
        } catch {
            throw error.error
        }
    }
}

/// A batch of a snapshot's records, decoded on `queue` (spread over every core) from the moment it is made.
private final class DecodingBatch: Sendable {
    /// Where each record starts in the file.
    let offsets: [Int]
    private let results: Mutex<[Result<RecordPayload, FormatError>?]>
    private let done = DispatchSemaphore(value: 0)

    init(offsets: [Int], payloads: [ArraySlice<UInt8>], version: UInt32, on queue: DispatchQueue) {
        self.offsets = offsets
        results = Mutex(Array(repeating: nil, count: payloads.count))
        queue.async { [self] in
            DispatchQueue.concurrentPerform(iterations: payloads.count) { number in
                let result = payloads[number].withRawBytes { (raw) -> Result<RecordPayload, FormatError> in
                    var reader = BinaryReader(raw)
                    return Result { () throws(FormatError) in try reader.payload(version: version) }
                }
                results.withLock { $0[number] = result }
            }
            done.signal()
        }
    }

    /// Waits for the batch, then its payloads decoded, in order (a failure: why that one is not valid).
    func wait() -> [Result<RecordPayload, FormatError>] {
        done.wait()
        done.signal()
        return results.withLock { decoded in
            decoded.enumerated().map { number, result in
                result ?? .failure(FormatError("record \(number) of its batch was not decoded", offset: 0))
            }
        }
    }
}
