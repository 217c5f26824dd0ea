/// Firestore's projection (a query's `select`, a read's document mask), written once: the local engine's
/// queries, reads and listings, the polling listener and the REST adapter's query-backed listing apply it.
extension Document {
    /// This document with only the fields at `fieldPaths`, each with its whole value (a path inside a map
    /// keeps that part of the map); paths the document lacks are skipped and `__name__` selects no field.
    /// `nil` keeps every field. Path and times are unchanged: a projection never drops a document.
    @inlinable
    public func projected(onto fieldPaths: [FieldPath]?) -> Document {
        guard let fieldPaths else { return self }
        var fields = MapValue()
        for path in fieldPaths where !path.isDocumentID {
            if let value = self.fields.value(at: path) { fields.setValue(value, at: path) }
        }
        var projected = self
        projected.fields = fields
        return projected
    }
}

extension StructuredQuery {
    /// The fields to select so that results projected onto `select` can still be placed in `orders`:
    /// `select`, then each ordered field it lacks (not `__name__`, which is no field), in order. A reader
    /// that sends this selection places each result by its values, then projects it back onto `select`
    /// with ``Document/projected(onto:)``.
    public static func selection(_ select: [FieldPath], placeableIn orders: [Order]) -> [FieldPath] {
        var fields = select
        for order in orders where !order.field.isDocumentID && !fields.contains(order.field) {
            fields.append(order.field)
        }
        return fields
    }
}
