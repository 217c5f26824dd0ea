public import HearthApplication
import HearthLocalEngine

extension FileSystemDocumentStore {
    /// Listens through the engine, as the in-memory store does: push-based, each durable commit reaching
    /// only the listeners it concerns (see ``LocalEngine/listen(_:options:)``). On a closed store the
    /// stream fails at once with the store's closed error.
    public func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        if let refusal = refusal() {
            return AsyncThrowingStream { $0.finish(throwing: refusal) }
        }
        return engine.listen(target, options: options)
    }
}
