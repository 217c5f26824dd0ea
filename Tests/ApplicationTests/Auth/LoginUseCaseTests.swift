import HearthApplication
import HearthDomain
import HearthInMemory
import HearthPort
import HearthTestSupport
import Testing

/// Seed 002's login use case, written as the seed writes its callers: `LoginUseCase(gateway:)`,
/// `Credentials(email: try Email(…), password: try Password(…))`, `session.token` and `session.userId`,
/// `LoginError.invalidCredentials`.
@Suite("LoginUseCase (seed 002)")
struct LoginUseCaseTests {
    @Test func login_withRegisteredCredentials_returnsSession() async throws {
        let authGateway = InMemoryAuthGateway()
        let registered = try await authGateway.createUser(withEmail: "test@example.com", password: "Pass1234")
        let sut = LoginUseCase(gateway: authGateway)
        let credentials = Credentials(
            email: try Email("test@example.com"),
            password: try Password("Pass1234")
        )

        let session = try await sut.execute(credentials)

        #expect(!session.token.isEmpty)
        #expect(session.userId == registered.userId)
    }

    @Test func login_withWrongPassword_isInvalidCredentials() async throws {
        let authGateway = InMemoryAuthGateway()
        _ = try await authGateway.createUser(withEmail: "test@example.com", password: "Pass1234")
        let sut = LoginUseCase(gateway: authGateway)

        let code = await thrownError(AuthError.self) {
            try await sut.execute(email: "test@example.com", password: "Wrong1234")
        }?
        .code

        #expect(code == .invalidCredentials)
    }

    @Test func login_withUnknownEmail_isInvalidCredentials_caughtAsTheSeedDoes() async throws {
        let sut = LoginUseCase(gateway: InMemoryAuthGateway())

        var caught: LoginError?
        do {
            _ = try await sut.execute(email: "nobody@example.com", password: "Pass1234")
        } catch LoginError.connectivity {
            Issue.record("wrong code")
        } catch LoginError.invalidCredentials {
            caught = .invalidCredentials
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(caught?.code == .invalidCredentials)
    }

    @Test func login_validatesInputBeforeCallingTheGateway() async throws {
        let gateway = SpyAuthGateway(clock: MovableClock())
        let sut = LoginUseCase(gateway: gateway)

        #expect(
            await thrownError(AuthError.self) { try await sut.execute(email: "not-an-email", password: "x") }?.code
                == .invalidEmail
        )
        #expect(
            await thrownError(AuthError.self) { try await sut.execute(email: "a@b.co", password: "12345") }?.code
                == .weakPassword)
        #expect(gateway.inner.userCount == 0)
    }

    @Test func login_emailIsNormalisedAsTyped() async throws {
        let authGateway = InMemoryAuthGateway()
        let registered = try await authGateway.createUser(withEmail: "test@example.com", password: "Pass1234")

        let session = try await LoginUseCase(gateway: authGateway).execute(
            email: " Test@Example.COM ", password: "Pass1234")

        #expect(session.userID == registered.userID)
    }
}
