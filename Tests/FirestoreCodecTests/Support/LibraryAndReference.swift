import HearthDomain
import HearthFirestoreCodec
import HearthPort
import HearthFirestoreTestServer
import Testing

// The library's one codec (bytes) held to the reference: the test server's JSON-tree codec, which reads
// `JSONParser`'s tree. Every decoding test goes through `agreeing`, so each checks both and their agreement.

/// What a decoder made of some input: its value, or its error as text (path, reason, underlying message).
enum Outcome<T: Equatable>: Equatable {
    case value(T)
    case failure(String)

    init(_ body: () throws(RESTDecodingError) -> T) {
        do {
            self = .value(try body())
        } catch {
            self = .failure(error.description)
        }
    }
}

/// `bytes` as the reference reads them: a ``JSON`` tree, or the parser's error at the root (as the library
/// reports text that is not JSON).
func referenceTree(_ bytes: [UInt8]) throws(RESTDecodingError) -> JSON {
    do throws(JSONParseError) {
        return try JSONParser.parse(bytes)
    } catch {
        throw RESTDecodingError(error)
    }
}

/// The library's decoding of `text`, after checking that the reference decodes it alike: the same value,
/// or the same error (path, reason, underlying message).
func agreeing<T: Equatable>(
    _ text: String,
    _ library: ([UInt8]) throws(RESTDecodingError) -> T,
    _ reference: (JSON) throws(RESTDecodingError) -> T,
    sourceLocation: SourceLocation = #_sourceLocation
) throws(RESTDecodingError) -> T {
    let bytes = Array(text.utf8)
    let expected = Outcome { () throws(RESTDecodingError) in try reference(referenceTree(bytes)) }
    let actual = Outcome { () throws(RESTDecodingError) in try library(bytes) }
    #expect(actual == expected, "the library and the reference disagree on \(text)", sourceLocation: sourceLocation)
    return try library(bytes)
}

/// The library's encoding, after checking that it is the bytes of the reference's tree written compactly.
func agreeing(_ library: [UInt8], _ reference: JSON, sourceLocation: SourceLocation = #_sourceLocation) -> [UInt8] {
    #expect(
        String(decoding: library, as: UTF8.self) == JSONWriter.string(reference),
        "the library and the reference write different JSON",
        sourceLocation: sourceLocation
    )
    return library
}

/// The JSON tree of `bytes` (the library's output read back), `.null` when it is not JSON (never, for the
/// library's output: a test comparing with it then fails).
func tree(_ bytes: [UInt8]) -> JSON {
    (try? JSONParser.parse(bytes)) ?? .null
}

func parse(_ text: String) throws -> JSON {
    try JSONParser.parse(text)
}

/// Every decoder of answers, the library's on `bytes` and the reference's on their tree, gives the same
/// outcome: the same value, or — with `exactErrors` — the same error (path, reason, underlying message);
/// without it, both fail (inputs with several faults may report another of them first). The library never
/// accepts what the reference refuses.
func expectSameOutcomesOnEveryAnswer(
    _ bytes: [UInt8], exactErrors: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
) {
    let text = String(decoding: bytes, as: UTF8.self)
    func check<T: Equatable>(
        _ label: String, _ library: () throws(RESTDecodingError) -> T,
        _ reference: (JSON) throws(RESTDecodingError) -> T
    ) {
        let expected = Outcome { () throws(RESTDecodingError) in try reference(referenceTree(bytes)) }
        let actual = Outcome { () throws(RESTDecodingError) in try library() }
        switch (actual, expected) {
        case (.failure, .failure) where !exactErrors:
            return
        default:
            #expect(actual == expected, "\(label): \(text)", sourceLocation: sourceLocation)
        }
    }
    let databases: [DatabaseID?] = [try? DatabaseID(projectID: "p"), nil]
    for database in databases {
        check(
            "runQuery",
            { () throws(RESTDecodingError) in try RESTReadCodec.decodeRunQueryResponse(bytes: bytes, database: database)
            }
        ) {
            (json) throws(RESTDecodingError) in try TreeReadCodec.decodeRunQueryResponse(json, database: database)
        }
        check(
            "batchGet",
            { () throws(RESTDecodingError) in try RESTReadCodec.decodeBatchGetResponse(bytes: bytes, database: database)
            }
        ) {
            (json) throws(RESTDecodingError) in try TreeReadCodec.decodeBatchGetResponse(json, database: database)
        }
        check(
            "list",
            { () throws(RESTDecodingError) in
                try RESTReadCodec.decodeListDocumentsResponse(bytes: bytes, database: database)
            }
        ) {
            (json) throws(RESTDecodingError) in try TreeReadCodec.decodeListDocumentsResponse(json, database: database)
        }
        check(
            "document",
            { () throws(RESTDecodingError) in try RESTDocumentCodec.decode(bytes: bytes, database: database) }
        ) {
            (json) throws(RESTDecodingError) in try TreeDocumentCodec.decode(json, database: database)
        }
        check(
            "listen",
            { () throws(RESTDecodingError) in try RESTListenCodec.decodeListenResponse(bytes: bytes, database: database)
            }
        ) {
            (json) throws(RESTDecodingError) in try TreeListenCodec.decodeListenResponse(json, database: database)
        }
    }
    check("value", { () throws(RESTDecodingError) in try RESTValueCodec.decode(bytes: bytes) }, TreeValueCodec.decode)
    check(
        "fields", { () throws(RESTDecodingError) in try RESTValueCodec.decodeFields(bytes: bytes) },
        TreeValueCodec.decodeFields)
    check(
        "aggregation",
        { () throws(RESTDecodingError) in try RESTReadCodec.decodeRunAggregationQueryResponse(bytes: bytes) },
        TreeReadCodec.decodeRunAggregationQueryResponse)
    check(
        "collectionIds",
        { () throws(RESTDecodingError) in try RESTReadCodec.decodeListCollectionIDsResponse(bytes: bytes) },
        TreeReadCodec.decodeListCollectionIDsResponse)
    check(
        "commit", { () throws(RESTDecodingError) in try RESTWriteCodec.decodeCommitResponse(bytes: bytes) },
        TreeWriteCodec.decodeCommitResponse)
    check(
        "batchWrite", { () throws(RESTDecodingError) in try RESTWriteCodec.decodeBatchWriteResponse(bytes: bytes) },
        TreeWriteCodec.decodeBatchWriteResponse)
    check(
        "beginTransaction",
        { () throws(RESTDecodingError) in try RESTTransactionCodec.decodeBeginTransactionResponse(bytes: bytes) },
        TreeTransactionCodec.decodeBeginTransactionResponse)
    check(
        "errorBody", { () throws(RESTDecodingError) in try RESTErrorCodec.decodeErrorBody(bytes: bytes) },
        TreeErrorCodec.decodeErrorBody)
}
