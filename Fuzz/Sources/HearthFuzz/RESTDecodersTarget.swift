import Foundation
import HearthDomain
import HearthFirestoreCodec
import HearthPort

/// Every byte entry point of the REST codec (`decode…(bytes:)`) against its tree decoder
/// (`JSONParser` then `decode…(_:)`): the same value or the same error, for any input. A decoded
/// document also survives encode → decode unchanged.
enum RESTDecodersTarget: FuzzTarget {
    static let name = "rest-decoders"

    static func run(_ input: [UInt8]) {
        let database = Samples.database
        // The byte entry points report a JSON syntax error as a RESTDecodingError wrapping it.
        let json = Result { () throws(RESTDecodingError) -> JSON in
            do throws(JSONParseError) { return try JSONParser.parse(input) } catch { throw RESTDecodingError(error) }
        }
        func agree(_ label: String, _ viaBytes: () throws -> Any, _ viaTree: (JSON) throws -> Any) {
            let expected = FuzzCheck.outcome { try viaTree(try json.get()) }
            let actual = FuzzCheck.outcome { try viaBytes() }
            guard actual == expected else {
                FuzzCheck.fail(
                    name, "\(label): bytes gave \(actual.prefix(300)), the tree gave \(expected.prefix(300))")
            }
        }
        agree(
            "commit response", { try RESTWriteCodec.decodeCommitResponse(bytes: input) },
            { try RESTWriteCodec.decodeCommitResponse($0) })
        agree(
            "runQuery", { try RESTReadCodec.decodeRunQueryResponse(bytes: input, database: database) },
            { try RESTReadCodec.decodeRunQueryResponse($0, database: database) })
        agree(
            "batchGet", { try RESTReadCodec.decodeBatchGetResponse(bytes: input, database: database) },
            { try RESTReadCodec.decodeBatchGetResponse($0, database: database) })
        agree(
            "listDocuments", { try RESTReadCodec.decodeListDocumentsResponse(bytes: input, database: database) },
            { try RESTReadCodec.decodeListDocumentsResponse($0, database: database) })
        agree(
            "error body", { try RESTErrorCodec.decodeErrorBody(bytes: input) as Any },
            { try RESTErrorCodec.decodeErrorBody($0) as Any })
        agree(
            "document", { try RESTDocumentCodec.decode(bytes: input, database: nil) },
            { try RESTDocumentCodec.decode($0, database: nil) })
        agree("value", { try RESTValueCodec.decode(bytes: input) }, { try RESTValueCodec.decode($0) })

        // The REST JSON route (Docs/RESTJSON.md) reads what the codec reads: a list it decodes holds the
        // codec's documents, with their names whole. Under JSONDecoder too, no input traps.
        if let page = try? FirestoreJSONDecoder().decodeList(MapValue.self, from: input) {
            guard let codec = try? RESTReadCodec.decodeListDocumentsResponse(json.get(), database: nil) else {
                FuzzCheck.fail(name, "FirestoreJSONDecoder decoded a list the codec refuses")
            }
            let found = codec.documents.compactMap { read -> Document? in
                if case .found(let document) = read { document } else { nil }
            }
            guard page.documents.map(\.path) == found.map(\.path), page.documents.map(\.fields) == found.map(\.fields),
                page.nextPageToken == codec.nextPageToken
            else {
                FuzzCheck.fail(name, "FirestoreJSONDecoder and the codec read a list differently")
            }
        }
        _ = try? FirestoreJSONDecoder().decodeRunQuery(MapValue.self, from: input)
        _ = try? FirestoreJSONDecoder().decode(MapValue.self, from: input)
        _ = try? FirestoreJSONDecoder().decodeError(from: input)
        _ = try? JSONDecoder().decode(FirestoreListResponse<MapValue>.self, from: Data(input))
        _ = try? JSONDecoder().decode(FirestoreRunQueryResponse<MapValue>.self, from: Data(input))

        // A decoded document is encoded and decoded back to itself (compared through its encoding, so NaN
        // compares equal to NaN).
        if let document = try? RESTDocumentCodec.decode(bytes: input, database: nil) {
            let encoded = RESTDocumentCodec.encodeBytes(document, database: database)
            guard let again = try? RESTDocumentCodec.decode(bytes: encoded, database: database) else {
                FuzzCheck.fail(name, "a decoded document's encoding does not decode")
            }
            guard RESTDocumentCodec.encodeBytes(again, database: database) == encoded else {
                FuzzCheck.fail(name, "a decoded document changes through encode → decode")
            }
        }
    }

    static func corpus() throws -> [[UInt8]] {
        let database = Samples.database
        let documents = Samples.documents
        var inputs: [[UInt8]] = []
        for document in documents { inputs.append(RESTDocumentCodec.encodeBytes(document, database: database)) }
        for value in Samples.values { inputs.append(JSONWriter.serialize(RESTValueCodec.encode(value))) }
        inputs.append(
            JSONWriter.serialize(
                RESTWriteCodec.encodeCommitResponse(
                    CommitResponse(
                        writeResults: [
                            WriteResult(updateTime: Samples.time, transformResults: [.integer(3)]),
                            WriteResult(updateTime: nil),
                        ], commitTime: Samples.time))))
        inputs.append(
            JSONWriter.serialize(
                RESTReadCodec.encodeRunQueryResponse(
                    documents.prefix(3).map { RESTRunQueryResponseElement(document: $0, readTime: Samples.time) }
                        + [
                            RESTRunQueryResponseElement(
                                document: nil, readTime: Samples.time, skippedResults: 2, done: true)
                        ],
                    database: database)))
        inputs.append(
            JSONWriter.serialize(
                RESTReadCodec.encodeBatchGetResponse(
                    [
                        RESTBatchGetResponseElement(read: .found(documents[0]), readTime: Samples.time),
                        RESTBatchGetResponseElement(
                            read: .missing(try DocumentPath("members/zed")), readTime: Samples.time),
                    ],
                    database: database)))
        inputs.append(
            JSONWriter.serialize(
                RESTReadCodec.encodeListDocumentsResponse(
                    ListDocumentsResponse(documents: documents.prefix(2).map(DocumentRead.found), nextPageToken: "abc"),
                    database: database)))
        inputs.append(
            JSONWriter.serialize(
                RESTErrorCodec.encodeErrorBody(
                    RESTErrorBody(
                        httpStatus: 409, message: "Document already exists: members/ana", status: "ALREADY_EXISTS"))))
        inputs.append(
            JSONWriter.serialize(
                RESTErrorCodec.encodeErrorBody(RESTErrorBody(DocumentStoreError(.notFound, "no such document")))))
        return inputs
    }
}
