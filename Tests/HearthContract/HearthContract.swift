public import HearthPort
import Synchronization

/// The executable contract of the `DocumentStore` port.
///
/// Every adapter (in this repository or outside it) runs the same ``behaviours`` against fresh, empty
/// stores. With Swift Testing, one parameterized test reports each behaviour by name:
///
/// ```swift
/// @Test(arguments: HearthContract.behaviours)
/// func contract(_ behaviour: ContractBehaviour) async throws {
///     try await behaviour.run(MyDocumentStore())
/// }
/// ```
///
/// Anywhere else (XCTest, a command-line tool), ``run(_:makeStore:skipping:timeout:)`` runs them and
/// returns a ``ContractReport``.
public enum HearthContract {
    /// Every behaviour of the contract, grouped by area, in a stable order. Each ``ContractBehaviour/id``
    /// is unique.
    public static let behaviours: [ContractBehaviour] =
        DocumentsContract.behaviours
        + PreconditionsContract.behaviours
        + UpdateMasksContract.behaviours
        + TransformsContract.behaviours
        + WriteTimesContract.behaviours
        + CommitsContract.behaviours
        + WriteValidationContract.behaviours
        + EqualityFiltersContract.behaviours
        + InequalityFiltersContract.behaviours
        + ArrayFiltersContract.behaviours
        + RangeFiltersContract.behaviours
        + CompositeFiltersContract.behaviours
        + DocumentIDFiltersContract.behaviours
        + OrderingContract.behaviours
        + CursorsContract.behaviours
        + LimitsAndOffsetsContract.behaviours
        + ProjectionContract.behaviours
        + CollectionGroupsContract.behaviours
        + AggregationsContract.behaviours
        + QueryValidationContract.behaviours
        + TransactionsContract.behaviours
        + ReadTimesContract.behaviours
        + ListDocumentsContract.behaviours
        + ListCollectionIDsContract.behaviours
        + ListenersContract.behaviours
        + GraphemeIDsContract.behaviours
        + ListenerStopContract.behaviours
        + ClosingContract.behaviours

    /// The behaviours of one area.
    public static func behaviours(in area: ContractArea) -> [ContractBehaviour] {
        behaviours.filter { $0.area == area }
    }

    /// Runs `behaviours` one after another, each against a new store from `makeStore`, and reports each
    /// outcome. Never throws: a failing factory, expectation or store error is a failed behaviour.
    ///
    /// - Parameters:
    ///   - behaviours: the behaviours to run, in order (default: all of ``behaviours``).
    ///   - makeStore: makes a new, empty store for each behaviour (against the emulator: a fresh project ID).
    ///   - skipping: which behaviours not to run (default: none); each skip is reported with its reason.
    ///   - timeout: a behaviour still running after this long fails and is cancelled (default 60 s).
    public static func run(
        _ behaviours: [ContractBehaviour] = HearthContract.behaviours,
        makeStore: @escaping @Sendable () async throws -> any DocumentStore,
        skipping: ContractSkip = .nothing,
        timeout: Duration = .seconds(60)
    ) async -> ContractReport {
        var results: [ContractReport.Result] = []
        for behaviour in behaviours {
            if let reason = skipping.reason(for: behaviour) {
                results.append(
                    .init(id: behaviour.id, area: behaviour.area, outcome: .skipped(reason), duration: .zero))
                continue
            }
            let clock = ContinuousClock()
            let start = clock.now
            let outcome = await runOne(behaviour, makeStore: makeStore, timeout: timeout)
            results.append(.init(id: behaviour.id, area: behaviour.area, outcome: outcome, duration: clock.now - start))
        }
        return ContractReport(results: results)
    }

    private static func runOne(
        _ behaviour: ContractBehaviour,
        makeStore: @escaping @Sendable () async throws -> any DocumentStore,
        timeout: Duration
    ) async -> ContractReport.Result.Outcome {
        let work = Task { () -> ContractReport.Result.Outcome in
            do {
                let store = try await makeStore()
                try await behaviour.run(store)
                return .passed
            } catch let failure as ContractFailure {
                return .failed(failure.description)
            } catch {
                return .failed("unexpected error: \(error)")
            }
        }
        return await withCheckedContinuation { continuation in
            let once = OnceContinuation(continuation)
            let timer = Task {
                try? await Task.sleep(for: timeout)
                guard !Task.isCancelled else { return }
                work.cancel()
                once.resume(returning: .failed("timed out after \(timeout)"))
            }
            Task {
                let outcome = await work.value
                timer.cancel()
                once.resume(returning: outcome)
            }
        }
    }
}

/// A continuation resumed by whichever of two racing tasks finishes first.
private final class OnceContinuation: Sendable {
    private let pending: Mutex<CheckedContinuation<ContractReport.Result.Outcome, Never>?>

    init(_ continuation: CheckedContinuation<ContractReport.Result.Outcome, Never>) {
        pending = Mutex(continuation)
    }

    func resume(returning outcome: ContractReport.Result.Outcome) {
        pending.withLock { continuation in
            continuation?.resume(returning: outcome)
            continuation = nil
        }
    }
}
