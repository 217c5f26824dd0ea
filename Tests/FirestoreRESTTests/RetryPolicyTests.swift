import HearthDomain
import HearthFirestoreREST
import Testing

@Suite("Retry policy")
struct RetryPolicyTests {
    @Test func defaults_areGooglesOfficialOnes() {
        let policy = RetryPolicy.default

        #expect(policy.initialBackoff == .milliseconds(100))
        #expect(policy.multiplier == 1.3)
        #expect(policy.maximumBackoff == .seconds(60))
        #expect(policy.maximumAttempts == 5)
        #expect(policy.idempotentRetryableCodes == [.unavailable, .resourceExhausted, .internal, .deadlineExceeded])
        #expect(policy.nonIdempotentRetryableCodes == [.resourceExhausted, .unavailable])
    }

    @Test func nominalBackoff_growsByTheMultiplierUpToTheCap() {
        let policy = RetryPolicy(initialBackoff: .milliseconds(100), multiplier: 2, maximumBackoff: .milliseconds(500))

        let backoffs = (1...5).map { policy.nominalBackoff(beforeRetry: $0) }

        #expect(backoffs == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(500), .milliseconds(500)])
    }

    @Test func backoff_spreadsByTheJitterAndStaysUnderTheCap() {
        let policy = RetryPolicy(initialBackoff: .milliseconds(100), jitter: 0.5)

        #expect(policy.backoff(beforeRetry: 1, unit: 0) == .milliseconds(50))
        #expect(policy.backoff(beforeRetry: 1, unit: 0.5) == .milliseconds(100))
        #expect(policy.backoff(beforeRetry: 1, unit: 1) == .milliseconds(150))
        #expect(RetryPolicy(maximumBackoff: .milliseconds(120)).backoff(beforeRetry: 1, unit: 1) == .milliseconds(120))
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
}
