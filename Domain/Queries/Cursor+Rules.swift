/// Firestore's cursor rules, written once for every layer: which values a cursor may hold (the client's
/// query builder and the local engine check them), where a cursor at a document stands (the builder's
/// `start(afterDocument:)` and listing pages), and which results a start or an end cursor keeps (the
/// local engine's queries and listeners).
///
/// A cursor's values follow a prefix of the query's orders: cursors made from values follow the explicit
/// orders only, so they hold at most one value per explicit order; a cursor at a document holds one value
/// per normalised order (``StructuredQuery/normalizedOrders``), its reference for `__name__`. A position
/// with `before == true` lies just before the results equal to its values (`startAt`, `endBefore`), with
/// `before == false` just after them (`startAfter`, `endAt`). A position need not match a document.
extension Cursor {
    /// Why this cursor cannot be a cursor of a query with the explicit orders `explicitOrders` in
    /// `database`, or `nil` when it can: it holds more values than there are explicit orders, or a value for
    /// an order on `__name__` is not a reference to a document of `database`. The reason is a lowercase
    /// phrase without a final period, for the caller to put in its own `invalidArgument` message.
    public func violation(explicitOrders: [Order], database: DatabaseID) -> String? {
        if values.count > explicitOrders.count {
            return "too many cursor values: \(values.count) values for \(explicitOrders.count) explicit orders"
        }
        for (value, order) in zip(values, explicitOrders) where order.field.isDocumentID {
            guard case .reference(let name) = value, name.database == database else {
                return "a cursor value for __name__ must be a reference to a document of \(database), not \(value)"
            }
        }
        return nil
    }

    /// The position of the document at `path` with `fields` in a query ordered by `orders` (normalised:
    /// ``StructuredQuery/normalizedOrders``): its value of each ordered field, its reference in `database`
    /// for `__name__`, just before the document (`before == true`) or just after it.
    ///
    /// Throws `invalidArgument` naming the document and the first ordered field it lacks: a document
    /// without a value for every order has no place in the results.
    public init(
        at path: DocumentPath, fields: MapValue, orders: [Order], database: DatabaseID, before: Bool
    ) throws(DocumentStoreError) {
        var values: [Value] = []
        values.reserveCapacity(orders.count)
        for order in orders {
            if order.field.isDocumentID {
                values.append(.reference(DocumentName(database: database, path: path)))
            } else if let value = fields.value(at: order.field) {
                values.append(value)
            } else {
                throw .invalidArgument(
                    "The document '\(path.path)' has no field '\(order.field.canonicalString)', so it has no position in results ordered by it."
                )
            }
        }
        self.init(values: values, before: before)
    }

    /// Compares a result with this cursor's values: `orderValues` are the result's values of the query's
    /// normalised `orders`, compared over the cursor's prefix of them, each order in its direction
    /// (``Value/compare(_:_:)``). Negative when the result comes first, zero when it equals the values.
    @inlinable
    public func compare(_ orderValues: [Value], orders: [Order]) -> Int {
        Order.compare(orderValues, values, by: orders)
    }

    /// Whether this position comes after a result whose values of the normalised `orders` are
    /// `orderValues`: the result sorts before the cursor's values, or equals them and the position is just
    /// after them (`before == false`). A start cursor drops exactly these results; an end cursor keeps
    /// exactly these.
    @inlinable
    public func comesAfter(_ orderValues: [Value], orders: [Order]) -> Bool {
        let order = compare(orderValues, orders: orders)
        return before ? order < 0 : order <= 0
    }

    /// Whether a result whose values of the query's normalised `orders` are `orderValues` lies between the
    /// `start` cursor (which drops the results it ``comesAfter(_:orders:)``) and the `end` cursor (which
    /// keeps only those); `true` without cursors.
    @inlinable
    public static func admits(_ orderValues: [Value], start: Cursor?, end: Cursor?, orders: [Order]) -> Bool {
        if let start, start.comesAfter(orderValues, orders: orders) { return false }
        if let end, !end.comesAfter(orderValues, orders: orders) { return false }
        return true
    }
}
