import HearthDomain
import HearthLocalEngine
import HearthPort
import HearthTestSupport
import Testing

@Suite("Writes: field transforms")
struct TransformTests {
    /// Stores `stored` in field `f` (or nothing when `nil`), applies one transform to `f`, returns the
    /// stored result and the transform result.
    private func transform(
        _ stored: Value?, _ operation: FieldTransform.Operation
    ) async throws -> (stored: Value?, result: Value?) {
        let sut = EngineHarness()
        if let stored { try await sut.set("c/d", ["f": stored]) }
        let response = try await sut.commit([
            Write(
                path: try doc("c/d"), operation: .transform,
                transforms: [FieldTransform(fieldPath: try field("f"), operation: operation)])
        ])
        return (try sut.fields("c/d")?["f"], response.writeResults.first?.transformResults.first)
    }

    // MARK: increment

    @Test func incrementIntegerByInteger_staysInteger() async throws {
        let outcome = try await transform(5, .increment(2))
        #expect(outcome.stored == .integer(7))
        #expect(outcome.result == .integer(7))
    }

    @Test func incrementIntegerByDouble_becomesDouble() async throws {
        #expect(try await transform(5, .increment(1.5)).stored == .double(6.5))
    }

    @Test func incrementDoubleByInteger_staysDouble() async throws {
        #expect(try await transform(1.5, .increment(1)).stored == .double(2.5))
    }

