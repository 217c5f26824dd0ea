import HearthDomain
import HearthInMemory
import HearthPort
import HearthTestSupport
import Testing

/// The `AuthGateway` extensions: seed 002's `authenticate(_:)`, `Credentials` forms, and Firebase's
/// string forms, which validate before the gateway sees anything.
@Suite("AuthGateway conveniences")
struct AuthGatewayConvenienceTests {
    @Test func stringForms_validateAndNormaliseThenCallTheGateway() async throws {
        let gateway = InMemoryAuthGateway()

        let created = try await gateway.createUser(withEmail: " Ana@Example.com ", password: "ana-password")
        let signedIn = try await gateway.signIn(withEmail: "ana@example.com", password: "ana-password")

        #expect(created.email.value == "ana@example.com")
        #expect(signedIn.userID == created.userID)
    }

    @Test func stringForms_refuseBadInputBeforeTheGateway() async throws {
        let gateway = InMemoryAuthGateway()

        #expect(
            await thrownError(AuthError.self) {
                try await gateway.createUser(withEmail: "ana", password: "ana-password")
            }?.code
                == .invalidEmail)
        #expect(
            await thrownError(AuthError.self) {
                try await gateway.createUser(withEmail: "ana@example.com", password: "short")
            }?
            .code
                == .weakPassword)
        #expect(
            await thrownError(AuthError.self) { try await gateway.signIn(withEmail: "ana@", password: "ana-password") }?
                .code
                == .invalidEmail)
        #expect(gateway.userCount == 0)
    }

    @Test func credentialsForms_andSeedAuthenticate_signInTheSameUser() async throws {
        let gateway = InMemoryAuthGateway()
        let credentials = try Credentials(email: "ana@example.com", password: "ana-password")

        let created = try await gateway.createUser(credentials)
        let signedIn = try await gateway.signIn(credentials)
        let authenticated = try await gateway.authenticate(credentials)

        #expect(signedIn.userID == created.userID)
        #expect(authenticated.userId == created.userId)
    }
}
