import Foundation
import GymApplication
import GymDomain
import HearthApplication
import HearthDomain

/// The gym's repositories on Hearth, all on one ``Database`` — whichever adapter the composition root
/// chose (memory, file, Firestore). Only this module knows that Hearth exists.
public struct HearthGymStorage: Sendable {
    public let database: Database

    public init(database: Database) { self.database = database }

    public var members: HearthMemberRepository { HearthMemberRepository(database: database) }
    public var plans: HearthMembershipPlanRepository { HearthMembershipPlanRepository(database: database) }
    public var classes: HearthClassRepository { HearthClassRepository(database: database) }
    public var attendance: HearthAttendanceRepository { HearthAttendanceRepository(database: database) }
    public var setup: HearthAppSetup { HearthAppSetup(database: database) }
}

/// Translates Hearth's errors into the gym's (seed 002: use cases never see the database's errors).
enum GymErrorMapping {
    static func translate(_ error: any Error, context: String) -> GymError {
        if let gymError = error as? GymError { return gymError }
        guard let storeError = error as? DocumentStoreError else { return .invalidData("\(context): \(error)") }
        switch storeError.code {
        case .unavailable, .deadlineExceeded, .resourceExhausted, .aborted, .cancelled, .unauthenticated, .permissionDenied:
            return .connectivity
        default:
            return .invalidData("\(context): \(storeError.message)")
        }
    }

    /// Runs `body`, translating any error.
    @discardableResult
    static func run<T>(_ context: String, _ body: () async throws -> T) async throws(GymError) -> T {
        do {
            return try await body()
        } catch {
            throw translate(error, context: context)
        }
    }
}

/// Deterministic-enough identifiers: Firestore-style 20-character auto-IDs.
public struct AutoIdentifiers: IdentifierSource {
    public init() {}
    public func next() -> String { DocumentIdentifier.autoID().rawValue }
}
