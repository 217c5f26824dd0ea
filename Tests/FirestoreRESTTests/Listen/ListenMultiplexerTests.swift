import HearthDomain
import HearthFirestoreCodec
@testable import HearthFirestoreREST
import HearthPort
import Synchronization
import Testing

/// The push listeners' multiplexer over a scripted connection: routing, acknowledgements, the watch
/// protocol's behaviours (emulator-style resets and production-style deltas), ends, and reconnection.
@Suite(.timeLimit(.minutes(4)))
struct ListenMultiplexerTests {
    // MARK: The watch protocol through the multiplexer

    @Test func emulatorResetsAndProductionDeltas_giveTheSameSnapshots() async throws {
        let initial: [RESTListenResponse] = [
            added(2), try change("a", 1, updated: 1, targets: [2]), try change("b", 2, updated: 1, targets: [2]),
            current(2), try consistent(1, token: [1]),
        ]
        let emulator: [[RESTListenResponse]] = [
            initial,
            [
                reset(2), try change("a", 5, updated: 2, targets: [2]), try change("b", 2, updated: 1, targets: [2]),
                try change("c", 3, updated: 2, targets: [2]), current(2), try consistent(2, token: [2]),
            ],
            [
                reset(2), try change("a", 5, updated: 2, targets: [2]), try change("c", 3, updated: 2, targets: [2]),
                current(2), try consistent(3, token: [3]),
            ],
        ]
        let production: [[RESTListenResponse]] = [
            initial,
            [
                try change("a", 5, updated: 2, targets: [2]), try change("c", 3, updated: 2, targets: [2]),
                try consistent(2, token: [2]),
            ],
            [try delete("b", from: [2]), try consistent(3, token: [3])],
        ]

        let fromResets = try await snapshots(feeding: emulator)
        let fromDeltas = try await snapshots(feeding: production)

        #expect(fromResets == fromDeltas)
        #expect(
            fromDeltas == [
                ["added a", "added b", "| a b @1"], ["added c", "modified a 0→2", "| b c a @2"],
                ["removed b", "| c a @3"],
            ])
    }

    @Test func consistentPointsBeforeCurrent_deliverNothing() async throws {
        let (multiplexer, connector) = makeMultiplexer()
        var listener = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()
        let connection = try await openConnection(connector)

        connection.push([
            added(2), try change("a", 1, updated: 1, targets: [2]), try consistent(1, token: [1]),
            try change("b", 2, updated: 1, targets: [2]), try consistent(2, token: [2]), current(2),
            try consistent(3, token: [3]),
        ])
        let first = try await listener.next()

        #expect(first.map(describe) == ["added a", "added b", "| a b @3"])
    }

    @Test func responsesBeforeTheTargetsAdd_areIgnored() async throws {
        let (multiplexer, connector) = makeMultiplexer()
        var listener = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()
        let connection = try await openConnection(connector)

        connection.push([
            try change("stale", 9, updated: 1, targets: [2]), current(2), try consistent(1), added(2),
            try change("a", 1, updated: 1, targets: [2]), current(2), try consistent(2, token: [2]),
        ])
        let first = try await listener.next()

        #expect(first.map(describe) == ["added a", "| a @2"])
    }

    // MARK: Several listeners on one connection

    @Test func twoListeners_shareOneConnection_andATargetRemovedWithCause7EndsOnlyItsListener() async throws {
        let (multiplexer, connector) = makeMultiplexer()
        var denied = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()
        var allowed = multiplexer.listen(try target("D"), options: ListenOptions()).makeAsyncIterator()
        let connection = try await openConnection(connector)
        try await eventually("both targets added") { connection.requests.count == 2 }
        connection.push([
            added(2, 4), try change("a", 1, updated: 1, targets: [2]), try change("x", 1, updated: 1, targets: [4]),
            current(2, 4), try consistent(1, token: [1]),
        ])
        _ = try await denied.next()
        _ = try await allowed.next()

        connection.push([
            .targetChange(
                RESTTargetChange(kind: .remove, targetIDs: [2], cause: RESTStatus(code: 7, message: "denied"))),
            try change("y", 2, updated: 2, targets: [4]), try consistent(2, token: [2]),
        ])
        let deniedError = await errorCode { _ = try await denied.next() }
        let next = try await allowed.next()

        #expect(deniedError == .permissionDenied)
        #expect(next.map(describe) == ["added y", "| x y @2"])
        #expect(Set(connection.requests) == [.add(2, token: []), .add(4, token: [])])
        #expect(connector.calls == 1)
    }

    @Test func aDocumentChangeNamingTwoTargets_reachesBoth_andAGlobalChangeReachesEvery() async throws {
        let (multiplexer, connector) = makeMultiplexer()
        var first = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()
        var second = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()
        let connection = try await openConnection(connector)
        try await eventually("both targets added") { connection.requests.count == 2 }

        connection.push([
            added(2, 4), try change("a", 1, updated: 1, targets: [2, 4]), current(), try consistent(1, token: [1]),
        ])

        #expect(try await first.next().map(describe) == ["added a", "| a @1"])
        #expect(try await second.next().map(describe) == ["added a", "| a @1"])
    }

    // MARK: Resets, ends and cancellation

    @Test func existenceFilterMismatch_readdsTheTargetWithoutAToken_andIgnoresItUntilAcknowledged() async throws {
        let (multiplexer, connector) = makeMultiplexer()
        var listener = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()
        let connection = try await openConnection(connector)
        connection.push([
            added(2), try change("a", 1, updated: 1, targets: [2]), try change("b", 2, updated: 1, targets: [2]),
            current(2), try consistent(1, token: [1]),
        ])
        _ = try await listener.next()

        connection.push([.filter(targetID: 2, count: 1)])
        try await eventually("the target re-added") { connection.requests.count == 3 }
        connection.push([
            try change("late", 7, updated: 1, targets: [2]), current(2), try consistent(2),
            .targetChange(RESTTargetChange(kind: .remove, targetIDs: [2])), added(2),
            try change("a", 1, updated: 1, targets: [2]), current(2), try consistent(3, token: [3]),
        ])
        let next = try await listener.next()

        #expect(connection.requests == [.add(2, token: []), .remove(2), .add(2, token: [])])
        #expect(next.map(describe) == ["removed b", "| a @3"])
    }

    @Test func close_endsEveryListenerWithoutAnError_andClosesTheConnection() async throws {
        let (multiplexer, connector) = makeMultiplexer()
        var listener = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()
        let connection = try await openConnection(connector)
        connection.push([added(2), current(2), try consistent(1, token: [1])])
        _ = try await listener.next()

        multiplexer.close()
        let next = try await listener.next()
        var late = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()
        let lateNext = try await late.next()

        #expect(next == nil)
        #expect(lateNext == nil)
        try await eventually("the connection closed") { connection.isClosed }
    }

    @Test func cancellingAListener_removesItsTarget_andTheLastOneClosesTheConnection() async throws {
        let (multiplexer, connector) = makeMultiplexer()
        let first = Task { [multiplexer] in
            for try await _ in multiplexer.listen(try target(), options: ListenOptions()) {}
        }
        let second = Task { [multiplexer] in
            for try await _ in multiplexer.listen(try target(), options: ListenOptions()) {}
        }
        let connection = try await openConnection(connector)
        try await eventually("both targets added") { connection.requests.count == 2 }
        connection.push([added(2, 4)])
        let removals = { connection.requests.filter { if case .remove = $0 { true } else { false } } }

        first.cancel()
        try await eventually("one target removed") { removals().count == 1 }
        let closedWithOneLeft = connection.isClosed
        second.cancel()
        try await eventually("the connection closed") { connection.isClosed }

        #expect(!closedWithOneLeft)
        #expect(Set(removals()) == [.remove(2), .remove(4)])
    }

    @Test func includeMetadataChanges_consistentPointsWithoutAChangeYieldMetadataOnlySnapshots() async throws {
        let (multiplexer, connector) = makeMultiplexer()
        var listener = multiplexer.listen(try target(), options: ListenOptions(includeMetadataChanges: true))
            .makeAsyncIterator()
        let connection = try await openConnection(connector)
        connection.push([
            added(2), try change("a", 1, updated: 1, targets: [2]), current(2), try consistent(1, token: [1]),
        ])
        _ = try await listener.next()

        connection.push([try consistent(2, token: [2])])
        let next = try await listener.next()

        #expect(next?.isMetadataOnly == true)
        #expect(next.map(describe) == ["| a @2"])
    }

    @Test func aMissingDocument_givesAnEmptyInitialSnapshot_thenItsCreation() async throws {
        let (multiplexer, connector) = makeMultiplexer()
        let path = try DocumentPath("C/a")
        var listener = multiplexer.listen(.document(path), options: ListenOptions()).makeAsyncIterator()
        let connection = try await openConnection(connector)

        connection.push([
            added(2), .documentDelete(path, removedTargetIDs: [2], readTime: nil), current(2),
            try consistent(1, token: [1]),
        ])
        let first = try await listener.next()
        connection.push([try change("a", 1, updated: 2, targets: [2]), try consistent(2, token: [2])])
        let second = try await listener.next()

        #expect(first.map(describe) == ["| @1"])
        #expect(second.map(describe) == ["added a", "| a @2"])
    }

    @Test func aRefusedAddTarget_endsOnlyThatListener_andAFailedOneReconnects() async throws {
        let (multiplexer, connector) = makeMultiplexer()
        var first = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()
        let one = try await openConnection(connector)
        try await eventually("the first target added") { one.requests.count == 1 }

        one.failNextAdd(with: DocumentStoreError(.invalidArgument, "bad query"))
        var refused = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()
        let refusedError = await errorCode { _ = try await refused.next() }
        one.failNextAdd(with: DocumentStoreError(.unavailable, "the forward channel broke"))
        var third = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()
        let two = try await openConnection(connector, count: 2)
        try await eventually("both live targets added again") { two.requests.count == 2 }
        two.push([
            added(2, 6), try change("a", 1, updated: 1, targets: [2, 6]), current(2, 6), try consistent(1, token: [1]),
        ])

        #expect(refusedError == .invalidArgument)
        #expect(Set(two.requests) == [.add(2, token: []), .add(6, token: [])])
        #expect(try await first.next().map(describe) == ["added a", "| a @1"])
        #expect(try await third.next().map(describe) == ["added a", "| a @1"])
    }

    // MARK: Faults

    @Test func aCutConnection_reconnectsWithBackoff_resumesEveryTarget_andLosesOrRepeatsNothing() async throws {
        let sleeps = RecordedSleeps()
        let (multiplexer, connector) = makeMultiplexer(sleeps: sleeps)
        var first = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()
        var second = multiplexer.listen(try target("D"), options: ListenOptions()).makeAsyncIterator()
        let one = try await openConnection(connector)
        try await eventually("both targets added") { one.requests.count == 2 }
        one.push([
            added(2, 4), try change("a", 1, updated: 1, targets: [2]), try change("x", 1, updated: 1, targets: [4]),
            current(2, 4), try consistent(1, token: [1]),
        ])
        _ = try await first.next()
        _ = try await second.next()
        // Changes that never reached a consistent point are dropped with the stream: the server sends again
        // those that still hold (b, x), not one undone meanwhile (the document created and deleted again).
        one.push([
            try change("b", 2, updated: 2, targets: [2]), try delete("x", from: [4]),
            try change("undone", 3, updated: 2, targets: [2]),
        ])
        one.fail(DocumentStoreError(.unavailable, "cut"))

        let two = try await openConnection(connector, count: 2)
        try await eventually("both targets resumed") { two.requests.count == 2 }
        two.push([
            added(2, 4), try change("b", 2, updated: 2, targets: [2]), try delete("x", from: [4]), current(2, 4),
            try consistent(2, token: [2]),
        ])
        let firstNext = try await first.next()
        let secondNext = try await second.next()
        two.fail(DocumentStoreError(.internal, "truncated"))
        let three = try await openConnection(connector, count: 3)
        try await eventually("both targets resumed again") { three.requests.count == 2 }

        #expect(Set(two.requests) == [.add(2, token: [1]), .add(4, token: [1])])
        #expect(Set(three.requests) == [.add(2, token: [2]), .add(4, token: [2])])
        #expect(firstNext.map(describe) == ["added b", "| a b @2"])
        #expect(secondNext.map(describe) == ["removed x", "| @2"])
        // One wait per cut, the same each time: the second connection's first response reset the backoff.
        #expect(sleeps.all.count == 2)
        #expect(sleeps.all.first == sleeps.all.last)
        #expect(sleeps.all.allSatisfy { $0 >= .milliseconds(500) && $0 <= .seconds(1) })
        try await eventually("the cut connections closed") { one.isClosed && two.isClosed }
    }

    @Test func aCutDuringAReset_listensAgainFromScratch_andReportsOnlyRealChanges() async throws {
        let (multiplexer, connector) = makeMultiplexer()
        var listener = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()
        let one = try await openConnection(connector)
        one.push([
            added(2), try change("a", 1, updated: 1, targets: [2]), try change("b", 2, updated: 1, targets: [2]),
            current(2), try consistent(1, token: [1]),
        ])
        _ = try await listener.next()
        one.push([reset(2), try change("a", 1, updated: 1, targets: [2])])
        one.fail(DocumentStoreError(.unavailable, "cut in the middle of a re-send"))

        let two = try await openConnection(connector, count: 2)
        try await eventually("the target added again") { two.requests.count == 1 }
        two.push([
            added(2), try change("a", 1, updated: 1, targets: [2]), try change("b", 2, updated: 1, targets: [2]),
            try change("c", 3, updated: 3, targets: [2]), current(2), try consistent(3, token: [3]),
        ])
        let next = try await listener.next()

        #expect(two.requests == [.add(2, token: [])])
        #expect(next.map(describe) == ["added c", "| a b c @3"])
    }

    @Test func permissionDeniedOnTheConnection_endsEveryListenerWithoutReconnecting() async throws {
        let (multiplexer, connector) = makeMultiplexer()
        var first = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()
        var second = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()
        let connection = try await openConnection(connector)
        try await eventually("both targets added") { connection.requests.count == 2 }

        connection.fail(DocumentStoreError(.permissionDenied, "no"))
        let firstError = await errorCode { _ = try await first.next() }
        let secondError = await errorCode { _ = try await second.next() }

        #expect(firstError == .permissionDenied)
        #expect(secondError == .permissionDenied)
        #expect(connector.calls == 1)
    }

    @Test func unauthenticated_reconnectsOnceWithFreshCredentials_thenEnds() async throws {
        let (multiplexer, connector) = makeMultiplexer()
        var listener = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()
        let one = try await openConnection(connector)

        one.fail(DocumentStoreError(.unauthenticated, "expired"))
        let two = try await openConnection(connector, count: 2)
        two.fail(DocumentStoreError(.unauthenticated, "expired again"))
        let error = await errorCode { _ = try await listener.next() }

        #expect(error == .unauthenticated)
        #expect(connector.calls == 2)
    }

    @Test func connectFailures_retryWithGrowingBackoff() async throws {
        let sleeps = RecordedSleeps()
        let connector = ScriptedListenConnector(failures: [
            DocumentStoreError(.unavailable, "down"), DocumentStoreError(.resourceExhausted, "busy"),
            DocumentStoreError(.deadlineExceeded, "slow"),
        ])
        let multiplexer = ListenMultiplexer(
            connector: connector,
            configuration: ListenMultiplexer.Configuration(sleep: { try await sleeps.sleep($0) }, random: { 0.999 }))
        var listener = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()

        let connection = try await openConnection(connector)
        connection.push([added(2), current(2), try consistent(1, token: [1])])
        let first = try await listener.next()

        #expect(first?.isInitial == true)
        #expect(connector.calls == 4)
        #expect(sleeps.all.count == 3)
        #expect(zip(sleeps.all, sleeps.all.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func unimplemented_fallsBackToPollingOnce_forEveryListenerThenAndLater() async throws {
        let refusals = EventCounter()
        let polled = EventCounter()
        let connector = ScriptedListenConnector(failures: [DocumentStoreError(.unimplemented, "404")])
        let multiplexer = ListenMultiplexer(connector: connector, refused: { _ in refusals.increment() })
        let fallback: ListenMultiplexer.Fallback = { buffer, _ in
            polled.increment()
            buffer.publish(DocumentSet(ordering: .byName), changedPaths: [], readTime: .min)
            return Task {}
        }
        var first = multiplexer.listen(try target(), options: ListenOptions(), fallback: fallback).makeAsyncIterator()
        var second = multiplexer.listen(try target(), options: ListenOptions(), fallback: fallback).makeAsyncIterator()

        let firstSnapshot = try await first.next()
        let secondSnapshot = try await second.next()
        var later = multiplexer.listen(try target(), options: ListenOptions(), fallback: fallback).makeAsyncIterator()
        let laterSnapshot = try await later.next()

        #expect([firstSnapshot, secondSnapshot, laterSnapshot].allSatisfy { $0?.isInitial == true })
        #expect(refusals.value == 1)
        #expect(polled.value == 3)
        #expect(connector.calls == 1)
    }
}

