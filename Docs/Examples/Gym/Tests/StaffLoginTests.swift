import Foundation
import GymApplication
import GymDomain
import GymInfrastructure
import HearthApplication
import HearthDomain
import HearthPort
import HearthTestSupport
import Synchronization
import Testing

/// The staff sign-in use cases on a hand-written port: no Hearth at all, as seed 002 tests its
/// `LoginUseCase` with a stub gateway.
@Suite("Gym staff login: use cases")
struct StaffLoginUseCaseTests {
    @Test func logIn_signsInThroughThePort_withTheNormalisedEmail_andThePasswordAsTyped() async throws {
        let port = StaffAuthenticatorSpy(answer: .success(StaffSession(userID: "uid-1", email: try GymDomain.Email("desk@gym.mx"))))

        let staff = try await LogIn(authenticator: port)(email: "  Desk@Gym.MX ", password: " pass word ")

        #expect(staff == StaffSession(userID: "uid-1", email: try GymDomain.Email("desk@gym.mx")))
        #expect(port.signIns == [SignIn(email: "desk@gym.mx", password: " pass word ")])
    }

    @Test func logIn_withAMalformedEmail_isInvalidEmail_andNothingIsSent() async {
        let port = StaffAuthenticatorSpy(answer: .failure(.connectivity))

        await #expect(throws: GymError.invalidEmail("desk.gym.mx")) {
            _ = try await LogIn(authenticator: port)(email: "desk.gym.mx", password: "secret-1")
        }
        #expect(port.signIns.isEmpty)
    }

    @Test func logIn_withAnEmptyPassword_isMissingPassword_andNothingIsSent() async {
        let port = StaffAuthenticatorSpy(answer: .failure(.connectivity))

        await #expect(throws: GymError.missingPassword) {
            _ = try await LogIn(authenticator: port)(email: "desk@gym.mx", password: "")
        }
        #expect(port.signIns.isEmpty)
    }

    @Test(arguments: [GymError.invalidCredentials, .tooManyAttempts, .accountDisabled, .connectivity])
    func logIn_throwsThePortsError(_ error: GymError) async {
        let port = StaffAuthenticatorSpy(answer: .failure(error))

        await #expect(throws: error) { _ = try await LogIn(authenticator: port)(email: "desk@gym.mx", password: "secret-1") }
        #expect(port.signIns.count == 1)
    }

    @Test func logOut_andCurrentStaff_askThePort() async throws {
        let port = StaffAuthenticatorSpy(answer: .failure(.sessionExpired))

        try await LogOut(authenticator: port)()
        await #expect(throws: GymError.sessionExpired) { _ = try await CurrentStaff(authenticator: port)() }

        #expect(port.signOuts == 1)
    }
}

/// `HearthStaffAuthenticator` on real gateways (see `GymAuthGateways`): every case on every gateway.
@Suite("Gym staff login: HearthStaffAuthenticator")
struct HearthStaffAuthenticatorTests {
    @Test(arguments: StaffLoginCase.all, GymAuthGateways.Kind.allCases)
    func onGateway(_ loginCase: StaffLoginCase, _ kind: GymAuthGateways.Kind) async throws {
        try await GymAuthGateways.withBackend(kind, loginCase.run)
    }

    /// Every `AuthError` code, thrown by a gateway, reaches the use case as this `GymError`. A code Hearth
    /// adds fails `everyAuthErrorCode_hasADecidedTranslation` until it has a row here.
    static let translations: [(AuthError.Code, GymError)] = [
        (.invalidCredentials, .invalidCredentials),
        (.emailAlreadyInUse, .emailAlreadyRegistered("desk@gym.mx")),
        (.weakPassword, .invalidCredentials),
        (.invalidEmail, .invalidEmail("desk@gym.mx")),
        (.userDisabled, .accountDisabled),
        (.tooManyRequests, .tooManyAttempts),
        (.sessionExpired, .sessionExpired),
        (.requiresRecentLogin, .sessionExpired),
        (.connectivity, .connectivity),
        (.internal, .connectivity),
    ]

    @Test func everyAuthErrorCode_hasADecidedTranslation() {
        #expect(Set(Self.translations.map(\.0.name)) == Set(AuthError.Code.allCases.map(\.name)))
    }

