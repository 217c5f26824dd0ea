public import HearthApplication

extension RetryingDocumentStore: ClosableDocumentStore {
    /// Closes the wrapped store when it is closable; otherwise does nothing.
    public func close() async throws {
        if let closable = base as? any ClosableDocumentStore { try await closable.close() }
    }

    /// Whether the wrapped store is closed (`false` when it is not closable).
    public var isClosed: Bool { (base as? any ClosableDocumentStore)?.isClosed ?? false }
}

extension LoggingDocumentStore: ClosableDocumentStore {
    /// Closes the wrapped store when it is closable; otherwise does nothing.
    public func close() async throws {
        if let closable = base as? any ClosableDocumentStore { try await closable.close() }
    }

    /// Whether the wrapped store is closed (`false` when it is not closable).
    public var isClosed: Bool { (base as? any ClosableDocumentStore)?.isClosed ?? false }
}
