/// An opaque transaction handle issued by ``DocumentStore/beginTransaction(_:)``.
public struct TransactionID: Sendable, Hashable, CustomStringConvertible {
    /// The adapter's opaque bytes (base64 on the REST wire).
    public let bytes: [UInt8]

    /// A handle holding an adapter's bytes.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// The length of the handle only, never its bytes.
    public var description: String { "TransactionID(\(bytes.count) bytes)" }
}
