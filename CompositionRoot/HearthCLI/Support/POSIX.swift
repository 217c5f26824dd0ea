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

    /// Reads bytes from `descriptor` up to and including the first newline, or to the end, at most
    /// `limit` bytes (one byte at a time, so nothing after the line is consumed); `nil` when nothing was
    /// read or on an error.
    static func readLine(_ descriptor: Int32, limit: Int) -> [UInt8]? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count < limit {
            let count = readSome(descriptor, into: &byte, count: 1)
            if count <= 0 { break }
            line.append(byte)
            if byte == UInt8(ascii: "\n") { break }
        }
        return line.isEmpty ? nil : line
    }

    /// Runs `body` with the terminal's echo off on `descriptor` when `enabled` (a password prompt), and
    /// restores the terminal's settings afterwards.
    static func withEchoOff<Result>(_ descriptor: Int32, enabled: Bool, _ body: () -> Result) -> Result {
        var saved = termios()
        guard enabled, tcgetattr(descriptor, &saved) == 0 else { return body() }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(descriptor, TCSAFLUSH, &quiet)
        defer { tcsetattr(descriptor, TCSAFLUSH, &saved) }
        return body()
    }

    /// Whether `descriptor` is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The text of the last C library error.
    static var lastError: String { String(cString: strerror(errno)) }
}
