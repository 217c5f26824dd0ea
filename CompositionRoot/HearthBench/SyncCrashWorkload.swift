import HearthDomain

/// The `sync-crash` harness's workload and its checks.
///
/// Write `id` is one commit of two writes, so that "exactly once" can be checked per write and overall:
/// - `items/w{id}`: a merge of `{id, life}` (the child process that wrote it) with `applied` incremented
///   by 1 — applied once, the server's `applied` is 1; applied twice, 2;
/// - `counters/total`: `n` incremented by 1 — the server's `n` is the number of applications of all the
///   commits, which equals the number of `items` documents when none was applied twice.
///
/// Both writes carry a transform, so every commit is one the cache must never send again blindly after
/// an unknown outcome (its guard; see Docs/Offline.md).
enum SyncCrashWorkload {
    /// The collection of the per-write documents.
    static let items = "items"
    /// The collection of the counter document.
    static let counters = "counters"

    /// The writes of write `id`, made by the child of life `life`.
    static func writes(id: Int, life: Int) throws -> [Write] {
        let applied = try FieldPath(["applied"])
        return [
            Write(
                path: try DocumentPath("\(items)/w\(id)"),
                operation: .update(
                    fields: ["id": .integer(Int64(id)), "life": .integer(Int64(life))],
                    mask: [try FieldPath(["id"]), try FieldPath(["life"])]),
                transforms: [FieldTransform(fieldPath: applied, operation: .increment(.integer(1)))]),
            Write(
                path: try DocumentPath("\(counters)/total"), operation: .transform,
                transforms: [FieldTransform(fieldPath: try FieldPath(["n"]), operation: .increment(.integer(1)))]),
        ]
    }

    /// The write ID of a commit of ``writes(id:life:)`` (`nil` for another commit).
    static func id(of writes: [Write]) -> Int? {
        for write in writes where write.path.collectionID == items {
            if let id = Int(write.path.documentID.dropFirst()) { return id }
        }
        return nil
    }

    /// What the final check found.
    struct Findings: Sendable {
        /// Writes acknowledged locally.
        var acknowledged = 0
        /// `items` documents on the server.
        var itemsOnServer = 0
        /// The server's `counters/total.n`.
        var counter: Int64 = 0
        /// Acknowledged writes missing on the server.
        var lost: [Int] = []
        /// Writes applied more than once (`applied` > 1), with their count.
        var duplicated: [(id: Int, applied: Int64)] = []
        /// Writes applied on the server but never acknowledged (committed locally when a kill came).
        var appliedUnacknowledged: [Int] = []
        /// Documents on which the cache and the server disagree (a description each).
        var divergent: [String] = []
        /// Anything else that breaks the workload's invariants.
        var inconsistencies: [String] = []

        /// `counter` − `itemsOnServer`: increments applied more than once (or to no item).
        var counterExcess: Int64 { counter - Int64(itemsOnServer) }

        /// No loss, no duplicate, no divergence.
        var passed: Bool {
            lost.isEmpty && duplicated.isEmpty && counterExcess == 0 && divergent.isEmpty && inconsistencies.isEmpty
        }
    }

    /// Checks the server's documents and the cache's (both: `items` and `counters`) after the queue drained.
    static func verify(server: [Document], cache: [Document], acknowledged: Set<Int>) -> Findings {
        var findings = Findings()
        findings.acknowledged = acknowledged.count
        var applied: [Int: Int64] = [:]
        for document in server {
            switch document.path.collectionID {
            case items:
                guard case .integer(let id)? = document.fields["id"],
                    case .integer(let count)? = document.fields["applied"]
                else {
                    findings.inconsistencies.append("\(document.path) lacks id or applied: \(document.fields)")
                    continue
                }
                applied[Int(id)] = count
            case counters:
                if case .integer(let n)? = document.fields["n"] { findings.counter = n }
            default:
                findings.inconsistencies.append("unexpected document \(document.path) on the server")
            }
        }
        findings.itemsOnServer = applied.count
        findings.lost = acknowledged.filter { applied[$0] == nil }.sorted()
        findings.duplicated = applied.filter { $0.value != 1 }.map { ($0.key, $0.value) }.sorted { $0.id < $1.id }
        findings.appliedUnacknowledged = applied.keys.filter { !acknowledged.contains($0) }.sorted()

        let serverByPath = Dictionary(server.map { ($0.path, $0.fields) }) { first, _ in first }
        let cacheByPath = Dictionary(cache.map { ($0.path, $0.fields) }) { first, _ in first }
        for path in Set(serverByPath.keys).union(cacheByPath.keys).sorted() {
            switch (serverByPath[path], cacheByPath[path]) {
            case (let server?, let cached?) where server != cached:
                findings.divergent.append("\(path): server \(server), cache \(cached)")
            case (_?, nil): findings.divergent.append("\(path): on the server, not in the cache")
            case (nil, _?): findings.divergent.append("\(path): in the cache, not on the server")
            default: break
            }
        }
        return findings
    }
}
