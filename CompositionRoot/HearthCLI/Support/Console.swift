/// Standard output (buffered: a command's results) and standard error (unbuffered: messages, progress).
final class Console {
    private var buffer: [UInt8] = []

    /// Whether standard error is a terminal (progress bars) — unless `HEARTH_PROGRESS` says otherwise.
    let standardErrorIsTerminal: Bool

    init() {
        standardErrorIsTerminal = POSIX.isTerminal(2)
    }

    /// Appends `text` and a newline to standard output.
    func print(_ text: String) {
        buffer += Array(text.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Appends raw bytes to standard output.
    func write(_ bytes: [UInt8]) {
        buffer += bytes
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes what is buffered for standard output.
    func flush() {
        guard !buffer.isEmpty else { return }
        POSIX.writeAll(buffer, to: 1)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes `text` and a newline to standard error at once (after flushing standard output).
    func printError(_ text: String) {
        flush()
        POSIX.writeAll(Array((text + "\n").utf8), to: 2)
    }

    /// Writes `text` to standard error as is (progress bars use `\r`).
    func writeError(_ text: String) {
        POSIX.writeAll(Array(text.utf8), to: 2)
    }
}
