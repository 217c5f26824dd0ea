import Foundation
import HearthApplication
import HearthDomain
public import HearthPort
import Synchronization

/// Stopping a listener is final: once `ListenerRegistration.remove()` returns, no callback of that
/// registration runs (one in flight on another thread has finished; one that had not started never
/// starts); once the task consuming a snapshot sequence is cancelled, a `next()` called afterwards returns
/// `nil` — a snapshot already buffered is dropped, never delivered.
///
/// Behaviours go through the client API (`Database`, `addSnapshotListener`, `snapshots()`), which every
/// adapter shares, on top of the adapter's own `listen`. The two stress behaviours run up to 2,000
/// start/stop cycles of each form (within about 2 seconds each, so a polling store runs fewer) while
/// another task commits to the listened collection, and check every delivery against a flag set when
/// the listener was stopped.
public enum ListenerStopContract: Sendable {
    /// How long a behaviour waits for a delivery it needs before it can stop the listener (an initial
    /// snapshot, a callback starting). These behaviours check that stopping is final, not how fast a
    /// snapshot comes: in a full parallel test run on two cores (hundreds of test cases runnable at once),
    /// a first delivery once took over 30 s, so the wait is longer than the listener areas' 30 s. A
    /// delivery that never comes still fails.
    static let deliveryTimeout: Duration = .seconds(120)

    static let behaviours: [ContractBehaviour] = [
        b("remove_thenCommits_noCallback", remove_thenCommits_noCallback),
        b("remove_withASnapshotPending_itIsNeverDelivered", remove_withASnapshotPending_itIsNeverDelivered),
        b("remove_whileACallbackRuns_returnsAfterItFinishes", remove_whileACallbackRuns_returnsAfterItFinishes),
        b("remove_insideTheCallback_returnsAndStopsTheListener", remove_insideTheCallback_returnsAndStopsTheListener),
        b(
            "remove_ofAnotherListenerInsideACallback_returnsAndStopsIt",
            remove_ofAnotherListenerInsideACallback_returnsAndStopsIt),
        b(
            "remove_twoCallbacksRemovingEachOther_neitherDeadlocks",
            remove_twoCallbacksRemovingEachOther_neitherDeadlocks),
        b("cancel_withASnapshotPending_nextReturnsNil", cancel_withASnapshotPending_nextReturnsNil),
        b(
            "stress_callbackStartStopWithCommits_noCallbackAfterRemove",
            stress_callbackStartStopWithCommits_noCallbackAfterRemove, traits: [.slow]),
        b(
            "stress_sequenceStartCancelWithCommits_noSnapshotAfterCancel",
            stress_sequenceStartCancelWithCommits_noSnapshotAfterCancel, traits: [.slow]),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        traits: [ContractTrait] = []
    ) -> ContractBehaviour {
        ContractBehaviour(area: .listenerStop, name: name, traits: traits) { store in
            try await OneAtATime.listenerStopping.run { try await run(store) }
        }
    }

    // MARK: remove()

    /// After `remove()` returns, later commits reach no callback (a second listener shows they were
    /// published).
    public static func remove_thenCommits_noCallback(_ store: any DocumentStore) async throws {
        let rooms = Database(store: store).collection(try CollectionPath("rooms"))
        let calls = Deliveries()
        let registration = rooms.addSnapshotListener { _ in calls.record() }
        try await calls.wait(forAtLeast: 1, "the initial snapshot")

        registration.remove()
        let afterRemove = calls.count
        try await store.set("rooms/a", ["n": 1])
        try await store.set("rooms/b", ["n": 2])
        try await ListenerProbe(store, .query(parent: nil, query: try query("rooms"))).next("both commits") {
            $0.documents.count == 2
        }

        try expectEqual(calls.count, afterRemove, "callbacks after remove() returned")
        try expectTrue(registration.isRemoved, "isRemoved after remove()")
    }

