/// A membership plan (seed 000, `membership_plans/{planId}`): "Mensualidad", 350 MXN, 30 days.
public struct MembershipPlan: Identifiable, Hashable, Sendable {
    public let id: String
    public var name: String
    public var price: Double
    public var currency: String
    public var durationInDays: Int
    public var isActive: Bool
    public var sortOrder: Int

    public init(id: String, name: String, price: Double, currency: String, durationInDays: Int, isActive: Bool = true, sortOrder: Int) {
        self.id = id
        self.name = name
        self.price = price
        self.currency = currency
        self.durationInDays = durationInDays
        self.isActive = isActive
        self.sortOrder = sortOrder
    }
}
