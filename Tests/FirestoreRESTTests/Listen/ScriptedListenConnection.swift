import HearthDomain
import HearthFirestoreCodec
@testable import HearthFirestoreREST
import HearthPort
import Synchronization
import Testing

/// A `ListenConnection` the test drives: it records the targets added and removed, and the test pushes
/// responses and failures into it.
final class ScriptedListenConnection: ListenConnection {
    enum Request: Hashable, Sendable {
        case add(Int32, token: [UInt8])
        case remove(Int32)
    }

    let responses: AsyncThrowingStream<RESTListenResponse, any Error>
    private let continuation: AsyncThrowingStream<RESTListenResponse, any Error>.Continuation
    private let state = Mutex<(requests: [Request], closed: Bool, addFailure: DocumentStoreError?)>(([], false, nil))

    init() {
        (responses, continuation) = AsyncThrowingStream<RESTListenResponse, any Error>.makeStream()
    }

    /// The next `addTarget` throws `error` (once) instead of being sent.
    func failNextAdd(with error: DocumentStoreError) {
        state.withLock { $0.addFailure = error }
    }

    var requests: [Request] { state.withLock { $0.requests } }
    var isClosed: Bool { state.withLock { $0.closed } }

    func addTarget(_ target: ListenTarget, targetID: Int32, resumeToken: [UInt8]) async throws(DocumentStoreError) {
        let failure = state.withLock { state -> DocumentStoreError? in
            defer { state.addFailure = nil }
            if state.addFailure == nil { state.requests.append(.add(targetID, token: resumeToken)) }
            return state.addFailure
        }
        if let failure { throw failure }
    }

    func removeTarget(_ targetID: Int32) async throws(DocumentStoreError) {
        state.withLock { $0.requests.append(.remove(targetID)) }
    }

    func close() async {
        state.withLock { $0.closed = true }
        continuation.finish()
    }

    /// The server sends these responses, in order.
    func push(_ responses: [RESTListenResponse]) {
        for response in responses { continuation.yield(response) }
    }

    /// The connection fails (a cut channel, a refused token, …).
    func fail(_ error: DocumentStoreError) {
        continuation.finish(throwing: error)
    }
}

/// A `ListenConnector` handing out scripted connections; queued failures are thrown first, one per call.
final class ScriptedListenConnector: ListenConnector {
    private let state = Mutex<(connections: [ScriptedListenConnection], failures: [DocumentStoreError], calls: Int)>(
        ([], [], 0))

    init(failures: [DocumentStoreError] = []) {
        state.withLock { $0.failures = failures }
    }

    var connections: [ScriptedListenConnection] { state.withLock { $0.connections } }
    var calls: Int { state.withLock { $0.calls } }

    func connect() async throws(DocumentStoreError) -> any ListenConnection {
        let result = state.withLock { state -> Result<ScriptedListenConnection, DocumentStoreError> in
            state.calls += 1
            if !state.failures.isEmpty { return .failure(state.failures.removeFirst()) }
            let connection = ScriptedListenConnection()
            state.connections.append(connection)
            return .success(connection)
        }
        return try result.get()
    }
}

/// Records the waits of a reconnection backoff without waiting.
final class RecordedSleeps: Sendable {
    private let durations = Mutex<[Duration]>([])
    var all: [Duration] { durations.withLock { $0 } }
    func sleep(_ duration: Duration) async throws { durations.withLock { $0.append(duration) } }
}

/// Polls `condition` every 2 ms for up to 5 s; records an issue naming `what` if it never holds.
func eventually(_ what: String, _ condition: () -> Bool) async throws {
    for _ in 0..<2_500 {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(2))
    }
    Issue.record("Timed out waiting for \(what).")
}
