import Foundation
import HearthCache
import HearthDomain
import HearthFileSystem
import HearthFirestoreREST
import HearthPort
import HearthTestSupport

/// `sync-crash`: the crash harness of the cached database. A `sync-crash-child` queues
/// ``SyncCrashWorkload`` writes in a cached database (the file store as the cache, the Firestore emulator
/// as the remote, reached through a `LoopbackProxy` this process controls) while this process kills it
/// with SIGKILL at random moments and breaks the network (refuses connections, cuts them mid-request,
/// drops answers to requests the server applied, holds connections unanswered). Each new child reopens
/// the same cache. At the end the network is restored, the cache is reopened here and drained
/// (`waitForPendingWrites()`), and ``SyncCrashWorkload/verify(server:cache:acknowledged:)`` checks that
/// every write acknowledged locally reached the server exactly once and that the cache holds what the
/// server holds. Exit status 0 when every check passed.
struct SyncCrashScenario: BenchScenario {
    let name = "sync-crash"
    let summary =
        "SIGKILL a child queueing writes in a cached database while cutting its network; check 0 lost, 0 duplicated, 0 divergent"
    let options: [BenchOption] = [
        .integer("kills", default: 200, "how many times to kill the child"),
        .parentDirectory,
        .integer("max-life-ms", default: 1_500, "longest time the child runs (once ready) before it is killed"),
        .integer("max-pause-ms", default: 300, "longest pause of the child between two writes"),
        .integer("seed", default: 0, "random seed (0: random)"),
        .text("emulator", default: nil, "host:port of a running Firestore emulator (default: start one)"),
        .integer("drain-timeout-s", default: 600, "longest wait for the queue to drain at the end"),
        .flag("quiet", "print a line every 25 kills instead of every kill"),
    ]

    func run(_ arguments: BenchArguments) async throws -> Int32 {
        let kills = max(arguments.integer("kills"), 1)
        let maxLife = max(arguments.integer("max-life-ms"), 1)
        let seed = arguments.seed()
        var random = SplitMix64(seed: seed)

        var startedEmulator: FirestoreEmulator?
        let emulatorPort: Int
        if let given = arguments.text("emulator") {
            guard let port = given.split(separator: ":").last.flatMap({ Int($0) }) else {
                throw BenchUsageError("--emulator must be host:port, not \(given)")
            }
            emulatorPort = port
        } else {
            guard FirestoreEmulator.availability.isAvailable else {
                throw BenchUsageError(
                    "sync-crash needs the Firestore emulator: \(FirestoreEmulator.availability.reason)")
            }
            let emulator = try await FirestoreEmulator.start()
            startedEmulator = emulator
            emulatorPort = emulator.port
        }
        defer { startedEmulator?.stop() }
        let proxy = try LoopbackProxy(upstreamPort: emulatorPort)
        defer { proxy.stop() }
        let project = FirestoreEmulator.newProjectID(prefix: "sync-crash")
        let database = try DatabaseID(projectID: project)
        let directory = try BenchDirectory(parent: arguments.text("dir"), prefix: "hearth-sync-crash")
        let cacheURL = directory.url.appendingPathComponent("cache", isDirectory: true)
        let executable = try CrashChild.executable()
        print(
            "sync-crash: \(kills) kills, seed \(seed), project \(project), proxy \(proxy.hostAndPort) → 127.0.0.1:\(emulatorPort)"
        )
        print("cache: \(describeFileSystem(of: directory.path))/cache")

        var acknowledged = Set<Int>()
        var totals = Totals()
        var nextID = 0
        let clock = ContinuousClock()
        let started = clock.now
        for kill in 1...kills {
            let base = nextID
            proxy.setMode(Self.randomMode(&random))
            let child = try CrashChild(
                executable: executable,
                arguments: [
                    "sync-crash-child", "--dir", cacheURL.path, "--emulator", proxy.hostAndPort, "--project", project,
                    "--base", String(base), "--life", String(kill), "--seed", String(random.next() % 1_000_000_000),
                    "--max-pause-ms", String(arguments.integer("max-pause-ms")),
                ])
            let early = try await child.start(earlyPercent: 15, earlyMilliseconds: 60, opening: "cache", &random)
            if !early {
                // Its life: a few stretches, each ending with a change of the network (or a cut).
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    try await Task.sleep(for: .milliseconds(Int.random(in: 0...(maxLife / 2), using: &random)))
                    if Int.random(in: 0..<3, using: &random) == 0 {
                        proxy.cutConnections()
                    } else {
                        proxy.setMode(Self.randomMode(&random))
                    }
                }
            }
            child.kill()
            let lines = child.output()
            let acks = lines.compactMap { $0.hasPrefix("ack ") ? Int($0.dropFirst(4)) : nil }
            acknowledged.formUnion(acks)
            totals.acknowledged += acks.count
            totals.outcomeUnknown += lines.filter { $0.hasPrefix("outcomeUnknown ") }.count
            totals.rejected += lines.filter { $0.hasPrefix("rejected ") }.count
            if !lines.contains("ready") { totals.killedWhileOpening += 1 }
            let pending = lines.first { $0.hasPrefix("pending ") }.flatMap { Int($0.dropFirst(8)) }
            // One write at most was in flight (committed locally, not yet acknowledged): the next after the last ack.
            nextID = (acks.max() ?? (base - 1)) + 2
            if !arguments.flag("quiet") || kill % 25 == 0 {
                print(
                    "kill \(kill): \(early ? "early" : "running"), \(acks.count) acks, "
                        + "queue at open \(pending.map(String.init) ?? "-"), proxy \(proxy.mode)")
            }
        }
        totals.kills = kills
        totals.killTime = clock.now - started