    @Test func incrementLargeIntegerByDouble_convertsTheIntegerFirst() async throws {
        #expect(
            try await transform(.integer(9_007_199_254_740_993), .increment(1.0)).stored
                == .double(9_007_199_254_740_992))
    }

    @Test func incrementPastInt64Max_saturates() async throws {
        #expect(try await transform(.integer(Int64.max - 1), .increment(10)).stored == .integer(Int64.max))
    }

    @Test func incrementPastInt64Min_saturates() async throws {
        #expect(try await transform(.integer(Int64.min + 1), .increment(-10)).stored == .integer(Int64.min))
    }

    @Test func incrementOfMissingOrNonNumericField_setsTheOperand() async throws {
        #expect(try await transform(nil, .increment(2)).stored == .integer(2))
        #expect(try await transform("text", .increment(2.0)).stored == .double(2.0))
        #expect(try await transform(["a": 1], .increment(3)).stored == .integer(3))
    }

    @Test func incrementInvolvingNaN_givesNaN() async throws {
        #expect(try await transform(.double(.nan), .increment(1)).stored?.isNaN == true)
        #expect(try await transform(3, .increment(.double(.nan))).stored?.isNaN == true)
    }

    @Test func incrementOfNestedPathThroughMissingMap_createsTheMap() async throws {
        let sut = EngineHarness()
        try await sut.commit([
            Write(
                path: try doc("c/d"), operation: .transform,
                transforms: [FieldTransform(fieldPath: try field("m.k"), operation: .increment(1))])
        ])
        #expect(try sut.fields("c/d") == ["m": ["k": 1]])
    }

    // MARK: maximum / minimum

    @Test func maximumOfEquivalentValues_keepsTheStoredType() async throws {
        #expect(try await transform(3, .maximum(3.0)).stored == .integer(3))
        #expect(try await transform(3.0, .maximum(3)).stored == .double(3.0))
    }

    @Test func maximumAndMinimum_winnerKeepsItsOwnType() async throws {
        #expect(try await transform(2, .maximum(2.5)).stored == .double(2.5))
        #expect(try await transform(3.0, .maximum(4)).stored == .integer(4))
        #expect(try await transform(3, .minimum(2.5)).stored == .double(2.5))
        #expect(try await transform(5, .minimum(9.0)).stored == .integer(5))
    }

    @Test func maximumAndMinimumOfZeros_keepTheStoredZero() async throws {
        #expect(try await transform(0, .maximum(.double(-0.0))).stored == .integer(0))
        #expect(try await transform(0.0, .minimum(0)).stored == .double(0.0))
        #expect(try await transform(0, .minimum(0.0)).stored == .integer(0))
    }

    @Test func maximumAndMinimumWithNaN_giveNaN() async throws {
        #expect(try await transform(1.0, .maximum(.double(.nan))).stored?.isNaN == true)
        #expect(try await transform(.double(.nan), .maximum(5)).stored?.isNaN == true)
        #expect(try await transform(.double(.nan), .minimum(1)).stored?.isNaN == true)
        #expect(try await transform(5, .minimum(.double(.nan))).stored?.isNaN == true)
    }

    @Test func maximumAndMinimumOfMissingOrNonNumericField_setTheOperand() async throws {
        #expect(try await transform("s", .maximum(1)).stored == .integer(1))
        #expect(try await transform(nil, .minimum(2.5)).stored == .double(2.5))
        #expect(try await transform(true, .minimum(7)).stored == .integer(7))
    }

    @Test func maximumResult_isTheStoredValue() async throws {
        #expect(try await transform(9, .maximum(3)).result == .integer(9))
    }

    // MARK: arrays

    @Test func arrayUnion_appendsMissingElementsOnceWithFirestoreEquality() async throws {
        let outcome = try await transform(
            [1, 2.0, .null, .double(.nan)], .appendMissingElements([1.0, 2, .null, .double(.nan), 3, 3.0, 3]))
        let elements = try #require(outcome.stored?.arrayValue)
        #expect(elements.count == 5)
        #expect(Array(elements.prefix(3)) == [1, 2.0, .null])
        #expect(elements[3].isNaN)
        #expect(elements[4] == .integer(3))
        #expect(outcome.result == .null)
    }

    @Test func arrayUnionOnNonArrayOrMissingField_startsFromEmpty() async throws {
        #expect(try await transform(7, .appendMissingElements([1])).stored == [1])
        #expect(try await transform(nil, .appendMissingElements([1, 1])).stored == [1])
    }

    @Test func arrayUnionOfEquivalentMap_leavesArrayUnchanged() async throws {
        #expect(try await transform([["a": 1]], .appendMissingElements([["a": 1.0]])).stored == [["a": 1]])
    }

    @Test func arrayRemove_removesEveryEquivalentElement() async throws {
        let outcome = try await transform(
            [1, 1.0, .null, .double(.nan), 2, 1], .removeAllFromArray([1.0, .null, .double(.nan)]))
        #expect(outcome.stored == [2])
        #expect(outcome.result == .null)
    }

    @Test func arrayRemoveOnNonArrayOrMissingField_leavesEmptyArray() async throws {
        #expect(try await transform("x", .removeAllFromArray([1])).stored == [])
        #expect(try await transform(nil, .removeAllFromArray([1])).stored == [])
    }

    // MARK: server timestamps and ordering

    @Test func serverTimestamps_areOneMillisecondTimePerCommit() async throws {
        let sut = EngineHarness()
        sut.clock.set(try Timestamp(seconds: 1_800_000_000, nanoseconds: 123_456_789))
        let timestamp = FieldTransform(fieldPath: try field("t"), operation: .serverTimestamp)
        let nested = FieldTransform(fieldPath: try field("m.t"), operation: .serverTimestamp)

        let response = try await sut.engine.commit(
            [
                Write(path: try doc("c/a"), operation: .transform, transforms: [timestamp, nested]),
                Write(path: try doc("c/b"), operation: .transform, transforms: [timestamp]),
            ],
            transaction: nil
        )

        let expected = Value.timestamp(try Timestamp(seconds: 1_800_000_000, nanoseconds: 123_000_000))
        #expect(response.writeResults[0].transformResults == [expected, expected])
        #expect(response.writeResults[1].transformResults == [expected])
        #expect(try sut.fields("c/a") == ["t": expected, "m": ["t": expected]])
        #expect(response.commitTime.nanoseconds == 123_456_000)
    }

    @Test func transformsApplyInOrderAfterTheUpdate() async throws {
        let sut = EngineHarness()

        let response = try await sut.commit([
            Write.update(
                try doc("c/d"),
                fields: ["x": 10],
                mask: [try field("x")],
                transforms: [
                    FieldTransform(fieldPath: try field("x"), operation: .increment(1)),
                    FieldTransform(fieldPath: try field("x"), operation: .increment(2)),
                ]
            )
        ])

        #expect(try sut.fields("c/d") == ["x": 13])
        #expect(response.writeResults.first?.transformResults == [11, 13])
    }

    @Test func transformOfMissingDocument_createsIt() async throws {
        let sut = EngineHarness()
        let response = try await sut.commit([
            Write(
                path: try doc("c/new"), operation: .transform,
                transforms: [FieldTransform(fieldPath: try field("n"), operation: .increment(5))])
        ])
        #expect(try sut.get("c/new")?.createTime == response.commitTime)
    }

    @Test func transformWithExistsTrueOnMissingDocument_failsNotFound() async throws {
        let sut = EngineHarness()
        let code = await errorCode {
            try await sut.commit([
                Write(
                    path: try doc("c/none"),
                    operation: .transform,
                    transforms: [FieldTransform(fieldPath: try field("n"), operation: .increment(5))],
                    precondition: .exists(true)
                )
            ])
        }
        #expect(code == .notFound)
    }

    @Test func noOpTransform_keepsUpdateTimeAndReportsTheOldOne() async throws {
        let sut = EngineHarness()
        let first = try await sut.set("c/d", ["v": 3])

        let response = try await sut.commit([
            Write(
                path: try doc("c/d"), operation: .transform,
                transforms: [FieldTransform(fieldPath: try field("v"), operation: .maximum(3.0))])
        ])

        #expect(response.writeResults.first?.updateTime == first.commitTime)
        #expect(response.writeResults.first?.transformResults == [3])
        #expect(try sut.get("c/d")?.updateTime == first.commitTime)
    }
}