    /// A snapshot published while a callback runs is dropped when `remove()` is called before that
    /// callback returns: the callback's return is the last thing the listener does.
    ///
    /// The callback holds the listener for at most 2 s (callbacks never wait long for
    /// `async` work: on Linux they share threads with it); when the machine is too slow for the
    /// arrangement, only the check that no callback starts after `remove()` returned remains.
    public static func remove_withASnapshotPending_itIsNeverDelivered(_ store: any DocumentStore) async throws {
        let rooms = Database(store: store).collection(try CollectionPath("rooms"))
        let calls = Deliveries()
        let holder = RegistrationHolder()
        let holding = Flag()
        let removedWhileHolding = Flag()
        let removeReturned = Flag()
        let violations = Violations()
        let registration = rooms.addSnapshotListener { result in
            if removeReturned.isSet { violations.record("a callback started after remove() returned") }
            calls.record()
            // Hold the callback of the first commit (after the initial snapshot) until removed.
            guard case .success(let snapshot) = result, snapshot.count == 1, !holding.isSet else { return }
            holding.set()
            if holder.waitUntilRemoved(timeout: holdLimit) { removedWhileHolding.set() }
        }
        holder.set(registration)
        try await calls.wait(forAtLeast: 1, "the initial snapshot")
        try await store.set("rooms/a", ["n": 1])
        try await Flag.wait(for: holding, "the callback of the first commit")
        try await store.set("rooms/b", ["n": 2])
        try await ListenerProbe(store, .query(parent: nil, query: try query("rooms"))).next("the second commit") {
            $0.documents.count == 2
        }

        let callsBeforeRemove = calls.count
        await Task.detached {
            registration.remove()
            removeReturned.set()
        }.value
        try await store.set("rooms/c", ["n": 3])
        try await ListenerProbe(store, .query(parent: nil, query: try query("rooms"))).next("the last commit") {
            $0.documents.count == 3
        }

        try expectEqual(violations.all, [], "callbacks after remove() returned")
        if removedWhileHolding.isSet {
            try expectEqual(
                calls.count, callsBeforeRemove, "callbacks after the held one (the pending snapshot must be dropped)")
        }
    }

    /// `remove()` called on another thread while a callback runs returns only after that callback has
    /// returned.
    public static func remove_whileACallbackRuns_returnsAfterItFinishes(_ store: any DocumentStore) async throws {
        let rooms = Database(store: store).collection(try CollectionPath("rooms"))
        let entered = Flag()
        let removeReturned = Flag()
        let overlaps = Deliveries()
        let holder = RegistrationHolder()
        let registration = rooms.addSnapshotListener { _ in
            guard !entered.isSet else { return }
            entered.set()
            holder.waitUntilRemoved(timeout: holdLimit)
            // Stay a little longer: a remove() that does not wait returns meanwhile.
            let until = ContinuousClock.now + .milliseconds(20)
            while ContinuousClock.now < until {
                if removeReturned.isSet { overlaps.record() }
                yieldThread()
            }
            if removeReturned.isSet { overlaps.record() }
        }
        holder.set(registration)
        try await Flag.wait(for: entered, "the initial snapshot's callback")

        await Task.detached {
            registration.remove()
            removeReturned.set()
        }.value

        try expectEqual(overlaps.count, 0, "moments the callback ran after remove() had returned")
    }

    /// `remove()` called from inside the listener's own callback returns (no deadlock), and no later
    /// snapshot reaches the callback.
    public static func remove_insideTheCallback_returnsAndStopsTheListener(_ store: any DocumentStore) async throws {
        let rooms = Database(store: store).collection(try CollectionPath("rooms"))
        let calls = Deliveries()
        let removedInside = Flag()
        let holder = RegistrationHolder()
        let registration = rooms.addSnapshotListener { result in
            calls.record()
            // The commit's callback (the registration is known by then) removes its own listener.
            guard case .success(let snapshot) = result, snapshot.count == 1 else { return }
            holder.current?.remove()
            removedInside.set()
        }
        holder.set(registration)
        try await calls.wait(forAtLeast: 1, "the initial snapshot")
        try await store.set("rooms/a", ["n": 1])
        try await Flag.wait(for: removedInside, "remove() inside the callback to return")

        try await store.set("rooms/b", ["n": 2])
        try await ListenerProbe(store, .query(parent: nil, query: try query("rooms"))).next("the later commit") {
            $0.documents.count == 2
        }

        try expectEqual(calls.count, 2, "callbacks (the initial one and the one that removed the listener)")
        try expectTrue(registration.isRemoved, "isRemoved")
    }

