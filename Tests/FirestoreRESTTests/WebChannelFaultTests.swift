import Foundation
import HearthDomain
@testable import HearthFirestoreREST
import HearthPort
import HearthTestSupport
import Synchronization
import Testing

/// A push listener on the emulator through a proxy that breaks its WebChannel connections (cuts,
/// truncated answers, stalls) again and again while another client commits: no change is lost and none is
/// delivered twice, checked change by change and against the final query result.
@Suite(
    "WebChannel Listen under channel faults (emulator, through a fault proxy)", .serialized,
    .enabled(if: EmulatorStores.isAvailable, "\(EmulatorStores.skipReason)"))
struct WebChannelFaultTests {
    /// What the listener's changes have built, checked as they arrive.
    private final class Mirror: Sendable {
        private let state = Mutex((documents: [DocumentPath: Document](), violations: [String](), snapshots: 0))

        func apply(_ snapshot: ListenSnapshot) {
            state.withLock { state in
                state.snapshots += 1
                for change in snapshot.changes {
                    let path = change.document.path
                    let held = state.documents[path]
                    switch change.kind {
                    case .added where held != nil:
                        state.violations.append("added \(path) twice")
                    case .modified where held == nil:
                        state.violations.append("modified \(path) before it was added")
                    case .modified where held?.updateTime == change.document.updateTime:
                        state.violations.append("the same version of \(path) delivered twice")
                    case .removed where held == nil:
                        state.violations.append("removed \(path), which was not there")
                    default:
                        break
                    }
                    state.documents[path] = change.kind == .removed ? nil : change.document
                }
                // The snapshot's documents are the state; the changes must have led to exactly them.
                let expected = Dictionary(uniqueKeysWithValues: snapshot.documents.map { ($0.path, $0) })
                if expected.mapValues(\.updateTime) != state.documents.mapValues(\.updateTime) {
                    state.violations.append(
                        "after snapshot \(state.snapshots), the changes do not add up to the documents")
                    state.documents = expected
                }
            }
        }

        var documents: [DocumentPath: Document] { state.withLock { $0.documents } }
        var violations: [String] { state.withLock { $0.violations } }
    }

    @Test func twoHundredFaults_loseNoChange_andDeliverNoneTwice() async throws {
        let emulator = try await FirestoreEmulator.start()
        defer { emulator.stop() }
        let database = try DatabaseID(projectID: FirestoreEmulator.newProjectID(prefix: "faults"))
        let writer = FirestoreRESTDocumentStore(
            configuration: try FirestoreRESTConfiguration.emulator(
                hostAndPort: emulator.hostAndPort, database: database))
        let names = (0..<12).map { "c/d\($0)" }
        _ = try await writer.commit(
            try names.map { Write.update(try DocumentPath($0), fields: ["v": .integer(0)]) }, transaction: nil)

        let proxy = try FaultProxy(upstreamPort: emulator.port)
        defer { proxy.stop() }
        var configuration = try FirestoreRESTConfiguration.emulator(
            hostAndPort: "127.0.0.1:\(proxy.port)", database: database)
        configuration.listenTransport = .push
        let connector = WebChannelListenConnector(
            configuration: configuration, httpClient: URLSessionHTTPClient(),
            options: WebChannelListenConnector.Options(stallTimeout: .seconds(1)))
        let listener = FirestoreRESTDocumentStore(
            configuration: configuration, sleep: { _ in try await Task.sleep(for: .milliseconds(20)) },
            listenConnector: connector)
        let query = StructuredQuery(from: CollectionSelector(collectionID: "c"))
        let mirror = Mirror()
        let ended = Mutex<(any Error)?>(nil)
        let listening = Task {
            do {
                for try await snapshot in listener.listen(.query(parent: nil, query: query), options: ListenOptions()) {
                    mirror.apply(snapshot)
                }
            } catch {
                ended.withLock { $0 = error }
            }
        }
        defer { listening.cancel() }
        try await waitUntil(.seconds(60)) { mirror.documents.count == names.count }

        var random = SplitMix64(seed: 15)
        var faults = (cuts: 0, truncations: 0, stalls: 0)
        for index in 1...200 {
            switch Int(random.next() % 20) {
            case 0:
                proxy.stall(for: .milliseconds(1_500))
                faults.stalls += 1
            case 1...9:
                proxy.truncate()
                faults.truncations += 1
            default:
                proxy.cut()
                faults.cuts += 1
            }
            let name = names[Int(random.next() % UInt64(names.count))]
            let write: Write =
                random.next() % 10 == 0
                ? .delete(try DocumentPath(name))
                : .update(try DocumentPath(name), fields: ["v": .integer(Int64(index))])
            _ = try await writer.commit([write], transaction: nil)
            try await Task.sleep(for: .milliseconds(Int(random.next() % 40)))
        }

        var final: [DocumentPath: Timestamp] = [:]
        for try await element in writer.runQuery(parent: nil, query: query, consistency: .latest) {
            if let document = element.document { final[document.path] = document.updateTime }
        }
        try await waitUntil(.seconds(120)) { mirror.documents.mapValues(\.updateTime) == final }

        #expect(mirror.violations.isEmpty, "\(mirror.violations.prefix(5))")
        #expect(mirror.documents.mapValues(\.updateTime) == final, "the listener's last state is the query's result")
        #expect(ended.withLock { $0 } == nil, "the listener ended: \(String(describing: ended.withLock { $0 }))")
        #expect(faults.cuts + faults.truncations + faults.stalls == 200)
        #expect(proxy.connectionCount > 50, "faults broke live connections: \(proxy.connectionCount) made")
        try await listener.close()
    }

    private func waitUntil(_ limit: Duration, _ condition: () -> Bool) async throws {
        let start = ContinuousClock.now
        while !condition(), ContinuousClock.now - start < limit { try await Task.sleep(for: .milliseconds(20)) }
    }
}
