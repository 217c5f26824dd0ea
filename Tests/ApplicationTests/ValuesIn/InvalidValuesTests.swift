import Foundation
import HearthApplication
import HearthDomain
import HearthPort
import Synchronization
import Testing

/// Values Firestore cannot store: `invalidArgument` naming the field path, never a trap, nothing written.
@Suite("Values in: unsupported values")
struct InvalidValuesTests {
    @Test func classInstance_isInvalidArgumentNamingTheField() async throws {
        let db = try makeValuesDatabase()
        let data: [String: Any] = ["coach": UnsupportedThing()]

        let message = await invalidArgumentMessage { try await db.document("c/d").setData(data) }

        #expect(message.contains("'coach'"))
        #expect(message.contains("UnsupportedThing"))
        #expect(try await db.document("c/d").getDocument().exists == false)
    }

    @Test func nonConvertibleStruct_deepInside_namesTheFullPathWithIndices() async throws {
        let db = try makeValuesDatabase()
        let data: [String: Any] = ["members": [["name": "Ana"], ["name": "Luis", "age": PlainStruct()]]]

        let message = await invalidArgumentMessage { try await db.document("c/d").setData(data) }

        #expect(message.contains("at field 'members.1.age'"))
        #expect(message.contains("PlainStruct"))
    }

    @Test func unsignedAboveInt64Max_isRefused_typedAnyAndNSNumber() async throws {
        let db = try makeValuesDatabase()
        let big = UInt64(Int64.max) + 1
        let typed: [String: any FieldValueConvertible] = ["n": big]
        let machineWord: [String: any FieldValueConvertible] = ["n": UInt.max]
        let any: [String: Any] = ["n": big]
        let number: [String: Any] = ["n": NSNumber(value: UInt64.max)]

        for message in [
            await invalidArgumentMessage { try await db.document("c/d").setData(typed) },
            await invalidArgumentMessage { try await db.document("c/d").setData(machineWord) },
            await invalidArgumentMessage { try await db.document("c/d").setData(any) },
            await invalidArgumentMessage { try await db.document("c/d").setData(number) },
        ] {
            #expect(message.contains("at field 'n'"))
            #expect(message.contains("9223372036854775807"))
        }
    }

    @Test func dictionaryWithNonStringKeys_isRefusedNamingTheKey() async throws {
        let db = try makeValuesDatabase()
        let data: [String: Any] = ["scores": [1: "gold"]]

        let message = await invalidArgumentMessage { try await db.document("c/d").setData(data) }

        #expect(message.contains("at field 'scores'"))
        #expect(message.contains("must be a String"))
        #expect(message.contains("Int"))
    }

    @Test func dateOutsideFirestoresRange_isRefused() async throws {
        let db = try makeValuesDatabase()
        let data: [String: any FieldValueConvertible] = [
            "when": Date(timeIntervalSince1970: 1e13), "never": Date(timeIntervalSince1970: .nan),
        ]

        let message = await invalidArgumentMessage { try await db.document("c/d").setData(data) }

        #expect(message.contains("outside Firestore's timestamp range"))
    }

    @Test func unsupportedArrayUnionElement_isRefusedNamingItsPlace() async throws {
        let db = try makeValuesDatabase()
        try await db.document("c/d").setData(["tags": ["a"]])
        let elements: [Any] = ["b", UnsupportedThing()]

        let message = await invalidArgumentMessage {
            try await db.document("c/d").updateData(["tags": FieldValue.arrayUnion(elements)])
        }

        #expect(message.contains("at field 'tags.1'"))
    }

    @Test func updateData_keyThatIsNeitherStringNorFieldPath_isRefused() async throws {
        let db = try makeValuesDatabase()
        try await db.document("c/d").setData(["a": 1])
        let update: [AnyHashable: Any] = [7: "x"]

        let message = await invalidArgumentMessage { try await db.document("c/d").updateData(update) }

        #expect(message.contains("FieldPath"))
        #expect(try await storedFields(db, "c/d") == ["a": 1])
    }

    @Test func existingMessagesInsideArrays_nameTheIndexToo() async throws {
        let db = try makeValuesDatabase()

        let sentinel = await invalidArgumentMessage {
            try await db.document("c/d").setData(["list": [1, ["b": .serverTimestamp()]]])
        }
        let reserved = await invalidArgumentMessage {
            try await db.document("c/d").setData(["list": .value([1, ["__x__": 1]])])
        }

        #expect(sentinel.contains("'list.1.b'"))
        #expect(reserved.contains("'list.1.__x__'"))
    }

