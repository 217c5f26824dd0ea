public import HearthDomain

/// How many failed sign-ins ``FileAuthGateway`` allows per email before it answers `tooManyRequests`.
///
/// When an email has had ``maximumFailures`` failed sign-ins (a wrong password, or an email with no
/// account) within the last ``window``, every sign-in with it answers `tooManyRequests` without checking
/// the password, even a right one, until the oldest of those failures is older than ``window``. A
/// successful sign-in forgets the email's failures. Successful sign-ins are never limited, and answers
/// refused this way are not failures themselves (they do not extend the wait).
public struct SignInFailureLimit: Hashable, Sendable, CustomStringConvertible {
    /// The failures allowed within ``window``: at least 1.
    public let maximumFailures: Int
    /// How far back failures count: more than zero.
    public let window: Duration

    /// 5 failures per 15 minutes: a user who mistypes a few times is not stopped, and guessing is held to
    /// 20 passwords an hour per account.
    public static let `default` = SignInFailureLimit(checkedMaximumFailures: 5, window: .seconds(900))

    /// Validates the limit: throws `internal` naming `maximumFailures` when it is below 1, or `window`
    /// when it is not positive.
    public init(maximumFailures: Int, window: Duration) throws(AuthError) {
        guard maximumFailures >= 1 else {
            throw AuthError(.internal, "maximumFailures: must be at least 1 (it is \(maximumFailures)).")
        }
        guard window > .zero else { throw AuthError(.internal, "window: must be positive.") }
        self.init(checkedMaximumFailures: maximumFailures, window: window)
    }

    private init(checkedMaximumFailures maximumFailures: Int, window: Duration) {
        self.maximumFailures = maximumFailures
        self.window = window
    }

    /// `5 failures per 900.0 seconds`.
    public var description: String { "\(maximumFailures) failures per \(window)" }
}
