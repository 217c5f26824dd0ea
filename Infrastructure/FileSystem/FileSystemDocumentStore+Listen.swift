import HearthLocalEngine
public import HearthPort

extension FileSystemDocumentStore {
    /// Listens through the engine, as the in-memory store does: push-based, each durable commit reaching
    /// only the listeners it concerns (see `LocalEngine.listen(_:options:)`). On a closed store the
    /// stream fails at once with the store's closed error (`failedPrecondition`); ``close()`` ends the
    /// running ones without an error. In a cancelled task the stream ends at once, without an error.
    public func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        if isClosed {
            let closed = LogWriter.closedError(storeDirectory)
            return AsyncThrowingStream { $0.finish(throwing: closed) }
        }
        return engine.listen(target, options: options)
    }
}
