/// The outcome of running the contract against one adapter.
public struct ContractReport: Sendable, CustomStringConvertible {
    /// One behaviour's outcome.
    public struct Result: Sendable, CustomStringConvertible {
        /// Passed, failed (with why) or skipped (with why).
        public enum Outcome: Sendable, Equatable {
            /// Every expectation held.
            case passed
            /// The message of the failed expectation or of the unexpected error.
            case failed(String)
            /// Why it did not run.
            case skipped(String)
        }

        /// `area/name` of the behaviour.
        public let id: String
        /// The behaviour's area.
        public let area: ContractArea
        /// What happened.
        public let outcome: Outcome
        /// How long the behaviour took (zero when skipped).
        public let duration: Duration

        /// One behaviour's outcome, as a runner records it.
        public init(id: String, area: ContractArea, outcome: Outcome, duration: Duration) {
            self.id = id
            self.area = area
            self.outcome = outcome
            self.duration = duration
        }

        /// `PASS id`, `FAIL id: message` or `SKIP id (reason)`.
        public var description: String {
            switch outcome {
            case .passed: "PASS \(id)"
            case .failed(let message): "FAIL \(id): \(message)"
            case .skipped(let reason): "SKIP \(id) (\(reason))"
            }
        }
    }

    /// Every behaviour's outcome, in the order they ran.
    public let results: [Result]

    /// A report of `results`, in the order the behaviours ran.
    public init(results: [Result]) { self.results = results }

    /// The behaviours that passed.
    public var passed: [Result] { results.filter { $0.outcome == .passed } }
    /// The behaviours that failed.
    public var failed: [Result] { results.filter { if case .failed = $0.outcome { true } else { false } } }
    /// The behaviours that were skipped.
    public var skipped: [Result] { results.filter { if case .skipped = $0.outcome { true } else { false } } }

    /// Whether nothing failed (skipped behaviours do not count as failures, nor as passes).
    public var allPassed: Bool { failed.isEmpty }

    /// One line: `HearthContract: 180 behaviours, 178 passed, 0 failed, 2 skipped`.
    public var summary: String {
        "HearthContract: \(results.count) behaviours, \(passed.count) passed, \(failed.count) failed, \(skipped.count) skipped"
    }

    /// The summary, then one line per failure and per skip.
    public var description: String {
        ([summary] + failed.map(\.description) + skipped.map(\.description)).joined(separator: "\n")
    }
}
