import Foundation
import Testing

/// Google's cross-language conformance vectors (bundled in `Vectors/`, plus every `*.json` file of
/// `$HEARTH_CONFORMANCE_DIR` when set): the requests Hearth builds must be the requests Firebase's SDKs
/// build, and the inputs they reject must be rejected.
@Suite struct ConformanceTests {
    @Test(arguments: ConformanceVectors.all)
    func vector_buildsTheExpectedRequest(_ testCase: ConformanceCase) {
        switch ConformanceDriver.run(testCase) {
        case .passed, .skipped:
            break
        case .failed(let message):
            Issue.record("\(testCase.testDescription)\n\(message)")
        }
    }

    @Test func allVectors_reportPassCountsPerKind() {
        var counts: [String: (passed: Int, failed: Int, skipped: Int)] = [:]
        for testCase in ConformanceVectors.all {
            var count = counts[testCase.kind] ?? (0, 0, 0)
            switch ConformanceDriver.run(testCase) {
            case .passed: count.passed += 1
            case .failed: count.failed += 1
            case .skipped: count.skipped += 1
            }
            counts[testCase.kind] = count
        }
        var lines = ["Conformance vectors (\(ConformanceVectors.all.count) cases):"]
        for kind in counts.keys.sorted() {
            let count = counts[kind] ?? (0, 0, 0)
            lines.append("  \(kind): \(count.passed) passed, \(count.failed) failed, \(count.skipped) skipped")
        }
        if let extra = ProcessInfo.processInfo.environment[ConformanceVectors.environmentVariable], !extra.isEmpty {
            lines.append("  (including every *.json file of \(ConformanceVectors.environmentVariable)=\(extra))")
        }
        print(lines.joined(separator: "\n"))

        let total = counts.values.reduce(0) { $0 + $1.passed + $1.failed }
        #expect(total > 0, "No conformance case ran.")
        #expect(
            counts.values.allSatisfy { $0.failed == 0 }, "Some conformance cases failed; see the parameterized test.")
    }
}