    @Test(arguments: translations.map { StaffLoginTranslation(code: $0.0, expected: $0.1) })
    func aGatewayError_reachesTheUseCaseInTheGymsWords(_ translation: StaffLoginTranslation) async throws {
        let gateway = FailingAuthGateway(error: AuthError(translation.code, "the gateway refused"))
        let authenticator = HearthStaffAuthenticator(gateway: gateway)

        await #expect(throws: translation.expected) {
            _ = try await LogIn(authenticator: authenticator)(email: "Desk@gym.mx", password: "secret-1")
        }
    }

    @Test func signOut_thatTheGatewayCannotReach_isConnectivity_andTheMemberIsSignedOutAnyway() async throws {
        let gateway = FailingAuthGateway(error: .connectivity, signsIn: true)
        let authenticator = HearthStaffAuthenticator(gateway: gateway)
        _ = try await LogIn(authenticator: authenticator)(email: "desk@gym.mx", password: "secret-1")

        await #expect(throws: GymError.connectivity) { try await LogOut(authenticator: authenticator)() }

        #expect(try await CurrentStaff(authenticator: authenticator)() == nil)
    }
}

/// One staff sign-in behaviour of `HearthStaffAuthenticator`, on a fresh gateway.
struct StaffLoginCase: Sendable, CustomTestStringConvertible {
    let name: String
    let run: @Sendable (GymAuthGateways.Backend) async throws -> Void

    init(_ name: String, _ run: @escaping @Sendable (GymAuthGateways.Backend) async throws -> Void) {
        self.name = name
        self.run = run
    }

    var testDescription: String { name }

    static let all: [StaffLoginCase] = [
        StaffLoginCase("rightPassword_signsIn_asTheAccount", rightPassword_signsIn_asTheAccount),
        StaffLoginCase("wrongPassword_isInvalidCredentials_andNeverShowsThePassword", wrongPassword_isInvalidCredentials_andNeverShowsThePassword),
        StaffLoginCase("unknownEmail_isInvalidCredentials_too", unknownEmail_isInvalidCredentials_too),
        StaffLoginCase("passwordTooShortForTheService_isInvalidCredentials", passwordTooShortForTheService_isInvalidCredentials),
        StaffLoginCase("emailTheServiceRefuses_isInvalidEmail", emailTheServiceRefuses_isInvalidEmail),
        StaffLoginCase("disabledAccount_isAccountDisabled_untilEnabledAgain", disabledAccount_isAccountDisabled_untilEnabledAgain),
        StaffLoginCase("accountDisabledWhileSignedIn_isAccountDisabled_andSignsOut", accountDisabledWhileSignedIn_isAccountDisabled_andSignsOut),
        StaffLoginCase("accountDeletedWhileSignedIn_isSessionExpired_andSignsOut", accountDeletedWhileSignedIn_isSessionExpired_andSignsOut),
        StaffLoginCase("passwordChangedElsewhere_isSessionExpired", passwordChangedElsewhere_isSessionExpired),
        StaffLoginCase("aFailedSignIn_leavesTheSignedInMemberSignedIn", aFailedSignIn_leavesTheSignedInMemberSignedIn),
        StaffLoginCase("signOut_endsTheSession_andSigningOutAgainIsFine", signOut_endsTheSession_andSigningOutAgainIsFine),
    ]

    static let desk = "desk@sajarubox.mx"
    static let password = "front-desk-2026"

    static func rightPassword_signsIn_asTheAccount(backend: GymAuthGateways.Backend) async throws {
        let account = try await backend.gateway.createUser(withEmail: desk, password: password)
        let authenticator = HearthStaffAuthenticator(gateway: backend.gateway)

        let staff = try await LogIn(authenticator: authenticator)(email: " DESK@SajaruBox.mx", password: password)

        #expect(staff == StaffSession(userID: account.userID.rawValue, email: try GymDomain.Email(desk)))
        #expect(try await CurrentStaff(authenticator: authenticator)() == staff)
    }

