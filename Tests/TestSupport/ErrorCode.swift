public import HearthDomain

/// Runs `body` and returns the code of the `DocumentStoreError` it throws: `nil` when it returns,
/// `unknown` for any other error.
public func errorCode(_ body: () throws -> Void) -> DocumentStoreError.Code? {
    do {
        try body()
        return nil
    } catch let error as DocumentStoreError {
        return error.code
    } catch {
        return .unknown
    }
}

/// Async form of ``errorCode(_:)``.
public func errorCode(_ body: () async throws -> Void) async -> DocumentStoreError.Code? {
    do {
        try await body()
        return nil
    } catch let error as DocumentStoreError {
        return error.code
    } catch {
        return .unknown
    }
}

/// The error of type `type` that `body` throws: `nil` when it returns or throws another error.
public func thrownError<E: Error, T>(_ type: E.Type, _ body: () async throws -> T) async -> E? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error as? E
    }
}
