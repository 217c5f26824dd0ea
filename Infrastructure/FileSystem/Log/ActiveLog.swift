import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import HearthDomain

/// The log file commits are appended to, as the writer thread holds it.
struct ActiveLog: Sendable {
    var file: POSIXFile
    var generation: UInt64
    var salt: UInt64
    /// The file's length: where the next record goes.
    var length: Int
    /// The epoch of the records written now: one more than the epoch of every record already flushed.
    var epoch: UInt64
    /// Whether records were written since the last flush.
    var dirty = false

    var frame: RecordFrame { RecordFrame(salt: salt) }

    /// Creates the log file of `generation` in `directory` (a complete, flushed header, put in place by
    /// an atomic rename) and opens it for appending.
    static func create(
        generation: UInt64,
        previousLogLength: Int,
        in directory: StoreDirectory,
        random: inout some RandomNumberGenerator
    ) throws(DocumentStoreError) -> ActiveLog {
        let name = StoreDirectory.logName(generation)
        let temporary = name + StoreDirectory.temporarySuffix
        let header = FileHeader(kind: .log, salt: random.next(), generation: generation, previousLogLength: UInt64(previousLogLength))
        let draft = try POSIXFile.open(directory.file(temporary), O_WRONLY | O_CREAT | O_TRUNC, faults: directory.faults)
        do {
            try draft.writeAll(header.encoded())
            try draft.sync()
            draft.close()
        } catch {
            draft.close()
            directory.removeLeftover(temporary)
            throw error
        }
        try directory.rename(temporary, to: name)
        try directory.sync()
        let file = try POSIXFile.open(directory.file(name), O_RDWR, faults: directory.faults)
        do {
            try file.seekToEnd()
        } catch {
            file.close()
            throw error
        }
        return ActiveLog(file: file, generation: generation, salt: header.salt, length: FileHeader.size, epoch: 1)
    }
}
