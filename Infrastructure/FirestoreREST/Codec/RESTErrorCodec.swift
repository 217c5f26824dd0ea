import HearthDomain

/// Firestore REST error bodies and embedded `google.rpc.Status` messages, both directions.
public enum RESTErrorCodec {
    /// `{"error": {"code": <HTTP status>, "message", "status", "details"?}}`.
    public static func encodeErrorBody(_ body: RESTErrorBody) -> JSON {
        var error: JSONObject = [
            "code": .integer(Int64(body.httpStatus)),
            "message": .string(body.message),
            "status": .string(body.status),
        ]
        if !body.details.isEmpty { error["details"] = .array(body.details) }
        return .object(["error": .object(error)])
    }

    /// The error a response body carries, or `nil` when it is not an error body.
    ///
    /// Recognizes `{"error": {…}}` and, as streaming endpoints answer, an array with an element
    /// `{"error": {…}}` (the first such element is returned). Members of the inner object are optional
    /// (`code` 0, `message` and `status` empty when absent), but present ones must have the right JSON
    /// types (`code` a number, `message` and `status` strings, `details` an array) or this throws.
    public static func decodeErrorBody(_ json: JSON) throws(RESTDecodingError) -> RESTErrorBody? {
        switch json {
        case .object(let object):
            guard let error = object["error"], error != .null else { return nil }
            return try RESTDecodingError.within(key: "error") { () throws(RESTDecodingError) in try decodeError(error) }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                guard case .object(let object) = element, let error = object["error"], error != .null else { continue }
                return try RESTDecodingError.within(index: index) { () throws(RESTDecodingError) in
                    try RESTDecodingError.within(key: "error") { () throws(RESTDecodingError) in try decodeError(error)
                    }
                }
            }
            return nil
        default:
            return nil
        }
    }

    private static func decodeError(_ json: JSON) throws(RESTDecodingError) -> RESTErrorBody {
        let reader = try MessageReader(json, "error")
        return RESTErrorBody(
            httpStatus: Int(try reader.optional("code", Wire.int32) ?? 0),
            message: try reader.optional("message", Wire.string) ?? "",
            status: try reader.optional("status", Wire.string) ?? "",
            details: try reader.repeated("details") { (json) throws(RESTDecodingError) in
                _ = try Wire.object(json); return json
            }
        )
    }

    /// `{"code"?: n, "message"?, "details"?}`, each omitted when 0 / empty.
    public static func encodeStatus(_ status: RESTStatus) -> JSON {
        var object = JSONObject()
        if status.code != 0 { object["code"] = .integer(Int64(status.code)) }
        if !status.message.isEmpty { object["message"] = .string(status.message) }
        if !status.details.isEmpty { object["details"] = .array(status.details) }
        return .object(object)
    }

    /// Reads a `google.rpc.Status`; every member is optional (`{}` is OK).
    public static func decodeStatus(_ json: JSON) throws(RESTDecodingError) -> RESTStatus {
        let reader = try MessageReader(json, "Status")
        return RESTStatus(
            code: Int(try reader.optional("code", Wire.int32) ?? 0),
            message: try reader.optional("message", Wire.string) ?? "",
            details: try reader.repeated("details") { (json) throws(RESTDecodingError) in
                _ = try Wire.object(json); return json
            }
        )
    }
}
