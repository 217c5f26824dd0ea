import Foundation

/// A gym member (seed 000, `members/{memberId}`). Pure domain: no database types here.
public struct Member: Identifiable, Hashable, Sendable {
    public let id: String
    public var firstName: String
    public var paternalLastName: String
    public var maternalLastName: String?
    public var email: Email?
    public var phone: String?
    public var membershipPlanID: String?
    /// `false` after a soft delete: the gym keeps members' history instead of deleting them.
    public var isActive: Bool
    public var registeredAt: Date

    public init(
        id: String,
        firstName: String,
        paternalLastName: String,
        maternalLastName: String? = nil,
        email: Email? = nil,
        phone: String? = nil,
        membershipPlanID: String? = nil,
        isActive: Bool = true,
        registeredAt: Date
    ) {
        self.id = id
        self.firstName = firstName
        self.paternalLastName = paternalLastName
        self.maternalLastName = maternalLastName
        self.email = email
        self.phone = phone
        self.membershipPlanID = membershipPlanID
        self.isActive = isActive
        self.registeredAt = registeredAt
    }

    /// "Juan García López".
    public var fullName: String {
        [firstName, paternalLastName, maternalLastName].compactMap { $0 }.joined(separator: " ")
    }

    /// Whether the member's names or phone contain `text` (case-insensitive): the gym's text search.
    public func matches(_ text: String) -> Bool {
        let needle = text.lowercased()
        return firstName.lowercased().contains(needle) || paternalLastName.lowercased().contains(needle)
            || (maternalLastName?.lowercased().contains(needle) ?? false) || (phone?.contains(text) ?? false)
    }
}
