import Foundation
import HearthApplication
import HearthDomain
import HearthInMemory
import HearthPort
import Synchronization

/// `listen`: the latency of one commit reaching many listeners, on collections of different sizes. The
/// local engine's notification cost should follow the size of the change, not of the collection: the
/// medians for 1,000 and 100,000 documents should be close (ratio near 1).
///
/// Each listener watches a leaderboard of the same collection (`score` descending, a limit of 10 + i
/// for listener i). Commits alternate between raising the leader's score (a modification at index 0 of
/// every window) and inserting a new leader (an addition that pushes each window's last document out),
/// so every commit changes every listener's results. A commit's latency runs from the start of the
/// commit until the last listener has received a snapshot at or after the commit's time; its CPU time is
/// this process's over the same span. The sizes take turns commit by commit, so that the load of other
/// processes on the machine affects them alike.
///
/// A second, shorter measurement deletes the leader: every window loses a document and refills by reading
/// the query again at the commit time. Without indexes (issue 7) that read scans the collection, so it
/// grows with the collection; it is reported separately.
struct ListenScenario: BenchScenario {
    let name = "listen"
    let summary = "latency of one commit reaching many listeners, 1,000 vs 100,000 documents"
    let options: [BenchOption] = [
        .sizes(default: "1000,100000"),
        .integer("listeners", default: 100, "listeners on the collection"),
        .integer("commits", default: 200, "measured commits per size"),
        .integer("warmup", default: 20, "unmeasured commits before them"),
        .integer("refills", default: 3, "measured deletes of the leader (window refills) per size; 0 to skip"),
    ]

    func run(_ arguments: BenchArguments) async throws -> Int32 {
        let sizes = try arguments.sizes()
        let listeners = max(arguments.integer("listeners"), 1)
        let commits = max(arguments.integer("commits"), 1)
        let warmup = max(arguments.integer("warmup"), 0)
        let refills = max(arguments.integer("refills"), 0)
        print(
            "listen: \(listeners) listeners (score descending, limit 10 + i), \(commits) commits per size after \(warmup) warm-up commits"
        )
        print("latency = start of the commit → the last listener holds a snapshot at the commit's time")
        print("CPU = this process's CPU time over the same span (all threads; insensitive to other processes)")
        print("the sizes take turns, commit by commit, so that they share the machine's load alike")
        print("")

        var fixtures: [Fixture] = []
        for size in sizes {
            fixtures.append(try await Fixture(size: size, listeners: listeners))
            print(
                "\(size) documents: \(listeners) listeners ready after \(BenchMath.format(fixtures[fixtures.count - 1].setup, digits: 1)) s"
            )
        }
        for round in 0..<(warmup + commits) {
            for index in fixtures.indices {
                let sample = try await fixtures[index].commitReachingAll(round: round)
                if round >= warmup { fixtures[index].samples.append(sample) }
            }
        }
        for round in 0..<refills {
            for index in fixtures.indices {
                fixtures[index].refills.append(try await fixtures[index].refill(round: round))
            }
        }
        for fixture in fixtures { fixture.stop() }

        print("")
        for fixture in fixtures {
            print("\(fixture.size) documents")
            report(
                "  commit → all \(listeners) listeners", fixture.samples.map(\.total), cpu: fixture.samples.map(\.cpu))
            report("  commit returned → all listeners", fixture.samples.map(\.afterCommit), cpu: nil)
            report("  the commit alone", fixture.samples.map(\.commitOnly), cpu: nil)
            if !fixture.refills.isEmpty {
                report(
                    "  delete the leader (\(listeners) window refills)", fixture.refills.map(\.total),
                    cpu: fixture.refills.map(\.cpu))
            }
        }
        if fixtures.count > 1, let small = fixtures.min(by: { $0.size < $1.size }),
            let large = fixtures.max(by: { $0.size < $1.size })
        {
            let wall = BenchMath.median(large.samples.map(\.total)) / BenchMath.median(small.samples.map(\.total))
            let cpu = BenchMath.median(large.samples.map(\.cpu)) / BenchMath.median(small.samples.map(\.cpu))
            print("")
            print(
                "median ratio, \(large.size) / \(small.size) documents: latency \(BenchMath.format(wall, digits: 2)), CPU \(BenchMath.format(cpu, digits: 2))"
            )
        }
        return 0
    }

    private func report(_ label: String, _ seconds: [Double], cpu: [Double]?) {
        let sorted = seconds.sorted()
        let p90 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.9))]
        var line =
            label.padding(toLength: 46, withPad: " ", startingAt: 0)
            + "median \(micros(BenchMath.median(seconds)))   p90 \(micros(p90))   max \(micros(sorted.last ?? 0))"
        if let cpu { line += "   CPU median \(micros(BenchMath.median(cpu)))" }
        print(line + "   (n=\(seconds.count))")
    }

    private func micros(_ seconds: Double) -> String {
        seconds >= 0.1
            ? "\(BenchMath.format(seconds * 1e3, digits: 0)) ms" : "\(BenchMath.format(seconds * 1e6, digits: 0)) µs"
    }
}

