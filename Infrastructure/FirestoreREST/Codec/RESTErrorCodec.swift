/// Firestore REST error bodies: `{"error": {"code": <HTTP status>, "message", "status", "details"?}}`.
public enum RESTErrorCodec {
    /// The error a response body carries, or `nil` when it is JSON but not an error body; throws when it
    /// is not JSON at all (an HTML error page from a proxy, a truncated body).
    ///
    /// Recognizes `{"error": {…}}` and, as streaming endpoints answer, an array with an element
    /// `{"error": {…}}` (the first such element is returned). Members of the inner object are optional
    /// (`code` 0, `message` and `status` empty when absent), but present ones must have the right JSON
    /// types (`code` a number, `message` and `status` strings, `details` an array of objects) or this
    /// throws, naming the JSON path.
    public static func decodeErrorBody(bytes: some Collection<UInt8>) throws(RESTDecodingError) -> RESTErrorBody? {
        try RESTDecoder.decode(bytes, database: nil) { (decoder) throws(RESTDecodingError) in try decoder.errorBody() }
    }
}
