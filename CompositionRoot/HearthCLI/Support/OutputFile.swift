#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written crash-safely: to a temporary file next to it, flushed to disk, then renamed over the
/// destination by ``commit()``; ``abandon()`` (or leaving it uncommitted) removes the temporary file.
final class OutputFile {
    let path: String
    private let temporaryPath: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []

    init(path: String) throws(CommandFailure) {
        self.path = path
        temporaryPath = path + ".\(UInt32.random(in: 0...UInt32.max)).tmp"
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw .usage("cannot write \(path): \(POSIX.lastError)") }
    }

    deinit { abandon() }

    func write(_ bytes: [UInt8]) throws(CommandFailure) {
        buffer += bytes
        if buffer.count >= 1 << 20 { try flushBuffer() }
    }

    /// Flushes, syncs and renames the temporary file over ``path``.
    func commit() throws(CommandFailure) {
        try flushBuffer()
        guard fsync(descriptor) == 0 else { throw .failed("cannot flush \(temporaryPath): \(POSIX.lastError)") }
        close(descriptor)
        descriptor = -1
        guard rename(temporaryPath, path) == 0 else {
            let reason = POSIX.lastError
            unlink(temporaryPath)
            throw .failed("cannot rename \(temporaryPath) to \(path): \(reason)")
        }
    }

    /// Removes the temporary file (nothing happens after ``commit()``).
    func abandon() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporaryPath)
    }

    private func flushBuffer() throws(CommandFailure) {
        guard POSIX.writeAll(buffer, to: descriptor) else {
            throw .failed("cannot write \(temporaryPath): \(POSIX.lastError)")
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
