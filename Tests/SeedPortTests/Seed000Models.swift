// The types seed 000 uses without declaring them: a user's own domain code, written as a Firebase user
// would write it (Codable models with `Date`s, a repository protocol, a domain error).

import Foundation

public protocol MemberRepository: Actor {
    func getMember(byId memberId: String) async throws -> Member?
    func getAllMembers() async throws -> [Member]
    func getActiveMembers() async throws -> [Member]
    func deleteMember(_ memberId: String) async throws
}

public enum MemberError: Error, Equatable {
    case memberNotFound
}

/// `members/{memberId}`, as the seed's "Estructura de documentos" shows it.
public struct Member: Codable, Equatable, Sendable {
    public var id: String
    public var firstName: String
    public var paternalLastName: String
    public var maternalLastName: String?
    public var phone: String?
    public var emergencyPhone: String?
    public var diseases: String?
    public var injuries: String?
    public var otherNotes: String?
    public var birthDate: Date?
    public var guardianInfo: String?
    public var membershipPlanId: String?
    public var membershipStatus: String
    public var registrationDate: Date
    public var membershipStartDate: Date?
    public var membershipEndDate: Date?
    public var familyGroupId: String?
    public var isActive: Bool
    public var createdAt: Date
    public var updatedAt: Date
}

/// `users/{uid}`, as the seed shows it (the seed calls its value `user`).
public struct AppUser: Codable, Equatable, Sendable {
    public var id: String
    public var email: String
    public var fullName: String
    public var phone: String?
    public var role: String
    public var isActive: Bool
    public var photoURL: String?
    public var createdAt: Date
    public var updatedAt: Date
}
