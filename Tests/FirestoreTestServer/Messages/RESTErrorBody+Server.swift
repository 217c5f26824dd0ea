public import HearthDomain
public import HearthFirestoreCodec

/// The server side of error bodies: what Firestore sends for an error.
extension RESTErrorBody {
    /// The body Firestore would send for `error`: its code's name as `status` and that code's HTTP status.
    public init(_ error: DocumentStoreError) {
        self.init(
            httpStatus: RESTErrorBody.httpStatus(for: error.code), message: error.message, status: error.code.name)
    }

    /// The HTTP status Google APIs use for a canonical code (`google.rpc.Code` mapping).
    public static func httpStatus(for code: DocumentStoreError.Code) -> Int {
        switch code {
        case .cancelled: 499
        case .invalidArgument, .failedPrecondition, .outOfRange: 400
        case .deadlineExceeded: 504
        case .notFound: 404
        case .alreadyExists, .aborted: 409
        case .permissionDenied: 403
        case .resourceExhausted: 429
        case .unimplemented: 501
        case .unavailable: 503
        case .unauthenticated: 401
        default: 500
        }
    }
}