    static func wrongPassword_isInvalidCredentials_andNeverShowsThePassword(backend: GymAuthGateways.Backend) async throws {
        _ = try await backend.gateway.createUser(withEmail: desk, password: password)
        let authenticator = HearthStaffAuthenticator(gateway: backend.gateway)
        let typed = "front-desk-2025"

        let error = await #expect(throws: GymError.invalidCredentials) {
            _ = try await LogIn(authenticator: authenticator)(email: desk, password: typed)
        }
        #expect(!String(describing: error).contains(typed))
        #expect(!String(reflecting: error).contains(typed))
        #expect(try await CurrentStaff(authenticator: authenticator)() == nil)
    }

    static func unknownEmail_isInvalidCredentials_too(backend: GymAuthGateways.Backend) async throws {
        _ = try await backend.gateway.createUser(withEmail: desk, password: password)

        await #expect(throws: GymError.invalidCredentials) {
            _ = try await LogIn(authenticator: HearthStaffAuthenticator(gateway: backend.gateway))(email: "coach@sajarubox.mx", password: password)
        }
    }

    static func passwordTooShortForTheService_isInvalidCredentials(backend: GymAuthGateways.Backend) async throws {
        _ = try await backend.gateway.createUser(withEmail: desk, password: password)

        // The gym only refuses an empty password; the service's minimum is 6 characters: no account has this one.
        await #expect(throws: GymError.invalidCredentials) {
            _ = try await LogIn(authenticator: HearthStaffAuthenticator(gateway: backend.gateway))(email: desk, password: "front")
        }
    }

    static func emailTheServiceRefuses_isInvalidEmail(backend: GymAuthGateways.Backend) async throws {
        // The gym's Email accepts it; Hearth's refuses more than 64 bytes before the "@" (RFC 5321).
        let long = String(repeating: "d", count: 65) + "@sajarubox.mx"

        await #expect(throws: GymError.invalidEmail(long)) {
            _ = try await LogIn(authenticator: HearthStaffAuthenticator(gateway: backend.gateway))(email: long, password: password)
        }
    }

    static func disabledAccount_isAccountDisabled_untilEnabledAgain(backend: GymAuthGateways.Backend) async throws {
        let account = try await backend.gateway.createUser(withEmail: desk, password: password)
        try await backend.setDisabled(true, account.userID)
        let logIn = LogIn(authenticator: HearthStaffAuthenticator(gateway: backend.gateway))

        await #expect(throws: GymError.accountDisabled) { _ = try await logIn(email: desk, password: password) }
        try await backend.setDisabled(false, account.userID)
        #expect(try await logIn(email: desk, password: password).userID == account.userID.rawValue)
    }

    static func accountDisabledWhileSignedIn_isAccountDisabled_andSignsOut(backend: GymAuthGateways.Backend) async throws {
        let (authenticator, account) = try await deskSignedIn(on: backend)

        try await backend.setDisabled(true, account.userID)

        await #expect(throws: GymError.accountDisabled) { _ = try await CurrentStaff(authenticator: authenticator)() }
        #expect(try await CurrentStaff(authenticator: authenticator)() == nil)
    }

    static func accountDeletedWhileSignedIn_isSessionExpired_andSignsOut(backend: GymAuthGateways.Backend) async throws {
        let (authenticator, _) = try await deskSignedIn(on: backend)

        // The account is deleted from another device.
        try await backend.gateway.deleteUser(try await backend.gateway.signIn(withEmail: desk, password: password))

        await #expect(throws: GymError.sessionExpired) { _ = try await CurrentStaff(authenticator: authenticator)() }
        #expect(try await CurrentStaff(authenticator: authenticator)() == nil)
    }

    static func passwordChangedElsewhere_isSessionExpired(backend: GymAuthGateways.Backend) async throws {
        let (authenticator, _) = try await deskSignedIn(on: backend)
        try await Task.sleep(for: backend.revocationResolution)

        let elsewhere = try await backend.gateway.signIn(withEmail: desk, password: password)
        _ = try await backend.gateway.updatePassword(to: try Password("front-desk-2027"), for: elsewhere)

        await #expect(throws: GymError.sessionExpired) { _ = try await CurrentStaff(authenticator: authenticator)() }
        await #expect(throws: GymError.invalidCredentials) { _ = try await LogIn(authenticator: authenticator)(email: desk, password: password) }
    }

    static func aFailedSignIn_leavesTheSignedInMemberSignedIn(backend: GymAuthGateways.Backend) async throws {
        _ = try await backend.gateway.createUser(withEmail: desk, password: password)
        _ = try await backend.gateway.createUser(withEmail: "coach@sajarubox.mx", password: "coach-2026")
        let authenticator = HearthStaffAuthenticator(gateway: backend.gateway)
        let signedIn = try await LogIn(authenticator: authenticator)(email: desk, password: password)

        await #expect(throws: GymError.invalidCredentials) {
            _ = try await LogIn(authenticator: authenticator)(email: "coach@sajarubox.mx", password: "coach-2025")
        }
        #expect(try await CurrentStaff(authenticator: authenticator)() == signedIn)
    }

    static func signOut_endsTheSession_andSigningOutAgainIsFine(backend: GymAuthGateways.Backend) async throws {
        let session = AuthSession(gateway: backend.gateway)
        let (authenticator, _) = try await deskSignedIn(on: backend, session: session)
        let ended = try #require(await session.currentSession)

        try await LogOut(authenticator: authenticator)()
        try await LogOut(authenticator: authenticator)()

        #expect(try await CurrentStaff(authenticator: authenticator)() == nil)
        if backend.revokesOnSignOut {
            // The gateway was told: the ended session can no longer be refreshed.
            #expect(await thrownError(AuthError.self) { try await backend.gateway.refresh(ended) }?.code == .sessionExpired)
        }
    }

    /// The desk's account, created on `backend` and signed in through `LogIn` on an authenticator over
    /// `session` (a new one by default).
    static func deskSignedIn(
        on backend: GymAuthGateways.Backend, session: AuthSession? = nil
    ) async throws -> (authenticator: HearthStaffAuthenticator, account: Session) {
        let account = try await backend.gateway.createUser(withEmail: desk, password: password)
        let authenticator = HearthStaffAuthenticator(session: session ?? AuthSession(gateway: backend.gateway))
        _ = try await LogIn(authenticator: authenticator)(email: desk, password: password)
        return (authenticator, account)
    }
}

