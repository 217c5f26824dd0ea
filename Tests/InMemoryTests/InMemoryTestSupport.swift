import HearthDomain

/// The database every store of these tests serves.
let testDatabase: DatabaseID = {
    do {
        return try DatabaseID(projectID: "hearth-test")
    } catch {
        preconditionFailure("literal database ID")
    }
}()

func doc(_ path: String) throws -> DocumentPath {
    try DocumentPath(path)
}

func field(_ dotted: String) throws -> FieldPath {
    try FieldPath(dotted: dotted)
}

/// Runs `body` and returns the code of the `DocumentStoreError` it throws (`nil` when it succeeds).
func errorCode(_ body: () async throws -> Void) async -> DocumentStoreError.Code? {
    do {
        try await body()
        return nil
    } catch let error as DocumentStoreError {
        return error.code
    } catch {
        return .unknown
    }
}
