public import HearthApplication

/// A store that holds resources to release when the program is done with it (the file store's files
/// and directory lock). The decorators of this module forward ``close()`` to the store they wrap.
public protocol ClosableDocumentStore: DocumentStore {
    /// Flushes what is pending and releases the store's resources; later calls fail. Idempotent.
    func close() async throws
}

extension RetryingDocumentStore: ClosableDocumentStore {
    /// Closes the wrapped store when it is closable; otherwise does nothing.
    public func close() async throws {
        if let closable = base as? any ClosableDocumentStore { try await closable.close() }
    }
}

extension LoggingDocumentStore: ClosableDocumentStore {
    /// Closes the wrapped store when it is closable; otherwise does nothing.
    public func close() async throws {
        if let closable = base as? any ClosableDocumentStore { try await closable.close() }
    }
}

extension Database {
    /// Closes the database's store when it holds resources (the file store: flushes, releases its
    /// directory lock so another process may open it); does nothing for the other stores. Every later
    /// call on a closed file store fails with `failedPrecondition`.
    public func close() async throws {
        if let closable = store as? any ClosableDocumentStore { try await closable.close() }
    }
}
