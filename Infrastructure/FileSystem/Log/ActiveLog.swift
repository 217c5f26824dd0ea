import Foundation
import HearthDomain

/// The log file commits are appended to, as the writer thread holds it.
struct ActiveLog: Sendable {
    var file: POSIXFile
    var generation: UInt64
    var salt: UInt64
    /// The end of the last record: where the next one goes.
    var length: Int
    /// The file's size: zeros from `length` to here were written ahead, so that appending records
    /// overwrites allocated blocks and a flush need not commit a new file size (see ``preallocate(for:)``).
    var allocated: Int
    /// The epoch of the records written now: one more than the epoch of every record already flushed.
    var epoch: UInt64
    /// Whether records were written since the last flush.
    var dirty = false
    /// The log length when writing zeros ahead last failed (a full disk): no new attempt until the
    /// log has grown by another ``preallocation``.
    var preallocationFailedAt: Int?

    var frame: RecordFrame { RecordFrame(salt: salt) }

    /// Why ``create(generation:previousLogLength:in:random:)`` failed, and whether the new log file was
    /// left in place.
    struct CreateFailure: Error {
        let error: DocumentStoreError
        /// `true` when the new log file may be in the directory, or its removal may not be durable: the
        /// previous log must never be written again (the caller fails the store). `false` when the
        /// directory is as before (durably, if the new name had been made durable at all).
        let inPlace: Bool
    }

    /// Creates the log file of `generation` in `directory` and opens it for appending:
    /// 1. `log-….hearth.tmp` is created, opened for reading and writing, and its header written and flushed;
    /// 2. it is renamed to `log-….hearth` (the descriptor stays open, so nothing is opened after the rename);
    /// 3. the directory is flushed.
    /// A failure in steps 1–2 removes the temporary file: nothing changed. A failure in step 3 removes the
    /// new file and flushes the directory again; only when that also fails is the failure ``CreateFailure/inPlace``.
    static func create(
        generation: UInt64,
        previousLogLength: Int,
        in directory: StoreDirectory,
        random: inout some RandomNumberGenerator
    ) throws(CreateFailure) -> ActiveLog {
        let name = StoreDirectory.logName(generation)
        let temporary = name + StoreDirectory.temporarySuffix
        let header = FileHeader(
            kind: .log, salt: random.next(), generation: generation, previousLogLength: UInt64(previousLogLength))
        let draft: POSIXFile
        do {
            draft = try POSIXFile.create(directory.file(temporary), faults: directory.faults)
        } catch {
            throw CreateFailure(error: error, inPlace: false)
        }
        do {
            try draft.writeAll(header.encoded())
            try draft.sync()
            try directory.rename(temporary, to: name)
        } catch {
            draft.close()
            directory.removeLeftover(temporary)
            throw CreateFailure(error: error, inPlace: false)
        }
        do {
            try directory.sync()
        } catch let syncError {
            draft.close()
            do {
                try directory.remove(name)
                try directory.sync()
            } catch {
                throw CreateFailure(error: syncError, inPlace: true)
            }
            throw CreateFailure(error: syncError, inPlace: false)
        }
        return ActiveLog(
            file: POSIXFile(descriptor: draft.descriptor, path: directory.file(name), faults: directory.faults),
            generation: generation,
            salt: header.salt,
            length: FileHeader.size,
            allocated: FileHeader.size,
            epoch: 1
        )
    }

    /// How far ahead of the records the file is filled with zeros.
    static let preallocation = 1 << 20
    private static let zeros = [UInt8](repeating: 0, count: 256 << 10)

    /// Makes sure the file extends past `length + count` with zeros (writing up to 1 MiB ahead). A
    /// flush after overwriting zeros only writes data, while one after growing the file must also
    /// commit its new size to the file system's journal: about twice as slow on ext4. Best effort: when
    /// zeros cannot be written (a full disk), the partial zeros are removed, records are simply
    /// appended, and no new attempt is made until the log has grown by another ``preallocation``.
    mutating func preallocate(for count: Int) {
        let end = length + count
        guard end > allocated else { return }
        if let failedAt = preallocationFailedAt, length < failedAt + Self.preallocation { return }
        let start = max(allocated, length)
        let target = (end + Self.preallocation + 4_095) / 4_096 * 4_096
        var offset = start
        do {
            while offset < target {
                let piece = min(Self.zeros.count, target - offset)
                try Self.zeros.withRawBytes { (raw) throws(DocumentStoreError) in
                    try file.writeAll(UnsafeRawBufferPointer(rebasing: raw[0..<piece]), at: offset)
                }
                offset += piece
            }
            allocated = target
            preallocationFailedAt = nil
        } catch {
            trim(to: start)
            preallocationFailedAt = length
        }
    }

    /// Records that `count` bytes of records were written at ``length``.
    mutating func appended(_ count: Int) {
        length += count
        allocated = max(allocated, length)
    }

    /// Cuts the file to `size` (dropping zeros written ahead), best effort: recovery treats trailing
    /// zeros as the end of the log anyway.
    mutating func trim(to size: Int) {
        do {
            try file.truncate(to: size)
            allocated = size
        } catch {
            return
        }
    }
}
