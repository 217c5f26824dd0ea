import Foundation
import HearthDomain

/// Reads a file one line at a time through a 256 KiB buffer that grows only for longer lines (never
/// the whole file). Lines end with `\n`; a final line without one counts; a `\r` before the `\n` is
/// dropped.
struct ExportLineReader {
    static let chunkSize = 256 << 10
    /// A longer line is refused (a document is at most about 1 MiB, about 8 MiB as escaped JSON).
    static let maximumLineLength = 64 << 20

    let file: POSIXFile
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var reachedEnd = false
    /// The number of the line last returned, from 1.
    private(set) var lineNumber = 0

    init(path: String, faults: FileFaults = .none) throws(DocumentStoreError) {
        file = try POSIXFile.openForReading(path, faults: faults)
        buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    func close() { file.close() }

    /// The next line, without its line ending, or `nil` at the end of the file.
    mutating func next() throws(DocumentStoreError) -> ArraySlice<UInt8>? {
        var scanned = 0
        while true {
            if let newline = buffer[(start + scanned)..<end].firstIndex(of: UInt8(ascii: "\n")) {
                lineNumber += 1
                var line = buffer[start..<newline]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                start = newline + 1
                return line
            }
            if reachedEnd {
                guard start < end else { return nil }
                lineNumber += 1
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
                    "Line \(lineNumber + 1) of \(file.path) is longer than \(Self.maximumLineLength) bytes."
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
