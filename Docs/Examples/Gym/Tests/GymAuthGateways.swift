import HearthDomain
import HearthInMemory
import HearthPort

/// The authentication gateways the gym's staff sign-in runs on: like `GymStores`, part of the tests'
/// composition root. Each run gets a fresh gateway with no account. To run every staff sign-in test on
/// another gateway (the file gateway, Firebase Authentication's emulator), add a case and its branch.
enum GymAuthGateways {
    enum Kind: String, CaseIterable, Sendable {
        /// `InMemoryAuthGateway`.
        case memory
    }

    /// A gateway, and what an administrator does outside the `AuthGateway` port (the Firebase console's
    /// "Disable account").
    struct Backend: Sendable {
        let gateway: any AuthGateway
        let setDisabled: @Sendable (Bool, UserID) async throws -> Void
    }

    /// Runs `body` on a fresh, empty gateway of `kind`, then releases it whether `body` threw or not.
    static func withBackend(_ kind: Kind, _ body: (Backend) async throws -> Void) async throws {
        switch kind {
        case .memory:
            let gateway = InMemoryAuthGateway(projectID: "demo-gym")
            try await body(Backend(gateway: gateway, setDisabled: { disabled, uid in gateway.setDisabled(disabled, for: uid) }))
        }
    }
}
