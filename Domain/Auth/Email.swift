/// A validated, normalised email address: the identity a user signs in with.
///
/// Built from what a user typed: surrounding whitespace is trimmed and the text lower-cased (as Firebase
/// Authentication and seed 002 do), so `" Ana@Example.COM "` and `"ana@example.com"` are the same email.
/// Then it must hold exactly one `@`, a local part of 1 to 64 UTF-8 bytes, a domain with no empty label
/// (no leading, trailing or doubled `.`), no whitespace or control character, and at most
/// ``maximumLength`` UTF-8 bytes in all. Anything else throws `invalidEmail` naming the field `email`
/// and the rule; the message never quotes the input (a password typed into the email field must not
/// reach a log).
public struct Email: Hashable, Sendable, CustomStringConvertible {
    /// The normalised address: trimmed and lower-cased.
    public let value: String

    /// The most UTF-8 bytes an address may have once trimmed (RFC 5321's 256-byte path less its brackets).
    public static let maximumLength = 254
    /// The most UTF-8 bytes the part before the `@` may have (RFC 5321).
    public static let maximumLocalPartLength = 64

    /// Trims and lower-cases `text`, then validates the result as described on ``Email``; throws `invalidEmail`
    /// naming `email` and the rule it breaks.
    public init(_ text: String) throws(AuthError) {
        let trimmed = text.trimmingWhitespace().lowercased()
        guard !trimmed.isEmpty else { throw Self.invalid("is empty") }
        guard trimmed.utf8.count <= Email.maximumLength else {
            throw Self.invalid("is longer than \(Email.maximumLength) bytes")
        }
        guard !trimmed.unicodeScalars.contains(where: Self.isForbidden) else {
            throw Self.invalid("contains whitespace or a control character")
        }
        // Split on UTF-8 bytes, not Characters: a combining mark after "@" or "." forms one Character with
        // it, which a Character split would not see as the separator.
        let parts = trimmed.utf8.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw Self.invalid(parts.count < 2 ? "has no \"@\"" : "has more than one \"@\"")
        }
        let local = parts[0]
        let domain = parts[1]
        guard !local.isEmpty else { throw Self.invalid("has nothing before the \"@\"") }
        guard local.count <= Email.maximumLocalPartLength else {
            throw Self.invalid("has more than \(Email.maximumLocalPartLength) bytes before the \"@\"")
        }
        guard !domain.isEmpty else { throw Self.invalid("has no domain after the \"@\"") }
        guard !domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).contains(where: \.isEmpty)
        else {
            throw Self.invalid("has an empty label in its domain (a leading, trailing or doubled \".\")")
        }
        value = trimmed
    }

    /// The normalised address. An email is not a secret, but it is personal data: log it only where
    /// naming the user is intended.
    public var description: String { value }

    private static func invalid(_ rule: String) -> AuthError {
        AuthError(.invalidEmail, "email: \(rule).")
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
            || scalar.properties.generalCategory == .format
    }
}

extension String {
    /// The text without leading and trailing Unicode whitespace (Foundation-free, linear in the input).
    fileprivate func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
