import Foundation
import HearthApplication
import HearthDomain
import HearthPort
import Testing

/// Swift values in filters and cursors, on ``QueryBuilder``, ``Filter`` and ``Query``.
@Suite("Values in: queries")
struct QueryValuesTests {
    private let builder = QueryBuilder(database: try! DatabaseID(projectID: "p"), collection: try! CollectionPath("c"))

    private func filter(_ query: QueryBuilder) throws -> StructuredQuery.Filter? { try query.build().query.filter }

    @Test func everyScalarOperator_takesTypedAndAnyValues() throws {
        let name = "Ana"
        let anyName: Any = "Ana"
        let path = try FieldPath("n")
        let cases: [(QueryBuilder, QueryBuilder, QueryBuilder, FieldOperator)] = [
            (
                builder.whereField("n", isEqualTo: name), builder.whereField("n", isEqualTo: anyName),
                builder.whereField(path, isEqualTo: name), .equal
            ),
            (
                builder.whereField("n", isNotEqualTo: name), builder.whereField("n", isNotEqualTo: anyName),
                builder.whereField(path, isNotEqualTo: anyName), .notEqual
            ),
            (
                builder.whereField("n", isLessThan: name), builder.whereField("n", isLessThan: anyName),
                builder.whereField(path, isLessThan: name), .lessThan
            ),
            (
                builder.whereField("n", isLessThanOrEqualTo: name),
                builder.whereField("n", isLessThanOrEqualTo: anyName),
                builder.whereField(path, isLessThanOrEqualTo: anyName), .lessThanOrEqual
            ),
            (
                builder.whereField("n", isGreaterThan: name), builder.whereField("n", isGreaterThan: anyName),
                builder.whereField(path, isGreaterThan: name), .greaterThan
            ),
            (
                builder.whereField("n", isGreaterThanOrEqualTo: name),
                builder.whereField("n", isGreaterThanOrEqualTo: anyName),
                builder.whereField(path, isGreaterThanOrEqualTo: anyName), .greaterThanOrEqual
            ),
            (
                builder.whereField("n", arrayContains: name), builder.whereField("n", arrayContains: anyName),
                builder.whereField(path, arrayContains: name), .arrayContains
            ),
        ]
        for (typed, any, byPath, op) in cases {
            let expected = StructuredQuery.Filter.field(path, op, .string("Ana"))
            #expect(try filter(typed) == expected)
            #expect(try filter(any) == expected)
            #expect(try filter(byPath) == expected)
        }
    }

