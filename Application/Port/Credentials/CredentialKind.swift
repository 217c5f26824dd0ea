/// Whose identity a ``TokenProvider``'s tokens carry.
public enum CredentialKind: Sendable, Hashable {
    /// No credentials: requests are unauthenticated (security rules see `request.auth == null`).
    case none
    /// The Firestore emulator's administrator (`Bearer owner`): bypasses security rules.
    case emulatorOwner
    /// A Google OAuth 2.0 access token (service account or user, from the metadata server or gcloud):
    /// IAM applies, security rules do not.
    case googleOAuth
    /// A Firebase Authentication user's ID token: security rules apply, and read-write transactions
    /// must ask for optimistic concurrency.
    case firebaseUser
}
