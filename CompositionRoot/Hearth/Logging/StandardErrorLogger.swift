import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``HearthLogger`` that writes one line per message, `hearth[level]: message`, to standard error
/// (or to the `write` function given, for tests and for embedding).
///
/// Standard output stays free for a command's results. Lines are written whole with one `write(2)`, so
/// concurrent messages do not interleave within a line.
public struct StandardErrorLogger: HearthLogger {
    /// Messages below this level are dropped (default ``HearthLogLevel/info``).
    public let minimumLevel: HearthLogLevel
    /// The prefix of every line (default `hearth`).
    public let label: String
    private let write: @Sendable (String) -> Void

    /// A logger for messages of `minimumLevel` and above.
    /// - Parameters:
    ///   - minimumLevel: the least important level written (default `info`).
    ///   - label: the prefix of every line (default `hearth`).
    ///   - write: receives each complete line, newline included (default: standard error).
    public init(
        minimumLevel: HearthLogLevel = .info,
        label: String = "hearth",
        write: @escaping @Sendable (String) -> Void = StandardErrorLogger.writeToStandardError
    ) {
        self.minimumLevel = minimumLevel
        self.label = label
        self.write = write
    }

    /// Whether `level` is ``minimumLevel`` or more severe.
    public func isEnabled(_ level: HearthLogLevel) -> Bool { level >= minimumLevel }

    /// Writes `label[level]: message` and a newline in one write, when `level` is enabled; otherwise nothing.
    public func log(_ level: HearthLogLevel, _ message: String) {
        guard isEnabled(level) else { return }
        write("\(label)[\(level)]: \(message)\n")
    }

    /// Writes `line` to file descriptor 2.
    @Sendable public static func writeToStandardError(_ line: String) {
        writeAll(Array(line.utf8), toDescriptor: 2)
    }
}

/// Writes every byte to `descriptor`, retrying short writes and interruptions; gives up on other errors.
func writeAll(_ bytes: [UInt8], toDescriptor descriptor: Int32) {
    bytes.withUnsafeBytes { raw in
        guard let base = raw.baseAddress else { return }
        var offset = 0
        while offset < raw.count {
            let written = write(descriptor, base + offset, raw.count - offset)
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
