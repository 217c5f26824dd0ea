import Foundation
import HearthApplication
import HearthDomain
import HearthPort
import Testing

/// Helpers shared by the Codable tests, namespaced so they cannot clash with other test files.
enum CodableTestSupport {
    /// The document fields a set of encoded user data stands for (fails the test on a sentinel).
    static func stored(
        _ encoded: [String: FieldValue], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> MapValue {
        let plain = try #require(
            FieldValue.map(encoded).plainValue, "encoded data holds a sentinel", sourceLocation: sourceLocation)
        return try #require(plain.mapValue, sourceLocation: sourceLocation)
    }

    /// Encodes `model` and returns the stored fields, as a set without sentinels would store them.
    static func roundTripFields(
        _ model: some Encodable, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> MapValue {
        try stored(DocumentEncoder().encode(model), sourceLocation: sourceLocation)
    }

    /// What the server stores for user data: server-timestamp sentinels replaced by `commitTime`.
    static func applyingServerTimestamps(_ encoded: [String: FieldValue], commitTime: Timestamp) throws -> MapValue {
        var resolved: [String: FieldValue] = [:]
        for (key, value) in encoded {
            resolved[key] = value == FieldValue.serverTimestamp() ? .timestamp(commitTime) : value
        }
        return try stored(resolved)
    }

    static func path(_ text: String) throws(DocumentStoreError) -> DocumentPath { try DocumentPath(text) }

    static func document(_ path: String, _ fields: MapValue) throws(DocumentStoreError) -> Document {
        let time = try Timestamp(seconds: 1_768_046_400)
        return Document(path: try DocumentPath(path), fields: fields, createTime: time, updateTime: time)
    }

    /// The `invalidArgument` error thrown by `body`, failing the test when it does not throw one.
    static func invalidArgument(
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws(DocumentStoreError) -> Void
    ) -> DocumentStoreError? {
        do {
            try body()
            Issue.record("expected an invalidArgument error, but nothing was thrown", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(error.code == .invalidArgument, sourceLocation: sourceLocation)
            return error
        }
    }
}
