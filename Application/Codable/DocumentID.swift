public import HearthDomain

/// A property filled with the ID (or path) of the document being decoded, and never written as a field.
///
/// ```swift
/// struct Member: Codable {
///     @DocumentID var id: String?
///     var firstName: String
/// }
/// let member = try DocumentDecoder().decode(Member.self, from: document)   // member.id == document ID
/// ```
///
/// - Decoding with ``DocumentDecoder`` and a document path: the path wins, whether or not the document
///   also stores a field with the property's name. Without a path: the stored field if present,
///   else `nil`. A missing field never throws.
/// - Encoding with ``DocumentEncoder``: the property is omitted. With other encoders (`JSONEncoder`), the
///   wrapped value is encoded as itself (`null` when `nil`), so models still round-trip through JSON.
@propertyWrapper
public struct DocumentID<Wrapped: DocumentIDWrappable>: Sendable {
    /// The document ID (or path); `nil` until decoded from a document or set by hand.
    public var wrappedValue: Wrapped?

    /// An ID set by hand; it is never written by ``DocumentEncoder``.
    public init(wrappedValue: Wrapped?) {
        self.wrappedValue = wrappedValue
    }
}

/// A type a ``DocumentID`` property can hold: `String` (the document ID), `DocumentPath` (the whole
/// path), or your own ID type.
public protocol DocumentIDWrappable: Codable, Sendable {
    /// The value for the document at `path`. May throw to reject a path (the decode then fails).
    static func wrap(_ path: DocumentPath) throws -> Self
}

extension String: DocumentIDWrappable {
    /// The document ID: the last segment of `path`.
    public static func wrap(_ path: DocumentPath) -> String { path.documentID }
}

extension DocumentPath: DocumentIDWrappable {
    /// `path` itself.
    public static func wrap(_ path: DocumentPath) -> DocumentPath { path }
}

extension DocumentID: Codable {
    public init(from decoder: any Decoder) throws {
        if let fieldDecoder = decoder as? FieldDecoder, let path = fieldDecoder.documentPath {
            self.init(wrappedValue: try Wrapped.wrap(path))
            return
        }
        try self.init(decodingWrappedValueFrom: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        if let fieldEncoder = encoder as? FieldEncoder {
            fieldEncoder.omitsField = true
            return
        }
        try encodeWrappedValue(to: encoder)
    }
}

extension DocumentID: OptionalWrapper {
    /// The document path (as `Wrapped`) when there is one: the field is never stored.
    static func valueForMissingField(documentPath: DocumentPath?) throws -> DocumentID {
        DocumentID(wrappedValue: try documentPath.map(Wrapped.wrap))
    }
}

extension DocumentID: Equatable where Wrapped: Equatable {}
extension DocumentID: Hashable where Wrapped: Hashable {}
