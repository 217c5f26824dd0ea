import HearthDomain
import HearthLocalEngine
import HearthPort
import HearthTestSupport
import Testing

@Suite("Writes: updates, masks, deletes, times")
struct WriteTests {
    @Test func setThenGet_returnsWrittenFieldsWithCommitTimes() async throws {
        let sut = EngineHarness()
        let response = try await sut.set("users/ana", ["name": "Ana", "age": 30])

        let document = try #require(try sut.get("users/ana"))
        #expect(document.fields == ["name": "Ana", "age": 30])
        #expect(document.createTime == response.commitTime)
        #expect(document.updateTime == response.commitTime)
        #expect(response.writeResults.first?.updateTime == response.commitTime)
    }

    @Test func updateWithoutMask_replacesWholeDocument() async throws {
        let sut = EngineHarness()
        try await sut.set("c/d", ["a": 1, "b": 2])

        try await sut.set("c/d", ["c": 3])

        #expect(try sut.fields("c/d") == ["c": 3])
    }

    @Test func updateWithMask_setsPresentPathsDeletesAbsentOnesAndKeepsTheRest() async throws {
        let sut = EngineHarness()
        try await sut.set("c/d", ["a": 1, "b": ["c": 2, "d": 3], "e": 4])

        try await sut.commit([
            Write.update(
                try doc("c/d"), fields: ["b": ["c": 20, "z": 9], "x": 7], mask: [try field("a"), try field("b.c")])
        ])

        #expect(try sut.fields("c/d") == ["b": ["c": 20, "d": 3], "e": 4])
    }

    @Test func maskThroughNonMapField_replacesItWithAMap() async throws {
        let sut = EngineHarness()
        try await sut.set("c/d", ["e": 4])

        try await sut.commit([Write.update(try doc("c/d"), fields: ["e": ["f": 1]], mask: [try field("e.f")])])

        #expect(try sut.fields("c/d") == ["e": ["f": 1]])
    }

    @Test func maskedUpdateOfMissingDocument_createsIt() async throws {
        let sut = EngineHarness()

        try await sut.commit([Write.update(try doc("c/new"), fields: [:], mask: [try field("a")])])

        #expect(try sut.fields("c/new") == [:])
    }

    @Test func deleteOfMissingDocument_succeedsWithoutUpdateTime() async throws {
        let sut = EngineHarness()

        let response = try await sut.commit([Write.delete(try doc("c/none"))])

        #expect(response.writeResults == [WriteResult(updateTime: nil)])
    }

    @Test func delete_removesDocumentAndReportsNoUpdateTime() async throws {
        let sut = EngineHarness()
        try await sut.set("c/d", ["a": 1])

        let response = try await sut.commit([Write.delete(try doc("c/d"))])

        #expect(try sut.get("c/d") == nil)
        #expect(response.writeResults.first?.updateTime == nil)
    }

    @Test func writeThatChangesNothing_keepsUpdateTimeAndReportsThePreviousOne() async throws {
        let sut = EngineHarness()
        let first = try await sut.set("c/d", ["a": 1])

        let second = try await sut.set("c/d", ["a": 1])

        #expect(second.commitTime > first.commitTime)
        #expect(second.writeResults.first?.updateTime == first.commitTime)
        #expect(try sut.get("c/d")?.updateTime == first.commitTime)
    }

    @Test func integerReplacedByEqualDouble_countsAsAChange() async throws {
        let sut = EngineHarness()
        try await sut.set("c/d", ["a": 1])

        let second = try await sut.set("c/d", ["a": 1.0])

        #expect(try sut.get("c/d")?.updateTime == second.commitTime)
    }

    @Test func recreateAfterDelete_getsANewCreateTime() async throws {
        let sut = EngineHarness()
        let created = try await sut.set("c/d", ["a": 1])
        try await sut.commit([Write.delete(try doc("c/d"))])

        let recreated = try await sut.set("c/d", ["a": 1])

        let document = try #require(try sut.get("c/d"))
        #expect(document.createTime == recreated.commitTime)
        #expect(document.createTime > created.commitTime)
    }

    @Test func update_keepsCreateTime() async throws {
        let sut = EngineHarness()
        let created = try await sut.set("c/d", ["a": 1])

        let updated = try await sut.set("c/d", ["a": 2])

        let document = try #require(try sut.get("c/d"))
        #expect(document.createTime == created.commitTime)
        #expect(document.updateTime == updated.commitTime)
    }

