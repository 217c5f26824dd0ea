public import HearthDomain

extension QueryBuilder {
    /// Starts the results at these values of the explicit orders (inclusive), replacing an earlier start.
    /// At least one value, at most one per order; `__name__` values as for filters.
    public func start(at values: [FieldValue]) -> QueryBuilder { cursor(values, before: true, isStart: true, call: "start(at:)") }
    /// Starts the results just after these values of the explicit orders, replacing an earlier start.
    public func start(after values: [FieldValue]) -> QueryBuilder { cursor(values, before: false, isStart: true, call: "start(after:)") }
    /// Ends the results at these values of the explicit orders (inclusive), replacing an earlier end.
    public func end(at values: [FieldValue]) -> QueryBuilder { cursor(values, before: false, isStart: false, call: "end(at:)") }
    /// Ends the results just before these values of the explicit orders, replacing an earlier end.
    public func end(before values: [FieldValue]) -> QueryBuilder { cursor(values, before: true, isStart: false, call: "end(before:)") }

    /// Starts the results at `document` (inclusive) in the normalized order, replacing an earlier start.
    public func start(atDocument document: CursorDocument) -> QueryBuilder {
        cursor(document, before: true, isStart: true, call: "start(atDocument:)")
    }
    /// Starts the results just after `document` in the normalized order, replacing an earlier start.
    public func start(afterDocument document: CursorDocument) -> QueryBuilder {
        cursor(document, before: false, isStart: true, call: "start(afterDocument:)")
    }
    /// Ends the results at `document` (inclusive) in the normalized order, replacing an earlier end.
    public func end(atDocument document: CursorDocument) -> QueryBuilder {
        cursor(document, before: false, isStart: false, call: "end(atDocument:)")
    }
    /// Ends the results just before `document` in the normalized order, replacing an earlier end.
    public func end(beforeDocument document: CursorDocument) -> QueryBuilder {
        cursor(document, before: true, isStart: false, call: "end(beforeDocument:)")
    }

    /// The orders a document cursor follows: the explicit orders, then each inequality field not yet
    /// ordered (sorted by field path), then `__name__`, in the direction of the last explicit order.
    public var normalizedOrders: [Order] {
        var result = explicitOrders
        var ordered = Set(result.map(\.field))
        let direction = result.last?.direction ?? .ascending
        for field in inequalityFields.sorted() where !field.isDocumentID && !ordered.contains(field) {
            result.append(Order(field, direction))
            ordered.insert(field)
        }
        if !ordered.contains(FieldPath.documentID) { result.append(Order(FieldPath.documentID, direction)) }
        return result
    }

    private var inequalityFields: [FieldPath] {
        var fields: [FieldPath] = []
        func collect(_ filter: StructuredQuery.Filter) {
            switch filter {
            case .field(let path, let op, _): if op.isInequality { fields.append(path) }
            case .unary(let path, let op): if op == .isNotNull || op == .isNotNaN { fields.append(path) }
            case .composite(_, let children): children.forEach(collect)
            }
        }
        allFilters.forEach(collect)
        return fields
    }

    private func cursor(_ values: [FieldValue], before: Bool, isStart: Bool, call: String) -> QueryBuilder {
        with { query throws(DocumentStoreError) in
            let orders = query.explicitOrders
            if values.isEmpty { throw Self.invalid(call, "a cursor needs at least one value") }
            if values.count > orders.count {
                throw Self.invalid(call, "too many cursor values: \(values.count) values for \(orders.count) order(by:) clauses")
            }
            var cursorValues: [Value] = []
            for (value, order) in zip(values, orders) {
                let plain = try Self.queryValue(value, call: call, field: order.field.canonicalString)
                cursorValues.append(order.field.isDocumentID ? try query.documentReference(plain, call: call) : plain)
            }
            query.place(Cursor(values: cursorValues, before: before), isStart: isStart)
        }
    }

    private func cursor(_ document: CursorDocument, before: Bool, isStart: Bool, call: String) -> QueryBuilder {
        with { query throws(DocumentStoreError) in
            if !document.exists {
                throw Self.invalid(call, "the document \(document.path) does not exist, so it has no position in the results")
            }
            let orders = query.normalizedOrders
            let reference = try query.documentReference(.reference(DocumentName(database: query.database, path: document.path)), call: call)
            var cursorValues: [Value] = []
            for order in orders {
                if order.field.isDocumentID {
                    cursorValues.append(reference)
                } else if let value = document.fields.value(at: order.field) {
                    cursorValues.append(value)
                } else {
                    throw Self.invalid(
                        call,
                        "the document '\(document.path.path)' has no field '\(order.field.canonicalString)'; a cursor document needs a value for every ordered and inequality-filtered field"
                    )
                }
            }
            query.setOrders(orders)
            query.place(Cursor(values: cursorValues, before: before), isStart: isStart)
        }
    }

    private mutating func place(_ cursor: Cursor, isStart: Bool) {
        if isStart { setStart(cursor) } else { setEnd(cursor) }
    }
}
