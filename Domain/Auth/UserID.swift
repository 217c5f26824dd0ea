/// A validated user ID: Firebase Authentication's `uid` (`localId` on the wire, `sub` in an ID token).
///
/// Non-empty and at most ``maximumLength`` UTF-8 bytes, as Firebase requires. User IDs come from an
/// auth backend's answers, so an invalid one means a broken answer: the initializer throws `internal`
/// naming the field `userID` (the text is not quoted).
public struct UserID: Hashable, Sendable, CustomStringConvertible {
    /// The ID as text.
    public let rawValue: String

    /// The most UTF-8 bytes of a user ID (Firebase's limit of 128).
    public static let maximumLength = 128

    /// Validates `rawValue`; throws `internal` naming `userID` when it is empty or too long.
    public init(_ rawValue: String) throws(AuthError) {
        guard !rawValue.isEmpty else { throw AuthError(.internal, "userID: is empty.") }
        guard rawValue.utf8.count <= UserID.maximumLength else {
            throw AuthError(.internal, "userID: is longer than \(UserID.maximumLength) bytes.")
        }
        self.rawValue = rawValue
    }

    /// The ID as text (a user ID is not a secret).
    public var description: String { rawValue }

    /// Equal when the IDs have exactly the same UTF-8 bytes, as Firebase and the rules compare `uid`s (a
    /// precomposed and a decomposed `"é"` are two users).
    public static func == (lhs: UserID, rhs: UserID) -> Bool { UTF8Order.equal(lhs.rawValue, rhs.rawValue) }
    public func hash(into hasher: inout Hasher) { ExactText.hash(rawValue, into: &hasher) }
}