// MARK: - Helpers

private func makeMultiplexer(
    sleeps: RecordedSleeps = RecordedSleeps()
) -> (
    ListenMultiplexer, ScriptedListenConnector
) {
    let connector = ScriptedListenConnector()
    let multiplexer = ListenMultiplexer(
        connector: connector,
        configuration: ListenMultiplexer.Configuration(sleep: { try await sleeps.sleep($0) }, random: { 0.5 }))
    return (multiplexer, connector)
}

/// The `count`th connection the connector opened, once it is open.
private func openConnection(
    _ connector: ScriptedListenConnector, count: Int = 1
) async throws
    -> ScriptedListenConnection
{
    try await eventually("connection \(count)") { connector.connections.count >= count }
    return try #require(connector.connections.dropFirst(count - 1).first)
}

/// The snapshots one listener receives when the server sends each batch of `steps` in turn.
private func snapshots(feeding steps: [[RESTListenResponse]]) async throws -> [[String]] {
    let (multiplexer, connector) = makeMultiplexer()
    var listener = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()
    let connection = try await openConnection(connector)
    var described: [[String]] = []
    for step in steps {
        connection.push(step)
        let snapshot = try #require(try await listener.next())
        described.append(describe(snapshot))
    }
    multiplexer.close()
    return described
}

