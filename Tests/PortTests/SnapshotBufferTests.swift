import HearthDomain
@testable import HearthPort
import HearthTestSupport
import Synchronization
import Testing

@Suite("SnapshotBuffer: coalescing hand-over", .timeLimit(.minutes(1)))
struct SnapshotBufferTests {
    @Test func firstPull_isTheInitialSnapshotWithEveryDocumentAdded() async throws {
        let buffer = SnapshotBuffer(includeMetadataChanges: false)
        buffer.publish(
            DocumentSet([try testDocument("c/a", 1), try testDocument("c/b", 2)], ordering: try byV()),
            changedPaths: [], readTime: try time(1))

        let snapshot = try #require(try await buffer.next())

        #expect(snapshot.isInitial)
        #expect(snapshot.changes.map(describe) == ["added a -→0", "added b -→1"])
        #expect(snapshot.readTime == (try time(1)))
    }

    @Test func slowConsumer_getsOneSnapshotCombiningEverythingSinceItsLast() async throws {
        let buffer = SnapshotBuffer(includeMetadataChanges: false)
        let ordering = try byV()
        let first = DocumentSet([try testDocument("c/a", 1), try testDocument("c/b", 2)], ordering: ordering)
        buffer.publish(first, changedPaths: [], readTime: try time(1))
        _ = try await buffer.next()

        let second = DocumentSet(
            [try testDocument("c/a", 1), try testDocument("c/b", 2), try testDocument("c/x", 0, updated: 2)],
            ordering: ordering)
        buffer.publish(second, changedPaths: [try DocumentPath("c/x")], readTime: try time(2))
        let third = DocumentSet(
            [
                try testDocument("c/a", 5, updated: 3), try testDocument("c/b", 2),
                try testDocument("c/x", 0, updated: 2),
            ], ordering: ordering)
        buffer.publish(third, changedPaths: [try DocumentPath("c/a")], readTime: try time(3))
        let fourth = DocumentSet(
            [try testDocument("c/a", 5, updated: 3), try testDocument("c/b", 2)], ordering: ordering)
        buffer.publish(fourth, changedPaths: [try DocumentPath("c/x")], readTime: try time(4))
        let snapshot = try #require(try await buffer.next())

        #expect(snapshot.documents == fourth)
        #expect(snapshot.changes.map(describe) == ["modified a 0→1"])
        #expect(snapshot.readTime == (try time(4)))
    }

    @Test func changesThatCancelOut_deliverNothing_untilARealChange() async throws {
        let buffer = SnapshotBuffer(includeMetadataChanges: false)
        let ordering = try byV()
        let base = DocumentSet([try testDocument("c/a", 1)], ordering: ordering)
        buffer.publish(base, changedPaths: [], readTime: try time(1))
        _ = try await buffer.next()

        buffer.publish(
            DocumentSet([try testDocument("c/a", 1), try testDocument("c/x", 2, updated: 2)], ordering: ordering),
            changedPaths: [try DocumentPath("c/x")], readTime: try time(2))
        buffer.publish(base, changedPaths: [try DocumentPath("c/x")], readTime: try time(3))
        let consumer = Task { try await buffer.next() }
        buffer.publish(
            DocumentSet([try testDocument("c/a", 1), try testDocument("c/y", 3, updated: 4)], ordering: ordering),
            changedPaths: [try DocumentPath("c/y")], readTime: try time(4))
        let snapshot = try #require(try await consumer.value)

        #expect(snapshot.changes.map(describe) == ["added y -→1"])
    }

    @Test func metadataChanges_deliverAReadTimeAdvanceAlone() async throws {
        let buffer = SnapshotBuffer(includeMetadataChanges: true)
        let set = DocumentSet([try testDocument("c/a", 1)], ordering: try byV())
        buffer.publish(set, changedPaths: [], readTime: try time(1))
        _ = try await buffer.next()

        buffer.publish(set, changedPaths: [], readTime: try time(2))
        let snapshot = try #require(try await buffer.next())

        #expect(snapshot.isMetadataOnly)
        #expect(snapshot.readTime == (try time(2)))
    }

    @Test func failure_isThrownOnce_thenTheStreamEnds() async throws {
        let buffer = SnapshotBuffer(includeMetadataChanges: false)
        buffer.fail(DocumentStoreError(.permissionDenied, "no"))

        let code = await errorCode { _ = try await buffer.next() }
        let after = try await buffer.next()

        #expect(code == .permissionDenied)
        #expect(after == nil)
    }

    @Test func cancelledConsumer_endsWithNil() async throws {
        let buffer = SnapshotBuffer(includeMetadataChanges: false)
        let consumer = Task { try await buffer.next() }

        consumer.cancel()

        #expect(try await consumer.value == nil)
        #expect(buffer.isEnded)
    }

    @Test func cancelledConsumer_withASnapshotWaiting_getsNilNotTheSnapshot() async throws {
        let buffer = SnapshotBuffer(includeMetadataChanges: false)
        buffer.publish(DocumentSet(ordering: try byV()), changedPaths: [], readTime: try time(1))
        let consumer = Task { () async throws -> ListenSnapshot? in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await buffer.next()
        }

        #expect(try await consumer.value == nil)
        #expect(buffer.isEnded)
    }

    @Test func cancelledConsumer_withAFailureWaiting_endsWithoutIt() async throws {
        let buffer = SnapshotBuffer(includeMetadataChanges: false)
        buffer.fail(DocumentStoreError(.permissionDenied, "no"))
        let consumer = Task { () async throws -> ListenSnapshot? in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await buffer.next()
        }

        #expect(try await consumer.value == nil)
    }

    @Test func releasingTheStream_runsTheCleanUp() async throws {
        let buffer = SnapshotBuffer(includeMetadataChanges: false)
        let ended = Atomic<Bool>(false)
        buffer.publish(DocumentSet(ordering: try byV()), changedPaths: [], readTime: try time(1))
        do {
            let stream = buffer.stream { ended.store(true, ordering: .releasing) }
            for try await _ in stream { break }
        }

        let didEnd = ended.load(ordering: .acquiring)
        #expect(didEnd)
        #expect(buffer.isEnded)
    }
}

func time(_ seconds: Int64) throws -> Timestamp {
    try Timestamp(seconds: seconds, nanoseconds: 0)
}
