public import HearthDomain

/// A `google.rpc.Status` embedded in a message (for example `BatchWriteResponse.status[]`):
/// `{"code"?: <google.rpc.Code number>, "message"?: "…", "details"?: [...]}`, `code` omitted when 0 (OK).
public struct RESTStatus: Sendable, Hashable {
    /// The `google.rpc.Code` number; 0 is OK.
    public var code: Int
    /// The error message (empty when OK).
    public var message: String
    /// The `details` objects, kept as JSON (`{"@type": "type.googleapis.com/…", …}`).
    public var details: [JSON]

    /// A status; the defaults make an OK status.
    public init(code: Int = 0, message: String = "", details: [JSON] = []) {
        self.code = code
        self.message = message
        self.details = details
    }

    /// Whether the status is OK (code 0).
    public var isOK: Bool { code == 0 }

    /// The error this status reports, or `nil` when it is OK. An unknown code number becomes `unknown`.
    public var error: DocumentStoreError? {
        guard !isOK else { return nil }
        return DocumentStoreError(DocumentStoreError.Code(number: code) ?? .unknown, message)
    }
}
