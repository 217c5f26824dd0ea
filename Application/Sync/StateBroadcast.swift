import Foundation

/// The consumers of an engine's `states()`: each gets the newest state (a consumer that falls behind
/// skips to the latest), and its stream ends when the engine is released.
@MainActor
final class StateBroadcast<State: Sendable> {
    private var continuations: [UUID: AsyncStream<State>.Continuation] = [:]

    func stream(startingWith state: State) -> AsyncStream<State> {
        let (stream, continuation) = AsyncStream<State>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations[id] = nil }
        }
        continuation.yield(state)
        return stream
    }

    func publish(_ state: State) {
        for continuation in continuations.values { continuation.yield(state) }
    }

    isolated deinit {
        for continuation in continuations.values { continuation.finish() }
    }
}
