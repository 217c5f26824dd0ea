import AuthContract
import HearthInMemory
import HearthDomain
import HearthPort
import Testing

/// The whole `AuthGateway` contract against `InMemoryAuthGateway`: one test case per behaviour.
@Suite("AuthContract on InMemoryAuthGateway")
struct InMemoryAuthContractTests {
    @Test(arguments: AuthContract.behaviours)
    func behaviour(_ behaviour: AuthBehaviour) async throws {
        try await behaviour.run(InMemoryAuthGateway())
    }

    @Test func behaviourNames_areUnique_andCoverTheIssuesList() {
        let names = AuthContract.behaviours.map(\.name)

        #expect(Set(names).count == names.count)
        #expect(names.count >= 25)
    }

    @Test func runner_onOneSharedGateway_passesEverything() async {
        let shared = InMemoryAuthGateway()

        let report = await AuthContract.run(makeGateway: { shared })

        #expect(report.allPassed, "\(report)")
        #expect(report.names.count == AuthContract.behaviours.count)
    }

    @Test func runner_reportsAFailingGateway() async {
        let report = await AuthContract.run(makeGateway: { BrokenAuthGateway() })

        #expect(!report.allPassed)
        #expect(report.failures["signIn_wrongPassword_isInvalidCredentials"] != nil)
        #expect(report.description.hasPrefix("AuthContract: \(report.names.count) behaviours,"))
    }
}

/// A gateway that signs anyone in as anyone: what the contract must catch.
private struct BrokenAuthGateway: AuthGateway {
    let inner = InMemoryAuthGateway()

    func createUser(withEmail email: Email, password: Password) async throws(AuthError) -> Session {
        try await inner.createUser(withEmail: email, password: password)
    }
    func signIn(withEmail email: Email, password: Password) async throws(AuthError) -> Session {
        try await inner.createUser(
            withEmail: try Email("x\(UInt32.random(in: 0...UInt32.max))@example.com"), password: password)
    }
    func refresh(_ session: Session) async throws(AuthError) -> Session { session }
    func signOut(_ session: Session) async throws(AuthError) {}
    func updatePassword(to newPassword: Password, for session: Session) async throws(AuthError) -> Session { session }
    func deleteUser(_ session: Session) async throws(AuthError) {}
    func lookupUser(_ session: Session) async throws(AuthError) -> AuthUser {
        AuthUser(uid: session.userID, email: session.email)
    }
}