private func target(_ collection: String = "C") throws -> ListenTarget {
    .query(
        parent: nil,
        query: StructuredQuery(
            from: CollectionSelector(collectionID: collection), orderBy: [Order(try FieldPath(dotted: "a"))]))
}

private func document(_ id: String, _ a: Int64, updated: Int64) throws -> Document {
    Document(
        path: try DocumentPath("C/\(id)"), fields: ["a": .integer(a)], createTime: try Timestamp(seconds: 1),
        updateTime: try Timestamp(seconds: updated))
}

private func change(_ id: String, _ a: Int64, updated: Int64, targets: [Int32]) throws -> RESTListenResponse {
    .documentChange(try document(id, a, updated: updated), targetIDs: targets, removedTargetIDs: [])
}

private func delete(_ id: String, from targets: [Int32]) throws -> RESTListenResponse {
    .documentDelete(try DocumentPath("C/\(id)"), removedTargetIDs: targets, readTime: nil)
}

private func added(_ ids: Int32...) -> RESTListenResponse {
    .targetChange(RESTTargetChange(kind: .add, targetIDs: ids))
}

private func current(_ ids: Int32...) -> RESTListenResponse {
    .targetChange(RESTTargetChange(kind: .current, targetIDs: ids))
}

private func reset(_ ids: Int32...) -> RESTListenResponse {
    .targetChange(RESTTargetChange(kind: .reset, targetIDs: ids))
}

