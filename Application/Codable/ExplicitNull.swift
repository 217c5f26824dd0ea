import HearthDomain

/// An optional property written as an explicit null when `nil`, instead of being omitted.
///
/// ```swift
/// struct User: Codable {
///     var fullName: String
///     @ExplicitNull var phone: String?   // stored as "phone": null when nil
/// }
/// ```
///
/// Decoding: a null or a missing field becomes `nil`.
@propertyWrapper
public struct ExplicitNull<Wrapped> {
    /// The value; `nil` is written as null.
    public var wrappedValue: Wrapped?

    /// A value, or `nil` to write null.
    public init(wrappedValue: Wrapped?) {
        self.wrappedValue = wrappedValue
    }
}

extension ExplicitNull: Encodable where Wrapped: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try encodeWrappedValue(to: encoder)
    }
}

extension ExplicitNull: Decodable where Wrapped: Decodable {
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWrappedValueFrom: decoder)
    }
}

extension ExplicitNull: OptionalWrapper {}

extension ExplicitNull: Sendable where Wrapped: Sendable {}
extension ExplicitNull: Equatable where Wrapped: Equatable {}
extension ExplicitNull: Hashable where Wrapped: Hashable {}
