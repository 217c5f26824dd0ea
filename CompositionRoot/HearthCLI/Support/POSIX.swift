#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the C library, named apart from the methods of the types that use them.
enum POSIX {
    /// Writes every byte to `descriptor`, retrying short writes and interruptions; returns `false` on
    /// any other error (a closed pipe, a full disk).
    @discardableResult
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, base + offset, raw.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
    }

    /// Reads up to `count` bytes into `buffer`; 0 at the end; -1 on error (interruptions retried).
    static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        while true {
            let result = read(descriptor, buffer, count)
            if result < 0, errno == EINTR { continue }
            return result
        }
    }

    /// Reads standard input to its end in 64 KiB chunks, handing each to `body`.
    static func readStandardInput(_ body: (ArraySlice<UInt8>) throws(CommandFailure) -> Void) throws(CommandFailure) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress else { return 0 }
                return readSome(0, into: base, count: raw.count)
            }
            if count < 0 { throw .failed("cannot read standard input: \(lastError)") }
            if count == 0 { return }
            try body(chunk[0..<count])
        }
    }

    /// Whether `descriptor` is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The text of the last C library error.
    static var lastError: String { String(cString: strerror(errno)) }
}
