public import HearthDomain

/// The order of a query's results: its normalised orders, the last one always by document name.
///
/// Firestore normalises a query's orders (`StructuredQuery.normalizedOrders`): the explicit orders,
/// then every field with an inequality filter that is not ordered yet (in field-path order), then the
/// document name, all in the direction of the last explicit order (ascending when there is none).
/// Listener snapshots keep their documents in this order, and the indexes of their changes refer to it.
public struct DocumentOrdering: Sendable, Hashable {
    /// The orders on fields, before the final order by document name.
    public let fieldOrders: [Order]
    /// The direction of the final order by document name.
    public let nameDirection: Order.Direction

    /// An ordering from normalised orders. An order on `__name__` ends it (later orders are ignored, as
    /// Firestore refuses them); without one, the name order is appended in the direction of the last order.
    public init(orders: [Order]) {
        var fields: [Order] = []
        var nameDirection = orders.last?.direction ?? .ascending
        for order in orders {
            if order.field.isDocumentID {
                nameDirection = order.direction
                break
            }
            fields.append(order)
        }
        self.fieldOrders = fields
        self.nameDirection = nameDirection
    }

    /// The order of `query`'s results: its normalised orders (`StructuredQuery.normalizedOrders`, where
    /// the rule is written once).
    public init(query: StructuredQuery) {
        self.init(orders: query.normalizedOrders)
    }

    /// Documents by name, ascending (the order of a single-document target).
    public static let byName = DocumentOrdering(orders: [])

    /// Every order, the name order last.
    public var orders: [Order] { fieldOrders + [Order(FieldPath.documentID, nameDirection)] }

    /// The same orders, each in the other direction (how `limit(toLast:)` results are shown).
    public var reversed: DocumentOrdering {
        DocumentOrdering(orders: orders.map { Order($0.field, $0.direction.reversed) })
    }

    /// Compares two documents: negative when `lhs` comes first, zero only for the same document name.
    /// A missing field sorts before every value.
    public func compare(_ lhs: Document, _ rhs: Document) -> Int {
        compare(sortKey(of: lhs), sortKey(of: rhs))
    }

    /// The values a document is ordered by.
    package func sortKey(of document: Document) -> SortKey {
        SortKey(values: fieldOrders.map { document.fields.value(at: $0.field) }, path: document.path)
    }

    package func compare(_ lhs: SortKey, _ rhs: SortKey) -> Int {
        for (index, order) in fieldOrders.enumerated() where index < lhs.values.count && index < rhs.values.count {
            let result = Self.compare(lhs.values[index], rhs.values[index])
            if result != 0 { return order.direction == .ascending ? result : -result }
        }
        let result = Self.compare(lhs.path, rhs.path)
        return nameDirection == .ascending ? result : -result
    }

    /// Firestore's order of document paths (segment by segment, by UTF-8 bytes, a prefix first), in one pass.
    static func compare(_ lhs: DocumentPath, _ rhs: DocumentPath) -> Int {
        for (left, right) in zip(lhs.segments, rhs.segments) {
            let order = UTF8Order.compare(left, right)
            if order != 0 { return order }
        }
        return lhs.segments.count == rhs.segments.count ? 0 : (lhs.segments.count < rhs.segments.count ? -1 : 1)
    }

    private static func compare(_ lhs: Value?, _ rhs: Value?) -> Int {
        switch (lhs, rhs) {
        case let (lhs?, rhs?): Value.compare(lhs, rhs)
        case (nil, nil): 0
        case (nil, _): -1
        case (_, nil): 1
        }
    }
}
