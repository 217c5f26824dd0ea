import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec
@testable import HearthFirestoreREST
import HearthPort
import HearthTestSupport
import Testing

/// The WebChannel `Listen` transport against the official emulator: a connection, its targets, and the
/// responses a commit through the REST store makes arrive. Skipped when the emulator is absent.
@Suite(
    "WebChannel Listen against the emulator", .serialized,
    .enabled(if: EmulatorStores.isAvailable, "\(EmulatorStores.skipReason)"))
struct WebChannelEmulatorTests {
    /// An emulator of these tests' own, one test at a time (see `FirestoreEmulator.sharedForListeners`).
    static let emulator = Task { try await FirestoreEmulator.start() }

    @Test func queryTarget_receivesAddCurrentThenTheCommittedDocument() async throws {
        let (store, connection) = try await makeSUT()
        defer { Task { await connection.close() } }
        var responses = connection.responses.makeAsyncIterator()

        try await connection.addTarget(.query(parent: nil, query: roomsQuery()), targetID: 2, resumeToken: [])
        let initial = try await pull(&responses, closing: connection, until: { isGlobalConsistentPoint($0) })
        _ = try await store.commit([Write.update(try DocumentPath("rooms/a"), fields: ["n": 1])], transaction: nil)
        let afterCommit = try await pull(&responses, closing: connection, until: { isGlobalConsistentPoint($0) })

        #expect(initial.contains(.targetChange(RESTTargetChange(kind: .add, targetIDs: [2]))))
        #expect(initial.contains { kind(of: $0) == .current })
        let changed = afterCommit.compactMap { response -> Document? in
            if case .documentChange(let document, let targetIDs, _) = response, targetIDs == [2] { return document }
            return nil
        }
        #expect(changed.map(\.path) == [try DocumentPath("rooms/a")])
        #expect(changed.first?.fields == ["n": 1])
        #expect(afterCommit.contains { kind(of: $0) == .current })
    }

