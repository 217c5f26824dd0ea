import Foundation
import HearthApplication
import HearthDomain
import HearthPort
import Testing

/// Which overload a call takes: literals stay on the `FieldValue` / `UserFields` forms (which keep
/// canonically equal keys apart, something neither a Swift dictionary nor `Any` can do), variables take
/// the typed forms, and `Any` the Firebase forms. Each line here must also compile without ambiguity.
@Suite("Values in: overload resolution")
struct OverloadResolutionTests {
    private static let precomposed = "\u{E9}"
    private static let decomposed = "e\u{301}"

    @Test func literalOfFieldValues_staysOnUserFields_keepingCanonicallyEqualKeys() async throws {
        let db = try makeValuesDatabase()
        let reference = db.document("c/d")

        try await reference.setData([Self.precomposed: 1, Self.decomposed: FieldValue.serverTimestamp()])
        try await reference.setData([Self.precomposed: 2, Self.decomposed: 3], merge: true)
        try await reference.updateData([Self.precomposed: true, Self.decomposed: nil])
        try await db.document("c/e").create(data: [Self.precomposed: "x", Self.decomposed: ["y"]])
        try await db.document("c/f").setData(
            [Self.precomposed: ["a": 1], Self.decomposed: 1.5], mergeFields: [Self.precomposed, Self.decomposed])
        let added = try await db.collection("c").addDocument(data: [Self.precomposed: 1, Self.decomposed: 2])
        let batch = db.batch()
        batch.setData([Self.precomposed: 1, Self.decomposed: 2], forDocument: db.document("c/g"), merge: true)
        try await batch.commit()

        #expect(
            try await storedFields(db, "c/d")
                == MapValue([(Self.precomposed, .boolean(true)), (Self.decomposed, .null)]))
        #expect(try await storedFields(db, "c/e").count == 2)
        #expect(try await storedFields(db, "c/f").count == 2)
        #expect(try await storedFields(db, "c/g").count == 2)
        #expect(try await storedFields(db, "c/\(added.documentID)").count == 2)
    }

    @Test func literalHoldingVariables_takesTheTypedPath() async throws {
        let db = try makeValuesDatabase()
        let name = "Ana"
        let visits = 3
        let joined = Date(timeIntervalSince1970: 10)
        let nickname: String? = nil

        try await db.document("c/d").setData([
            "name": name,
            "visits": visits,
            "joined": joined,
            "nickname": nickname,
            "tags": ["a", "b"],
            "active": true,
            "createdAt": FieldValue.serverTimestamp(),
        ])

        let fields = try await storedFields(db, "c/d")
        #expect(fields["name"] == .string("Ana"))
        #expect(fields["visits"] == .integer(3))
        #expect(fields["joined"] == .timestamp(try Timestamp(seconds: 10)))
        #expect(fields["nickname"] == .null)
        #expect(fields["tags"] == .array(["a", "b"]))
        #expect(fields["createdAt"]?.timestampValue != nil)
    }

    @Test func literalWithAHeterogeneousNestedMapOfVariables_takesTheAnyPath() async throws {
        let db = try makeValuesDatabase()
        let city = "Puebla"
        let zip = 72_000

        try await db.document("c/d").setData([
            "address": ["city": city, "zip": zip], "updatedAt": FieldValue.serverTimestamp(),
        ])

        #expect(try await storedFields(db, "c/d")["address"] == .map(["city": "Puebla", "zip": 72_000]))
    }

    @Test func dictionaryVariables_ofEachType() async throws {
        let db = try makeValuesDatabase()
        let userFields: UserFields = ["a": 1]
        let fieldValues: [String: FieldValue] = ["b": 2]
        let strings: [String: String] = ["c": "3"]
        let typed: [String: any FieldValueConvertible] = ["d": 4]
        let any: [String: Any] = ["e": 5]
        let reference = db.document("c/d")

        try await reference.setData(userFields)
        try await reference.setData(fieldValues, merge: true)
        try await reference.setData(strings, merge: true)
        try await reference.setData(typed, merge: true)
        try await reference.setData(any, merge: true)
        try await reference.updateData(strings)
        try await reference.updateData(typed)
        try await reference.updateData(any)

        #expect(try await storedFields(db, "c/d") == ["a": 1, "b": 2, "c": "3", "d": 4, "e": 5])
    }

    @Test func batchAndTransaction_takeEveryShape() async throws {
        let db = try makeValuesDatabase()
        let name = "Ana"
        let any: [String: Any] = ["n": 1]
        let update: [String: Any] = ["n": 2]
        let batch = db.batch()
        batch.setData(["literal": 1], forDocument: db.document("c/a"))
        batch.setData(["name": name], forDocument: db.document("c/b"))
        batch.setData(any, forDocument: db.document("c/c"))
        batch.setData(any, forDocument: db.document("c/c"), merge: true)
        batch.setData(any, forDocument: db.document("c/d"), mergeFields: ["n"])
        batch.create(data: any, forDocument: db.document("c/e"))
        batch.create(data: ["name": name], forDocument: db.document("c/f"))
        batch.updateData(update, forDocument: db.document("c/c"))
        batch.updateData(["name": name.uppercased()], forDocument: db.document("c/b"))
        try await batch.commit()

        try await db.runTransaction { transaction in
            _ = try await transaction.getDocument(db.document("c/c"))
            transaction.setData(["name": name], forDocument: db.document("c/t"))
            transaction.updateData(["n": 3] as [AnyHashable: Any], forDocument: db.document("c/c"))
        }

        #expect(try await storedFields(db, "c/a") == ["literal": 1])
        #expect(try await storedFields(db, "c/b") == ["name": "ANA"])
        #expect(try await storedFields(db, "c/c") == ["n": 3])
        #expect(try await storedFields(db, "c/d") == ["n": 1])
        #expect(try await storedFields(db, "c/e") == ["n": 1])
        #expect(try await storedFields(db, "c/f") == ["name": "Ana"])
        #expect(try await storedFields(db, "c/t") == ["name": "Ana"])
    }

    @Test func whereFieldLiterals_keepWorking() throws {
        let members = try makeValuesDatabase().collection("members")
        let query =
            members
            .whereField("active", isEqualTo: true)
            .whereField("plan", isNotEqualTo: nil)
            .whereField("tier", in: ["a", "b"])
            .whereField("age", isGreaterThan: 18)
            .whereField("score", isLessThan: 9.5)
            .whereField("tags", arrayContainsAny: ["x", 1])
            .whereField("blob", isNotEqualTo: .value(.bytes(Data([1]))))
        let built = try query.builder.build()

        guard case .composite(.and, let filters)? = built.query.filter else {
            Issue.record("expected an AND of filters, got \(String(describing: built.query.filter))")
            return
        }
        #expect(filters.count == 7)
        #expect(filters[0] == .field(try FieldPath("active"), .equal, true))
        #expect(filters[1] == .unary(try FieldPath("plan"), .isNotNull))
        #expect(filters[2] == .field(try FieldPath("tier"), .in, ["a", "b"]))
        #expect(filters[5] == .field(try FieldPath("tags"), .arrayContainsAny, ["x", 1]))
    }

    @Test func realisticLiterals_typeCheck() async throws {
        // Long literals mixing variables, literals, optionals and sentinels: these must compile quickly
        // (no "unable to type-check this expression in reasonable time").
        let db = try makeValuesDatabase()
        let member = (
            id: "m1", firstName: "Ana", lastName: "López", email: "a@b.c", phone: "555", age: 31, plan: "gold",
            notes: Optional<String>.none
        )
        try await db.document("members/m1").setData([
            "id": member.id,
            "firstName": member.firstName,
            "paternalLastName": member.lastName,
            "email": member.email,
            "phone": member.phone,
            "age": member.age,
            "plan": member.plan,
            "notes": member.notes,
            "isActive": true,
            "visits": 0,
            "tags": ["new"],
            "joinedAt": Date(timeIntervalSince1970: 0),
            "createdAt": FieldValue.serverTimestamp(),
            "updatedAt": FieldValue.serverTimestamp(),
        ])
        try await db.document("members/m1").updateData([
            "isActive": false,
            "email": member.email.uppercased(),
            "visits": FieldValue.increment(Int64(1)),
            "tags": FieldValue.arrayUnion([member.plan]),
            "updatedAt": FieldValue.serverTimestamp(),
        ])
        let data: [String: Any] = [
            "nombre": member.firstName, "fecha": Timestamp(date: Date()), "horaInicio": "07:00", "duracionMin": 60,
            "capacidadMax": 12, "gymId": "g1", "isActive": true, "createdAt": Timestamp(date: Date()),
            "updatedAt": Timestamp(date: Date()),
        ]
        try await db.document("classes/c1").setData(data)

        let fields = try await storedFields(db, "members/m1")
        #expect(fields["visits"] == .integer(1))
        #expect(fields["tags"] == .array(["new", "gold"]))
        #expect(fields["email"] == .string("A@B.C"))
        #expect(fields["notes"] == .null)
        #expect(try await storedFields(db, "classes/c1")["duracionMin"] == .integer(60))
    }
}
