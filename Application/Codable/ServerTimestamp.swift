public import Foundation
public import HearthDomain

/// A timestamp the server fills in: while the property is `nil`, ``DocumentEncoder`` writes
/// `FieldValue.serverTimestamp()` (the commit time); once it has a value, the value is written.
///
/// ```swift
/// struct UserEmail: Codable {
///     var primaryUserId: String
///     @ServerTimestamp var createdAt: Timestamp?
/// }
/// ```
///
/// Decoding: a timestamp becomes the value; a null **or a missing field** becomes `nil` (never
/// `keyNotFound`, unlike Firebase's iOS SDK, issue #14883). With other encoders (`JSONEncoder`) a `nil`
/// encodes as null, since there is no server to fill it in.
@propertyWrapper
public struct ServerTimestamp<Wrapped: ServerTimestampWrappable>: Sendable {
    /// The timestamp; `nil` means "let the server set it" when encoding, "not set yet" when decoding.
    public var wrappedValue: Wrapped?

    /// A timestamp, or `nil` for the server to fill in.
    public init(wrappedValue: Wrapped?) {
        self.wrappedValue = wrappedValue
    }
}

/// A type a ``ServerTimestamp`` property can hold: `Timestamp` (exact) or `Date`.
public protocol ServerTimestampWrappable: Codable, Sendable {}

extension Timestamp: ServerTimestampWrappable {}
extension Date: ServerTimestampWrappable {}

extension ServerTimestamp: Codable {
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWrappedValueFrom: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try encodeWrappedValue(to: encoder, nilValue: .serverTimestamp())
    }
}

extension ServerTimestamp: OptionalWrapper {}

extension ServerTimestamp: Equatable where Wrapped: Equatable {}
extension ServerTimestamp: Hashable where Wrapped: Hashable {}
