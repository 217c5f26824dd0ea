public import HearthPort
import HearthDomain

/// How a listener's stream finished (``ListenCloseRace``).
public enum ListenOutcome: Equatable, Sendable {
    /// The iteration ended without an error.
    case ended
    /// The stream threw a `DocumentStoreError` with this code (`unknown` for any other error).
    case failed(DocumentStoreError.Code)
    /// It did not finish within the time allowed: a listener nobody ends.
    case timedOut
}

/// Races `listen` against `close()`: every listener started while a store closes
/// must end — its stream finishes without an error (closed while it started) or with
/// `failedPrecondition` (`listen` saw the store closed), and never waits forever.
public enum ListenCloseRace {
    /// Starts `listeners` listeners on `store` from concurrent tasks while another task closes it; how
    /// each stream finished (each consumed to its end, for at most `timeout`).
    public static func race(
        _ store: some DocumentStore,
        listeners: Int,
        timeout: Duration = .seconds(10)
    ) async -> [ListenOutcome] {
        let query = StructuredQuery(from: CollectionSelector(collectionID: "rooms"))
        return await withTaskGroup(of: ListenOutcome?.self) { group in
            for index in 0..<listeners {
                group.addTask {
                    if index % 2 == 0 { await Task.yield() }
                    return await consume(
                        store.listen(.query(parent: nil, query: query), options: ListenOptions()), timeout: timeout)
                }
            }
            group.addTask {
                try? await store.close()
                return nil
            }
            var outcomes: [ListenOutcome] = []
            for await outcome in group {
                if let outcome { outcomes.append(outcome) }
            }
            return outcomes
        }
    }

    /// Whether every outcome is one `close()` allows for a listener racing it.
    public static func allEnded(_ outcomes: [ListenOutcome]) -> Bool {
        outcomes.allSatisfy { $0 == .ended || $0 == .failed(.failedPrecondition) }
    }

    /// Consumes `stream` to its end, or for at most `timeout` (then cancels the consumer: ``ListenOutcome/timedOut``).
    public static func consume(
        _ stream: AsyncThrowingStream<ListenSnapshot, any Error>, timeout: Duration = .seconds(10)
    ) async -> ListenOutcome {
        let consumer = Task { () -> ListenOutcome in
            do {
                for try await _ in stream {}
                return Task.isCancelled ? .timedOut : .ended
            } catch let error as DocumentStoreError {
                return .failed(error.code)
            } catch {
                return .failed(.unknown)
            }
        }
        let watchdog = Task {
            try? await Task.sleep(for: timeout)
            consumer.cancel()
        }
        let outcome = await consumer.value
        watchdog.cancel()
        return outcome
    }
}
