import GymInfrastructure
import Testing

/// One use-case test of the gym, written once and run on every store (see `GymUseCaseTests`): a name and
/// a body that arranges, acts and asserts on a fresh, empty gym.
struct GymUseCase: Sendable, CustomTestStringConvertible {
    let name: String
    let run: @Sendable (HearthGymStorage) async throws -> Void

    init(_ name: String, _ run: @escaping @Sendable (HearthGymStorage) async throws -> Void) {
        self.name = name
        self.run = run
    }

    var testDescription: String { name }
}
