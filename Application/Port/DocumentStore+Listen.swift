extension DocumentStore {
    /// Listens with the default options (no metadata-only snapshots): ``listen(_:options:)`` with
    /// `ListenOptions()`.
    public func listen(_ target: ListenTarget) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        listen(target, options: ListenOptions())
    }
}
