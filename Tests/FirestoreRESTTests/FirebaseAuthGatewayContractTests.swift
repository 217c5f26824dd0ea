import AuthContract
import Foundation
import HearthDomain
import HearthFirestoreREST
import HearthPort
import HearthTestSupport
import Testing

/// The whole `AuthGateway` contract on `FirebaseAuthGateway`: against the loopback Auth emulator double
/// (with the emulator's default email privacy and with improved email privacy, whose sign-in errors
/// differ), and against a real Auth emulator when `FIREBASE_AUTH_EMULATOR_HOST` is set.
@Suite("AuthContract on FirebaseAuthGateway")
struct FirebaseAuthGatewayContractTests {
    @Test(arguments: AuthContract.behaviours, [false, true])
    func loopback(_ behaviour: AuthBehaviour, improvedEmailPrivacy: Bool) async throws {
        let emulator = try LoopbackAuthEmulator()
        defer { emulator.stop() }
        let admin = AuthEmulatorAdmin(hostAndPort: emulator.hostAndPort, projectID: emulator.projectID)
        try await admin.setImprovedEmailPrivacy(improvedEmailPrivacy)

        try await behaviour.run(try Self.gateway(hostAndPort: emulator.hostAndPort))
    }

    @Test(
        .enabled(
            if: AuthEmulatorAdmin.realEmulatorHost != nil,
            "FIREBASE_AUTH_EMULATOR_HOST is not set: the Auth emulator (npm firebase-tools) cannot be installed here"),
        arguments: AuthContract.behaviours)
    func realEmulator(_ behaviour: AuthBehaviour) async throws {
        let host = try #require(AuthEmulatorAdmin.realEmulatorHost)

        try await behaviour.run(try Self.gateway(hostAndPort: host))
    }

    static func gateway(hostAndPort: String) throws -> FirebaseAuthGateway {
        try FirebaseAuthGateway.fromEnvironment(
            ["FIREBASE_AUTH_EMULATOR_HOST": hostAndPort], httpClient: EmulatorStores.sharedClient)
    }
}

/// The Auth emulator's admin calls (`Bearer owner`), for the behaviours the port cannot reach: disabling a
/// user, switching improved email privacy. They work on the loopback double and on a real emulator.
struct AuthEmulatorAdmin: Sendable {
    let hostAndPort: String
    let projectID: String
    let client: any HTTPClient = EmulatorStores.sharedClient

    /// `FIREBASE_AUTH_EMULATOR_HOST` when set (a real Auth emulator to test against).
    static var realEmulatorHost: String? {
        ProcessInfo.processInfo.environment["FIREBASE_AUTH_EMULATOR_HOST"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The project of a real emulator (`GCLOUD_PROJECT`/`GOOGLE_CLOUD_PROJECT`), `demo-hearth` by default.
    static var realEmulatorProjectID: String {
        let environment = ProcessInfo.processInfo.environment
        return environment["GCLOUD_PROJECT"] ?? environment["GOOGLE_CLOUD_PROJECT"] ?? "demo-hearth"
    }

    /// `accounts:update {localId, disableUser: true}` as the project owner.
    func disable(_ user: UserID) async throws {
        try await send(
            .post, "identitytoolkit.googleapis.com/v1/accounts:update",
            #"{"localId":"\#(user.rawValue)","disableUser":true}"#)
    }

    /// `PATCH /emulator/v1/projects/{p}/config {emailPrivacyConfig: {enableImprovedEmailPrivacy}}`.
    func setImprovedEmailPrivacy(_ enabled: Bool) async throws {
        try await send(
            .patch, "emulator/v1/projects/\(projectID)/config",
            #"{"emailPrivacyConfig":{"enableImprovedEmailPrivacy":\#(enabled)}}"#)
    }

    private func send(_ method: HTTPRequest.Method, _ path: String, _ body: String) async throws {
        let url = try #require(URL(string: "http://\(hostAndPort)/\(path)"))
        let response = try await client.send(
            HTTPRequest(
                method: method, url: url,
                headers: [("Content-Type", "application/json"), ("Authorization", "Bearer owner")],
                body: Array(body.utf8)))
        #expect(response.isSuccess, "\(method) \(path): \(String(decoding: response.body, as: UTF8.self))")
    }
}
