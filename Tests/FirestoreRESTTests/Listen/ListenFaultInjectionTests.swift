import HearthDomain
import HearthFirestoreCodec
@testable import HearthFirestoreREST
import HearthPort
import HearthTestSupport
import Synchronization
import Testing

/// Two push listeners through at least 200 connection faults during a stream of commits, against a
/// simulated watch server (resume tokens, emulator-style resets and production-style deltas, cuts at any
/// point of a batch): every snapshot holds exactly the server's documents at its read time, and the last
/// one the final state. (Snapshots pass through each listener's coalescing buffer, which diffs states:
/// a change applied twice or lost would show as a state the server never had.)
@Suite(.timeLimit(.minutes(4)))
struct ListenFaultInjectionTests {
    @Test func twoHundredFaults_loseAndRepeatNothing() async throws {
        let sleeps = RecordedSleeps()
        let connector = ScriptedListenConnector()
        let multiplexer = ListenMultiplexer(
            connector: connector,
            configuration: ListenMultiplexer.Configuration(sleep: { try await sleeps.sleep($0) }, random: { 0.5 }))
        let server = SimulatedWatchServer()
        let observers = [Observer(), Observer()]
        let consumers = try observers.map { observer in
            let stream = multiplexer.listen(try collectionQuery(), options: ListenOptions())
            return Task { try await observer.consume(stream, server: server) }
        }
        var random = SplitMix64(seed: 15)
        var faults = 0
        var commits = 0
        var connections = 0

        while faults < 200 {
            connections += 1
            let connection = try await openConnection(connector, count: connections)
            try await eventually("both targets added on connection \(connections)") { connection.requests.count >= 2 }
            var batch = server.catchUp(connection.requests)
            var cut = false
            while !cut {
                if random.below(100) < 25 {
                    let kept = random.below(batch.count + 1)
                    connection.push(Array(batch.prefix(kept)))
                    let codes: [DocumentStoreError.Code] = [
                        .unavailable, .internal, .deadlineExceeded, .resourceExhausted,
                    ]
                    connection.fail(DocumentStoreError(codes[random.below(codes.count)], "injected fault"))
                    faults += 1
                    cut = true
                    // Commits go on while the client is away (some undo what it received but never saw applied).
                    for _ in 0..<random.below(3) {
                        server.commit(using: &random)
                        commits += 1
                    }
                } else {
                    connection.push(batch)
                    server.commit(using: &random)
                    commits += 1
                    batch = server.changes(emulatorStyle: random.below(2) == 0)
                }
            }
        }
        let connection = try await openConnection(connector, count: connections + 1)
        try await eventually("the last connection's targets") { connection.requests.count >= 2 }
        connection.push(server.catchUp(connection.requests))
        let final = server.version
        for observer in observers {
            try await eventually("the final state") { observer.lastReadTime == final }
        }
        multiplexer.close()
        for consumer in consumers { try await consumer.value }

        #expect(faults >= 200)
        #expect(commits > 100)
        for observer in observers {
            #expect(observer.mismatches == [])
            #expect(observer.lastDocuments == server.state(at: final))
            #expect(observer.snapshots > 10)
        }
    }
}

// MARK: - The simulated server

/// Firestore's watch side for one collection: a history of states, resume tokens naming a version, and
/// the batches a server sends to catch a target up or after a commit.
private final class SimulatedWatchServer: Sendable {
    /// Each version's documents: ID → (value of `a`, version it was written at).
    private let history = Mutex<[[String: Stamp]]>([[:]])

    struct Stamp: Hashable, Sendable {
        var a: Int64
        var written: Int
    }

    var version: Int { history.withLock { $0.count - 1 } }

    func state(at version: Int) -> [String: Stamp]? {
        history.withLock { version >= 0 && version < $0.count ? $0[version] : nil }
    }

    /// A random write: a new document, an update, or the deletion of an existing one.
    func commit(using random: inout SplitMix64) {
        let id = "d\(random.below(12))"
        let value = Int64(random.below(50))
        history.withLock { history in
            var next = history[history.count - 1]
            let written = history.count
            if next[id] != nil, random.below(3) == 0 {
                next[id] = nil
            } else {
                next[id] = Stamp(a: value, written: written)
            }
            history.append(next)
        }
    }

    /// What follows a commit for every target: a delta, or a reset with a full re-send.
    func changes(emulatorStyle: Bool) -> [RESTListenResponse] {
        let version = self.version
        guard let now = state(at: version), let before = state(at: version - 1) else { return [] }
        var batch: [RESTListenResponse] = []
        if emulatorStyle {
            batch.append(.targetChange(RESTTargetChange(kind: .reset, targetIDs: targets)))
            batch += now.keys.sorted().compactMap { document($0, now, targets: targets) }
            batch.append(.targetChange(RESTTargetChange(kind: .current, targetIDs: targets)))
        } else {
            batch += Self.differences(before, now, targets: targets)
        }
        batch.append(consistent(version))
        return batch
    }

