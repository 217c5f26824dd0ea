public import HearthDomain
public import HearthPort

/// Who makes a request of the engine, and the policy that decides it (the security rules): the engine asks
/// `policy` before every read, query, listener, listing and write of a caller other than `admin`.
public struct Caller: Sendable {
    /// Who asks (`AuthContext.admin` bypasses the policy).
    public let context: AuthContext
    /// What decides.
    public let policy: any AccessPolicy

    /// `context`, decided by `policy`.
    public init(_ context: AuthContext, policy: any AccessPolicy) {
        self.context = context
        self.policy = policy
    }

    /// Whether the engine asks the policy at all (every context but `admin`).
    var isChecked: Bool { context != .admin }
}
