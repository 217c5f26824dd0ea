public import HearthPort

/// The executable contract of the `AuthGateway` port: what every auth adapter must do alike.
///
/// Each ``AuthBehaviour`` gets a gateway from the runner and acts on it through the port only, with
/// emails of its own (random, so behaviours never collide on a shared backend such as the Auth
/// emulator). With Swift Testing, one parameterized test reports each behaviour by name:
///
/// ```swift
/// @Test(arguments: AuthContract.behaviours)
/// func contract(_ behaviour: AuthBehaviour) async throws {
///     try await behaviour.run(MyAuthGateway())
/// }
/// ```
///
/// Anywhere else, ``run(_:makeGateway:)`` runs them and returns an ``AuthContractReport``.
/// Gateways under the contract must use the real clock (a session's expiry is compared with the
/// current time) and must not limit the rate of sign-ins below a few per second per account.
public enum AuthContract {
    /// Every behaviour, grouped by operation, in a stable order; each ``AuthBehaviour/name`` is unique.
    public static let behaviours: [AuthBehaviour] =
        SignUpContract.behaviours
        + SignInContract.behaviours
        + SessionContract.behaviours
        + AccountChangesContract.behaviours
        + SecrecyContract.behaviours

    /// Runs `behaviours` one after another, each against a gateway from `makeGateway`, and reports each
    /// outcome. Never throws: a failing factory, expectation or gateway error is a failed behaviour.
    ///
    /// - Parameters:
    ///   - behaviours: what to run (default: all of ``behaviours``).
    ///   - makeGateway: the gateway for one behaviour (a new one, or a shared one: behaviours use their
    ///     own emails).
    public static func run(
        _ behaviours: [AuthBehaviour] = AuthContract.behaviours,
        makeGateway: @Sendable () async throws -> any AuthGateway
    ) async -> AuthContractReport {
        var failures: [String: String] = [:]
        for behaviour in behaviours {
            do {
                try await behaviour.run(try await makeGateway())
            } catch {
                failures[behaviour.name] = String(describing: error)
            }
        }
        return AuthContractReport(names: behaviours.map(\.name), failures: failures)
    }
}

/// One behaviour of the `AuthGateway` contract: a named check that throws `ContractFailure` (or the
/// gateway's own error) when the gateway is wrong.
public struct AuthBehaviour: Sendable, CustomStringConvertible {
    /// `operation_condition_outcome`, unique in the contract.
    public let name: String
    /// Runs the behaviour against `gateway`; throws when an expectation does not hold.
    public let run: @Sendable (any AuthGateway) async throws -> Void

    /// A behaviour named `name`.
    public init(_ name: String, run: @escaping @Sendable (any AuthGateway) async throws -> Void) {
        self.name = name
        self.run = run
    }

    /// The behaviour's ``name``.
    public var description: String { name }
}

/// What running the contract against one gateway gave.
public struct AuthContractReport: Sendable, CustomStringConvertible {
    /// The behaviours run, in order.
    public let names: [String]
    /// The failed behaviours' names, each with what went wrong.
    public let failures: [String: String]

    /// A report of `names`, of which those in `failures` failed.
    public init(names: [String], failures: [String: String]) {
        self.names = names
        self.failures = failures
    }

    /// Whether every behaviour passed.
    public var allPassed: Bool { failures.isEmpty }

    /// `AuthContract: N behaviours, F failed`, then `FAIL name: why` per failure, in run order.
    public var description: String {
        let lines = names.compactMap { name in failures[name].map { "FAIL \(name): \($0)" } }
        return (["AuthContract: \(names.count) behaviours, \(failures.count) failed"] + lines).joined(separator: "\n")
    }
}
