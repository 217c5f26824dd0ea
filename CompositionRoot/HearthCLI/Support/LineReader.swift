#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file one line at a time through a 256 KiB buffer (grown only for longer lines), so that an
/// export of any size streams. Lines end with `\n` (a `\r` before it is dropped); a last line without
/// one counts.
final class LineReader {
    static let maximumLineLength = 64 << 20

    let path: String
    private let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 256 << 10)
    private var start = 0
    private var end = 0
    private var reachedEnd = false
    /// The number of the line last returned, from 1.
    private(set) var lineNumber = 0
    /// How many bytes of the file the returned lines (and their line endings) took.
    private(set) var bytesConsumed = 0
    /// The file's size in bytes, when it is a regular file.
    let size: Int?

    /// Opens `path`; a missing or unreadable file is a usage error naming it.
    init(path: String) throws(CommandFailure) {
        self.path = path
        descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .usage("cannot read \(path): \(POSIX.lastError)") }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & mode_t(S_IFMT)) == mode_t(S_IFREG) {
            size = Int(status.st_size)
        } else {
            size = nil
        }
    }

    deinit { close(descriptor) }

    /// The next line without its ending, or `nil` at the end of the file.
    func next() throws(CommandFailure) -> ArraySlice<UInt8>? {
        var scanned = 0
        while true {
            if let newline = buffer[(start + scanned)..<end].firstIndex(of: UInt8(ascii: "\n")) {
                lineNumber += 1
                bytesConsumed += newline + 1 - start
                var line = buffer[start..<newline]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                start = newline + 1
                return line
            }
            if reachedEnd {
                guard start < end else { return nil }
                lineNumber += 1
                bytesConsumed += end - start
                let line = buffer[start..<end]
                start = end
                return line
            }
            scanned = end - start
            try refill()
        }
    }

    private func refill() throws(CommandFailure) {
        let pending = end - start
        if start > 0 {
            buffer.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress else { return }
                memmove(base, base + start, pending)
            }
            start = 0
            end = pending
        }
        if end == buffer.count {
            guard buffer.count < Self.maximumLineLength else {
                throw .usage("line \(lineNumber + 1) of \(path) is longer than \(Self.maximumLineLength) bytes")
            }
            buffer += [UInt8](repeating: 0, count: buffer.count)
        }
        let read = buffer.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return 0 }
            return POSIX.readSome(descriptor, into: base + end, count: raw.count - end)
        }
        if read < 0 { throw .failed("cannot read \(path): \(POSIX.lastError)") }
        if read == 0 { reachedEnd = true }
        end += read
    }
}
