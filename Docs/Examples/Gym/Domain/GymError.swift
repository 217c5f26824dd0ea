/// Everything that can go wrong in the gym, in the gym's words.
///
/// Infrastructure translates storage failures into these (seed 002's rule: the use cases never see the
/// database's own errors), collapsing them as the app needs: `connectivity` when trying again later may
/// help, `invalidData` when stored data does not make sense. Signing in has its own cases, translated the
/// same way from the authentication service's errors: none of them holds a password or a token.
public enum GymError: Error, Equatable, Sendable {
    case invalidEmail(String)
    case invalidSchedule(String)
    case memberNotFound(String)
    case emailAlreadyRegistered(String)
    case adminAlreadySetUp
    /// The service could not be reached or answered nonsense: try again later.
    case connectivity
    case invalidData(String)

    // MARK: Signing in

    /// The password field was left empty: refused before anything was sent.
    case missingPassword
    /// The email or the password is wrong. One answer for both, so that nobody can find out which
    /// addresses have an account by trying them.
    case invalidCredentials
    /// Too many failed attempts on this account: wait before trying again.
    case tooManyAttempts
    /// The staff member's account is disabled (somebody left the gym): the desk cannot fix this.
    case accountDisabled
    /// The signed-in session ended (the account was deleted, its password changed, or the sign-in is too
    /// old for what was asked): sign in again.
    case sessionExpired
}
