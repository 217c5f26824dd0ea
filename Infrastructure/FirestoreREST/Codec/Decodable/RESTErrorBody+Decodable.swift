import HearthDomain

/// An error body, `{"error": {"code", "message", "status", "details"?}}`, read with any decoder
/// (`JSONDecoder` too) or with ``FirestoreJSONDecoder/decode(_:from:)``, as
/// ``RESTErrorCodec/decodeErrorBody(bytes:)`` reads it. JSON that carries no error throws (a
/// `DecodingError.dataCorrupted`, or `invalidArgument` from ``FirestoreJSONDecoder``); use
/// ``FirestoreJSONDecoder/decodeError(from:)`` to get `nil` instead.
extension RESTErrorBody: Decodable, FirestoreRESTMessage {
    init(
        restBytes bytes: some Collection<UInt8>, at prefix: [RESTDecodingError.PathComponent],
        decoder: FirestoreJSONDecoder
    )
        throws(DocumentStoreError)
    {
        self = try decoder.read(bytes, at: prefix) { (reader) throws(RESTDecodingError) in
            guard let body = try reader.errorBody() else {
                throw RESTDecodingError(reason: "expected an error body {\"error\": {…}}, found no \"error\" member")
            }
            return body
        }
    }
}
