// The rest of seed 003's `FirestoreGymClassRepository`, which the seed describes in prose rather than
// code: decoding by casting (`data["nombre"] as? String`) with defaults for missing fields (`isActive`
// is `true` when absent, for documents written by the Android app), queries by date, soft delete. It is
// written the way a Firebase user writes it, and so exercises Firebase's shapes: Swift `Date`s and
// `Timestamp`s in filters, `[String: Any]` out, `as?` casts.

import Hearth

extension FirestoreGymClassRepository {
    func decode(_ data: [String: Any], id: String) -> GymClass? {
        guard
            let name = data["nombre"] as? String,
            let date = (data["fecha"] as? Timestamp)?.dateValue(),
            let startTime = data["horaInicio"] as? String,
            let durationMinutes = data["duracionMin"] as? Int,
            let maxCapacity = data["capacidadMax"] as? Int
        else { return nil }
        return GymClass(
            id: id,
            name: name,
            date: date,
            startTime: startTime,
            durationMinutes: durationMinutes,
            maxCapacity: maxCapacity,
            gymId: data["gymId"] as? String ?? "sajarubox",
            description: data["description"] as? String,
            isActive: data["isActive"] as? Bool ?? true,
            recurrenceGroupId: data["recurrenceGroupId"] as? String,
            createdAt: (data["createdAt"] as? Timestamp)?.dateValue() ?? date,
            updatedAt: (data["updatedAt"] as? Timestamp)?.dateValue() ?? date
        )
    }

    public func getClasses(for date: Date) async throws -> [GymClass] {
        let start = Calendar(identifier: .gregorian).startOfDay(for: date)
        return try await getClassesInRange(from: start, to: start.addingTimeInterval(86_400))
    }

    public func getClassesInRange(from: Date, to: Date) async throws -> [GymClass] {
        let snapshot =
            try await collection
            .whereField("fecha", isGreaterThanOrEqualTo: Timestamp(date: from))
            .whereField("fecha", isLessThan: to)
            .order(by: "fecha")
            .getDocuments()
        return snapshot.documents.compactMap { decode($0.data(), id: $0.documentID) }.filter(\.isActive)
    }

    public func getClass(byId id: String) async throws -> GymClass? {
        let document = try await collection.document(id).getDocument()
        guard let data = document.data() else { return nil }
        return decode(data, id: document.documentID)
    }

    public func createClass(_ gymClass: GymClass) async throws -> GymClass {
        try await createClasses([gymClass])
        return gymClass
    }

    public func updateClass(_ gymClass: GymClass) async throws -> GymClass {
        try await createClasses([gymClass])
        return gymClass
    }

    public func deleteClass(_ id: String) async throws {
        try await collection.document(id).updateData(["isActive": false, "updatedAt": FieldValue.serverTimestamp()])
    }

    public func deleteRecurrenceGroup(_ groupId: String) async throws {
        let snapshot = try await collection.whereField("recurrenceGroupId", isEqualTo: groupId).getDocuments()
        let batch = db.batch()
        for document in snapshot.documents {
            batch.updateData(["isActive": false], forDocument: document.reference)
        }
        try await batch.commit()
    }
}
