import Foundation
import GymApplication
import GymDomain
import HearthApplication
import HearthDomain

/// Membership plans in `membership_plans/{id}`.
public struct HearthMembershipPlanRepository: MembershipPlanRepository {
    let database: Database

    private var plans: CollectionReference { database.collection("membership_plans") }

    public func save(_ plans: [MembershipPlan]) async throws(GymError) {
        try await GymErrorMapping.run("saving plans") {
            let batch = database.batch()
            for plan in plans { try batch.setData(from: PlanRecord(plan), forDocument: self.plans.document(plan.id)) }
            try await batch.commit()
        }
    }

    public func activePlans() async throws(GymError) -> [MembershipPlan] {
        try await GymErrorMapping.run("listing plans") {
            try await plans.whereField("isActive", isEqualTo: true).order(by: "sortOrder")
                .getDocuments(as: PlanRecord.self).map { try $0.domain() }
        }
    }
}

struct PlanRecord: Codable {
    @DocumentID var id: String?
    var name: String
    var price: Double
    var currency: String
    var durationInDays: Int
    var isActive: Bool
    var sortOrder: Int

    init(_ plan: MembershipPlan) {
        name = plan.name
        price = plan.price
        currency = plan.currency
        durationInDays = plan.durationInDays
        isActive = plan.isActive
        sortOrder = plan.sortOrder
    }

    func domain() throws(GymError) -> MembershipPlan {
        guard let id else { throw .invalidData("plan without an ID") }
        return MembershipPlan(id: id, name: name, price: price, currency: currency, durationInDays: durationInDays, isActive: isActive, sortOrder: sortOrder)
    }
}

/// Classes in `classes/{id}`, stored with the Spanish field names the seed's Android app uses
/// (`nombre`, `fecha`, `horaInicio`, `duracionMin`, `capacidadMax`); `isActive` defaults to true when an
/// older document lacks it.
public struct HearthClassRepository: ClassRepository {
    let database: Database

    private var classes: CollectionReference { database.collection("classes") }

    public func saveAll(_ classes: [GymClass]) async throws(GymError) {
        try await GymErrorMapping.run("saving \(classes.count) classes") {
            let batch = database.batch()
            for gymClass in classes { try batch.setData(from: ClassRecord(gymClass), forDocument: self.classes.document(gymClass.id)) }
            try await batch.commit()
        }
    }

    public func activeClasses(from: Date, to: Date) async throws(GymError) -> [GymClass] {
        try await GymErrorMapping.run("listing classes") {
            try await classes
                .whereField("fecha", isGreaterThanOrEqualTo: .timestamp(Timestamp(date: from)))
                .whereField("fecha", isLessThan: .timestamp(Timestamp(date: to)))
                .order(by: "fecha")
                .getDocuments(as: ClassRecord.self)
                .filter(\.isActive)
                .map { try $0.domain() }
        }
    }

    /// Finds the group's classes, then cancels them all in one batch.
    public func cancelRecurrenceGroup(_ groupID: String) async throws(GymError) -> Int {
        try await GymErrorMapping.run("cancelling recurrence group \(groupID)") {
            let group = try await classes.whereField("recurrenceGroupId", isEqualTo: .value(.string(groupID))).getDocuments()
            let batch = database.batch()
            for document in group.documents {
                batch.updateData(["isActive": false, "updatedAt": FieldValue.serverTimestamp()], forDocument: document.reference)
            }
            try await batch.commit()
            return group.count
        }
    }
}

struct ClassRecord: Codable {
    @DocumentID var id: String?
    var name: String
    var date: Date
    var startTime: String
    var durationMinutes: Int
    var maxCapacity: Int
    var gymId: String
    @DefaultValue<DefaultValues.True> var isActive: Bool
    var recurrenceGroupId: String?
    @ServerTimestamp var createdAt: Timestamp?
    @ServerTimestamp var updatedAt: Timestamp?

    enum CodingKeys: String, CodingKey {
        case id
        case name = "nombre"
        case date = "fecha"
        case startTime = "horaInicio"
        case durationMinutes = "duracionMin"
        case maxCapacity = "capacidadMax"
        case gymId, isActive, recurrenceGroupId, createdAt, updatedAt
    }

    init(_ gymClass: GymClass) {
        name = gymClass.name
        date = gymClass.date
        startTime = gymClass.startTime
        durationMinutes = gymClass.durationMinutes
        maxCapacity = gymClass.maxCapacity
        gymId = "sajarubox"
        isActive = gymClass.isActive
        recurrenceGroupId = gymClass.recurrenceGroupID
    }

    func domain() throws(GymError) -> GymClass {
        guard let id else { throw .invalidData("class without an ID") }
        return GymClass(
            id: id, name: name, date: date, startTime: startTime, durationMinutes: durationMinutes, maxCapacity: maxCapacity,
            recurrenceGroupID: recurrenceGroupId, isActive: isActive
        )
    }
}

/// Attendance in `classAttendance/{id}` (`asistio` = attended).
public struct HearthAttendanceRepository: AttendanceRepository {
    let database: Database

    private var attendance: CollectionReference { database.collection("classAttendance") }

    public func record(_ entry: ClassAttendance) async throws(GymError) {
        try await GymErrorMapping.run("recording attendance \(entry.id)") {
            try await attendance.document(entry.id).setData(DocumentEncoder().encode(AttendanceRecord(entry)))
        }
    }

    public func attendance(memberID: String, from: Date, to: Date) async throws(GymError) -> [ClassAttendance] {
        try await GymErrorMapping.run("reading attendance of \(memberID)") {
            try await attendance
                .whereField("memberId", isEqualTo: .value(.string(memberID)))
                .whereField("timestamp", isGreaterThanOrEqualTo: .timestamp(Timestamp(date: from)))
                .whereField("timestamp", isLessThan: .timestamp(Timestamp(date: to)))
                .order(by: "timestamp")
                .getDocuments(as: AttendanceRecord.self)
                .map { try $0.domain() }
        }
    }
}

struct AttendanceRecord: Codable {
    @DocumentID var id: String?
    var classId: String
    var memberId: String
    var attended: Bool
    var timestamp: Date

    enum CodingKeys: String, CodingKey {
        case id, classId, memberId, timestamp
        case attended = "asistio"
    }

    init(_ entry: ClassAttendance) {
        classId = entry.classID
        memberId = entry.memberID
        attended = entry.attended
        timestamp = entry.timestamp
    }

    func domain() throws(GymError) -> ClassAttendance {
        guard let id else { throw .invalidData("attendance without an ID") }
        return ClassAttendance(id: id, classID: classId, memberID: memberId, attended: attended, timestamp: timestamp)
    }
}

/// `app_config/setup`, created once (precondition `exists: false`).
public struct HearthAppSetup: AppSetup {
    let database: Database

    private var setupDocument: DocumentReference { database.document("app_config/setup") }

    public func isComplete() async throws(GymError) -> Bool {
        try await GymErrorMapping.run("reading setup") { try await setupDocument.getDocument().exists }
    }

    public func complete(adminUserID: String) async throws(GymError) {
        do {
            try await setupDocument.create(data: ["adminUserId": .value(.string(adminUserID)), "createdAt": FieldValue.serverTimestamp()])
        } catch let error as DocumentStoreError where error.code == .alreadyExists {
            throw .adminAlreadySetUp
        } catch {
            throw GymErrorMapping.translate(error, context: "completing setup")
        }
    }
}
