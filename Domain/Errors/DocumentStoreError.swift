/// The one error vocabulary of Hearth, named after Firestore's canonical error codes.
///
/// Every adapter translates its native failures into this type at its edge: the REST adapter from the
/// `error.status` string of a response body, the file adapter from POSIX and decoding failures, the local
/// engine directly. Value objects throw it when they are built from invalid runtime input.
///
/// It is a struct wrapping a ``Code`` rather than an enum so that codes can be added without breaking
/// exhaustive `switch` statements in client code. Compare errors by ``code``:
///
/// ```swift
/// catch let error as DocumentStoreError where error.code == .notFound { ... }
/// ```
public struct DocumentStoreError: CodedError {
    /// What went wrong, in Firestore's terms.
    public let code: Code
    /// A human-readable explanation naming the offending path, field or value where there is one.
    public let message: String
    /// The failure this error was translated from, if any (a transport error, a POSIX error, ...).
    public let underlying: (any Error & Sendable)?

    /// An error with `code` and `message`, keeping `underlying` as its cause. The message should name the
    /// offending path, field, value or file, and never carry a password or token.
    public init(_ code: Code, _ message: String, underlying: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

}

extension DocumentStoreError {
    /// A canonical Firestore error code (`google.rpc.Code`).
    public struct Code: CodedErrorCode, CustomStringConvertible {
        /// The canonical name used on the wire, for example `"NOT_FOUND"`.
        public let name: String
        /// The `google.rpc.Code` number, for example `5` for `NOT_FOUND`.
        public let number: Int

        private init(_ name: String, _ number: Int) {
            self.name = name
            self.number = number
        }

        /// The canonical name, for example `NOT_FOUND`.
        public var description: String { name }

        /// The operation was cancelled, typically by the caller (task cancellation).
        public static let cancelled = Code("CANCELLED", 1)
        /// An error that fits no other code, typically an unexpected answer from a server.
        public static let unknown = Code("UNKNOWN", 2)
        /// The request is malformed: an invalid path, ID, field path, value, query or write.
        public static let invalidArgument = Code("INVALID_ARGUMENT", 3)
        /// The deadline passed before the operation completed (a timeout).
        public static let deadlineExceeded = Code("DEADLINE_EXCEEDED", 4)
        /// The document does not exist (for example `update` of a missing document, `exists: true` precondition).
        public static let notFound = Code("NOT_FOUND", 5)
        /// The document already exists (`create`, `exists: false` precondition).
        public static let alreadyExists = Code("ALREADY_EXISTS", 6)
        /// The caller may not perform the operation (security rules, IAM).
        public static let permissionDenied = Code("PERMISSION_DENIED", 7)
        /// A quota or a resource (disk space, buffer) is exhausted.
        public static let resourceExhausted = Code("RESOURCE_EXHAUSTED", 8)
        /// The system is not in a state required for the operation (stale `updateTime` precondition,
        /// a missing index, a store already locked by another process).
        public static let failedPrecondition = Code("FAILED_PRECONDITION", 9)
        /// The operation was aborted, typically by transaction contention; retry the whole transaction.
        public static let aborted = Code("ABORTED", 10)
        /// A value is outside its valid range.
        public static let outOfRange = Code("OUT_OF_RANGE", 11)
        /// The operation is not implemented or not supported by this adapter.
        public static let unimplemented = Code("UNIMPLEMENTED", 12)
        /// An invariant of the system is broken; a bug or a corrupt server answer.
        public static let `internal` = Code("INTERNAL", 13)
        /// The service is unavailable (a transport failure); retrying with backoff may help.
        public static let unavailable = Code("UNAVAILABLE", 14)
        /// Unrecoverable data loss or corruption (a corrupt store file).
        public static let dataLoss = Code("DATA_LOSS", 15)
        /// The request has no valid credentials (a missing, expired or rejected token).
        public static let unauthenticated = Code("UNAUTHENTICATED", 16)

        /// Every code Hearth knows, in `google.rpc.Code` order.
        public static let allCases: [Code] = [
            .cancelled, .unknown, .invalidArgument, .deadlineExceeded, .notFound, .alreadyExists,
            .permissionDenied, .resourceExhausted, .failedPrecondition, .aborted, .outOfRange,
            .unimplemented, .internal, .unavailable, .dataLoss, .unauthenticated,
        ]

        /// The code with the given canonical name (`"ABORTED"`), or `nil` when the name is unknown.
        public init?(name: String) {
            guard let code = Code.allCases.first(where: { $0.name == name }) else { return nil }
            self = code
        }

        /// The code with the given `google.rpc.Code` number, or `nil` when the number is unknown.
        public init?(number: Int) {
            guard let code = Code.allCases.first(where: { $0.number == number }) else { return nil }
            self = code
        }
    }
}

extension DocumentStoreError {
    /// An `INVALID_ARGUMENT` error.
    public static func invalidArgument(_ message: String) -> DocumentStoreError {
        DocumentStoreError(.invalidArgument, message)
    }
}
