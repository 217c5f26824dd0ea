/// Firestore's normalisation of a query's orders, written once for every layer: the client's query
/// builder (cursors from a document), listeners (the order of their snapshots) and the local engine (the
/// order of results) all ask here.
///
/// The rule (JS SDK `queryNormalizedOrderBy`; the order of the emulator's results): the explicit orders,
/// then every field with an inequality filter that is not ordered yet, in field-path order, then the
/// document name unless an explicit order names it; every implied order takes the direction of the last
/// explicit order (ascending when there is none). An inequality that can match nothing implies no order,
/// as on the emulator (``StructuredQuery/Filter/impliedOrderField``).
extension StructuredQuery {
    /// This query's normalised orders (see the extension's rule). With an explicit order on `__name__`
    /// followed by implied orders (a query Firestore refuses), the implied orders still come last.
    public var normalizedOrders: [Order] { Self.normalizedOrders(orderBy, filter: filter) }

    /// The normalised orders of a query with the explicit orders `explicit` and the filter `filter`;
    /// `extraFields` (the fields of `sum` and `average` aggregations, which exclude documents lacking
    /// them) are ordered after the inequality fields, those not ordered yet, in field-path order, in the
    /// same direction. `__name__` in the implied fields is never repeated: only an explicit order on it
    /// keeps the final name order from being appended.
    public static func normalizedOrders(
        _ explicit: [Order], filter: Filter?, thenBy extraFields: [FieldPath] = []
    ) -> [Order] {
        let direction = explicit.last?.direction ?? .ascending
        var orders = explicit
        let inequalityFields = filter?.impliedOrderFields ?? []
        if !inequalityFields.isEmpty || !extraFields.isEmpty {
            var ordered = Set(explicit.map(\.field))
            for group in [inequalityFields, extraFields] where !group.isEmpty {
                for field in Set(group).subtracting(ordered).sorted() where !field.isDocumentID {
                    orders.append(Order(field, direction))
                }
                ordered.formUnion(group)
            }
        }
        if !explicit.contains(where: { $0.field.isDocumentID }) {
            orders.append(Order(FieldPath.documentID, direction))
        }
        return orders
    }
}

extension StructuredQuery.Filter {
    /// The field this filter orders the results by, or `nil`.
    ///
    /// An inequality (`<`, `<=`, `>`, `>=`, `!=`, `not-in`, `IS_NOT_NULL`, `IS_NOT_NAN`) orders by its
    /// field, unless it can match nothing: a range against `null` or NaN, `!= null`, or `not-in` a list of
    /// nulls only implies no order, as on the emulator (it still counts as a `!=` / `not-in` for the limits
    /// on those). Equalities, `array-contains(-any)`, `in`, `IS_NULL`, `IS_NAN` and composite filters
    /// order by nothing themselves (see ``impliedOrderFields`` for a composite's).
    public var impliedOrderField: FieldPath? {
        switch self {
        case .field(let path, let op, let operand):
            guard op.isInequality, !Self.matchesNothing(op, operand) else { return nil }
            return path
        case .unary(let path, let op):
            return op == .isNotNull || op == .isNotNaN ? path : nil
        case .composite:
            return nil
        }
    }

    /// The ``impliedOrderField`` of every filter in this one, depth first, in filter order; a field
    /// appears once per inequality on it, and `__name__` appears when it has an inequality.
    public var impliedOrderFields: [FieldPath] {
        var fields: [FieldPath] = []
        collectImpliedOrderFields(into: &fields)
        return fields
    }

    private func collectImpliedOrderFields(into fields: inout [FieldPath]) {
        if case .composite(_, let filters) = self {
            for filter in filters { filter.collectImpliedOrderFields(into: &fields) }
        } else if let field = impliedOrderField {
            fields.append(field)
        }
    }

    /// Whether the inequality `op operand` can never match: a range against `null` or NaN, `!= null`, or
    /// `not-in` a list of nulls only.
    private static func matchesNothing(_ op: FieldOperator, _ operand: Value) -> Bool {
        switch op {
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual: operand.isNull || operand.isNaN
        case .notEqual: operand.isNull
        case .notIn: operand.arrayValue?.allSatisfy(\.isNull) ?? false
        default: false
        }
    }
}

extension Order {
    /// Compares two results by their values of `orders` (each array holds one value per order, in
    /// order), each order in its direction (``Value/compare(_:_:)``): negative when `lhs` comes first.
    /// Only the orders both arrays reach are compared; equal on all of them is zero.
    @inlinable
    public static func compare(_ lhs: [Value], _ rhs: [Value], by orders: [Order]) -> Int {
        for (index, order) in orders.enumerated() where index < lhs.count && index < rhs.count {
            let result = Value.compare(lhs[index], rhs[index])
            if result != 0 { return order.direction == .ascending ? result : -result }
        }
        return 0
    }
}
