import Foundation

/// A scheduled class (seed 003, `classes/{id}`). Classes created together by a recurring schedule share a
/// ``recurrenceGroupID`` so they can be cancelled together.
public struct GymClass: Identifiable, Hashable, Sendable {
    public let id: String
    public var name: String
    /// The day and start of the class.
    public var date: Date
    /// "HH:mm", as the seed stores it.
    public var startTime: String
    public var durationMinutes: Int
    public var maxCapacity: Int
    public var recurrenceGroupID: String?
    /// `false` once cancelled (soft delete).
    public var isActive: Bool

    public init(
        id: String,
        name: String,
        date: Date,
        startTime: String,
        durationMinutes: Int,
        maxCapacity: Int,
        recurrenceGroupID: String? = nil,
        isActive: Bool = true
    ) {
        self.id = id
        self.name = name
        self.date = date
        self.startTime = startTime
        self.durationMinutes = durationMinutes
        self.maxCapacity = maxCapacity
        self.recurrenceGroupID = recurrenceGroupID
        self.isActive = isActive
    }
}

/// Whether a member came to a class (seed 003, `classAttendance/{id}`).
public struct ClassAttendance: Identifiable, Hashable, Sendable {
    public let id: String
    public var classID: String
    public var memberID: String
    public var attended: Bool
    public var timestamp: Date

    public init(id: String, classID: String, memberID: String, attended: Bool, timestamp: Date) {
        self.id = id
        self.classID = classID
        self.memberID = memberID
        self.attended = attended
        self.timestamp = timestamp
    }
}