        // The end: the network restored, the cache reopened here and drained, then compared with the server.
        proxy.setMode(.forward)
        let drainStarted = clock.now
        let cache = try await SyncCrashChildScenario.openCache(
            directory: cacheURL, hostAndPort: proxy.hostAndPort, database: database)
        totals.pendingAtEnd = cache.pendingWrites.count
        let reports = Task {
            var counts = (outcomeUnknown: 0, rejected: 0)
            for await rejected in cache.rejectedWrites {
                if rejected.kind == .outcomeUnknown { counts.outcomeUnknown += 1 } else { counts.rejected += 1 }
            }
            return counts
        }
        // Polled against a deadline (a wait that never ends must fail the run, not hang it), then awaited.
        let drainTimeout = max(arguments.integer("drain-timeout-s"), 1)
        let drainDeadline = clock.now + .seconds(drainTimeout)
        while !cache.pendingWrites.isEmpty, clock.now < drainDeadline { try await Task.sleep(for: .milliseconds(20)) }
        guard cache.pendingWrites.isEmpty else {
            print(
                "RESULT: FAIL — \(cache.pendingWrites.count) writes still pending after \(drainTimeout) s with the network up"
            )
            print("cache kept for inspection: \(cacheURL.path)")
            return 1
        }
        try await cache.waitForPendingWrites()
        totals.drainTime = clock.now - drainStarted
        let server = FirestoreRESTDocumentStore(
            configuration: try .emulator(hostAndPort: "127.0.0.1:\(emulatorPort)", database: database))
        var serverDocuments: [Document] = []
        var cachedDocuments: [Document] = []
        for collection in [SyncCrashWorkload.items, SyncCrashWorkload.counters] {
            let query = StructuredQuery(from: CollectionSelector(collectionID: collection))
            serverDocuments += try await server.runQueryAll(parent: nil, query: query, consistency: .latest)
                .compactMap(\.document)
            cachedDocuments += try await cache.runQueryAll(parent: nil, query: query, source: .cache)
                .compactMap(\.document)
        }
        try await cache.close()
        try await server.close()
        let drained = await reports.value
        totals.outcomeUnknown += drained.outcomeUnknown
        totals.rejected += drained.rejected
        let findings = SyncCrashWorkload.verify(
            server: serverDocuments, cache: cachedDocuments, acknowledged: acknowledged)
        printSummary(totals, findings, proxy: proxy.counts)
        if findings.passed { directory.remove() } else { print("cache kept for inspection: \(cacheURL.path)") }
        return findings.passed ? 0 : 1
    }

    /// The network, at random: mostly up, often down or failing in one of the ways a proxy can fail.
    private static func randomMode(_ random: inout SplitMix64) -> LoopbackProxy.Mode {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<45: .forward
        case 45..<65: .refuse
        case 65..<75: .dropResponses()
        case 75..<85: .dropResponses(matching: ":commit")
        default: .silent
        }
    }

    private struct Totals {
        var kills = 0
        var killedWhileOpening = 0
        var acknowledged = 0
        var outcomeUnknown = 0
        var rejected = 0
        var pendingAtEnd = 0
        var killTime = Duration.zero
        var drainTime = Duration.zero
    }

    private func printSummary(_ totals: Totals, _ findings: SyncCrashWorkload.Findings, proxy: LoopbackProxy.Counts) {
        func row(_ label: String, _ value: String) {
            print(label.padding(toLength: 44, withPad: " ", startingAt: 0) + value)
        }
        let seconds = { (duration: Duration) in
            duration.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))
        }
        print("")
        row(
            "kills",
            "\(totals.kills) (\(totals.killedWhileOpening) before the child was ready), in \(seconds(totals.killTime))")
        row("writes acknowledged locally", "\(findings.acknowledged)")
        row("pending at the end, drained in", "\(totals.pendingAtEnd), \(seconds(totals.drainTime))")
        row("items on the server", "\(findings.itemsOnServer)")
        row("  applied, never acknowledged (in flight)", "\(findings.appliedUnacknowledged.count)")
        row("counters/total.n on the server", "\(findings.counter)")
        row("outcomeUnknown reports (applied: see docs)", "\(totals.outcomeUnknown)")
        row("rejected writes", "\(totals.rejected)")
        row(
            "proxy: forwarded/refused/held/cut/dropped",
            "\(proxy.forwarded)/\(proxy.refused)/\(proxy.held)/\(proxy.cut)/\(proxy.droppedResponses)")
        row("lost acknowledged writes", "\(findings.lost.count)" + Self.some(findings.lost.map(String.init)))
        row(
            "duplicated writes (applied > 1)",
            "\(findings.duplicated.count)" + Self.some(findings.duplicated.map { "w\($0.id)×\($0.applied)" }))
        row("counter − items (excess increments)", "\(findings.counterExcess)")
        row("divergent documents (cache vs server)", "\(findings.divergent.count)" + Self.some(findings.divergent))
        if !findings.inconsistencies.isEmpty {
            row("other inconsistencies", findings.inconsistencies.joined(separator: "; "))
        }
        print(findings.passed ? "RESULT: PASS" : "RESULT: FAIL")
    }

    private static func some(_ items: [String]) -> String {
        items.isEmpty ? "" : " — " + items.prefix(10).joined(separator: ", ")
    }
}
