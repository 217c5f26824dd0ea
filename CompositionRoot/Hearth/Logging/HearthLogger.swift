/// The logging port of the composition root: where the logging decorator (and anything else wired
/// here) reports what happens. Small on purpose, so that any logging system can sit behind it.
///
/// Implementations must be cheap when a level is disabled and must never throw; messages never carry
/// document contents or credentials, only operations, paths, counts, durations and error codes.
public protocol HearthLogger: Sendable {
    /// Whether messages of `level` are recorded (callers skip building messages that would be dropped).
    func isEnabled(_ level: HearthLogLevel) -> Bool
    /// Records one message of `level`.
    func log(_ level: HearthLogLevel, _ message: String)
}

/// How important a log message is, from the most verbose to the most severe.
public enum HearthLogLevel: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// Every store call with its outcome and duration.
    case debug
    /// Noteworthy events (a store opened, a retry).
    case info
    /// Failed calls.
    case warning
    /// Failures that need attention.
    case error

    /// The level named `name` (`debug`, `info`, `warning`, `error`; case-insensitive), or `nil`.
    public init?(name: String) {
        guard let level = Self.allCases.first(where: { $0.description == name.lowercased() }) else { return nil }
        self = level
    }

    /// More verbose first: `debug` < `info` < `warning` < `error`.
    public static func < (lhs: HearthLogLevel, rhs: HearthLogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The level's name in lower case (`debug`, `info`, `warning`, `error`), as `HEARTH_LOG` spells it.
    public var description: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }
}