/// One measurement: wall-clock spans and this process's CPU time.
private struct ListenSample {
    var total: Double
    var afterCommit: Double
    var commitOnly: Double
    var cpu: Double
}

/// A store of `size` documents with its listeners, ready to measure commits.
private struct Fixture {
    let size: Int
    let store: InMemoryDocumentStore
    let tracker: ListenTracker
    let consumers: [Task<Void, Never>]
    let items: CollectionPath
    var setup: Double
    var top: Int64
    var samples: [ListenSample] = []
    var refills: [ListenSample] = []

    init(size: Int, listeners: Int) async throws {
        let clock = ContinuousClock()
        let start = clock.now
        self.size = size
        store = InMemoryDocumentStore(database: try DatabaseID(projectID: "hearth-bench"))
        items = try CollectionPath("items")
        var batch: [Write] = []
        for index in 0..<size {
            batch.append(
                Write.update(
                    try items.document("d\(index)"),
                    fields: ["score": .integer(Int64(index)), "name": .string("item \(index)")]))
            if batch.count == 1_000 || index == size - 1 {
                _ = try await store.commit(batch, transaction: nil)
                batch = []
            }
        }
        let tracker = ListenTracker(count: listeners)
        var consumers: [Task<Void, Never>] = []
        for listener in 0..<listeners {
            let query = StructuredQuery(
                from: CollectionSelector(collectionID: "items"),
                orderBy: [Order(try FieldPath(["score"]), .descending)],
                limit: 10 + listener
            )
            let stream = store.listen(.query(parent: nil, query: query), options: ListenOptions())
            consumers.append(
                Task {
                    do {
                        for try await snapshot in stream { tracker.record(listener, snapshot.readTime) }
                    } catch {
                        printError("listener \(listener) failed: \(error)")
                    }
                })
        }
        await tracker.wait(until: .min)
        self.tracker = tracker
        self.consumers = consumers
        self.top = Int64(size)
        self.setup = BenchMath.seconds(clock.now - start)
    }

    /// Raises the leader's score (even rounds) or inserts a new leader (odd rounds), and waits until every
    /// listener has seen it.
    mutating func commitReachingAll(round: Int) async throws -> ListenSample {
        top += 1
        let write =
            round.isMultiple(of: 2)
            ? Write.update(try items.document("leader"), fields: ["score": .integer(top), "name": "leader"])
            : Write.update(try items.document("new\(round)"), fields: ["score": .integer(top), "name": "new"])
        return try await measure([write])
    }

    /// Inserts a new leader (unmeasured), then deletes it: every window refills.
    mutating func refill(round: Int) async throws -> ListenSample {
        top += 1
        let path = try items.document("doomed\(round)")
        _ = try await measure([Write.update(path, fields: ["score": .integer(top)])])
        return try await measure([.delete(path)])
    }

    private func measure(_ writes: [Write]) async throws -> ListenSample {
        let clock = ContinuousClock()
        let cpuStart = BenchMath.processCPUTime()
        let start = clock.now
        let response = try await store.commit(writes, transaction: nil)
        let committed = clock.now
        await tracker.wait(until: response.commitTime)
        let end = clock.now
        return ListenSample(
            total: BenchMath.seconds(end - start),
            afterCommit: BenchMath.seconds(end - committed),
            commitOnly: BenchMath.seconds(committed - start),
            cpu: BenchMath.processCPUTime() - cpuStart
        )
    }

    func stop() {
        for consumer in consumers { consumer.cancel() }
    }
}

/// The newest read time each listener has seen, and a wait for all of them to reach a time.
private final class ListenTracker: Sendable {
    private struct State {
        var latest: [Timestamp]
        var seen: [Bool]
        var target: Timestamp?
        var reached = 0
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state: Mutex<State>
    private let count: Int

    init(count: Int) {
        self.count = count
        state = Mutex(State(latest: Array(repeating: .min, count: count), seen: Array(repeating: false, count: count)))
    }

    func record(_ listener: Int, _ readTime: Timestamp) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            let before = state.seen[listener] ? state.latest[listener] : nil
            state.seen[listener] = true
            state.latest[listener] = max(state.latest[listener], readTime)
            guard let target = state.target else { return nil }
            let wasBehind = before.map { $0 < target } ?? true
            if wasBehind, state.latest[listener] >= target { state.reached += 1 }
            guard state.reached == count, let waiter = state.waiter else { return nil }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns once every listener has a snapshot at or after `target` (`.min`: any snapshot).
    func wait(until target: Timestamp) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                state.target = target
                state.reached = zip(state.seen, state.latest).filter { $0.0 && $0.1 >= target }.count
                if state.reached == count { return true }
                state.waiter = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }
}
