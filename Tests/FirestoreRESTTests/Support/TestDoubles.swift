import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreREST
import HearthPort

/// A settable clock.
final class TestClock: @unchecked Sendable {  // `lock` guards `current`.
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) { current = start }

    var now: Date { lock.withLock { current } }
    func advance(by seconds: TimeInterval) { lock.withLock { current = current.addingTimeInterval(seconds) } }
    var function: @Sendable () -> Date { { self.now } }
}

/// Records the backoff sleeps instead of sleeping.
final class SleepRecorder: @unchecked Sendable {  // `lock` guards `durations`.
    private let lock = NSLock()
    private var durations: [Duration] = []
    private let failing: Bool

    init(failing: Bool = false) { self.failing = failing }

    var sleeps: [Duration] { lock.withLock { durations } }

    var function: @Sendable (Duration) async throws -> Void {
        { duration in
            self.lock.withLock { self.durations.append(duration) }
            if self.failing { throw CancellationError() }
        }
    }
}

/// A token provider that hands out `token-1`, `token-2`, … and counts rejections.
final class CountingTokenProvider: TokenProvider, @unchecked Sendable {  // `lock` guards the counters.
    private let lock = NSLock()
    private var generation = 1
    private var rejected = 0
    let kind: CredentialKind
    let refreshes: Bool

    init(kind: CredentialKind = .firebaseUser, refreshes: Bool = true) {
        self.kind = kind
        self.refreshes = refreshes
    }

    var rejections: Int { lock.withLock { rejected } }

    func token() async throws -> AccessToken? {
        lock.withLock { AccessToken("token-\(generation)") }
    }

    func tokenRejected(_ token: AccessToken) async -> Bool {
        lock.withLock {
            rejected += 1
            if refreshes { generation += 1 }
            return refreshes
        }
    }
}
