@testable import HearthFirestoreREST
import Synchronization
import Testing

/// The bounded queue under the streamed HTTP body and the WebChannel responses: the limit, the two
/// ways it ends, and a consumer that stops pulling.
struct BoundedQueueTests {
    @Test func heldElementsCountAgainstTheLimit_aWaitingConsumerTakesAnyCost() async throws {
        let queue = BoundedQueue<Int>(limit: 10)

        let held = [queue.push(1, cost: 6), queue.push(2, cost: 4), queue.push(3, cost: 1)]
        let first = try await queue.next(onCancel: {})
        let afterTaking = queue.push(4, cost: 6)
        let rest = [try await queue.next(onCancel: {}), try await queue.next(onCancel: {})]
        async let waiting = queue.next(onCancel: {})
        try await Task.sleep(for: .milliseconds(20))
        let handed = queue.push(5, cost: 1_000)

        #expect(held == [.accepted, .accepted, .overLimit])
        #expect(first == 1)
        #expect(afterTaking == .accepted)
        #expect(rest == [2, 4])
        #expect(handed == .accepted)
        #expect(try await waiting == 5)
    }

    @Test func finishing_deliversWhatIsHeldThenNil_droppingDeliversNil() async throws {
        let kept = BoundedQueue<Int>(limit: 10)
        _ = kept.push(1, cost: 1)
        _ = kept.push(2, cost: 1)
        let dropped = BoundedQueue<Int>(limit: 10)
        _ = dropped.push(1, cost: 1)

        #expect(kept.finish())
        #expect(!kept.finish(dropping: true))
        dropped.finish(dropping: true)

        #expect(try await kept.next(onCancel: {}) == 1)
        #expect(try await kept.next(onCancel: {}) == 2)
        #expect(try await kept.next(onCancel: {}) == nil)
        #expect(try await dropped.next(onCancel: {}) == nil)
        #expect(kept.push(3, cost: 1) == .ended)
    }

    @Test func failing_dropsWhatIsHeld_andTheErrorIsPulledNext() async throws {
        struct Cut: Error {}
        let queue = BoundedQueue<Int>(limit: 10)
        _ = queue.push(1, cost: 1)

        #expect(queue.fail(Cut()))
        #expect(!queue.fail(Cut()))

        await #expect(throws: Cut.self) { _ = try await queue.next(onCancel: {}) }
        #expect(queue.hasEnded)
    }

    @Test func cancellingTheConsumer_runsOnCancel_whichEndsThePull() async throws {
        let queue = BoundedQueue<Int>(limit: 10)
        let cancelled = Mutex(0)

        let consumer = Task {
            try await queue.next(onCancel: {
                cancelled.withLock { $0 += 1 }
                queue.finish(dropping: true)
            })
        }
        try await Task.sleep(for: .milliseconds(20))
        consumer.cancel()

        #expect(try await consumer.value == nil)
        #expect(cancelled.withLock { $0 } == 1)
    }
}