    @Test func documentTarget_forAMissingDocument_receivesDocumentDelete() async throws {
        let (store, connection) = try await makeSUT()
        defer { Task { await connection.close() } }
        var responses = connection.responses.makeAsyncIterator()
        let path = try DocumentPath("rooms/missing")

        try await connection.addTarget(.document(path), targetID: 4, resumeToken: [])
        let received = try await pull(&responses, closing: connection, until: { isGlobalConsistentPoint($0) })

        #expect(
            received.contains { response in
                if case .documentDelete(let deleted, let removed, _) = response {
                    return deleted == path && removed == [4]
                }
                return false
            })
        _ = store
    }

    @Test func removeTarget_endsWithRemove_andLaterCommitsDoNotReachIt() async throws {
        let (store, connection) = try await makeSUT()
        defer { Task { await connection.close() } }
        var responses = connection.responses.makeAsyncIterator()

        try await connection.addTarget(.query(parent: nil, query: roomsQuery()), targetID: 2, resumeToken: [])
        _ = try await pull(&responses, closing: connection, until: { isGlobalConsistentPoint($0) })
        try await connection.removeTarget(2)
        let removal = try await pull(&responses, closing: connection, until: { kind(of: $0) == .remove })
        try await connection.addTarget(.document(try DocumentPath("other/x")), targetID: 4, resumeToken: [])
        _ = try await store.commit([Write.update(try DocumentPath("rooms/b"), fields: ["n": 2])], transaction: nil)
        _ = try await store.commit([Write.update(try DocumentPath("other/x"), fields: ["n": 3])], transaction: nil)
        let later = try await pull(
            &responses, closing: connection,
            until: { response in
                if case .documentChange(let document, _, _) = response { return document.path.description == "other/x" }
                return false
            })

        #expect(removal.last == .targetChange(RESTTargetChange(kind: .remove, targetIDs: [2])))
        #expect(
            !later.contains { response in
                if case .documentChange(_, let targetIDs, _) = response { return targetIDs.contains(2) }
                return false
            })
    }

    @Test func twoTargets_shareOneConnection() async throws {
        let (store, connection) = try await makeSUT()
        defer { Task { await connection.close() } }
        var responses = connection.responses.makeAsyncIterator()
        let document = try DocumentPath("rooms/b")

        try await connection.addTarget(.query(parent: nil, query: roomsQuery()), targetID: 2, resumeToken: [])
        try await connection.addTarget(.document(document), targetID: 4, resumeToken: [])
        _ = try await pull(
            &responses, closing: connection,
            until: { response in kind(of: response) == .current && targets(of: response).contains(4) })
        _ = try await store.commit([Write.update(document, fields: ["n": 5])], transaction: nil)
        var seen: Set<Int32> = []
        _ = try await pull(
            &responses, closing: connection,
            until: { response in
                if case .documentChange(let changed, let targetIDs, _) = response, changed.path == document {
                    seen.formUnion(targetIDs)
                }
                return seen.isSuperset(of: [2, 4])
            })

        #expect(seen == [2, 4])
        #expect(connection.backChannelRequestCount >= 1)
    }

    @Test func latencyProbe_measuresACommitReachingTheBackChannel() async throws {
        let emulator = try await Self.emulator.value
        let probe = try WebChannelLatencyProbe(
            hostAndPort: emulator.hostAndPort, projectID: FirestoreEmulator.newProjectID(prefix: "wcprobe"),
            httpClient: EmulatorStores.sharedClient)

        let samples = try await probe.measure(commits: 5)

        #expect(samples.count == 5)
        // The change may arrive before the commit's own answer is read, and a loaded machine is slow: only
        // that every change arrived is checked (the probe fails when one does not), not its latency.
        #expect(samples.allSatisfy { $0.commitToChange > .zero })
        print("WebChannel commit → documentChange:", samples.map(\.commitToChange), "commits:", samples.map(\.commit))
    }

    // MARK: - Helpers

    private func makeSUT(
        stallTimeout: Duration? = nil
    ) async throws -> (FirestoreRESTDocumentStore, WebChannelListenConnection) {
        let store = try await EmulatorStores.makeStore(
            emulator: try await Self.emulator.value,
            projectID: FirestoreEmulator.newProjectID(prefix: "wc"))
        var options = WebChannelListenConnector.Options(stallTimeout: stallTimeout)
        options.requestTimeout = .seconds(10)
        let connector = WebChannelListenConnector(
            configuration: store.configuration, httpClient: EmulatorStores.sharedClient, options: options)
        let connection = try await connector.connect()
        return (store, try #require(connection as? WebChannelListenConnection))
    }

    private func roomsQuery() -> StructuredQuery {
        StructuredQuery(from: CollectionSelector(collectionID: "rooms"))
    }
}

/// Pulls responses until one satisfies `condition`; returns every response pulled. Past `limit`, the
/// connection is closed (so the pull ends) and the test fails.
func pull(
    _ iterator: inout AsyncThrowingStream<RESTListenResponse, any Error>.Iterator,
    closing connection: any ListenConnection,
    within limit: Duration = .seconds(10),
    until condition: (RESTListenResponse) -> Bool
) async throws -> [RESTListenResponse] {
    let timer = Task {
        try await Task.sleep(for: limit)
        await connection.close()
    }
    defer { timer.cancel() }
    var pulled: [RESTListenResponse] = []
    while let response = try await iterator.next() {
        pulled.append(response)
        if condition(response) { return pulled }
    }
    Issue.record("no matching response within \(limit); pulled \(pulled)")
    return pulled
}

func kind(of response: RESTListenResponse) -> RESTTargetChange.Kind? {
    if case .targetChange(let change) = response { return change.kind }
    return nil
}

func targets(of response: RESTListenResponse) -> [Int32] {
    if case .targetChange(let change) = response { return change.targetIDs }
    return []
}

/// A global `NO_CHANGE` with a read time: every target is consistent.
func isGlobalConsistentPoint(_ response: RESTListenResponse) -> Bool {
    if case .targetChange(let change) = response {
        return change.kind == .noChange && change.targetIDs.isEmpty && change.readTime != nil
    }
    return false
}
