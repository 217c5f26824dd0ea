public import HearthApplication
public import HearthDomain

extension RESTReadCodec {
    /// ``decodeRunQueryResponse(_:database:)`` from the bytes of the answer.
    public static func decodeRunQueryResponse(bytes: some Collection<UInt8>, database: DatabaseID?) throws(RESTDecodingError)
        -> [RESTRunQueryResponseElement]
    {
        try decodeRunQueryResponse(RESTBody.parse(bytes), database: database)
    }

    /// ``decodeBatchGetResponse(_:database:)`` from the bytes of the answer.
    public static func decodeBatchGetResponse(bytes: some Collection<UInt8>, database: DatabaseID?) throws(RESTDecodingError)
        -> [RESTBatchGetResponseElement]
    {
        try decodeBatchGetResponse(RESTBody.parse(bytes), database: database)
    }

    /// ``decodeListDocumentsResponse(_:database:)`` from the bytes of the answer.
    public static func decodeListDocumentsResponse(bytes: some Collection<UInt8>, database: DatabaseID?) throws(RESTDecodingError)
        -> ListDocumentsResponse
    {
        try decodeListDocumentsResponse(RESTBody.parse(bytes), database: database)
    }
}