    /// `remove()` of another listener, called from inside a callback, returns (no deadlock), and that
    /// listener is not called again.
    public static func remove_ofAnotherListenerInsideACallback_returnsAndStopsIt(
        _ store: any DocumentStore
    ) async throws {
        let rooms = Database(store: store).collection(try CollectionPath("rooms"))
        let otherCalls = Deliveries()
        let other = rooms.addSnapshotListener { _ in otherCalls.record() }
        try await otherCalls.wait(forAtLeast: 1, "the other listener's initial snapshot")
        let removedInside = Flag()
        let remover = rooms.addSnapshotListener { _ in
            guard !removedInside.isSet else { return }
            other.remove()
            removedInside.set()
        }
        try await Flag.wait(for: removedInside, "remove() of the other listener inside a callback to return")
        let afterRemove = otherCalls.count

        try await store.set("rooms/a", ["n": 1])
        try await ListenerProbe(store, .query(parent: nil, query: try query("rooms"))).next("the commit") {
            $0.documents.count == 1
        }
        remover.remove()

        try expectTrue(other.isRemoved, "the other listener is removed")
        try expectEqual(otherCalls.count, afterRemove, "the other listener's callbacks after its removal")
    }

    /// Two listeners whose callbacks remove each other's listener at the same time: both `remove()`
    /// calls return (neither waits for the other forever), and afterwards neither listener is called
    /// again. (Each callback waits at most 2 s for the other to start; on a machine too slow
    /// for that, one removes the other first, which must not deadlock either.)
    public static func remove_twoCallbacksRemovingEachOther_neitherDeadlocks(_ store: any DocumentStore) async throws {
        let rooms = Database(store: store).collection(try CollectionPath("rooms"))
        let holders = [RegistrationHolder(), RegistrationHolder()]
        let entered = [Flag(), Flag()]
        let returned = [Flag(), Flag()]
        let calls = Deliveries()
        func listener(_ me: Int) -> @Sendable (Result<QuerySnapshot, DocumentStoreError>) -> Void {
            { result in
                calls.record()
                // The commit's callbacks (both registrations are known by then) remove each other.
                guard case .success(let snapshot) = result, snapshot.count == 1, !entered[me].isSet else { return }
                entered[me].set()
                entered[1 - me].wait(timeout: holdLimit)
                holders[1 - me].current?.remove()
                returned[me].set()
            }
        }
        let first = rooms.addSnapshotListener(listener(0))
        holders[0].set(first)
        let second = rooms.addSnapshotListener(listener(1))
        holders[1].set(second)
        try await calls.wait(forAtLeast: 2, "both initial snapshots")
        try await store.set("rooms/a", ["n": 1])

        let deadline = ContinuousClock.now + ListenerProbe.defaultTimeout
        while !(entered.contains { $0.isSet } && zip(entered, returned).allSatisfy { !$0.isSet || $1.isSet }) {
            guard ContinuousClock.now < deadline else {
                throw fail(
                    "callbacks that removed each other's listener did not return within \(ListenerProbe.defaultTimeout)"
                )
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        first.remove()
        second.remove()
        let afterRemove = calls.count
        try await store.set("rooms/b", ["n": 2])
        try await ListenerProbe(store, .query(parent: nil, query: try query("rooms"))).next("the later commit") {
            $0.documents.count == 2
        }

        try expectEqual(calls.count, afterRemove, "callbacks after both removals")
    }

    /// How long a behaviour's callback may wait for something (2 s): never for the whole probe timeout,
    /// since a blocked callback thread is one `async` code may be waiting for.
    static let holdLimit: Duration = .seconds(2)

    // MARK: Cancellation

    /// A consumer whose task is cancelled while a snapshot is pending gets `nil` from its next
    /// `next()`: the pending snapshot is dropped, and the iteration ends without an error.
    public static func cancel_withASnapshotPending_nextReturnsNil(_ store: any DocumentStore) async throws {
        let rooms = Database(store: store).collection(try CollectionPath("rooms"))
        let (gate, open) = AsyncStream<Void>.makeStream()
        let ready = Flag()
        let consumer = Task { () throws -> QuerySnapshot? in
            var snapshots = rooms.snapshots().makeAsyncIterator()
            _ = try await snapshots.next()
            ready.set()
            for await _ in gate { break }
            return try await snapshots.next()
        }
        try await Flag.wait(for: ready, "the initial snapshot")
        try await store.set("rooms/a", ["n": 1])
        try await ListenerProbe(store, .query(parent: nil, query: try query("rooms"))).next("the commit") {
            $0.documents.count == 1
        }

        consumer.cancel()
        open.yield()
        open.finish()
        let after = try await consumer.value

        try expectTrue(
            after == nil,
            "next() after cancellation returned \(after.map { "a snapshot of \($0.count) documents" } ?? "nil")")
    }

    // MARK: Stress

    /// Up to 2,000 cycles (about 2 s, see `StressBudget`) of `addSnapshotListener` then `remove()` — at once, after a
    /// yield, or after the first callback — while another task commits to the collection. Every callback
    /// checks, when it starts and when it ends, that `remove()` has not returned yet.
    public static func stress_callbackStartStopWithCommits_noCallbackAfterRemove(
        _ store: any DocumentStore
    ) async throws {
        let rooms = Database(store: store).collection(try CollectionPath("rooms"))
        let violations = Violations()
        let total = Deliveries()
        let committer = Committer(store, collection: "rooms")
        var cycles = 0
        let budget = StressBudget()
        while budget.allowsAnother(after: cycles, deliveries: total.count) {
            let stopped = Flag()
            let calls = Deliveries()
            let cycle = cycles
            let registration = rooms.addSnapshotListener { _ in
                if stopped.isSet { violations.record("cycle \(cycle): a callback started after remove() returned") }
                calls.record()
                total.record()
                if cycle % 7 == 0 { yieldThread() }
                if stopped.isSet {
                    violations.record("cycle \(cycle): a callback was still running after remove() returned")
                }
            }
            try await pause(cycle, until: { calls.count > 0 })
            registration.remove()
            stopped.set()
            cycles += 1
        }
        try await committer.stop()
        try await store.set("rooms/last", ["n": 0])
        try await ListenerProbe(store, .query(parent: nil, query: try query("rooms"))).next("the last commit") {
            $0.documents.contains { $0.path.documentID == "last" }
        }

        try expectEqual(violations.all, [], "deliveries after stop in \(cycles) cycles")
        try expectTrue(total.count > 0, "at least one callback in \(cycles) cycles")
    }

    /// Up to 2,000 cycles (about 2 s, see `StressBudget`) of iterating `snapshots()` in a task, then cancelling it — at
    /// once, after a yield, or after the first snapshot — while another task commits to the collection.
    /// A `next()` called after the cancellation must return `nil`, and the iteration must end without
    /// an error.
    public static func stress_sequenceStartCancelWithCommits_noSnapshotAfterCancel(
        _ store: any DocumentStore
    ) async throws {
        let rooms = Database(store: store).collection(try CollectionPath("rooms"))
        let violations = Violations()
        let total = Deliveries()
        let committer = Committer(store, collection: "rooms")
        var cycles = 0
        let budget = StressBudget()
        while budget.allowsAnother(after: cycles, deliveries: total.count) {
            let stopped = Flag()
            let calls = Deliveries()
            let cycle = cycles
            let consumer = Task {
                var snapshots = rooms.snapshots().makeAsyncIterator()
                while true {
                    let calledAfterStop = stopped.isSet
                    guard try await snapshots.next() != nil else { return }
                    if calledAfterStop {
                        violations.record("cycle \(cycle): next() called after the cancellation returned a snapshot")
                    }
                    calls.record()
                    total.record()
                }
            }
            try await pause(cycle, until: { calls.count > 0 })
            consumer.cancel()
            stopped.set()
            if case .failure(let error) = await consumer.result {
                violations.record("cycle \(cycle): the cancelled iteration threw \(error)")
            }
            cycles += 1
        }
        try await committer.stop()

        try expectEqual(violations.all, [], "deliveries after stop in \(cycles) cycles")
        try expectTrue(total.count > 0, "at least one snapshot in \(cycles) cycles")
    }

    /// How many start/stop cycles a stress behaviour runs: up to 2,000 within 2 s, but at least 30 and
    /// until something was delivered (a loaded machine or a polling store is slower; 30 s at most).
    private struct StressBudget {
        let soft = ContinuousClock.now + .seconds(2)
        let hard = ContinuousClock.now + ListenerProbe.defaultTimeout

        func allowsAnother(after cycles: Int, deliveries: Int) -> Bool {
            if cycles >= 2000 { return false }
            let now = ContinuousClock.now
            if now < soft { return true }
            return now < hard && (cycles < 30 || deliveries == 0)
        }
    }

    /// Between start and stop: nothing, a yield, or (every third cycle) until the first delivery.
    private static func pause(_ cycle: Int, until delivered: () -> Bool) async throws {
        switch cycle % 3 {
        case 0: return
        case 1: await Task.yield()
        default:
            let deadline = ContinuousClock.now + ListenerProbe.defaultTimeout
            while !delivered() {
                guard ContinuousClock.now < deadline else {
                    throw fail("no delivery within \(ListenerProbe.defaultTimeout)")
                }
                try await Task.sleep(for: .milliseconds(1))
            }
        }
    }
}

// MARK: - Helpers

/// A flag set once, read from any thread.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }

    func set() { value.store(true, ordering: .releasing) }

    /// Blocks the calling thread until the flag is set or `timeout` passes (for callbacks, which are
    /// synchronous).
    func wait(timeout: Duration) {
        let deadline = ContinuousClock.now + timeout
        while !isSet, ContinuousClock.now < deadline { yieldThread() }
    }

    /// Suspends until `flag` is set; fails after ``ListenerStopContract/deliveryTimeout``.
    static func wait(for flag: Flag, _ what: String) async throws {
        let deadline = ContinuousClock.now + ListenerStopContract.deliveryTimeout
        while !flag.isSet {
            guard ContinuousClock.now < deadline else {
                throw fail("\(what): not within \(ListenerStopContract.deliveryTimeout)")
            }
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}

/// A listener's registration, handed to its own callback once `addSnapshotListener` has returned.
final class RegistrationHolder: Sendable {
    private let registration = Mutex<ListenerRegistration?>(nil)

    func set(_ registration: ListenerRegistration) { self.registration.withLock { $0 = registration } }

    /// The registration, once set.
    var current: ListenerRegistration? { registration.withLock { $0 } }

    /// Blocks the calling thread until the registration is removed (`true`) or `timeout` passes.
    @discardableResult
    func waitUntilRemoved(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if registration.withLock({ $0?.isRemoved }) == true { return true }
            yieldThread()
        }
        return false
    }
}

/// Counts deliveries from any thread.
final class Deliveries: Sendable {
    private let value = Atomic<Int>(0)

    var count: Int { value.load(ordering: .acquiring) }

    func record() { value.add(1, ordering: .acquiringAndReleasing) }

    /// Suspends until at least `count` deliveries; fails after ``ListenerStopContract/deliveryTimeout``.
    func wait(forAtLeast count: Int, _ what: String) async throws {
        let deadline = ContinuousClock.now + ListenerStopContract.deliveryTimeout
        while self.count < count {
            guard ContinuousClock.now < deadline else {
                throw fail("\(what): \(self.count) of \(count) within \(ListenerStopContract.deliveryTimeout)")
            }
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}

/// What went wrong, from any thread (the first 20).
final class Violations: Sendable {
    private let list = Mutex<[String]>([])

    var all: [String] { list.withLock { $0 } }

    func record(_ violation: String) {
        list.withLock { if $0.count < 20 { $0.append(violation) } }
    }
}

/// Commits to a few documents of one collection, one commit after another, until stopped.
final class Committer: Sendable {
    private let task: Task<Void, any Error>
    private let stopped = Flag()
    private let commits = Deliveries()

    init(_ store: any DocumentStore, collection: String) {
        let stopped = self.stopped
        let commits = self.commits
        task = Task {
            var index: Int64 = 0
            while !stopped.isSet {
                try await store.set("\(collection)/d\(index % 8)", ["n": .integer(index)])
                commits.record()
                index += 1
                try await Task.sleep(for: .milliseconds(1))
            }
        }
    }

    /// Stops committing; rethrows a commit's failure.
    func stop() async throws {
        stopped.set()
        try await task.value
    }

    /// Stops committing; a commit's failure (the store was closed) is not one.
    func stopIgnoringFailures() async {
        stopped.set()
        _ = await task.result
    }
}

/// Lets another thread run (for callbacks, which are synchronous and may not suspend).
func yieldThread() { sched_yield() }
