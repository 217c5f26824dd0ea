import HearthDomain

/// An error body, `{"error": {"code", "message", "status", "details"?}}`, read with any decoder
/// (`JSONDecoder` too) or with ``FirestoreJSONDecoder/decode(_:from:)``, as
/// ``RESTErrorCodec/decodeErrorBody(_:)`` reads it. JSON that carries no error throws (a
/// `DecodingError.dataCorrupted`, or `invalidArgument` from ``FirestoreJSONDecoder``); use
/// ``FirestoreJSONDecoder/decodeError(from:)`` to get `nil` instead.
extension RESTErrorBody: Decodable {
    public init(from decoder: any Decoder) throws {
        self = try FirestoreJSONDecoder.decodeForeign(Self.self, from: decoder)
    }
}

extension RESTErrorBody: FirestoreRESTMessage {
    init(
        restJSON json: JSON, at prefix: [RESTDecodingError.PathComponent], decoder: FirestoreJSONDecoder
    ) throws(DocumentStoreError) {
        guard let body = try decoder.errorBody(in: json, at: prefix) else {
            throw FirestoreJSONDecoder.malformed(
                RESTDecodingError(reason: "expected an error body {\"error\": {…}}, found no \"error\" member"),
                at: prefix)
        }
        self = body
    }
}
