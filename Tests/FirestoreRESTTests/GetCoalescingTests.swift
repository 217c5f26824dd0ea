import Foundation
import HearthDomain
import HearthFirestoreREST
import HearthPort
import HearthTestSupport
import Synchronization
import Testing

/// `FirestoreRESTConfiguration.coalescesGets` on the emulator: concurrent gets go as a few `:batchGet`s
/// and each still gets its own answer (found, missing); with it off, each is a `GET`. Under security
/// rules, see `SecurityRulesTests.concurrentGets_areEachDecidedAlone`.
@Suite("Concurrent gets coalesced", .enabled(if: EmulatorStores.isAvailable, "\(EmulatorStores.skipReason)"))
struct GetCoalescingTests {
    /// Counts the requests it sends, by the last part of their path (`d7`, `documents:batchGet`).
    final class CountingClient: HTTPClient {
        let base: any HTTPClient
        let sent = Mutex<[String]>([])
        init(_ base: any HTTPClient) { self.base = base }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            sent.withLock { $0.append(request.url.lastPathComponent) }
            return try await base.send(request)
        }
    }

    func gets(coalescing: Bool) async throws -> (found: [String?], sent: [String]) {
        let client = CountingClient(EmulatorStores.sharedClient)
        let owner = try await EmulatorStores.makeStore(httpClient: client)
        var configuration = owner.configuration
        configuration.coalescesGets = coalescing
        let store = FirestoreRESTDocumentStore(configuration: configuration, httpClient: client)
        _ = try await owner.commit(
            try (0..<60).map { Write.update(try DocumentPath("items/d\($0)"), fields: ["n": .integer(Int64($0))]) },
            transaction: nil)
        client.sent.withLock { $0 = [] }

        let found = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<80 {
                group.addTask {
                    let document = try await store.getDocument(
                        try DocumentPath("items/d\(index)"), mask: nil, consistency: .latest)
                    return (index, document.map { "\($0.path.documentID)=\($0.fields["n"].map { "\($0)" } ?? "")" })
                }
            }
            var found = [String?](repeating: nil, count: 80)
            for try await (index, text) in group { found[index] = text }
            return found
        }
        return (found, client.sent.withLock { $0 })
    }

    @Test func concurrentGets_goAsFewBatchGets_eachAnsweredAsIfAlone() async throws {
        let coalesced = try await gets(coalescing: true)
        let alone = try await gets(coalescing: false)

        #expect(coalesced.found == alone.found, "the same answers either way")
        #expect(coalesced.found.compactMap { $0 }.count == 60, "60 found, 20 missing")
        #expect(coalesced.found[7] == "d7=\(Value.integer(7))")
        #expect(alone.sent.count == 80 && !alone.sent.contains { $0.hasSuffix(":batchGet") }, "\(alone.sent.count)")
        #expect(coalesced.sent.count < 20, "80 gets in \(coalesced.sent.count) requests: \(coalesced.sent)")
        #expect(coalesced.sent.contains { $0.hasSuffix(":batchGet") })
    }

    /// A get whose task is cancelled before it waits ends with `cancelled`, without waiting for its
    /// batch; a get made with it is answered.
    @Test func aGetCancelledBeforeItWaits_endsCancelled_theOthersAreAnswered() async throws {
        let owner = try await EmulatorStores.makeStore()
        _ = try await owner.commit([.update(try DocumentPath("items/kept"), fields: ["n": 1])], transaction: nil)
        let path = try DocumentPath("items/kept")

        async let other = owner.getDocument(path, mask: nil, consistency: .latest)
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await owner.getDocument(path, mask: nil, consistency: .latest)
        }
        let error = await #expect(throws: DocumentStoreError.self) { try await cancelled.value }

        #expect(error?.code == .cancelled)
        #expect(try await other?.fields == ["n": 1])
    }

    @Test func aLoneGet_isAGet() async throws {
        let client = CountingClient(EmulatorStores.sharedClient)
        let store = try await EmulatorStores.makeStore(httpClient: client)

        let missing = try await store.getDocument(try DocumentPath("items/none"), mask: nil, consistency: .latest)

        #expect(missing == nil)
        #expect(client.sent.withLock { $0 } == ["none"])
    }
}
