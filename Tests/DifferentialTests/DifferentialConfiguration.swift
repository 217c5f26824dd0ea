import Foundation

/// How much a differential run does, read from the environment:
/// - `HEARTH_DIFF_SEED`: the run's seed, decimal or `0x…` hex (default ``defaultSeed``);
/// - `HEARTH_DIFF_CASES`: the number of cases, spread over the datasets (default ``defaultCases``);
/// - `HEARTH_DIFF_DATASETS`: the number of datasets (default: one per 200 cases, at least 3);
/// - `HEARTH_DIFF_ONLY`: `d` runs only dataset `d`, `d.q` only its case `q` (to replay a mismatch);
/// - `HEARTH_DIFF_PARALLEL`: requests in flight at once (default 4);
/// - `HEARTH_DIFF_VERBOSE=1`: print every case's request and both answers.
struct DifferentialConfiguration: Sendable {
    static let defaultSeed: UInt64 = 0x4845_4152_5448_0001
    static let defaultCases = 640

    struct Selection: Sendable {
        let dataset: Int
        let testCase: Int?
    }

    let seed: UInt64
    let cases: Int
    let datasetCount: Int
    let only: Selection?
    let parallelism: Int
    let verbose: Bool

    struct InvalidSetting: Error, CustomStringConvertible {
        let description: String
    }

    static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> DifferentialConfiguration {
        let seed = try environment["HEARTH_DIFF_SEED"].map(parseSeed) ?? defaultSeed
        let cases =
            try environment["HEARTH_DIFF_CASES"].map { try parseCount($0, name: "HEARTH_DIFF_CASES") } ?? defaultCases
        let datasets =
            try environment["HEARTH_DIFF_DATASETS"].map { try parseCount($0, name: "HEARTH_DIFF_DATASETS") }
            ?? max(3, (cases + 199) / 200)
        let parallelism =
            try environment["HEARTH_DIFF_PARALLEL"].map { try parseCount($0, name: "HEARTH_DIFF_PARALLEL") } ?? 4
        var only: Selection?
        if let text = environment["HEARTH_DIFF_ONLY"], !text.isEmpty {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard (1...2).contains(parts.count), let dataset = Int(parts[0]), dataset >= 0,
                parts.count == 1 || Int(parts[1]).map({ $0 >= 0 }) == true
            else {
                throw InvalidSetting(
                    description: "HEARTH_DIFF_ONLY must be `dataset` or `dataset.case` (for example 1.37), not \(text)")
            }
            only = Selection(dataset: dataset, testCase: parts.count == 2 ? Int(parts[1]) : nil)
        }
        return DifferentialConfiguration(
            seed: seed,
            cases: cases,
            datasetCount: max(1, datasets),
            only: only,
            parallelism: max(1, parallelism),
            verbose: environment["HEARTH_DIFF_VERBOSE"] == "1"
        )
    }

    /// The number of cases dataset `index` runs (the cases are spread evenly).
    func cases(forDataset index: Int) -> Int {
        cases / datasetCount + (index < cases % datasetCount ? 1 : 0)
    }

    /// The indexes of the datasets this run builds.
    var datasetIndexes: [Int] {
        if let only { return [only.dataset] }
        return Array(0..<datasetCount)
    }

    /// The indexes of the cases this run sends for dataset `index`.
    func caseIndexes(forDataset index: Int) -> [Int] {
        if let testCase = only?.testCase { return [testCase] }
        return Array(0..<cases(forDataset: index))
    }

    var seedText: String { "0x" + String(seed, radix: 16) }

    /// What a skipped run would have done, for the skip message.
    var plannedWork: String { "\(cases) differential cases over \(datasetCount) datasets (seed \(seedText))" }

    static func parseSeed(_ text: String) throws -> UInt64 {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let value = trimmed.lowercased().hasPrefix("0x") ? UInt64(trimmed.dropFirst(2), radix: 16) : UInt64(trimmed)
        guard let value else {
            throw InvalidSetting(description: "HEARTH_DIFF_SEED must be a decimal or 0x-hex 64-bit number, not \(text)")
        }
        return value
    }

    static func parseCount(_ text: String, name: String) throws -> Int {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), value >= 0 else {
            throw InvalidSetting(description: "\(name) must be a non-negative integer, not \(text)")
        }
        return value
    }
}
