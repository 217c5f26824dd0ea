public import HearthDomain

extension QueryBuilder {
    /// Starts the results at these values of the explicit orders (inclusive), replacing an earlier start.
    /// At least one value, at most one per order; `__name__` values as for filters.
    public func start(at values: [FieldValue]) -> QueryBuilder {
        cursor(values, before: true, isStart: true, call: "start(at:)")
    }
    /// Starts the results just after these values of the explicit orders, replacing an earlier start.
    public func start(after values: [FieldValue]) -> QueryBuilder {
        cursor(values, before: false, isStart: true, call: "start(after:)")
    }
    /// Ends the results at these values of the explicit orders (inclusive), replacing an earlier end.
    public func end(at values: [FieldValue]) -> QueryBuilder {
        cursor(values, before: false, isStart: false, call: "end(at:)")
    }
    /// Ends the results just before these values of the explicit orders, replacing an earlier end.
    public func end(before values: [FieldValue]) -> QueryBuilder {
        cursor(values, before: true, isStart: false, call: "end(before:)")
    }

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

    /// The orders a document cursor follows: the query's normalised orders
    /// (`StructuredQuery.normalizedOrders`: the explicit orders, then each field an inequality orders by
    /// that is not ordered yet, sorted by field path, then `__name__`, in the direction of the last
    /// explicit order; an inequality that can match nothing, such as `not-in [null]`, orders by nothing).
    public var normalizedOrders: [Order] {
        StructuredQuery.normalizedOrders(explicitOrders, filter: combinedFilter)
    }

    private func cursor(_ values: [FieldValue], before: Bool, isStart: Bool, call: String) -> QueryBuilder {
        with { query throws(DocumentStoreError) in
            let orders = query.explicitOrders
            if values.isEmpty { throw Self.invalid(call, "a cursor needs at least one value") }
            var cursorValues: [Value] = []
            for (index, value) in values.enumerated() {
                let order = index < orders.count ? orders[index] : nil
                let plain = try Self.queryValue(value, call: call, field: order?.field.canonicalString)
                cursorValues.append(
                    order?.field.isDocumentID == true ? try query.documentReference(plain, call: call) : plain)
            }
            let cursor = Cursor(values: cursorValues, before: before)
            if let reason = cursor.violation(explicitOrders: orders, database: query.database) {
                throw Self.invalid(call, reason)
            }
            query.place(cursor, isStart: isStart)
        }
    }

    private func cursor(_ document: CursorDocument, before: Bool, isStart: Bool, call: String) -> QueryBuilder {
        with { query throws(DocumentStoreError) in
            if !document.exists {
                throw Self.invalid(
                    call, "the document \(document.path) does not exist, so it has no position in the results")
            }
            let orders = query.normalizedOrders
            // The document must be one of the query's results (in its collection, or under its parent).
            _ = try query.documentReference(
                .reference(DocumentName(database: query.database, path: document.path)), call: call)
            let cursor: Cursor
            do throws(DocumentStoreError) {
                cursor = try Cursor(
                    at: document.path, fields: document.fields, orders: orders, database: query.database, before: before
                )
            } catch {
                throw .invalidArgument("Invalid query: \(call): \(error.message)")
            }
            query.setOrders(orders)
            query.place(cursor, isStart: isStart)
        }
    }

    private mutating func place(_ cursor: Cursor, isStart: Bool) {
        if isStart { setStart(cursor) } else { setEnd(cursor) }
    }
}
