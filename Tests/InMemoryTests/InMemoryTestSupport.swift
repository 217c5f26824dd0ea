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
