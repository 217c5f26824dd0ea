import HearthDomain
import HearthLocalEngine
public import HearthPort

extension InMemoryDocumentStore {
    /// Listens through the engine: push-based, each commit reaching only the listeners it concerns (see
    /// `LocalEngine.listen(_:options:)`). On a closed store the stream fails at once with
    /// `failedPrecondition`; ``close()`` ends the running ones without an error, including one that
    /// `listen` started while ``close()`` ran (the engine ends every listener registered after its
    /// listeners were ended).
    public func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error>
    {
        if isClosed {
            return AsyncThrowingStream {
                $0.finish(throwing: DocumentStoreError(.failedPrecondition, "The in-memory store is closed."))
            }
        }
        return engine.listen(target, options: options)
    }
}
