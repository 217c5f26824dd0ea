/// What went wrong in a `HearthCrypto` operation: a parameter out of range, input that is not what it claims
/// to be, or a token that does not verify.
///
/// Every case names the offending parameter or part and says what was expected; none ever carries the input
/// itself (a password, a key, a token or its decoded bytes), so the ``description`` is safe to log. The auth
/// adapters translate it into their own error vocabularies.
public enum CryptoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A parameter is out of its allowed range: `parameter` is its name (`"iterations"`, `"N"`, …) and
    /// `reason` says what is allowed.
    case invalidParameter(_ parameter: String, reason: String)
    /// Input meant to be in `encoding` (`"base64url"`, `"JSON"`, …) is not; `reason` says where or why,
    /// without quoting the input.
    case invalidEncoding(_ encoding: String, reason: String)
    /// A JSON Web Token is not of the shape verified here (three parts, an HS256 header, a JSON claims
    /// object); `reason` says which part, without quoting it.
    case malformedToken(reason: String)
    /// A JSON Web Token's signature does not match its header and claims under the key given.
    case invalidSignature
    /// A JSON Web Token's `exp` claim is at or before the time supplied.
    case tokenExpired

    /// One line naming the case and the parameter or part; never the input (no password, key or token).
    public var description: String {
        switch self {
        case .invalidParameter(let parameter, let reason): "invalid parameter \(parameter): \(reason)"
        case .invalidEncoding(let encoding, let reason): "invalid \(encoding): \(reason)"
        case .malformedToken(let reason): "malformed token: \(reason)"
        case .invalidSignature: "invalid token signature"
        case .tokenExpired: "token expired"
        }
    }
}
