public import HearthDomain

// The gateway's operations as seed 002 and Firebase's Swift SDK call them: from `Credentials`, and from
// the strings a user typed (validated here, so a malformed email or a short password never reaches the
// backend).

extension AuthGateway {
    /// Seed 002's name for `signIn(withEmail:password:)` (typed) with `credentials`; the same errors.
    public func authenticate(_ credentials: Credentials) async throws(AuthError) -> Session {
        try await signIn(withEmail: credentials.email, password: credentials.password)
    }

    /// `signIn(withEmail:password:)` (typed) with `credentials`; the same errors.
    public func signIn(_ credentials: Credentials) async throws(AuthError) -> Session {
        try await signIn(withEmail: credentials.email, password: credentials.password)
    }

    /// `createUser(withEmail:password:)` (typed) with `credentials`; the same errors.
    public func createUser(_ credentials: Credentials) async throws(AuthError) -> Session {
        try await createUser(withEmail: credentials.email, password: credentials.password)
    }

    /// Firebase's `signIn(withEmail:password:)` on strings: validates them as `Credentials` do
    /// (`invalidEmail`, then `weakPassword`, naming the field) and signs in.
    public func signIn(withEmail email: String, password: String) async throws(AuthError) -> Session {
        try await signIn(try Credentials(email: email, password: password))
    }

    /// Firebase's `createUser(withEmail:password:)` on strings: validates them as `Credentials` do
    /// (`invalidEmail`, then `weakPassword`, naming the field) and creates the account.
    public func createUser(withEmail email: String, password: String) async throws(AuthError) -> Session {
        try await createUser(try Credentials(email: email, password: password))
    }
}