    @Test func messagesDeepInsideArraysOfMaps_nameEveryIndex() async throws {
        let db = try makeValuesDatabase()
        let userData: [String: Any] = ["m": [["ok": 1], ["tags": [1, ["__x__": 1]]]]]
        let plain: Value = ["a": [["b": [1, ["": 1]]]]]

        let fromUserData = await invalidArgumentMessage { try await db.document("c/d").setData(userData) }
        let fromPlain = await invalidArgumentMessage { try await db.document("c/d").setData(["m": .value(plain)]) }

        #expect(fromUserData.contains("at field 'm.1.tags.1.__x__'"))
        #expect(fromPlain.contains("at field 'm.a.0.b.1.': a field name must not be empty"))
    }

    // MARK: Builders that cannot throw

    @Test func whereField_unsupportedValue_failsWhenTheQueryRuns() async throws {
        let db = try makeValuesDatabase()
        let query = db.collection("c").whereField("members", isEqualTo: [["age": UnsupportedThing()]] as [Any])

        let message = await invalidArgumentMessage { _ = try await query.getDocuments() }

        #expect(message.contains("whereField(\"members\", ==)"))
        #expect(message.contains("field members.0.age"))
        #expect(message.contains("UnsupportedThing"))
    }

    @Test func whereFieldIn_unsupportedElement_failsWhenBuilt() throws {
        let builder = QueryBuilder(database: try DatabaseID(projectID: "p"), collection: try CollectionPath("c"))
        let values: [Any] = ["a", UInt64.max]

        #expect(throws: DocumentStoreError.self) { try builder.whereField("id", in: values).build() }
        #expect(throws: DocumentStoreError.self) { try builder.whereFilter(.whereField("id", notIn: values)).build() }
    }

    @Test func cursor_unsupportedValue_failsWhenTheQueryRuns() async throws {
        let db = try makeValuesDatabase()
        let values: [Any] = [UnsupportedThing()]
        let query = db.collection("c").order(by: "age").start(after: values)

        let message = await invalidArgumentMessage { _ = try await query.getDocuments() }

        #expect(message.contains("start(after:)"))
        #expect(message.contains("field age"))
    }

    @Test func batchSetData_unsupportedValue_failsAtCommit_writingNothing() async throws {
        let db = try makeValuesDatabase()
        let good: [String: Any] = ["n": 1]
        let bad: [String: Any] = ["n": UnsupportedThing()]
        let batch = db.batch()
        batch.setData(good, forDocument: db.document("c/good"))
        batch.setData(bad, forDocument: db.document("c/bad"))

        let message = await invalidArgumentMessage { try await batch.commit() }

        #expect(message.contains("at field 'n'"))
        #expect(try await db.document("c/good").getDocument().exists == false)
        #expect(try await db.document("c/bad").getDocument().exists == false)
    }

    @Test func batchUpdateData_badKey_failsAtCommit() async throws {
        let db = try makeValuesDatabase()
        let batch = db.batch()
        let update: [AnyHashable: Any] = ["a..b": 1]
        batch.updateData(update, forDocument: db.document("c/d"))

        let message = await invalidArgumentMessage { try await batch.commit() }

        #expect(message.contains("a..b"))
    }

    @Test func transactionSetData_unsupportedValue_failsTheTransaction_withoutRetrying() async throws {
        let db = try makeValuesDatabase()
        let attempts = Counter()
        let bad: [String: Any] = ["n": UnsupportedThing()]

        let message = await invalidArgumentMessage {
            try await db.runTransaction { transaction in
                attempts.increment()
                transaction.setData(bad, forDocument: db.document("c/d"))
            }
        }

        #expect(message.contains("at field 'n'"))
        #expect(attempts.value == 1)
        #expect(try await db.document("c/d").getDocument().exists == false)
    }

    @Test func readOnlyTransaction_nonThrowingWrite_failsTheTransaction() async throws {
        let db = try makeValuesDatabase()
        let data: [String: Any] = ["n": 1]

        let message = await invalidArgumentMessage {
            try await db.runReadOnlyTransaction { transaction in
                _ = transaction.setData(data, forDocument: db.document("c/d"))
            }
        }

        #expect(message.contains("read-only"))
    }
}

/// A count shared with a transaction body.
final class Counter: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    func increment() { count.withLock { $0 += 1 } }
}
