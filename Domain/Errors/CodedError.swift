/// What Hearth's error vocabularies share (`DocumentStoreError` for data, `AuthError` for sign-in): a
/// ``code`` saying what went wrong, a ``message`` naming the offending path, field, value or file (never a
/// password or a token), and the ``underlying`` failure it was translated from. Their printed form is
/// written once, here.
public protocol CodedError: Error, Sendable, CustomStringConvertible {
    /// The kind of code: a value with a ``CodedErrorCode/name``.
    associatedtype Code: CodedErrorCode
    /// What went wrong.
    var code: Code { get }
    /// A human-readable explanation naming the offending path, field, value or file where there is one.
    var message: String { get }
    /// The failure this error was translated from, if any.
    var underlying: (any Error & Sendable)? { get }
}

/// A code of a ``CodedError``: compared by value, printed by ``name``.
public protocol CodedErrorCode: Hashable, Sendable {
    /// The code's name (`NOT_FOUND`, `invalidCredentials`).
    var name: String { get }
}

extension CodedError {
    /// `name: message`, then ` (cause: …)` with the underlying error's description when there is one.
    public var description: String {
        var text = "\(code.name): \(message)"
        if let underlying { text += " (cause: \(underlying))" }
        return text
    }
}
