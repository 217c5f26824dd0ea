import Foundation
import HearthDomain
import HearthFirestoreCodec

/// The results of a run: counts for the summary, and for every mismatch a replayable description (the
/// seed, how to rerun just that case, the request, both answers, the documents involved) also written to
/// a directory with the dataset's commit bodies.
struct DifferentialReport {
    let configuration: DifferentialConfiguration
    private(set) var datasets: [DifferentialDataset] = []
    private(set) var commitBodies: [Int: [JSON]] = [:]
    private(set) var results: [CaseResult] = []

    init(configuration: DifferentialConfiguration) {
        self.configuration = configuration
    }

    mutating func add(dataset: DifferentialDataset, commitBodies bodies: [JSON], results newResults: [CaseResult]) {
        datasets.append(dataset)
        commitBodies[dataset.index] = bodies
        results += newResults
    }

    var mismatches: [CaseResult] { results.filter { $0.difference != nil } }

    var summary: String {
        var counts: [String: Int] = [:]
        for result in results { counts[result.emulator.kind, default: 0] += 1 }
        let aggregations = results.filter { $0.testCase.kind == .aggregation }.count
        let sizes = datasets.map { "\($0.documents.count)" }.joined(separator: ", ")
        let acceptedInvalid = results.filter { result in
            guard result.testCase.invalidShape != nil, case .failure = result.emulator else {
                return result.testCase.invalidShape != nil
            }
            return false
        }.compactMap(\.testCase.invalidShape)
        var text = "Differential run, seed \(configuration.seedText): \(datasets.count) datasets (\(sizes) documents), "
        text += "\(results.count) cases (\(results.count - aggregations) queries, \(aggregations) aggregations). "
        text +=
            "Emulator answers: \(counts["documents", default: 0]) with documents, \(counts["empty", default: 0]) empty, "
        text += "\(counts["aggregates", default: 0]) aggregations, \(counts["error", default: 0]) errors"
        if counts["unreadable", default: 0] > 0 { text += ", \(counts["unreadable", default: 0]) unreadable" }
        let rounded = results.filter(DifferentialOutcome.agreesUpToRounding).count
        let unbounded = results.filter { result in
            DifferentialOutcome.agreesUpToRounding(result) && result.roundingBounds.values.contains(where: \.isInfinite)
        }.count
        if rounded > 0 {
            text +=
                ", \(rounded) aggregations equal only up to summation order (\(unbounded) of them with values whose sum overflows)"
        }
        let quirks = results.compactMap(\.knownQuirk)
        if !quirks.isEmpty {
            text += ". Known emulator quirks (not compared): "
            text += Dictionary(grouping: quirks) { $0 }.map { "\($0.value.count)× \($0.key)" }.sorted().joined(
                separator: ", ")
        }
        text += ". Mismatches: \(mismatches.count)."
        if !acceptedInvalid.isEmpty {
            text += " Invalid shapes the emulator accepted: \(Set(acceptedInvalid).sorted().joined(separator: ", "))."
        }
        return text
    }

    /// How often each emulator error came up (by the start of its message), most frequent first.
    var errorBreakdown: String {
        var counts: [String: Int] = [:]
        for result in results {
            guard case .failure(let code, let message) = result.emulator else { continue }
            counts["\(code.name): \(message.prefix(70))", default: 0] += 1
        }
        return "Emulator errors:\n"
            + counts.sorted { $0.value > $1.value }.map { "  \($0.value)× \($0.key)" }.joined(separator: "\n")
    }

    /// Writes the datasets' commit bodies and the mismatch descriptions under a temporary directory; returns it.
    func writeMismatchFiles() -> URL? {
        guard !mismatches.isEmpty else { return nil }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-diff-\(configuration.seedText)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (index, bodies) in commitBodies {
                let data = Data(JSONWriter.prettyString(.array(bodies)).utf8)
                try data.write(to: directory.appendingPathComponent("dataset-\(index)-commits.json"))
            }
            for mismatch in mismatches {
                let data = Data(describe(mismatch).utf8)
                try data.write(to: directory.appendingPathComponent("case-\(mismatch.testCase.label).txt"))
            }
            return directory
        } catch {
            return nil
        }
    }

    /// A replayable description of one case's answers.
    func describe(_ result: CaseResult) -> String {
        let testCase = result.testCase
        let dataset = datasets.first { $0.index == testCase.dataset }
        let parent = testCase.parent.map { "/" + $0.path } ?? ""
        var lines = [
            "Differential mismatch in case \(testCase.label) (seed \(configuration.seedText), dataset \(testCase.dataset): "
                + "\(dataset?.documents.count ?? 0) documents in project \(dataset?.database.projectID ?? "?"))",
            "  features:   \(testCase.features.joined(separator: ", "))",
            "  replay:     HEARTH_DIFF_SEED=\(configuration.seedText) HEARTH_DIFF_ONLY=\(testCase.label) swift test --filter DifferentialTests",
            "  difference: \(result.difference ?? "none")",
            "  request:    POST …/documents\(parent):\(testCase.kind.rawValue)",
            "              \(testCase.bodyText)",
            "  emulator:   \(result.emulator.summary)",
            "  engine:     \(result.engine.summary)",
        ]
        if let dataset {
            let involved = involvedPaths(result)
            if !involved.isEmpty {
                lines.append("  documents involved (as written):")
                for path in involved.prefix(16) {
                    let fields = dataset.documents.first { $0.path == path }?.fields ?? MapValue()
                    lines.append(
                        "    \(DifferentialOutcome.quotedPath(path)): \(DifferentialOutcome.fieldsText(fields))")
                }
            }
            lines.append(
                "  dataset:    regenerated from the seed (DatasetGenerator.make(index: \(dataset.index), runSeed: \(configuration.seedText)));"
            )
            lines.append(
                "              its commit bodies are written to hearth-diff-\(configuration.seedText)/dataset-\(dataset.index)-commits.json"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// The documents that appear in one answer but not at the same place in the other.
    private func involvedPaths(_ result: CaseResult) -> [DocumentPath] {
        guard case .documents(let left, _) = result.emulator else {
            if case .documents(let right, _) = result.engine { return right.map(\.path) }
            return []
        }
        guard case .documents(let right, _) = result.engine else { return left.map(\.path) }
        var paths: [DocumentPath] = []
        let count = max(left.count, right.count)
        for index in 0..<count {
            let a = index < left.count ? left[index] : nil
            let b = index < right.count ? right[index] : nil
            if a?.path == b?.path, a?.fields == b?.fields { continue }
            for path in [a?.path, b?.path].compactMap({ $0 }) where !paths.contains(path) { paths.append(path) }
        }
        return paths
    }
}
