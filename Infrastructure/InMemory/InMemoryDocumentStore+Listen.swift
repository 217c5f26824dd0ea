public import HearthApplication
import HearthLocalEngine

extension InMemoryDocumentStore {
    /// Listens through the engine: push-based, each commit reaching only the listeners it concerns (see
    /// ``LocalEngine/listen(_:options:)``).
    public func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        engine.listen(target, options: options)
    }
}
