/// Everything that can go wrong in the gym, in the gym's words.
///
/// Infrastructure translates storage failures into these (seed 002's rule: the use cases never see the
/// database's own errors), collapsing them as the app needs: `connectivity` when trying again later may
/// help, `invalidData` when stored data does not make sense.
public enum GymError: Error, Equatable, Sendable {
    case invalidEmail(String)
    case invalidSchedule(String)
    case memberNotFound(String)
    case emailAlreadyRegistered(String)
    case adminAlreadySetUp
    case connectivity
    case invalidData(String)
}
