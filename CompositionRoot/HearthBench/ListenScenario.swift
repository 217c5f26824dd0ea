import Foundation
import HearthApplication
import HearthDomain
import HearthInMemory
import Synchronization

/// `listen`: the latency of one commit reaching many listeners, on collections of different sizes. The
/// local engine's notification cost should follow the size of the change, not of the collection: the
/// medians for 1,000 and 100,000 documents should be close (ratio near 1).
///
/// Each listener watches a leaderboard of the same collection (`score` descending, a limit of 10 + i
/// for listener i). Commits alternate between raising the leader's score (a modification at index 0 of
/// every window) and inserting a new leader (an addition that pushes each window's last document out),
/// so every commit changes every listener's results. A commit's latency runs from the start of the
/// commit until the last listener has received a snapshot at or after the commit's time.
///
/// A second, shorter measurement deletes the leader: every window loses a document and refills by reading
/// the query again at the commit time. Without indexes (issue 7) that read scans the collection, so it
/// grows with the collection; it is reported separately.
struct ListenScenario: BenchScenario {
    let name = "listen"
    let summary = "latency of one commit reaching many listeners, 1,000 vs 100,000 documents"
    let options: [BenchOption] = [
        .text("sizes", default: "1000,100000", "collection sizes, comma-separated"),
        .integer("listeners", default: 100, "listeners on the collection"),
        .integer("commits", default: 200, "measured commits per size"),
        .integer("warmup", default: 20, "unmeasured commits before them"),
        .integer("refills", default: 3, "measured deletes of the leader (window refills) per size; 0 to skip"),
    ]

    func run(_ arguments: BenchArguments) async throws -> Int32 {
        let sizes = (arguments.text("sizes") ?? "").split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else { throw BenchUsageError("--sizes needs positive integers, e.g. 1000,100000") }
        let listeners = max(arguments.integer("listeners"), 1)
        let commits = max(arguments.integer("commits"), 1)
        let warmup = max(arguments.integer("warmup"), 0)
        let refills = max(arguments.integer("refills"), 0)
        print("listen: \(listeners) listeners (score descending, limit 10 + i), \(commits) commits per size after \(warmup) warm-up commits")
        print("latency = start of the commit → the last listener holds a snapshot at the commit's time")
        print("")

        var medians: [Int: Double] = [:]
        for size in sizes {
            let result = try await measure(size: size, listeners: listeners, commits: commits, warmup: warmup, refills: refills)
            medians[size] = BenchMath.median(result.total)
            print("\(size) documents (setup \(BenchMath.format(result.setup, digits: 1)) s)")
            report("  commit → all \(listeners) listeners", result.total)
            report("  commit returned → all listeners", result.afterCommit)
            report("  the commit alone", result.commitOnly)
            if !result.refill.isEmpty { report("  delete the leader (\(listeners) window refills)", result.refill) }
        }
        if let small = sizes.min(), let large = sizes.max(), small != large, let low = medians[small], let high = medians[large], low > 0 {
            print("")
            print("median latency ratio, \(large) / \(small) documents: \(BenchMath.format(high / low, digits: 2))")
        }
        return 0
    }

    private struct Result {
        var setup = 0.0
        var total: [Double] = []
        var afterCommit: [Double] = []
        var commitOnly: [Double] = []
        var refill: [Double] = []
    }

    private func report(_ label: String, _ seconds: [Double]) {
        let sorted = seconds.sorted()
        let p90 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.9))]
        print(
            label.padding(toLength: 46, withPad: " ", startingAt: 0)
                + "median \(BenchMath.format(BenchMath.median(seconds) * 1e6, digits: 0)) µs"
                + "   p90 \(BenchMath.format(p90 * 1e6, digits: 0)) µs   max \(BenchMath.format((sorted.last ?? 0) * 1e6, digits: 0)) µs   (n=\(seconds.count))"
        )
    }

    private func measure(size: Int, listeners: Int, commits: Int, warmup: Int, refills: Int) async throws -> Result {
        var result = Result()
        let clock = ContinuousClock()
        let setupStart = clock.now
        let store = InMemoryDocumentStore(database: try DatabaseID(projectID: "hearth-bench"))
        let items = try CollectionPath("items")
        var batch: [Write] = []
        for index in 0..<size {
            batch.append(Write.update(try items.document("d\(index)"), fields: ["score": .integer(Int64(index)), "name": .string("item \(index)")]))
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
            consumers.append(Task {
                do {
                    for try await snapshot in stream { tracker.record(listener, snapshot.readTime) }
                } catch {
                    printError("listener \(listener) failed: \(error)")
                }
            })
        }
        defer { for consumer in consumers { consumer.cancel() } }
        await tracker.wait(until: .min)
        result.setup = seconds(clock.now - setupStart)

        var top = Int64(size)
        for round in 0..<(warmup + commits) {
            top += 1
            let write =
                round.isMultiple(of: 2)
                ? Write.update(try items.document("leader"), fields: ["score": .integer(top), "name": "leader"])
                : Write.update(try items.document("new\(round)"), fields: ["score": .integer(top), "name": "new"])
            let start = clock.now
            let response = try await store.commit([write], transaction: nil)
            let committed = clock.now
            await tracker.wait(until: response.commitTime)
            let end = clock.now
            guard round >= warmup else { continue }
            result.total.append(seconds(end - start))
            result.afterCommit.append(seconds(end - committed))
            result.commitOnly.append(seconds(committed - start))
        }

        for round in 0..<refills {
            top += 1
            let inserted = try await store.commit([Write.update(try items.document("doomed\(round)"), fields: ["score": .integer(top)])], transaction: nil)
            await tracker.wait(until: inserted.commitTime)
            let start = clock.now
            let response = try await store.commit([.delete(try items.document("doomed\(round)"))], transaction: nil)
            await tracker.wait(until: response.commitTime)
            result.refill.append(seconds(clock.now - start))
        }
        return result
    }

    private func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
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
