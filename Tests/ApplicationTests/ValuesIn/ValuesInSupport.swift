import Foundation
import HearthApplication
import HearthDomain
import HearthInMemory
import HearthPort
import Testing

/// A database on a fresh in-memory store.
func makeValuesDatabase() throws -> Database {
    Database(store: InMemoryDocumentStore(database: try DatabaseID(projectID: "values-in")))
}

/// The fields stored at `path` (failing the test when the document is missing).
func storedFields(
    _ db: Database, _ path: String, sourceLocation: SourceLocation = #_sourceLocation
) async throws -> MapValue {
    let snapshot = try await db.document(path).getDocument()
    return try #require(snapshot.document?.fields, "no document at \(path)", sourceLocation: sourceLocation)
}

/// The `invalidArgument` message `body` throws (recording an issue when it throws nothing or another error).
func invalidArgumentMessage(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async -> String {
    do {
        try await body()
        Issue.record("Expected invalidArgument, but nothing was thrown", sourceLocation: sourceLocation)
        return ""
    } catch let error as DocumentStoreError {
        #expect(error.code == .invalidArgument, "\(error)", sourceLocation: sourceLocation)
        return error.message
    } catch {
        Issue.record("Expected a DocumentStoreError, got \(error)", sourceLocation: sourceLocation)
        return ""
    }
}

/// A class Firestore cannot store.
final class UnsupportedThing: Sendable {}

/// A struct that is not ``FieldValueConvertible``.
struct PlainStruct {
    var age = 3
}
