import HearthLocalEngine
public import HearthPort

extension FileSystemDocumentStore {
    /// Listens through the engine, as the in-memory store does: push-based, each durable commit reaching
    /// only the listeners it concerns (see `LocalEngine.listen(_:options:)`). On a closed store the
    /// stream fails at once with the store's closed error (`failedPrecondition`); ``close()`` ends the
    /// running ones without an error, including one that `listen` started while ``close()`` ran (the
    /// engine ends every listener registered after its listeners were ended). In a cancelled task the
    /// stream ends at once, without an error. On a store recovering in the background, the first
    /// snapshot comes once recovery finished; when recovery fails, the stream fails with its error.
    public func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error>
    {
        if isClosed {
            let closed = LogWriter.closedError(storeDirectory)
            return AsyncThrowingStream { $0.finish(throwing: closed) }
        }
        return engine.listen(target, options: options)
    }
}