    /// The answer to a connection's `addTarget`s: per target, `ADD`, what changed since its token (or
    /// everything), `CURRENT`; then a consistent point.
    func catchUp(_ requests: [ScriptedListenConnection.Request]) -> [RESTListenResponse] {
        let version = self.version
        guard let now = state(at: version) else { return [] }
        var batch: [RESTListenResponse] = []
        for request in requests {
            guard case .add(let id, let token) = request else { continue }
            batch.append(.targetChange(RESTTargetChange(kind: .add, targetIDs: [id])))
            if let since = Self.version(of: token), let before = state(at: since) {
                batch += Self.differences(before, now, targets: [id])
            } else {
                batch += now.keys.sorted().compactMap { document($0, now, targets: [id]) }
            }
            batch.append(.targetChange(RESTTargetChange(kind: .current, targetIDs: [id])))
        }
        batch.append(consistent(version))
        return batch
    }

    private let targets: [Int32] = [2, 4]

    private static func differences(
        _ before: [String: Stamp], _ now: [String: Stamp], targets: [Int32]
    )
        -> [RESTListenResponse]
    {
        Set(before.keys).union(now.keys).sorted().compactMap { id -> RESTListenResponse? in
            guard before[id] != now[id] else { return nil }
            guard now[id] != nil else {
                return path(id).map { .documentDelete($0, removedTargetIDs: targets, readTime: nil) }
            }
            return document(id, now, targets: targets)
        }
    }

    private func document(_ id: String, _ state: [String: Stamp], targets: [Int32]) -> RESTListenResponse? {
        Self.document(id, state, targets: targets)
    }

    private static func document(_ id: String, _ state: [String: Stamp], targets: [Int32]) -> RESTListenResponse? {
        guard let stamp = state[id], let path = path(id),
            let time = try? Timestamp(seconds: Int64(1_000 + stamp.written))
        else { return nil }
        return .documentChange(
            Document(path: path, fields: ["a": .integer(stamp.a)], createTime: time, updateTime: time),
            targetIDs: targets, removedTargetIDs: [])
    }

    private func consistent(_ version: Int) -> RESTListenResponse {
        .targetChange(
            RESTTargetChange(
                resumeToken: Self.token(version), readTime: try? Timestamp(seconds: Int64(1_000 + version))))
    }

    private static func path(_ id: String) -> DocumentPath? {
        try? DocumentPath("C/\(id)")
    }

    static func token(_ version: Int) -> [UInt8] { Array(String(version).utf8) }
    static func version(of token: [UInt8]) -> Int? { token.isEmpty ? nil : Int(String(decoding: token, as: UTF8.self)) }
}

/// One listener's consumer: checks every snapshot against the server's state at its read time.
private final class Observer: Sendable {
    private let state = Mutex<
        (mismatches: [Int], last: [String: SimulatedWatchServer.Stamp], readTime: Int, count: Int)
    >(
        ([], [:], -1, 0))

    var mismatches: [Int] { state.withLock { $0.mismatches } }
    var lastDocuments: [String: SimulatedWatchServer.Stamp] { state.withLock { $0.last } }
    var lastReadTime: Int { state.withLock { $0.readTime } }
    var snapshots: Int { state.withLock { $0.count } }

    func consume(_ stream: AsyncThrowingStream<ListenSnapshot, any Error>, server: SimulatedWatchServer) async throws {
        for try await snapshot in stream {
            let version = Int(snapshot.readTime.seconds) - 1_000
            var documents: [String: SimulatedWatchServer.Stamp] = [:]
            for document in snapshot.documents {
                guard case .integer(let a)? = document.fields["a"] else { continue }
                documents[document.path.documentID] = SimulatedWatchServer.Stamp(
                    a: a, written: Int(document.updateTime.seconds) - 1_000)
            }
            let expected = server.state(at: version)
            state.withLock { state in
                if documents != expected { state.mismatches.append(version) }
                state.last = documents
                state.readTime = version
                state.count += 1
            }
        }
    }
}

extension SplitMix64 {
    /// A number in `0..<bound` (0 when `bound` is 0).
    fileprivate mutating func below(_ bound: Int) -> Int {
        bound > 0 ? Int.random(in: 0..<bound, using: &self) : 0
    }
}

private func collectionQuery() throws -> ListenTarget {
    .query(
        parent: nil,
        query: StructuredQuery(
            from: CollectionSelector(collectionID: "C"), orderBy: [Order(try FieldPath(dotted: "a"))]))
}

private func openConnection(_ connector: ScriptedListenConnector, count: Int) async throws -> ScriptedListenConnection {
    try await eventually("connection \(count)") { connector.connections.count >= count }
    return try #require(connector.connections.dropFirst(count - 1).first)
}
