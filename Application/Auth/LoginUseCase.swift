public import HearthDomain
public import HearthPort

/// Seed 002's name for the error its login use case throws: Hearth's `AuthError`, so that
/// `LoginError.invalidCredentials` and `LoginError.connectivity` read as the seed writes them.
public typealias LoginError = AuthError

/// Seed 002's login use case: validates what the user typed and signs in through an `AuthGateway`,
/// never seeing the backend behind it (`LoginUseCase(gateway: authGateway)` in a composition root).
public struct LoginUseCase: Sendable {
    private let gateway: any AuthGateway

    /// A use case signing in through `gateway`.
    public init(gateway: any AuthGateway) {
        self.gateway = gateway
    }

    /// Signs in with `credentials`; throws the gateway's `AuthError` (`invalidCredentials` for an unknown
    /// email or a wrong password, `userDisabled`, `tooManyRequests`, `connectivity`, `internal`).
    public func execute(_ credentials: Credentials) async throws(AuthError) -> Session {
        try await gateway.signIn(credentials)
    }

    /// Validates `email` and `password` first (`invalidEmail`, then `weakPassword`, naming the field;
    /// the gateway is not called), then signs in as ``execute(_:)`` does.
    public func execute(email: String, password: String) async throws(AuthError) -> Session {
        try await execute(try Credentials(email: email, password: password))
    }
}