    @Test func commitTimes_strictlyIncreaseEvenWhenTheClockStandsStill() async throws {
        let sut = EngineHarness()
        let first = try await sut.engine.commit([Write.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)
        let second = try await sut.engine.commit([Write.update(try doc("c/b"), fields: ["v": 1])], transaction: nil)
        sut.clock.advance(by: .seconds(-10))
        let third = try await sut.engine.commit([Write.update(try doc("c/c"), fields: ["v": 1])], transaction: nil)

        #expect(first.commitTime < second.commitTime)
        #expect(second.commitTime < third.commitTime)
        #expect(second.commitTime.nanoseconds % 1_000 == 0)
    }

    @Test func commitTime_comesFromTheInjectedClockToTheMicrosecond() async throws {
        let sut = EngineHarness()
        sut.clock.set(try Timestamp(seconds: 1_800_000_000, nanoseconds: 123_456_789))

        let response = try await sut.engine.commit([Write.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)

        #expect(response.commitTime == (try Timestamp(seconds: 1_800_000_000, nanoseconds: 123_456_000)))
    }

    @Test func sameDocumentSeveralTimesInOneCommit_isAppliedInOrder() async throws {
        let sut = EngineHarness()

        let response = try await sut.commit([
            Write.update(try doc("c/d"), fields: ["v": 1]),
            Write.update(try doc("c/d"), fields: ["w": 2], mask: [try field("w")]),
            Write(
                path: try doc("c/d"), operation: .transform,
                transforms: [FieldTransform(fieldPath: try field("v"), operation: .increment(10))]),
        ])

        #expect(try sut.fields("c/d") == ["v": 11, "w": 2])
        #expect(response.writeResults.map(\.updateTime) == Array(repeating: response.commitTime, count: 3))
        #expect(response.writeResults[2].transformResults == [11])
    }

    @Test func deleteThenSetInOneCommit_recreatesWithCommitTimeAsCreateTime() async throws {
        let sut = EngineHarness()
        try await sut.set("c/d", ["v": 1])

        let response = try await sut.commit([
            Write.delete(try doc("c/d")), Write.update(try doc("c/d"), fields: ["v": 1]),
        ])

        #expect(try sut.get("c/d")?.createTime == response.commitTime)
        #expect(response.writeResults[0].updateTime == response.commitTime)
    }

    @Test func setThenDeleteInOneCommit_reportsNoUpdateTimeForEither() async throws {
        let sut = EngineHarness()

        let response = try await sut.commit([
            Write.update(try doc("c/d"), fields: ["v": 5]), Write.delete(try doc("c/d")),
        ])

        #expect(response.writeResults.map(\.updateTime) == [nil, nil])
        #expect(try sut.get("c/d") == nil)
    }

    @Test func changesThatCancelOutInOneCommit_keepTheOldUpdateTime() async throws {
        let sut = EngineHarness()
        let first = try await sut.set("c/d", ["v": 1])

        let response = try await sut.commit([
            Write.update(try doc("c/d"), fields: ["v": 2]), Write.update(try doc("c/d"), fields: ["v": 1]),
        ])

        #expect(try sut.get("c/d")?.updateTime == first.commitTime)
        #expect(response.writeResults.map(\.updateTime) == [first.commitTime, first.commitTime])
    }

    @Test func timestampsAreStoredWithMicrosecondPrecision() async throws {
        let sut = EngineHarness()
        let precise = try Timestamp(seconds: 100, nanoseconds: 123_456_789)

        try await sut.set("c/d", ["t": .timestamp(precise), "nested": [.timestamp(precise)]])

        let expected = Value.timestamp(try Timestamp(seconds: 100, nanoseconds: 123_456_000))
        #expect(try sut.fields("c/d") == ["t": expected, "nested": [expected]])
    }

    @Test func negativeZeroIsStoredAsZero() async throws {
        let sut = EngineHarness()

        try await sut.set("c/d", ["z": .double(-0.0), "m": ["z": .double(-0.0)]])

        let stored = try #require(try sut.fields("c/d"))
        #expect(stored["z"] == .double(0.0))
        #expect(stored == ["z": .double(0.0), "m": ["z": .double(0.0)]])
    }

    @Test func emptyCommit_succeedsWithACommitTime() async throws {
        let sut = EngineHarness()
        let first = try await sut.set("c/d", ["v": 1])

        let response = try await sut.commit([])

        #expect(response.writeResults.isEmpty)
        #expect(response.commitTime > first.commitTime)
    }
}

@Suite("Writes: preconditions and atomicity")
struct PreconditionTests {
    @Test func existsTrueOnMissingDocument_failsNotFound() async throws {
        let sut = EngineHarness()

        let code = await errorCode {
            try await sut.commit([
                Write.update(try doc("c/none"), fields: ["v": 1], mask: [try field("v")], precondition: .exists(true))
            ])
        }

        #expect(code == .notFound)
    }

    @Test func existsTrueOnExistingDocument_succeeds() async throws {
        let sut = EngineHarness()
        try await sut.set("c/d", ["v": 1])

        try await sut.commit([
            Write.update(try doc("c/d"), fields: ["v": 2], mask: [try field("v")], precondition: .exists(true))
        ])

        #expect(try sut.fields("c/d") == ["v": 2])
    }

    @Test func existsFalseOnExistingDocument_failsAlreadyExists() async throws {
        let sut = EngineHarness()
        try await sut.set("c/d", ["v": 1])

        let code = await errorCode {
            try await sut.commit([Write.update(try doc("c/d"), fields: ["v": 2], precondition: .exists(false))])
        }

        #expect(code == .alreadyExists)
        #expect(try sut.fields("c/d") == ["v": 1])
    }

    @Test func deleteWithExistsTrueOnMissingDocument_failsNotFound() async throws {
        let sut = EngineHarness()

        let code = await errorCode {
            try await sut.commit([Write.delete(try doc("c/none"), precondition: .exists(true))])
        }

        #expect(code == .notFound)
    }

    @Test func staleUpdateTime_failsFailedPrecondition() async throws {
        let sut = EngineHarness()
        let first = try await sut.set("c/d", ["v": 1])
        try await sut.set("c/d", ["v": 2])

        let code = await errorCode {
            try await sut.commit([
                Write.update(try doc("c/d"), fields: ["v": 3], precondition: .updateTime(first.commitTime))
            ])
        }

        #expect(code == .failedPrecondition)
    }

    @Test func updateTimeLaterThanTheDocuments_isInvalid() async throws {
        let sut = EngineHarness()
        try await sut.set("c/d", ["v": 1])
        let later = try await sut.set("c/other", ["v": 1])

        let code = await errorCode {
            try await sut.commit([
                Write.update(try doc("c/d"), fields: ["v": 3], precondition: .updateTime(later.commitTime))
            ])
        }

        #expect(code == .invalidArgument)
    }

    @Test func updateTimePreconditionOnMissingDocument_failsFailedPrecondition() async throws {
        let sut = EngineHarness()
        let other = try await sut.set("c/other", ["v": 1])

        let code = await errorCode {
            try await sut.commit([
                Write.update(try doc("c/none"), fields: ["v": 3], precondition: .updateTime(other.commitTime))
            ])
        }

        #expect(code == .failedPrecondition)
    }

    @Test func currentUpdateTime_succeeds() async throws {
        let sut = EngineHarness()
        let first = try await sut.set("c/d", ["v": 1])

        try await sut.commit([
            Write.update(try doc("c/d"), fields: ["v": 3], precondition: .updateTime(first.commitTime))
        ])

        #expect(try sut.fields("c/d") == ["v": 3])
    }

    @Test func updateTimePreconditionFinerThanMicroseconds_isInvalid() async throws {
        let sut = EngineHarness()
        try await sut.set("c/d", ["v": 1])

        let code = await errorCode {
            try await sut.commit([
                Write.update(
                    try doc("c/d"), fields: ["v": 3],
                    precondition: .updateTime(try Timestamp(seconds: 5, nanoseconds: 1)))
            ])
        }

        #expect(code == .invalidArgument)
    }

    @Test func failingPrecondition_appliesNoWriteOfTheCommit() async throws {
        let sut = EngineHarness()
        try await sut.set("c/existing", ["v": 1])

        let code = await errorCode {
            try await sut.commit([
                Write.update(try doc("c/first"), fields: ["v": 1]),
                Write.update(try doc("c/existing"), fields: ["v": 2], precondition: .exists(false)),
            ])
        }

        #expect(code == .alreadyExists)
        #expect(try sut.get("c/first") == nil)
        #expect(try sut.fields("c/existing") == ["v": 1])
    }

    @Test func firstFailingPreconditionInOrder_decidesTheError() async throws {
        let sut = EngineHarness()
        try await sut.set("c/existing", ["v": 1])

        let code = await errorCode {
            try await sut.commit([
                Write.update(try doc("c/none"), fields: ["v": 1], mask: [try field("v")], precondition: .exists(true)),
                Write.update(try doc("c/existing"), fields: ["v": 2], precondition: .exists(false)),
            ])
        }

        #expect(code == .notFound)
    }

    @Test func invalidWriteAfterFailingPrecondition_reportsInvalidArgumentFirst() async throws {
        let sut = EngineHarness()

        let code = await errorCode {
            try await sut.commit([
                Write.update(try doc("c/none"), fields: ["v": 1], mask: [try field("v")], precondition: .exists(true)),
                Write.update(try doc("c/other"), fields: ["__x__": 1]),
            ])
        }

        #expect(code == .invalidArgument)
    }

    @Test func laterWriteCanRelyOnAnEarlierOneInTheSameCommit() async throws {
        let sut = EngineHarness()

        try await sut.commit([
            Write.update(try doc("c/d"), fields: ["v": 1], precondition: .exists(false)),
            Write.update(try doc("c/d"), fields: ["v": 2], mask: [try field("v")], precondition: .exists(true)),
        ])

        #expect(try sut.fields("c/d") == ["v": 2])
    }

    @Test func insertAfterAnotherWriteOfTheSameDocument_isInvalid() async throws {
        let sut = EngineHarness()

        let code = await errorCode {
            try await sut.commit([
                Write.update(try doc("c/d"), fields: ["v": 1]),
                Write.update(try doc("c/d"), fields: ["v": 2], precondition: .exists(false)),
            ])
        }

        #expect(code == .invalidArgument)
    }

    @Test func deleteWithExistsFalseAfterAnotherWriteOfTheSameDocument_isInvalid() async throws {
        let sut = EngineHarness()

        let code = await errorCode {
            try await sut.commit([
                Write.update(try doc("c/d"), fields: ["v": 1]),
                Write.delete(try doc("c/d"), precondition: .exists(false)),
            ])
        }

        #expect(code == .invalidArgument)
    }

    @Test func existsTrueRightAfterADeleteOfTheSameDocument_isInvalid() async throws {
        let sut = EngineHarness()
        try await sut.set("c/d", ["v": 1])

        let update = await errorCode {
            try await sut.commit([
                Write.delete(try doc("c/d")),
                Write.update(try doc("c/d"), fields: ["v": 2], mask: [try field("v")], precondition: .exists(true)),
            ])
        }
        let delete = await errorCode {
            try await sut.commit([
                Write.delete(try doc("c/d")), Write.delete(try doc("c/d"), precondition: .exists(true)),
            ])
        }

        #expect(update == .invalidArgument)
        #expect(delete == .invalidArgument)
    }

    @Test func updateTimePreconditionOnALaterWriteOfTheDocument_mustMatchTheFirstWrites() async throws {
        let sut = EngineHarness()
        let created = try await sut.set("c/d", ["v": 1])
        let stamp = Precondition.updateTime(created.commitTime)

        let afterPlain = await errorCode {
            try await sut.commit([
                Write.update(try doc("c/d"), fields: ["v": 2]),
                Write.update(try doc("c/d"), fields: ["v": 3], precondition: stamp),
            ])
        }
        let afterSame = await errorCode {
            try await sut.commit([
                Write.update(try doc("c/d"), fields: ["v": 2], precondition: stamp),
                Write.update(try doc("c/d"), fields: ["v": 3], precondition: stamp),
            ])
        }

        #expect(afterPlain == .invalidArgument)
        #expect(afterSame == nil)
        #expect(try sut.fields("c/d") == ["v": 3])
    }

    @Test func insertAfterDeleteOfTheSameDocument_isAllowed() async throws {
        let sut = EngineHarness()
        try await sut.set("c/d", ["v": 1])

        try await sut.commit([
            Write.delete(try doc("c/d")),
            Write.update(try doc("c/d"), fields: ["v": 2], precondition: .exists(false)),
        ])

        #expect(try sut.fields("c/d") == ["v": 2])
    }
}
