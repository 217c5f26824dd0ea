extension AsyncThrowingStream where Failure == any Error {
    /// A stream fed by `produce`, which runs in a task of its own: what it yields is passed on, and the
    /// stream ends when it returns (without an error) or throws (with its error). Ending the iteration or
    /// releasing the stream cancels the task. The one relay of the store decorators' `runQuery` and the sync engines' remote streams.
    package static func relayed(_ produce: @escaping @Sendable (Continuation) async throws -> Void) -> Self {
        let (stream, continuation) = makeStream()
        let task = Task {
            do {
                try await produce(continuation)
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
