import Foundation
import HearthApplication
import HearthDomain
import HearthFileSystem
import HearthPort
import HearthTestSupport

/// `crash`: kills a `crash-child` with SIGKILL at random moments (some while it is still opening the
/// store), reopens the store after each kill, and checks ``CrashWorkload/verify(_:acknowledged:inFlight:)``:
/// no acknowledged commit lost, no batch partially visible. Exit status 0 when every check passed.
struct CrashScenario: BenchScenario {
    let name = "crash"
    let summary = "SIGKILL a committing child N times; check no acknowledged commit is lost, no batch is partial"
    let options: [BenchOption] =
        [
            .integer("kills", default: 200, "how many times to kill the child"),
            .parentDirectory,
            .integer("max-delay-ms", default: 100, "longest time the child commits before it is killed"),
            .flag("quiet", "print a line every 25 kills instead of every kill"),
        ] + BenchOption.crashChildOptions(seedHelp: "random seed (0: random)", writers: 3)

    func run(_ arguments: BenchArguments) async throws -> Int32 {
        let kills = max(arguments.integer("kills"), 1)
        let writers = max(arguments.integer("writers"), 1)
        let maxDelay = max(arguments.integer("max-delay-ms"), 1)
        let seed = arguments.seed()
        var random = SplitMix64(seed: seed)
        let directory = try BenchDirectory(parent: arguments.text("dir"), prefix: "hearth-crash")
        let storeURL = directory.url.appendingPathComponent("store", isDirectory: true)
        let executable = try CrashChild.executable()
        let childOptions = [
            "--dir", storeURL.path, "--writers", String(writers), "--durability",
            arguments.text("durability") ?? "full",
            "--compaction-threshold", String(arguments.integer("compaction-threshold")),
        ]
        print(
            "crash: \(kills) kills, \(writers) writers in the child, durability \(arguments.text("durability") ?? "full"), seed \(seed)"
        )
        print("store: \(describeFileSystem(of: directory.path))/store")

        var acknowledged = Set<Int>()
        var inFlight = Set<Int>()
        var nextBase = 0
        var totals = Totals()
        let clock = ContinuousClock()
        let started = clock.now
        for kill in 1...kills {
            let base = nextBase
            let child = try CrashChild(
                executable: executable,
                arguments: ["crash-child", "--base", String(base), "--seed", String(random.next() % 1_000_000_000)]
                    + childOptions
            )
            let early = try await child.start(earlyPercent: 20, earlyMilliseconds: 40, opening: "store", &random)
            if !early { try await Task.sleep(for: .milliseconds(Int.random(in: 0...maxDelay, using: &random))) }
            child.kill()
            let lines = child.output()
            let acks = lines.compactMap { $0.hasPrefix("ack ") ? Int($0.dropFirst(4)) : nil }
            acknowledged.formUnion(acks)
            for writer in 0..<writers {
                let mine = acks.filter { ($0 - base) % writers == writer }
                inFlight.insert((mine.max() ?? (base + writer - writers)) + writers)
            }
            if !lines.contains("ready") { totals.killedWhileOpening += 1 }
            totals.acknowledged += acks.count

            let store = try await FileSystemDocumentStore.open(
                directory: storeURL, database: try CrashWorkload.databaseID())
            let droppedTailBytes = try await store.recovery.droppedTailBytes
            if droppedTailBytes > 0 { totals.tornTails += 1 }
            let documents = try await everyDocument(store)
            try await store.close()
            let findings = CrashWorkload.verify(documents, acknowledged: acknowledged, inFlight: inFlight)
            totals.record(findings)
            nextBase = max(acknowledged.max() ?? -1, inFlight.max() ?? -1, findings.maximumBatch) + 1
            if !arguments.flag("quiet") || kill % 25 == 0 || !findings.passed {
                print(
                    "kill \(kill): \(early ? "early" : "running"), \(acks.count) acks, \(findings.presentBatches) batches present, "
                        + "recovery dropped \(droppedTailBytes) torn bytes"
                        + (findings.passed ? "" : " — FAILED: \(describe(findings))")
                )
            }
        }
        let elapsed = clock.now - started
        print("")
        print(
            "kills: \(kills) (\(totals.killedWhileOpening) while the child was still opening the store), in \(elapsed.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1))))"
        )
        print("acknowledged commits: \(totals.acknowledged); batches in the store at the end: \(totals.lastPresent)")
        print("reopens that dropped a torn tail: \(totals.tornTails)")
        print("lost acknowledged commits: \(totals.lost)")
        print("partially visible batches: \(totals.partial)")
        print("batches never committed but visible: \(totals.unexpected)")
        print("other inconsistencies: \(totals.inconsistent)")
        let passed = totals.lost == 0 && totals.partial == 0 && totals.unexpected == 0 && totals.inconsistent == 0
        print(passed ? "RESULT: PASS" : "RESULT: FAIL")
        if passed { directory.remove() } else { print("store kept for inspection: \(storeURL.path)") }
        return passed ? 0 : 1
    }

    private struct Totals {
        var acknowledged = 0
        var killedWhileOpening = 0
        var tornTails = 0
        var lost = 0
        var partial = 0
        var unexpected = 0
        var inconsistent = 0
        var lastPresent = 0

        mutating func record(_ findings: CrashWorkload.Findings) {
            lost += findings.lostAcknowledged.count
            partial += findings.partialBatches.count
            unexpected += findings.unexpectedBatches.count
            inconsistent += findings.inconsistencies.count
            lastPresent = findings.presentBatches
        }
    }

    private func describe(_ findings: CrashWorkload.Findings) -> String {
        var parts: [String] = []
        if !findings.lostAcknowledged.isEmpty { parts.append("lost \(findings.lostAcknowledged.prefix(10))") }
        if !findings.partialBatches.isEmpty { parts.append("partial \(findings.partialBatches.prefix(10))") }
        if !findings.unexpectedBatches.isEmpty { parts.append("unexpected \(findings.unexpectedBatches.prefix(10))") }
        parts += findings.inconsistencies.prefix(5)
        return parts.joined(separator: "; ")
    }

    private func everyDocument(_ store: FileSystemDocumentStore) async throws -> [Document] {
        var documents: [Document] = []
        let everything = StructuredQuery(from: CollectionSelector(collectionID: "", allDescendants: true))
        for try await element in store.runQuery(parent: nil, query: everything, consistency: .latest) {
            if let document = element.document { documents.append(document) }
        }
        return documents
    }
}
