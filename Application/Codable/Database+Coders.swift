extension Database {
    /// Firebase's name for ``DocumentEncoder``: `try Firestore.Encoder().encode(model)` gives the
    /// fields that `setData(_:)` and `setData(_:merge:)` take.
    public typealias Encoder = DocumentEncoder
    /// Firebase's name for ``DocumentDecoder``: `try Firestore.Decoder().decode(Model.self, from: snapshot.fields)`
    /// (it decodes typed fields or a `Document`; Firebase's also takes a `[String: Any]`).
    public typealias Decoder = DocumentDecoder
}