    @Test func everyListOperator_takesSwiftArrays() throws {
        let ids: [String] = ["a", "b"]
        let anyIDs: [Any] = ["a", "b"]
        let mixed: [any FieldValueConvertible] = ["a", 1]
        let path = try FieldPath("id")
        let expected = Value.array(["a", "b"])

        #expect(try filter(builder.whereField("id", in: ids)) == .field(path, .in, expected))
        #expect(try filter(builder.whereField("id", in: anyIDs)) == .field(path, .in, expected))
        #expect(try filter(builder.whereField(path, notIn: ids)) == .field(path, .notIn, expected))
        #expect(try filter(builder.whereField("id", notIn: anyIDs)) == .field(path, .notIn, expected))
        #expect(
            try filter(builder.whereField("id", arrayContainsAny: ids)) == .field(path, .arrayContainsAny, expected))
        #expect(
            try filter(builder.whereField(path, arrayContainsAny: anyIDs)) == .field(path, .arrayContainsAny, expected))
        #expect(try filter(builder.whereField("id", in: mixed)) == .field(path, .in, ["a", 1]))
    }

    @Test func operatorForm_takesTypedAndAnyValues() throws {
        let ids: [String] = ["a"]
        let limit: Any = 5
        #expect(try filter(builder.whereField("id", .in, ids)) == .field(try FieldPath("id"), .in, ["a"]))
        #expect(
            try filter(builder.whereField(try FieldPath("n"), .lessThan, limit))
                == .field(try FieldPath("n"), .lessThan, 5))
    }

    @Test func nilOptionalVariable_becomesIsNull() throws {
        let missing: String? = nil
        let anyMissing: Any = missing as Any
        #expect(try filter(builder.whereField("a", isEqualTo: missing)) == .unary(try FieldPath("a"), .isNull))
        #expect(try filter(builder.whereField("a", isNotEqualTo: anyMissing)) == .unary(try FieldPath("a"), .isNotNull))
    }

    @Test func dateAndTimestampOperands_areTruncatedTimestamps() throws {
        let date = Date(timeIntervalSince1970: 5.25)
        let time = try Timestamp(seconds: 5, nanoseconds: 250_000_999)
        let expected = StructuredQuery.Filter.field(
            try FieldPath("t"), .greaterThan, .timestamp(try Timestamp(seconds: 5, nanoseconds: 250_000_000)))
        #expect(try filter(builder.whereField("t", isGreaterThan: date)) == expected)
        #expect(try filter(builder.whereField("t", isGreaterThan: time)) == expected)
    }

    @Test func filterType_takesTypedAndAnyValues() throws {
        let plan = "gold"
        let visits: Any = 10
        let ids: [String] = ["a"]
        let built = try builder.whereFilter(
            .orFilter([
                .whereField("plan", isEqualTo: plan),
                .whereField("visits", isGreaterThan: visits),
                .whereField(try FieldPath("id"), in: ids),
            ])
        ).build()

        #expect(
            built.query.filter
                == .composite(
                    .or,
                    [
                        .field(try FieldPath("plan"), .equal, "gold"),
                        .field(try FieldPath("visits"), .greaterThan, 10),
                        .field(try FieldPath("id"), .in, ["a"]),
                    ])
        )
    }

    @Test func cursors_takeTypedAndAnyValues() throws {
        let name = "Ana"
        let age = 30
        let anyValues: [Any] = ["Ana", 30]
        let ordered = builder.order(by: "name").order(by: "age")
        let expected = Cursor(values: ["Ana", 30], before: true)

        #expect(try ordered.start(at: [name, age]).build().query.startAt == expected)
        #expect(try ordered.start(at: anyValues).build().query.startAt == expected)
        #expect(
            try ordered.start(after: [name, age]).build().query.startAt == Cursor(values: ["Ana", 30], before: false))
        #expect(
            try ordered.start(after: anyValues).build().query.startAt == Cursor(values: ["Ana", 30], before: false))
        #expect(try ordered.end(at: [name, age]).build().query.endAt == Cursor(values: ["Ana", 30], before: false))
        #expect(try ordered.end(at: anyValues).build().query.endAt == Cursor(values: ["Ana", 30], before: false))
        #expect(try ordered.end(before: [name, age]).build().query.endAt == expected)
        #expect(try ordered.end(before: anyValues).build().query.endAt == expected)
    }

    @Test func queryOnTheStore_withTypedAndAnyValues_returnsTheMatches() async throws {
        let db = try makeValuesDatabase()
        let members = db.collection("members")
        for (id, age) in [("a", 20), ("b", 30), ("c", 40)] {
            try await members.document(id).setData(["age": age, "tag": id])
        }
        let minimum = 25
        let anyMaximum: Any = 40
        let tags: [String] = ["b", "c"]
        let anyStart: [Any] = [30]

        let typed = try await members.whereField("age", isGreaterThan: minimum).whereField("tag", in: tags)
            .getDocuments()
        let any = try await members.whereField("age", isLessThan: anyMaximum).order(by: "age").start(at: anyStart)
            .getDocuments()
        let cursor = try await members.order(by: "age").start(after: [minimum]).end(before: [anyMaximum]).getDocuments()

        #expect(typed.documents.map(\.documentID) == ["b", "c"])
        #expect(any.documents.map(\.documentID) == ["b"])
        #expect(cursor.documents.map(\.documentID) == ["b"])
    }
}
