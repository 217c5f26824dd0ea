/// A password as a user typed it, validated and never printed.
///
/// It must have at least ``minimumLength`` (Firebase's minimum of 6) and at most ``maximumLength``
/// UTF-16 code units, counted as Firebase counts them (JavaScript string length); the text is kept as
/// typed (never trimmed). Anything else throws `weakPassword` naming the field `password` and the rule,
/// never the text. A huge input is refused from its byte count alone, before anything else reads it.
///
/// ``description``, ``debugDescription`` and ``customMirror`` redact it, so `print`, string
/// interpolation, `dump` and debuggers never show it; there is no `Codable` conformance that could write
/// it out. `==` compares the text and is not constant-time: durable adapters compare salted hashes, never
/// passwords.
public struct Password: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The secret text, exactly as typed. Hand it only to an `AuthGateway`.
    public let value: String

    /// Firebase Authentication's minimum, in UTF-16 code units.
    public static let minimumLength = 6
    /// The most UTF-16 code units a password may have: Firebase's password-policy maximum, which also
    /// bounds what a key-derivation function is given.
    public static let maximumLength = 4_096

    /// Validates `value` as described on ``Password``; throws `weakPassword` naming `password` and the rule.
    public init(_ value: String) throws(AuthError) {
        // One UTF-16 code unit is at most 3 UTF-8 bytes, so more bytes than this is too long whatever the text.
        guard value.utf8.count <= 3 * Password.maximumLength, value.utf16.count <= Password.maximumLength else {
            throw AuthError(.weakPassword, "password: is longer than \(Password.maximumLength) characters.")
        }
        guard value.utf16.count >= Password.minimumLength else {
            throw AuthError(.weakPassword, "password: must have at least \(Password.minimumLength) characters.")
        }
        self.value = value
    }

    /// `Password(redacted)`: never the text nor its length.
    public var description: String { "Password(redacted)" }
    /// The same as ``description``: the text never shows.
    public var debugDescription: String { description }
    /// A mirror whose one child `value` is `<redacted>`, so `dump` and reflection never show the text.
    public var customMirror: Mirror { Mirror(self, children: ["value": "<redacted>"]) }
}
