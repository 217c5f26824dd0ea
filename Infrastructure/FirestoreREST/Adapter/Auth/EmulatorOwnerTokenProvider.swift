public import HearthPort

/// The Firestore emulator's administrator credentials, `Authorization: Bearer owner`: every request
/// bypasses security rules. Only meaningful against the emulator.
public struct EmulatorOwnerTokenProvider: TokenProvider {
    /// The emulator's owner credentials.
    public init() {}

    /// Always `emulatorOwner`.
    public var kind: CredentialKind { .emulatorOwner }

    /// Always `owner`.
    public func token() async throws -> AccessToken? { AccessToken("owner") }

    /// Refreshing cannot help: returns `false`.
    public func tokenRejected(_ token: AccessToken) async -> Bool { false }
}
