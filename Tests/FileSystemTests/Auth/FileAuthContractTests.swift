import AuthContract
import Foundation
import HearthDomain
import HearthFileSystem
import HearthPort
import HearthTestSupport
import Testing

/// The whole `AuthGateway` contract against `FileAuthGateway`: one test case per behaviour, each on a new
/// folder. The contract runs at a low work factor (n = 2^10, 1 MiB) so that it stays fast in a debug build;
/// one test signs up and in at the default work factor.
@Suite("AuthContract on FileAuthGateway")
struct FileAuthContractTests {
    @Test(arguments: AuthContract.behaviours)
    func behaviour(_ behaviour: AuthBehaviour) async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        try await behaviour.run(try FileAuthGateway(folder: folder.url, workFactor: .contract))
    }

    @Test func runner_onOneSharedGateway_passesEverything() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        let shared = try FileAuthGateway(folder: folder.url, workFactor: .contract)

        let report = await AuthContract.run(makeGateway: { shared })

        #expect(report.allPassed, "\(report)")
    }

    @Test func runner_onAGatewayReopenedForEachBehaviour_passesEverything() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        let url = folder.url

        let report = await AuthContract.run(makeGateway: { try FileAuthGateway(folder: url, workFactor: .contract) })

        #expect(report.allPassed, "\(report)")
    }

    @Test func defaultWorkFactor_signsUpAndIn() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        let sut = try FileAuthGateway(folder: folder.url)

        let created = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")
        let session = try await sut.signIn(withEmail: "ana@example.com", password: "ana-password")

        #expect(sut.workFactor == ScryptWorkFactor.default)
        #expect(session.userID == created.userID)
        #expect(try String(contentsOf: sut.fileURL, encoding: .utf8).contains(#""n" : 16384"#))
        #expect(
            await thrownError(AuthError.self) {
                try await sut.signIn(withEmail: "ana@example.com", password: "not-her-password")
            }?.code == .invalidCredentials)
    }
}

extension ScryptWorkFactor {
    /// n = 2^10, r = 8, p = 1: fast enough for a contract run in a debug build.
    static let contract: ScryptWorkFactor = {
        do {
            return try ScryptWorkFactor(n: 1 << 10, r: 8, p: 1)
        } catch {
            preconditionFailure("literal work factor")
        }
    }()
}
