public import HearthDomain

/// Decodes `Decodable` models from document fields, the reverse of ``DocumentEncoder``.
///
/// Mapping (stored kind → Swift type):
/// - boolean → `Bool`; string → `String`, `URL` (when it parses); bytes → `Data`;
/// - integer → every integer type it fits in, and `Double`/`Float`; double → `Double`/`Float`, and an
///   integer type only when it is a whole number in that type's range;
/// - timestamp → `Timestamp` (exact) and `Date` (to the precision of a `Double`);
/// - geo point → `GeoPoint`; reference → `DocumentName`, `DocumentPath`;
/// - map → a nested model, `[String: T]`, `MapValue`; array → `[T]` and other collections;
/// - anything → `Value` (as stored) and `FieldValue` (as a plain value).
///
/// Missing fields: a non-optional property throws (`keyNotFound`), an optional one becomes `nil`
/// (`decodeIfPresent`), and a null is `nil` for an optional. The wrappers ``DocumentID`` (filled from
/// the document path), ``ServerTimestamp``, ``ExplicitNull`` and ``DefaultValue`` accept a missing field.
///
/// Errors: every failure is a `DocumentStoreError` with code `invalidArgument` whose message names the
/// document, the field path (`address.city`, `tags[2]`) and the expected and found kinds
/// ("expected string, found integer"), keeping Swift's `DecodingError` as `underlying`. No input traps.
///
/// The decoder reads the value tree in place (no intermediate dictionaries, no `Any`, one decoder
/// object per call) and holds no global state; it is a value you can keep and share.
public struct DocumentDecoder: Sendable {
    /// Values handed to models through `Decoder.userInfo`. Empty by default.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// A decoder with empty `userInfo`.
    public init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.userInfo = userInfo
    }

    /// Decodes `type` from a document's fields. `documentPath`, when given, fills ``DocumentID``
    /// properties and is named in error messages. Throws `invalidArgument` (see the type's notes).
    public func decode<T: Decodable>(
        _ type: T.Type, from fields: MapValue, documentPath: DocumentPath? = nil
    )
        throws(DocumentStoreError) -> T
    {
        try decode(type, value: .map(fields), documentPath: documentPath)
    }

    /// Decodes `type` from a stored document: its fields, with ``DocumentID`` properties filled from its
    /// path. Throws `invalidArgument` (see the type's notes).
    public func decode<T: Decodable>(_ type: T.Type, from document: Document) throws(DocumentStoreError) -> T {
        try decode(type, value: .map(document.fields), documentPath: document.path)
    }

    /// Decodes `type` from any single value (a field's value, an array element, a query result's value),
    /// for example `decodeValue(Plan.Tier.self, from: .string("gold"))`. Throws `invalidArgument`.
    public func decodeValue<T: Decodable>(_ type: T.Type, from value: Value) throws(DocumentStoreError) -> T {
        try decode(type, value: value, documentPath: nil)
    }

    /// Decodes `type` from the value of one field of a document, with the coding path starting at
    /// `field`, so that a failure names the field (`field address.city: expected string, found integer`)
    /// and, when `documentPath` is given, the document. For ``DocumentSnapshot/get(_:as:decoder:)``.
    func decodeField<T: Decodable>(
        _ type: T.Type, from value: Value, at field: FieldPath, documentPath: DocumentPath?
    )
        throws(DocumentStoreError) -> T
    {
        var node = CodingPathNode.root
        for segment in field.segments { node = node.appending(StringCodingKey(segment)) }
        return try decode(type, value: value, documentPath: documentPath, node: node)
    }

    private func decode<T: Decodable>(
        _ type: T.Type, value: Value, documentPath: DocumentPath?, node: CodingPathNode = .root
    )
        throws(DocumentStoreError) -> T
    {
        let decoder = FieldDecoder(
            value: value,
            node: node,
            documentPath: documentPath,
            userInfo: userInfo.isEmpty ? [:] : userInfo.mapValues { $0 as Any }
        )
        do {
            return try decoder.decode(T.self)
        } catch {
            throw .decodingFailed(error, type: T.self, documentPath: documentPath)
        }
    }
}
