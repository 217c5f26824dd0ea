/// A bearer token. Its `description`, `debugDescription` and reflection never show the value.
public struct AccessToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable
{
    /// The secret token text sent as `Authorization: Bearer <value>`.
    public let value: String

    /// A token with the secret text `value`.
    public init(_ value: String) {
        self.value = value
    }

    /// `AccessToken(redacted, N bytes)`: the length only, never the value.
    public var description: String { "AccessToken(redacted, \(value.utf8.count) bytes)" }
    /// The same as ``description``: the value never shows.
    public var debugDescription: String { description }
    /// A mirror whose `value` child is `<redacted>`, so `dump` and reflection never show the value.
    public var customMirror: Mirror { Mirror(self, children: ["value": "<redacted>"]) }
}
