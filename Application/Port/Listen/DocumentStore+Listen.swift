extension DocumentStore {
    /// The default listener: polls the store every second with ``PollingListener``, deriving the same
    /// snapshots and changes a push-based store delivers (see ``PollingListener`` for retries and cost).
    public func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        PollingListener().listen(to: target, options: options, on: self)
    }

    /// Listens with the default options (no metadata-only snapshots).
    public func listen(_ target: ListenTarget) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        listen(target, options: ListenOptions())
    }
}
