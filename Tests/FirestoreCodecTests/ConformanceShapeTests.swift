import Foundation
import HearthDomain
import HearthFirestoreCodec
import Testing

/// Every request in Google's conformance vectors, decoded and encoded again, must give back exactly the
/// expected JSON: both directions of the codec agree with the shapes official SDKs send. Vectors in the
/// directory named by `HEARTH_CONFORMANCE_DIR` are checked too, when it is set.
@Suite struct ConformanceShapeTests {
    @Test func everyCommitRequest_decodesAndEncodesBackExactly() throws {
        let requests = try vectorPayloads(
            kinds: ["create", "set", "update", "updatePaths", "delete"], member: "request")
        try #require(requests.count > 60)
        let database = try DatabaseID(projectID: "projectID")

        for (file, expected) in requests {
            let decoded = try RESTWriteCodec.decodeCommitRequest(expected, database: database)
            let encoded = RESTWriteCodec.encodeCommitRequest(
                database: database, writes: decoded.writes, transaction: decoded.transaction)
            #expect(encoded == expected, "\(file): \(JSONWriter.string(encoded))")
            let bytes = RESTWriteCodec.encodeCommitRequestBytes(
                database: database, writes: decoded.writes, transaction: decoded.transaction)
            #expect(bytes == JSONWriter.serialize(encoded), "\(file): the byte writer and the tree differ")
        }
    }

    @Test func everyStructuredQuery_decodesAndEncodesBackExactly() throws {
        let queries = try vectorPayloads(kinds: ["query"], member: "query")
        try #require(queries.count > 15)
        let database = try DatabaseID(projectID: "projectID")

        for (file, expected) in queries {
            let decoded = try RESTQueryCodec.decodeStructuredQuery(expected)
            let encoded = RESTQueryCodec.encodeStructuredQuery(decoded, database: database)
            #expect(encoded == expected, "\(file): \(JSONWriter.string(encoded))")
        }
    }

    @Test func everyGetRequest_decodesAndEncodesBackExactly() throws {
        let requests = try vectorPayloads(kinds: ["get"], member: "request")
        try #require(!requests.isEmpty)
        let database = try DatabaseID(projectID: "projectID")

        for (file, expected) in requests {
            let decoded = try RESTReadCodec.decodeGetDocumentRequest(expected, database: database)
            #expect(RESTReadCodec.encodeGetDocumentRequest(decoded, database: database) == expected, "\(file)")
        }
    }
}

// MARK: - Helpers

/// The `member` JSON of every test of the given kinds in the vendored vectors, with its file name.
private func vectorPayloads(kinds: Set<String>, member: String) throws -> [(String, JSON)] {
    var directories = [
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "ConformanceTests/Vectors")
    ]
    if let extra = ProcessInfo.processInfo.environment["HEARTH_CONFORMANCE_DIR"], !extra.isEmpty {
        directories.append(URL(fileURLWithPath: extra))
    }
    var payloads: [(String, JSON)] = []
    for directory in directories {
        payloads += try vectorPayloads(in: directory, kinds: kinds, member: member)
    }
    return payloads
}

private func vectorPayloads(in directory: URL, kinds: Set<String>, member: String) throws -> [(String, JSON)] {
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }
        .sorted()
    var payloads: [(String, JSON)] = []
    for file in files {
        let data = try Data(contentsOf: directory.appendingPathComponent(file))
        guard case .object(let root) = try JSONParser.parse(data), case .array(let tests)? = root["tests"] else {
            continue
        }
        for case .object(let test) in tests {
            for kind in kinds {
                guard case .object(let body)? = test[kind], let payload = body[member], payload != .null else {
                    continue
                }
                payloads.append((file, payload))
            }
        }
    }
    return payloads
}
