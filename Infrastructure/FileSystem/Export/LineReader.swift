import Foundation
import HearthDomain

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file one line at a time through a 256 KiB buffer that grows only for longer lines (never
/// the whole file), so that an export of any size streams. Lines end with `\n`; a final line without
/// one counts; a `\r` before the `\n` is dropped. The one line reader of the package: the file store's
/// import and the `hearth import` command both read through it.
package struct LineReader {
    static let chunkSize = 256 << 10
    /// A longer line is refused (a document is at most about 1 MiB, about 8 MiB as escaped JSON).
    static let maximumLineLength = 64 << 20

    let file: POSIXFile
    /// What errors call the file: its path, or a name such as "standard input" for a spooled copy.
    package let name: String
    /// The file's size in bytes, when it is a regular file (for progress).
    package let size: Int?
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var reachedEnd = false
    /// The number of the line last returned, from 1.
    package private(set) var lineNumber = 0
    /// How many bytes of the file the returned lines (and their line endings) took.
    package private(set) var bytesConsumed = 0

    /// Opens `path` for reading; `name` (the path by default) is what errors call it.
    /// - Throws: a file-system `DocumentStoreError` naming the path.
    package init(path: String, name: String? = nil) throws(DocumentStoreError) {
        try self.init(path: path, name: name, faults: .none)
    }

    /// Opens `path` for reading through the store's fault seam.
    init(path: String, name: String? = nil, faults: FileFaults) throws(DocumentStoreError) {
        file = try POSIXFile.openForReading(path, faults: faults)
        self.name = name ?? path
        var status = stat()
        if fstat(file.descriptor, &status) == 0, (status.st_mode & mode_t(S_IFMT)) == mode_t(S_IFREG) {
            size = Int(status.st_size)
        } else {
            size = nil
        }
        buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    package func close() { file.close() }

    /// The next line, without its line ending, or `nil` at the end of the file.
    /// - Throws: `invalidArgument` naming the line for a line longer than ``maximumLineLength``; read errors naming the file.
    package mutating func next() throws(DocumentStoreError) -> ArraySlice<UInt8>? {
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
                var line = buffer[start..<end]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                start = end
                return line
            }
            scanned = end - start
            try refill()
        }
    }

    /// Moves the partial line to the front and reads more after it.
    private mutating func refill() throws(DocumentStoreError) {
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
                throw DocumentStoreError(
                    .invalidArgument,
                    "Line \(lineNumber + 1) of \(name) is longer than \(Self.maximumLineLength) bytes."
                )
            }
            buffer += [UInt8](repeating: 0, count: buffer.count)
        }
        let read = try buffer.withMutableRawBytes { (raw) throws(DocumentStoreError) in
            try file.readSome(into: UnsafeMutableRawBufferPointer(rebasing: raw[end...]))
        }
        if read == 0 { reachedEnd = true }
        end += read
    }
}