/// One row of `HearthStaffAuthenticatorTests.translations`.
struct StaffLoginTranslation: Sendable, CustomTestStringConvertible {
    let code: AuthError.Code
    let expected: GymError

    var testDescription: String { "\(code.name) → \(expected)" }
}

/// What `StaffAuthenticatorSpy` was asked to sign in.
struct SignIn: Equatable {
    let email: String
    let password: String
}

/// A `StaffAuthenticator` that records its calls and gives one answer.
final class StaffAuthenticatorSpy: StaffAuthenticator {
    private let answer: Result<StaffSession, GymError>
    private let calls = Mutex((signIns: [SignIn](), signOuts: 0))

    init(answer: Result<StaffSession, GymError>) { self.answer = answer }

    var signIns: [SignIn] { calls.withLock { $0.signIns } }
    var signOuts: Int { calls.withLock { $0.signOuts } }

    func signIn(email: GymDomain.Email, password: String) async throws(GymError) -> StaffSession {
        calls.withLock { $0.signIns.append(SignIn(email: email.value, password: password)) }
        return try answer.get()
    }

    func signOut() async throws(GymError) { calls.withLock { $0.signOuts += 1 } }

    func currentStaff() async throws(GymError) -> StaffSession? { try answer.get() }
}

/// An `AuthGateway` whose every operation throws `error` (except sign-in, when `signsIn`, which answers a
/// session of its own): what the adapter does with each error, without a backend that can produce it.
struct FailingAuthGateway: AuthGateway {
    let error: AuthError
    var signsIn = false

    func createUser(withEmail email: HearthDomain.Email, password: Password) async throws(AuthError) -> Session { throw error }

    func signIn(withEmail email: HearthDomain.Email, password: Password) async throws(AuthError) -> Session {
        guard signsIn else { throw error }
        return try Session(
            userID: UserID("uid-1"), email: email, idToken: "id-token", refreshToken: "refresh-token",
            expiresAt: Timestamp(date: Date(timeIntervalSince1970: 4_000_000_000))
        )
    }

    func refresh(_ session: Session) async throws(AuthError) -> Session { throw error }
    func signOut(_ session: Session) async throws(AuthError) { throw error }
    func updatePassword(to newPassword: Password, for session: Session) async throws(AuthError) -> Session { throw error }
    func deleteUser(_ session: Session) async throws(AuthError) { throw error }
    func lookupUser(_ session: Session) async throws(AuthError) -> AuthUser { throw error }
}
