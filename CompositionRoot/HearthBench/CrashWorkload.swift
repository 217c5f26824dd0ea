import Foundation
import HearthDomain
import HearthFileSystem

/// The crash harness's workload and its checks.
///
/// Writer `w` of a child commits batches with IDs `base + w`, `base + w + writers`, … . Batch `b` writes,
/// atomically:
/// - `batches/b{b}-{i}` for `i` in `0..<size` (`size` random, 1...6): `{batch, size, index, pad}`, where
///   `pad` is a random string, sometimes tens of kilobytes (so records cross pages);
/// - `meta/last` = `{batch}`;
/// - `meta/parity` = `{batch}` when `b` is even, deleted when it is odd;
/// - 0 to 3 random slots `slots/s{j}` = `{batch, together: [j…]}` (the slots this batch wrote).
///
/// After a kill, the reopened store must show (``verify(_:acknowledged:inFlight:)``):
/// 1. every acknowledged batch, complete;
/// 2. no batch partially: every present batch has all `size` documents;
/// 3. no batch that was never started: a present, unacknowledged batch is one a writer had in flight;
/// 4. `meta/last` and `meta/parity` as the batch with the latest update time left them;
/// 5. every slot written with another slot by batch `b` shows `b` or a later batch.
enum CrashWorkload {
    static let database = "hearth-crash"

    static func databaseID() throws -> DatabaseID { try DatabaseID(projectID: database) }

    /// The writes of batch `id`.
    static func writes(batch id: Int, random: inout some RandomNumberGenerator) throws -> [Write] {
        let size = Int.random(in: 1...6, using: &random)
        var writes: [Write] = []
        for index in 0..<size {
            let padLength =
                Int.random(in: 0..<100, using: &random) < 5
                ? Int.random(in: 10_000...60_000, using: &random) : Int.random(in: 0...300, using: &random)
            writes.append(
                .update(
                    try DocumentPath("batches/b\(id)-\(index)"),
                    fields: [
                        "batch": .integer(Int64(id)),
                        "size": .integer(Int64(size)),
                        "index": .integer(Int64(index)),
                        "pad": .string(String(repeating: "p", count: padLength)),
                    ]
                )
            )
        }
        writes.append(.update(try DocumentPath("meta/last"), fields: ["batch": .integer(Int64(id))]))
        if id % 2 == 0 {
            writes.append(.update(try DocumentPath("meta/parity"), fields: ["batch": .integer(Int64(id))]))
        } else {
            writes.append(.delete(try DocumentPath("meta/parity")))
        }
        let slots = Array(
            Set((0..<Int.random(in: 0...3, using: &random)).map { _ in Int.random(in: 0..<16, using: &random) })
        ).sorted()
        for slot in slots {
            writes.append(
                .update(
                    try DocumentPath("slots/s\(slot)"),
                    fields: ["batch": .integer(Int64(id)), "together": .array(slots.map { .integer(Int64($0)) })]
                )
            )
        }
        return writes
    }

    /// What a check found.
    struct Findings: Sendable {
        var lostAcknowledged: [Int] = []
        var partialBatches: [Int] = []
        var unexpectedBatches: [Int] = []
        var inconsistencies: [String] = []
        var presentBatches = 0
        var maximumBatch = -1

        var passed: Bool {
            lostAcknowledged.isEmpty && partialBatches.isEmpty && unexpectedBatches.isEmpty && inconsistencies.isEmpty
        }
    }

    /// Checks the documents of a reopened store against the acknowledged batches and the batches
    /// writers may have had in flight when the child was killed.
    static func verify(_ documents: [Document], acknowledged: Set<Int>, inFlight: Set<Int>) -> Findings {
        var findings = Findings()
        var batches: [Int: (size: Int, indexes: Set<Int>, updateTime: Timestamp)] = [:]
        var meta: [String: Document] = [:]
        var slots: [Int: Document] = [:]
        for document in documents {
            let collection = document.path.collectionID
            let id = document.path.documentID
            switch collection {
            case "batches":
                guard case .integer(let batch)? = document.fields["batch"],
                    case .integer(let size)? = document.fields["size"],
                    case .integer(let index)? = document.fields["index"]
                else {
                    findings.inconsistencies.append("\(document.path) lacks its fields")
                    continue
                }
                var entry = batches[Int(batch)] ?? (Int(size), [], document.updateTime)
                if entry.size != Int(size) || entry.updateTime != document.updateTime {
                    findings.inconsistencies.append("batch \(batch)'s documents disagree on size or commit time")
                }
                entry.indexes.insert(Int(index))
                batches[Int(batch)] = entry
            case "meta":
                meta[id] = document
            case "slots":
                if let slot = Int(id.dropFirst()) { slots[slot] = document }
            default:
                findings.inconsistencies.append("unexpected document \(document.path)")
            }
        }
        findings.presentBatches = batches.count
        findings.maximumBatch = batches.keys.max() ?? -1

        findings.lostAcknowledged = acknowledged.filter { batches[$0] == nil }.sorted()
        findings.partialBatches = batches.filter { $0.value.indexes != Set(0..<$0.value.size) }.map(\.key).sorted()
        findings.unexpectedBatches = batches.keys.filter { !acknowledged.contains($0) && !inFlight.contains($0) }
            .sorted()

        let latest = batches.max { $0.value.updateTime < $1.value.updateTime }
        if let (batch, entry) = latest {
            let last = meta["last"]
            if last?.fields["batch"] != .integer(Int64(batch)) || last?.updateTime != entry.updateTime {
                findings.inconsistencies.append(
                    "meta/last is \(String(describing: last?.fields["batch"])), but the latest batch is \(batch)")
            }
            let parity = meta["parity"]
            if batch % 2 == 0, parity?.fields["batch"] != .integer(Int64(batch)) {
                findings.inconsistencies.append(
                    "meta/parity should be \(batch) (even, latest), is \(String(describing: parity?.fields["batch"]))")
            }
            if batch % 2 == 1, let parity {
                findings.inconsistencies.append(
                    "meta/parity exists (\(String(describing: parity.fields["batch"]))) though the latest batch \(batch) deleted it"
                )
            }
        } else if !meta.isEmpty {
            findings.inconsistencies.append("meta documents exist without any batch")
        }
        for (slot, document) in slots {
            guard case .integer(let batch)? = document.fields["batch"],
                case .array(let together)? = document.fields["together"]
            else {
                findings.inconsistencies.append("slots/s\(slot) lacks its fields")
                continue
            }
            guard let entry = batches[Int(batch)], entry.updateTime == document.updateTime else {
                findings.inconsistencies.append(
                    "slots/s\(slot) was written by batch \(batch), which is absent or at another time")
                continue
            }
            for case .integer(let other) in together {
                guard let peer = slots[Int(other)] else {
                    findings.inconsistencies.append(
                        "slots/s\(other) missing though batch \(batch) wrote it with slots/s\(slot)")
                    continue
                }
                if peer.updateTime < document.updateTime {
                    findings.inconsistencies.append(
                        "slots/s\(other) is older than batch \(batch), which wrote it with slots/s\(slot)")
                }
            }
        }
        return findings
    }
}
