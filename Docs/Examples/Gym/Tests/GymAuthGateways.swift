import Foundation
import HearthDomain
import HearthFileSystem
import HearthFirestoreREST
import HearthInMemory
import HearthPort
import HearthTestSupport
import Testing

/// The authentication gateways the gym's staff sign-in runs on: like `GymStores`, part of the tests'
/// composition root. Each run gets a fresh gateway with no account. To run every staff sign-in test on
/// another gateway (a real Auth emulator), add a case and its branch.
enum GymAuthGateways {
    enum Kind: String, CaseIterable, Sendable {
        /// `InMemoryAuthGateway`.
        case memory
        /// `FileAuthGateway` in a fresh temporary folder (a low scrypt work factor, so the tests stay fast).
        case file
        /// `FirebaseAuthGateway` (Identity Toolkit over REST) on the loopback Auth emulator of
        /// HearthTestSupport, which follows the Firebase Auth emulator's documented behaviour.
        case firebaseLoopback
    }

    /// A gateway, and what differs between gateways beyond the `AuthGateway` port.
    struct Backend: Sendable {
        let gateway: any AuthGateway
        /// Disables (or enables) an account, as the Firebase console's "Disable account" does.
        let setDisabled: @Sendable (Bool, UserID) async throws -> Void
        /// Whether `signOut(_:)` revokes the session on the server (local gateways do; Firebase's REST API
        /// has no sign-out).
        let revokesOnSignOut: Bool
        /// How long to wait so that a password change revokes the tokens issued before it: Firebase keeps
        /// the change's time in whole seconds, so a token issued in the same second survives it.
        let revocationResolution: Duration
    }

    /// Runs `body` on a fresh, empty gateway of `kind`, then releases it whether `body` threw or not.
    static func withBackend(_ kind: Kind, _ body: (Backend) async throws -> Void) async throws {
        switch kind {
        case .memory:
            let gateway = InMemoryAuthGateway(projectID: "demo-gym")
            try await body(
                Backend(
                    gateway: gateway, setDisabled: { disabled, uid in gateway.setDisabled(disabled, for: uid) },
                    revokesOnSignOut: true, revocationResolution: .zero))
        case .file:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gym-auth-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let gateway = try FileAuthGateway(
                folder: folder, projectID: "demo-gym", workFactor: try ScryptWorkFactor(n: 1 << 10, r: 8, p: 1))
            try await body(
                Backend(
                    gateway: gateway, setDisabled: { disabled, uid in _ = try await gateway.setDisabled(disabled, for: uid) },
                    revokesOnSignOut: true, revocationResolution: .zero))
        case .firebaseLoopback:
            let emulator = try LoopbackAuthEmulator(projectID: "demo-gym")
            defer { emulator.stop() }
            let gateway = try FirebaseAuthGateway(
                apiKey: FirebaseAuthGateway.emulatorAPIKey, httpClient: httpClient, endpoints: .emulator(hostAndPort: emulator.hostAndPort))
            let host = emulator.hostAndPort
            try await body(
                Backend(
                    gateway: gateway, setDisabled: { disabled, uid in try await setDisabled(disabled, uid, onEmulatorAt: host) },
                    revokesOnSignOut: false, revocationResolution: .seconds(1)))
        }
    }

    /// The Auth emulator's admin call `accounts:update {localId, disableUser}` (`Bearer owner`).
    private static func setDisabled(_ disabled: Bool, _ uid: UserID, onEmulatorAt host: String) async throws {
        let body = try JSONSerialization.data(withJSONObject: ["localId": uid.rawValue, "disableUser": disabled])
        let response = try await httpClient.send(
            HTTPRequest(
                method: .post, url: try #require(URL(string: "http://\(host)/identitytoolkit.googleapis.com/v1/accounts:update")),
                headers: [("Content-Type", "application/json"), ("Authorization", "Bearer owner")], body: Array(body)))
        guard response.isSuccess else { throw AuthError(.internal, "disabling an account answered \(response.statusCode)") }
    }

    /// One URLSession for every loopback run.
    private static let httpClient = URLSessionHTTPClient()
}
