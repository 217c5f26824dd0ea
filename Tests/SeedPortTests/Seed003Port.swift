// Seed 003 ("Modulo de Clases", ../shared/seeds/003_6c7fbd09d2bf4e7f.txt), ported to Hearth.
//
// Between the BEGIN/END SEED markers: the seed's models, repository protocols, its encoder (Swift ->
// Firestore, `[String: Any]` with `Timestamp(date:)`) and its batch write, as written; lines that are not
// the seed's end in `// port:` (the repository type the seed's snippets live in). The only changed line is
// the import (the seed has none; it is written for `import FirebaseFirestore`). `SeedLineTests` checks it.
// The seed's last two blocks are not Firestore code (`@Dependency` is Point-Free's swift-dependencies, the
// tab is SwiftUI) and are not ported. The rest of the repository, which the seed describes in prose
// ("casting manual ... isActive defaults a true"), is in Seed003Repository.swift.

// BEGIN SEED 003
import Hearth

public struct GymClass: Codable, Identifiable, Equatable, Sendable {
    public let id: String
    public let name: String              // Firestore: "nombre"
    public let date: Date                // Firestore: "fecha"
    public let startTime: String         // Firestore: "horaInicio" (HH:mm)
    public let durationMinutes: Int      // Firestore: "duracionMin"
    public let maxCapacity: Int          // Firestore: "capacidadMax"
    public let gymId: String             // Siempre "sajarubox"
    public let description: String?      // Opcional (iOS only)
    public let isActive: Bool            // Soft delete (iOS only)
    public let recurrenceGroupId: String? // Agrupa clases en lote (iOS only)
    public let createdAt: Date
    public let updatedAt: Date
}

public struct ClassAttendance: Codable, Identifiable, Equatable, Sendable {
    public let id: String
    public let classId: String           // FK a classes
    public let userId: String?           // FK a users
    public let memberId: String?         // FK a members (iOS only)
    public let attended: Bool            // Firestore: "asistio"
    public let timestamp: Date
}

public struct ClassBooking: Codable, Identifiable, Equatable, Sendable {
    public let id: String
    public let classId: String
    public let userId: String
    public let gymId: String
    public let status: String            // Firestore: "estado"
    public let createdAt: Date
}

public protocol GymClassRepository: Sendable {
    func getClasses(for date: Date) async throws -> [GymClass]
    func getClassesInRange(from: Date, to: Date) async throws -> [GymClass]
    func getClass(byId id: String) async throws -> GymClass?
    func createClass(_ gymClass: GymClass) async throws -> GymClass
    func createClasses(_ classes: [GymClass]) async throws  // Batch
    func updateClass(_ gymClass: GymClass) async throws -> GymClass
    func deleteClass(_ id: String) async throws              // Soft delete
    func deleteRecurrenceGroup(_ groupId: String) async throws
}

public protocol ClassAttendanceRepository: Sendable {
    func getAttendance(for classId: String) async throws -> [ClassAttendance]
    func getAttendanceForMember(_ memberId: String, in range: ClosedRange<Date>) async throws -> [ClassAttendance]
}

public struct FirestoreGymClassRepository: GymClassRepository { // port:
let db: Firestore // port:
var collection: CollectionReference { db.collection("classes") } // port:
public init(db: Firestore) { self.db = db } // port:

private func encode(_ gymClass: GymClass) -> [String: Any] {
    var data: [String: Any] = [
        "nombre": gymClass.name,
        "fecha": Timestamp(date: gymClass.date),
        "horaInicio": gymClass.startTime,
        "duracionMin": gymClass.durationMinutes,
        "capacidadMax": gymClass.maxCapacity,
        "gymId": gymClass.gymId,
        "isActive": gymClass.isActive,
        "createdAt": Timestamp(date: gymClass.createdAt),
        "updatedAt": Timestamp(date: gymClass.updatedAt)
    ]
    if let desc = gymClass.description { data["description"] = desc }
    if let groupId = gymClass.recurrenceGroupId { data["recurrenceGroupId"] = groupId }
    return data
}

public func createClasses(_ classes: [GymClass]) async throws { // port:
let batch = db.batch()
for gymClass in classes {
    let ref = collection.document(gymClass.id)
    batch.setData(encode(gymClass), forDocument: ref)
}
try await batch.commit()
} // port:
} // port:
// END SEED 003
