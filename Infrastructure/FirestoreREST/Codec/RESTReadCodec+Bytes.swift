public import HearthDomain
public import HearthPort

/// The byte entry points decode the canonical form straight from bytes (`RESTByteDecoder`) and fall back
/// to the ``JSON`` tree for anything else, so their results and errors are those of the tree decoders.
extension RESTReadCodec {
    /// ``decodeRunQueryResponse(_:database:)`` from the bytes of the answer.
    public static func decodeRunQueryResponse(
        bytes: some Collection<UInt8>, database: DatabaseID?
    ) throws(RESTDecodingError)
        -> [RESTRunQueryResponseElement]
    {
        if let elements = RESTByteDecoder.runQueryResponse(bytes, database: database) { return elements }
        return try decodeRunQueryResponse(RESTBody.parse(bytes), database: database)
    }

    /// ``decodeBatchGetResponse(_:database:)`` from the bytes of the answer.
    public static func decodeBatchGetResponse(
        bytes: some Collection<UInt8>, database: DatabaseID?
    ) throws(RESTDecodingError)
        -> [RESTBatchGetResponseElement]
    {
        if let elements = RESTByteDecoder.batchGetResponse(bytes, database: database) { return elements }
        return try decodeBatchGetResponse(RESTBody.parse(bytes), database: database)
    }

    /// ``decodeListDocumentsResponse(_:database:)`` from the bytes of the answer.
    public static func decodeListDocumentsResponse(
        bytes: some Collection<UInt8>, database: DatabaseID?
    ) throws(RESTDecodingError)
        -> ListDocumentsResponse
    {
        if let response = RESTByteDecoder.listDocumentsResponse(bytes, database: database) { return response }
        return try decodeListDocumentsResponse(RESTBody.parse(bytes), database: database)
    }
}
