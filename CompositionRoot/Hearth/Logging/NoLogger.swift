/// A ``HearthLogger`` that records nothing (the default when logging is off).
public struct NoLogger: HearthLogger {
    /// The logger that records nothing.
    public init() {}

    /// Always `false`.
    public func isEnabled(_ level: HearthLogLevel) -> Bool { false }

    /// Does nothing.
    public func log(_ level: HearthLogLevel, _ message: String) {}
}
