/// A contract expectation that did not hold: what was expected, what the store did, and where.
public struct ContractFailure: Error, Sendable, CustomStringConvertible {
    /// What went wrong, with the expected and the actual value.
    public let message: String
    /// The source file of the failed expectation (`#fileID`).
    public let file: String
    /// The line of the failed expectation.
    public let line: Int

    /// A failure saying `message`, at the caller's file and line unless given.
    public init(_ message: String, file: String = #fileID, line: Int = #line) {
        self.message = message
        self.file = file
        self.line = line
    }

    /// `file:line: message`, as compilers report, so editors can jump to the expectation.
    public var description: String { "\(file):\(line): \(message)" }
}
