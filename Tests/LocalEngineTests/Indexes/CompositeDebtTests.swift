import HearthDomain
import HearthTestSupport
@testable import HearthLocalEngine
import Testing

@Suite("Automatic composite indexes are built once their queries have paid for them")
struct CompositeDebtTests {
    @Test func charges_buildOnceTheyReachTheBuildCost_thenStartAgain() throws {
        var debt = CompositeDebt()
        let recommendation = try Self.recommendation(["status", "createdAt"], saving: 40, buildCost: 1_000)

        var runs = 1
        while !debt.charge(recommendation) { runs += 1 }
        let afterBuilding = debt.charge(recommendation)

        #expect(runs == 4, "an eighth of 1,000 entries, at 40 a run")
        #expect(!afterBuilding, "the charges are cleared once the index is built")
    }

    @Test func aRunThatWouldSaveAnEighthOfTheBuild_buildsAtOnce() throws {
        var debt = CompositeDebt()
        let recommendation = try Self.recommendation(["age", "createdAt"], saving: 1_100, buildCost: 1_200)

        let built = debt.charge(recommendation)

        #expect(built)
    }

    @Test func chargesForAnotherIndex_areKeptApart() throws {
        var debt = CompositeDebt()
        let first = try Self.recommendation(["a", "b"], saving: 60, buildCost: 800)
        let second = try Self.recommendation(["a", "c"], saving: 60, buildCost: 800)

        let firstOnce = debt.charge(first)
        let secondOnce = debt.charge(second)
        let firstTwice = debt.charge(first)

        #expect(!firstOnce && !secondOnce)
        #expect(firstTwice)
    }

    @Test func aQueryRunOnce_isAnsweredWithoutTheComposite_andRunOftenGetsIt_withTheSameAnswers() async throws {
        let sut = EngineHarness()
        var writes: [Write] = []
        for index in 0..<3_000 {
            writes.append(
                .update(
                    try doc("users/u\(index)"),
                    fields: [
                        "status": .string(["active", "idle", "gone"][index % 3]),
                        "createdAt": .integer(Int64((index * 7_919) % 3_000)),
                    ]))
        }
        try await sut.commit(writes)
        let query = StructuredQuery(
            from: CollectionSelector(collectionID: "users"),
            filter: .field(try FieldPath("status"), .equal, "active"),
            orderBy: [Order(try FieldPath("createdAt"), .descending)], limit: 20)
        func composites() -> Int {
            sut.engine.state.withLock { state in
                (try? CollectionPath("users")).flatMap { state.storage.collections[$0] }?.composites.count ?? 0
            }
        }

        let first = try sut.run(query)
        let afterFirst = composites()
        var runs = 1
        while composites() == 0, runs < 1_000 {
            #expect(try sut.run(query) == first)
            runs += 1
        }
        let withIndex = try sut.run(query)

        #expect(first.count == 20)
        #expect(afterFirst == 0, "one run does not pay for an index over 3,000 documents")
        #expect(composites() == 1)
        #expect(runs > 5 && runs < 50, "built after the runs' savings reach an eighth of its cost (took \(runs) runs)")
        #expect(withIndex == first)
    }

    private static func recommendation(
        _ fields: [String], saving: Double, buildCost: Double
    ) throws
        -> IndexRecommendation
    {
        IndexRecommendation(
            collection: try CollectionPath("users"),
            definition: CompositeIndexDefinition(fields: try fields.map { try FieldPath($0) }), saving: saving,
            buildCost: buildCost)
    }
}
