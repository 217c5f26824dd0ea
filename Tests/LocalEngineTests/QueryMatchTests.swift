import HearthDomain
@testable import HearthLocalEngine
import HearthPort
import Testing

@Suite("Queries: single-document matching (for listeners)")
struct QueryMatchTests {
    private func validated(_ query: StructuredQuery, parent: String? = nil) throws -> ValidatedQuery {
        try QueryValidator.validate(parent: try parent.map(doc), query: query, database: EngineHarness.database)
    }

    private func document(_ path: String, _ fields: MapValue) throws -> Document {
        let time = ManualClock.defaultStart
        return Document(path: try doc(path), fields: fields, createTime: time, updateTime: time)
    }

    @Test func matches_checksScopeFilterAndOrderedFields() throws {
        var query = collectionQuery("c")
        query.filter = try filter("v", .greaterThan, 1)
        query.orderBy = [try order("w")]
        let validatedQuery = try validated(query)

        #expect(QueryExecutor.matches(try document("c/a", ["v": 2, "w": 0]), validatedQuery))
        #expect(!QueryExecutor.matches(try document("c/a", ["v": 2]), validatedQuery))
        #expect(!QueryExecutor.matches(try document("c/a", ["v": 1, "w": 0]), validatedQuery))
        #expect(!QueryExecutor.matches(try document("other/a", ["v": 2, "w": 0]), validatedQuery))
        #expect(!QueryExecutor.matches(try document("c/a/c/b", ["v": 2, "w": 0]), validatedQuery))
    }

    @Test func matches_followsCollectionGroupScope() throws {
        let group = try validated(collectionQuery("c", allDescendants: true), parent: "p/1")

        #expect(QueryExecutor.matches(try document("p/1/c/a", [:]), group))
        #expect(QueryExecutor.matches(try document("p/1/x/y/c/a", [:]), group))
        #expect(!QueryExecutor.matches(try document("p/2/c/a", [:]), group))
    }
}
