import Foundation
import HearthApplication
import HearthDomain
import HearthPort

/// Models shaped like the gym app of seeds 000 and 003 (`members`, `membership_plans`, `users`,
/// `user_emails`, `classes` with Spanish field names), namespaced so they cannot clash with other tests.
enum Gym {
    enum MembershipStatus: String, Codable, Equatable {
        case active, expired, suspended
    }

    /// `members/{memberId}` (seed 000): many optional fields and dates; the ID is also stored as a field.
    struct Member: Codable, Equatable {
        var id: String
        var firstName: String
        var paternalLastName: String
        var maternalLastName: String?
        var phone: String?
        var emergencyPhone: String?
        var diseases: String?
        var injuries: String?
        var otherNotes: String?
        var birthDate: Date?
        var guardianInfo: String?
        var membershipPlanId: String?
        var membershipStatus: MembershipStatus
        var registrationDate: Date
        var membershipStartDate: Date?
        var membershipEndDate: Date?
        var familyGroupId: String?
        var isActive: Bool
        var createdAt: Date
        var updatedAt: Date
    }

    /// `membership_plans/{planId}` (seed 000): a `Double` price and an `Int` duration.
    struct MembershipPlan: Codable, Equatable {
        var id: String
        var name: String
        var price: Double
        var currency: String
        var durationInDays: Int
        var description: String?
        var isActive: Bool
        var sortOrder: Int
        var createdAt: Date
        var updatedAt: Date
    }

    enum Role: String, Codable, Equatable {
        case admin, receptionist, member
    }

    /// `users/{uid}` (seed 000): `phone` and `photoURL` are stored as explicit nulls.
    struct User: Codable, Equatable {
        @DocumentID var id: String?
        var email: String
        var fullName: String
        @ExplicitNull var phone: String?
        var role: Role
        var isActive: Bool
        @ExplicitNull var photoURL: URL?
        var createdAt: Date
        var updatedAt: Date
    }

    /// `user_emails/{email}` (seed 000): `createdAt` is set by the server.
    struct UserEmail: Codable, Equatable {
        var primaryUserId: String
        var email: String
        @ServerTimestamp var createdAt: Timestamp?
    }

    /// `classes/{id}` (seed 003) as the seed declares it: `let` properties, Spanish field names, and
    /// `isActive` defaulting to true in a hand-written `init(from:)`. The ID comes from the document path.
    struct GymClass: Codable, Equatable, Identifiable {
        let id: String
        let name: String
        let date: Date
        let startTime: String
        let durationMinutes: Int
        let maxCapacity: Int
        let gymId: String
        let description: String?
        let isActive: Bool
        let recurrenceGroupId: String?
        let createdAt: Date
        let updatedAt: Date

        enum CodingKeys: String, CodingKey {
            case id
            case name = "nombre"
            case date = "fecha"
            case startTime = "horaInicio"
            case durationMinutes = "duracionMin"
            case maxCapacity = "capacidadMax"
            case gymId, description, isActive, recurrenceGroupId, createdAt, updatedAt
        }

        init(
            id: String, name: String, date: Date, startTime: String, durationMinutes: Int, maxCapacity: Int,
            gymId: String = "sajarubox", description: String? = nil, isActive: Bool = true,
            recurrenceGroupId: String? = nil, createdAt: Date, updatedAt: Date
        ) {
            self.id = id
            self.name = name
            self.date = date
            self.startTime = startTime
            self.durationMinutes = durationMinutes
            self.maxCapacity = maxCapacity
            self.gymId = gymId
            self.description = description
            self.isActive = isActive
            self.recurrenceGroupId = recurrenceGroupId
            self.createdAt = createdAt
            self.updatedAt = updatedAt
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(DocumentID<String>.self, forKey: .id).wrappedValue ?? ""
            name = try container.decode(String.self, forKey: .name)
            date = try container.decode(Date.self, forKey: .date)
            startTime = try container.decode(String.self, forKey: .startTime)
            durationMinutes = try container.decode(Int.self, forKey: .durationMinutes)
            maxCapacity = try container.decode(Int.self, forKey: .maxCapacity)
            gymId = try container.decode(String.self, forKey: .gymId)
            description = try container.decodeIfPresent(String.self, forKey: .description)
            isActive = try container.decodeIfPresent(Bool.self, forKey: .isActive) ?? true
            recurrenceGroupId = try container.decodeIfPresent(String.self, forKey: .recurrenceGroupId)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
            updatedAt = try container.decode(Date.self, forKey: .updatedAt)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(date, forKey: .date)
            try container.encode(startTime, forKey: .startTime)
            try container.encode(durationMinutes, forKey: .durationMinutes)
            try container.encode(maxCapacity, forKey: .maxCapacity)
            try container.encode(gymId, forKey: .gymId)
            try container.encodeIfPresent(description, forKey: .description)
            try container.encode(isActive, forKey: .isActive)
            try container.encodeIfPresent(recurrenceGroupId, forKey: .recurrenceGroupId)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(updatedAt, forKey: .updatedAt)
        }
    }

    /// The same class with everything synthesized: wrappers instead of hand-written code.
    struct WrappedGymClass: Codable, Equatable {
        @DocumentID var id: String?
        var name: String
        var date: Date
        var startTime: String
        var durationMinutes: Int
        var maxCapacity: Int
        var gymId: String
        var description: String?
        @DefaultValue<DefaultValues.True> var isActive: Bool
        var recurrenceGroupId: String?
        @ServerTimestamp var createdAt: Timestamp?
        @ServerTimestamp var updatedAt: Date?

        enum CodingKeys: String, CodingKey {
            case id
            case name = "nombre"
            case date = "fecha"
            case startTime = "horaInicio"
            case durationMinutes = "duracionMin"
            case maxCapacity = "capacidadMax"
            case gymId, description, isActive, recurrenceGroupId, createdAt, updatedAt
        }
    }

    /// `classAttendance/{id}` (seed 003): `attended` is stored as `asistio`.
    struct ClassAttendance: Codable, Equatable {
        @DocumentID var id: String?
        var classId: String
        var userId: String?
        var memberId: String?
        var attended: Bool
        var timestamp: Date

        enum CodingKeys: String, CodingKey {
            case id, classId, userId, memberId
            case attended = "asistio"
            case timestamp
        }
    }

    enum BookingStatus: String, Codable, Equatable {
        case confirmed = "confirmada"
        case cancelled = "cancelada"
    }

    /// `classBookings/{id}` (seed 003): `status` is stored as `estado`.
    struct ClassBooking: Codable, Equatable {
        @DocumentID var id: String?
        var classId: String
        var userId: String
        var gymId: String
        var status: BookingStatus
        var createdAt: Date

        enum CodingKeys: String, CodingKey {
            case id, classId, userId, gymId
            case status = "estado"
            case createdAt
        }
    }
}

/// Dates that survive `Date` → `Timestamp` → `Date` exactly (whole seconds or binary fractions).
enum GymDates {
    static func at(_ rfc3339: String) -> Date {
        (try? Timestamp(rfc3339: rfc3339).date) ?? Date(timeIntervalSince1970: 0)
    }

    static let classDay = at("2026-02-03T00:00:00Z")
    static let created = at("2026-01-10T12:00:00Z")
    static let updated = at("2026-01-15T10:30:00.25Z")
}
