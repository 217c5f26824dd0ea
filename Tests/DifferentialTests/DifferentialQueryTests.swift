import Foundation
import HearthTestSupport
import Testing

/// The local engine against Google's Firestore emulator on random datasets and random queries
/// (Docs/DifferentialTesting.md). Skipped, with a message saying how many cases, when the emulator or
/// Java is missing.
@Suite("Differential: the local engine against the Firestore emulator")
struct DifferentialQueryTests {
    static let skipReason: Comment = {
        let planned = (try? DifferentialConfiguration.fromEnvironment().plannedWork) ?? "the differential cases"
        return Comment(rawValue: "Skipping \(planned): \(FirestoreEmulator.availability.reason)")
    }()

    @Test(.enabled(if: FirestoreEmulator.availability.isAvailable, skipReason))
    func randomQueriesAndAggregations_answerAsTheEmulator() async throws {
        let configuration = try DifferentialConfiguration.fromEnvironment()
        let emulator = try await FirestoreEmulator.shared()
        let runner = DifferentialRunner(
            configuration: configuration, client: EmulatorRESTClient(baseURL: emulator.baseURL.absoluteString))

        let report = try await runner.run()

        print(report.summary)
        if configuration.verbose {
            for result in report.results { print(report.describe(result)) }
        }
        print(report.errorBreakdown)
        let directory = report.writeMismatchFiles()
        for mismatch in report.mismatches.prefix(25) {
            Issue.record(Comment(rawValue: report.describe(mismatch)))
        }
        let mismatchCount = report.mismatches.count
        #expect(
            mismatchCount == 0,
            "\(mismatchCount) mismatches (seed \(configuration.seedText)); details in \(directory?.path ?? "the issues above")"
        )
        let expected = configuration.datasetIndexes.reduce(0) { $0 + configuration.caseIndexes(forDataset: $1).count }
        let casesRun = report.results.count
        #expect(casesRun == expected)
    }
}
