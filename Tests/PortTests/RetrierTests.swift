import HearthDomain
@testable import HearthPort
import Synchronization
import Testing

/// A fake monotonic clock that only moves when the retrier sleeps (or when a test advances it), so
/// deadlines are checked without waiting.
private final class FakeTime: Sendable {
    private let state = Mutex<(now: Duration, sleeps: [Duration])>((.zero, []))

    var sleeps: [Duration] { state.withLock { $0.sleeps } }
    func advance(_ duration: Duration) { state.withLock { $0.now += duration } }

    func retrier(_ policy: RetryPolicy, random: Double = 0.5) -> Retrier {
        Retrier(
            policy: policy,
            sleep: { duration in
                self.state.withLock {
                    $0.sleeps.append(duration); $0.now += duration
                }
            },
            random: { random },
            now: { self.state.withLock { $0.now } }
        )
    }
}

private struct Failure: Error, Equatable { var number: Int }

@Suite("Retry policy and the one retry loop")
struct RetrierTests {
    @Test func defaults_areGooglesFirestoreClientConfiguration() {
        let policy = RetryPolicy.default

        #expect(
            policy.backoff == Backoff(initial: .milliseconds(100), multiplier: 1.3, maximum: .seconds(60), jitter: 0.5))
        #expect(policy.maximumAttempts == 5)
        #expect(policy.deadline == .seconds(60))
        #expect(policy.maximumServerDelay == .seconds(60))
        #expect(policy.idempotentRetryableCodes == [.unavailable, .resourceExhausted, .internal, .deadlineExceeded])
        #expect(policy.nonIdempotentRetryableCodes == [.resourceExhausted, .unavailable])
    }

    @Test func backoff_growsByTheMultiplierUpToTheCap_andJitterStaysWithinHalfToAll() {
        let backoff = Backoff(initial: .milliseconds(100), multiplier: 2, maximum: .milliseconds(500))

        #expect(
            (1...5).map { backoff.delay(beforeRetry: $0) } == [
                .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(500), .milliseconds(500),
            ])
        #expect(backoff.jitteredDelay(beforeRetry: 1, random: 0) == .milliseconds(50))
        #expect(backoff.jitteredDelay(beforeRetry: 1, random: 0.5) == .milliseconds(75))
        #expect(backoff.jitteredDelay(beforeRetry: 1, random: 1) == .milliseconds(100))
        #expect(backoff.jitteredDelay(beforeRetry: 9, random: 1) == .milliseconds(500))
        #expect(
            Backoff(initial: .milliseconds(100), multiplier: 2, maximum: .seconds(1), jitter: 0).jitteredDelay(
                beforeRetry: 1, random: 0) == .milliseconds(100))
    }

    @Test func shouldRetry_followsTheIdempotencyClassAndTheAttemptLimit() {
        let policy = RetryPolicy(maximumAttempts: 3)

        #expect(policy.shouldRetry(.internal, idempotent: true, afterAttempt: 1))
        #expect(!policy.shouldRetry(.internal, idempotent: false, afterAttempt: 1))
        #expect(policy.shouldRetry(.unavailable, idempotent: false, afterAttempt: 2))
        #expect(!policy.shouldRetry(.unavailable, idempotent: false, afterAttempt: 3))
        #expect(!policy.shouldRetry(.aborted, idempotent: true, afterAttempt: 1))
        #expect(!RetryPolicy.none.shouldRetry(.unavailable, idempotent: true, afterAttempt: 1))
    }

    @Test func run_retriesUntilSuccess_waitingTheJitteredBackoff() async throws {
        let time = FakeTime()
        let calls = Mutex(0)

        let value = try await time.retrier(
            RetryPolicy(backoff: Backoff(initial: .milliseconds(100), multiplier: 2, maximum: .seconds(1)))
        ).run(operation: "op") { attempt in
            let number = calls.withLock {
                $0 += 1; return $0
            }
            if number < 3 { throw Failure(number: number) }
            return attempt.number
        } verdict: { _, _ in
            .retry()
        }

        #expect(value == 3)
        #expect(time.sleeps == [.milliseconds(75), .milliseconds(150)])
    }

    @Test func run_stopsAtTheMaximumAttempts_rethrowingTheLastError() async {
        let time = FakeTime()
        let calls = Mutex(0)

        let error = await #expect(throws: Failure.self) {
            try await time.retrier(RetryPolicy(maximumAttempts: 3)).run(operation: "op") { _ in
                throw Failure(
                    number: calls.withLock {
                        $0 += 1; return $0
                    })
            } verdict: { _, _ in
                .retry()
            }
        }

        #expect(error == Failure(number: 3))
        #expect(time.sleeps.count == 2)
    }

    @Test func run_stopsWhenTheVerdictSaysSo() async {
        let time = FakeTime()

        await #expect(throws: Failure.self) {
            try await time.retrier(.default).run(operation: "op") { _ in
                throw Failure(number: 1)
            } verdict: { _, _ in
                .stop
            }
        }

        #expect(time.sleeps.isEmpty)
    }

    /// A silent dependency whose every attempt takes 20 s costs at most the 60 s deadline, not 5 × 20 s:
    /// no retry starts once its wait would end past the deadline, and each attempt is told what is left.
    @Test func run_neverRetriesPastTheDeadline_andTellsEachAttemptWhatIsLeft() async {
        let time = FakeTime()
        let remaining = Mutex<[Duration?]>([])

        await #expect(throws: Failure.self) {
            try await time.retrier(RetryPolicy(maximumAttempts: 10, deadline: .seconds(60))).run(operation: "op") {
                attempt in
                remaining.withLock { $0.append(attempt.remaining) }
                let spent = min(.seconds(20), attempt.remaining ?? .seconds(20))
                time.advance(spent)
                throw Failure(number: attempt.number)
            } verdict: { _, _ in
                .retry()
            }
        }

        let seen = remaining.withLock { $0 }
        #expect(seen.count == 3)
        #expect(seen.first == .seconds(60))
        #expect(seen.allSatisfy { ($0 ?? .zero) > .zero })
        #expect(time.sleeps.reduce(.zero, +) + .seconds(60) <= .seconds(61))
    }

    @Test func run_honoursAServerDelay_cappedByTheMaximumServerDelay() async throws {
        let time = FakeTime()
        let calls = Mutex(0)
        let policy = RetryPolicy(deadline: .seconds(600), maximumServerDelay: .seconds(30))

        _ = try await time.retrier(policy).run(operation: "op") { _ in
            let number = calls.withLock {
                $0 += 1; return $0
            }
            if number < 3 { throw Failure(number: number) }
        } verdict: { error, _ in
            (error as? Failure)?.number == 1 ? .retry(notBefore: .seconds(7)) : .retry(notBefore: .seconds(3_600))
        }

        #expect(time.sleeps == [.seconds(7), .seconds(30)])
    }

    @Test func run_doesNotWaitForAServerDelayPastTheDeadline() async {
        let time = FakeTime()

        await #expect(throws: Failure.self) {
            try await time.retrier(RetryPolicy(deadline: .seconds(10))).run(operation: "op") { _ in
                throw Failure(number: 1)
            } verdict: { _, _ in
                .retry(notBefore: .seconds(30))
            }
        }

        #expect(time.sleeps.isEmpty)
    }

    @Test func run_whenTheWaitIsInterrupted_endsWithCancelled() async {
        let retrier = Retrier(policy: .default, sleep: { _ in throw CancellationError() }, random: { 0.5 })

        let error = await #expect(throws: DocumentStoreError.self) {
            try await retrier.run(operation: "op") { _ in
                throw Failure(number: 1)
            } verdict: { _, _ in
                .retry()
            }
        }

        #expect(error?.code == .cancelled)
    }

    // MARK: - Commit idempotency

    @Test func commitIdempotency_followsTheDocumentedRule() throws {
        let a = try DocumentPath("c/a")
        let b = try DocumentPath("c/b")
        let increment = FieldTransform(fieldPath: try FieldPath(dotted: "n"), operation: .increment(.integer(1)))
        func idempotent(_ writes: [Write], transaction: TransactionID? = nil) -> Bool {
            CommitIdempotency.isIdempotent(writes, transaction: transaction)
        }

        #expect(idempotent([]))
        #expect(idempotent([.update(a, fields: ["n": 1])]))
        #expect(idempotent([.update(a, fields: ["n": 1], mask: [try FieldPath(dotted: "n")])]))
        #expect(idempotent([.update(a, fields: ["n": 1], precondition: .exists(true)), .delete(b)]))
        #expect(idempotent([.delete(a)]))
        #expect(!idempotent([.update(a, fields: [:], transforms: [increment])]))
        #expect(!idempotent([Write(path: a, operation: .transform, transforms: [increment])]))
        #expect(!idempotent([.update(a, fields: ["n": 1], precondition: .exists(false))]))
        #expect(!idempotent([.delete(a, precondition: .exists(true))]))
        #expect(!idempotent([.update(a, fields: ["n": 1], precondition: .updateTime(try Timestamp(seconds: 1)))]))
        #expect(!idempotent([.update(a, fields: ["n": 1], precondition: .exists(true)), .delete(a)]))
        #expect(!idempotent([.update(a, fields: ["n": 1])], transaction: TransactionID(bytes: [1])))
    }
}