private func consistent(_ seconds: Int64, token: [UInt8] = []) throws -> RESTListenResponse {
    .targetChange(RESTTargetChange(resumeToken: token, readTime: try Timestamp(seconds: seconds)))
}

/// Each change as `kind id [old→new]` (indexes for modifications), then `| ids @seconds`.
private func describe(_ snapshot: ListenSnapshot) -> [String] {
    let changes = snapshot.changes.map { change -> String in
        let id = change.document.path.documentID
        switch change.kind {
        case .modified: return "modified \(id) \(change.oldIndex ?? -1)→\(change.newIndex ?? -1)"
        default: return "\(change.kind) \(id)"
        }
    }
    let ids = snapshot.documents.map(\.path.documentID)
    return changes + [(["|"] + ids + ["@\(snapshot.readTime.seconds)"]).joined(separator: " ")]
}

private func errorCode(_ body: () async throws -> Void) async -> DocumentStoreError.Code? {
    do {
        try await body()
        return nil
    } catch {
        return (error as? DocumentStoreError)?.code
    }
}

private final class EventCounter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}

/// A target the server never lets become current (the emulator ends a channel with more than 10,000
/// messages waiting) is reported once, after `starvedAfter` connections in a row; a target made current
/// on a connection is not counted for its end, even when nothing changed (no snapshot).
// The limits guard against hangs, not speed: each test takes milliseconds alone, but in the whole suite on
// a loaded 2-core machine the cooperative pool can be held by long synchronous tests for over a minute.
@Suite(.timeLimit(.minutes(4)))
struct ListenStarvationTests {
    @Test func connectionsEndingBeforeTheFirstSnapshot_reportTheListenerOnce() async throws {
        let reports = EventCounter()
        let connector = ScriptedListenConnector()
        let multiplexer = ListenMultiplexer(
            connector: connector,
            configuration: ListenMultiplexer.Configuration(sleep: { _ in }, random: { 0.5 }),
            starved: { _ in reports.increment() })
        var listener = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()

        for count in 1...(ListenMultiplexer.starvedAfter + 2) {
            let connection = try await openConnection(connector, count: count)
            connection.push([added(2)])
            connection.fail(DocumentStoreError(.unavailable, "the server ended the channel"))
        }
        let served = try await openConnection(connector, count: ListenMultiplexer.starvedAfter + 3)
        served.push([added(2), current(2), try consistent(1, token: [1])])
        let first = try await listener.next()

        #expect(first?.isInitial == true)
        #expect(reports.value == 1)
    }

    @Test func aListenerServedOnEveryConnection_isNeverReported() async throws {
        let reports = EventCounter()
        let connector = ScriptedListenConnector()
        let multiplexer = ListenMultiplexer(
            connector: connector,
            configuration: ListenMultiplexer.Configuration(sleep: { _ in }, random: { 0.5 }),
            starved: { _ in reports.increment() })
        var listener = multiplexer.listen(try target(), options: ListenOptions()).makeAsyncIterator()

        for count in 1...(ListenMultiplexer.starvedAfter + 2) {
            let connection = try await openConnection(connector, count: count)
            connection.push([added(2), current(2), try consistent(Int64(count), token: [UInt8(count)])])
            if count == 1 { _ = try await listener.next() }
            connection.fail(DocumentStoreError(.unavailable, "cut"))
        }
        _ = try await openConnection(connector, count: ListenMultiplexer.starvedAfter + 3)

        #expect(reports.value == 0)
    }
}
