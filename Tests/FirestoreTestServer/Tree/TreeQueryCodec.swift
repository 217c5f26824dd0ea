public import HearthDomain
public import HearthFirestoreCodec

/// Firestore REST form of `StructuredQuery` (with its filters, orders and cursors) and of aggregation
/// queries (`TreeQueryCodec+Aggregation.swift`), both directions.
///
/// Written as `{"select"?: {"fields": [{"fieldPath"}]}, "from": [{"collectionId", "allDescendants"?: true}],
/// "where"?: Filter, "orderBy"?: [{"field": {"fieldPath"}, "direction"}], "startAt"?/"endAt"?:
/// {"values": [...], "before"?: true}, "offset"?: n, "limit"?: n}` — `allDescendants` and `before` only
/// when true, `offset` only when non-zero, `offset` and `limit` as JSON numbers, directions always spelled
/// out. Filters are `{"fieldFilter": {"field", "op", "value"}}`, `{"unaryFilter": {"op", "field"}}` or
/// `{"compositeFilter": {"op", "filters"}}`; `__name__` is an ordinary field path.
///
/// Decoding requires exactly one collection selector in `from`, exactly one filter kind per filter, known
/// operators and directions (by name, or by protobuf enum number as protobuf's JSON parsers accept), and
/// reads a missing direction as ascending. `limit` is also read in the legacy wrapper form `{"value": n}`. `findNearest` (vector search) is not
/// supported and throws. Unknown members are ignored.
public enum TreeQueryCodec {
    // MARK: - Structured query

    /// The REST JSON of `query`. Document names inside it (reference values in filters and cursors) are
    /// written from their own `DocumentName`; `database` is accepted so that callers encode every
    /// message the same way.
    public static func encodeStructuredQuery(_ query: StructuredQuery, database: DatabaseID) -> JSON {
        var object = JSONObject()
        if let select = query.select {
            object["select"] = .object(["fields": .array(select.map(Wire.fieldReference))])
        }
        var selector: JSONObject = ["collectionId": .string(query.from.collectionID)]
        if query.from.allDescendants { selector["allDescendants"] = .bool(true) }
        object["from"] = .array([.object(selector)])
        if let filter = query.filter { object["where"] = encodeFilter(filter) }
        if !query.orderBy.isEmpty { object["orderBy"] = .array(query.orderBy.map(encodeOrder)) }
        if let cursor = query.startAt { object["startAt"] = encodeCursor(cursor) }
        if let cursor = query.endAt { object["endAt"] = encodeCursor(cursor) }
        if query.offset != 0 { object["offset"] = Wire.int32(query.offset) }
        if let limit = query.limit { object["limit"] = Wire.int32(limit) }
        return .object(object)
    }

    /// Reads a structured query.
    public static func decodeStructuredQuery(_ json: JSON) throws(RESTDecodingError) -> StructuredQuery {
        let reader = try MessageReader(json, "StructuredQuery")
        if reader.has("findNearest") {
            throw RESTDecodingError(path: [.key("findNearest")], reason: "vector search (findNearest) is not supported")
        }
        let selectors = try reader.repeated("from", decodeCollectionSelector)
        guard selectors.count == 1, let from = selectors.first else {
            throw RESTDecodingError(
                path: [.key("from")], reason: "a query needs exactly one collection selector; found \(selectors.count)")
        }
        return StructuredQuery(
            from: from,
            filter: try reader.optional("where", decodeFilter),
            select: try reader.optional("select", decodeProjection),
            orderBy: try reader.repeated("orderBy", decodeOrder),
            startAt: try reader.optional("startAt", decodeCursor),
            endAt: try reader.optional("endAt", decodeCursor),
            offset: try reader.optional("offset", Wire.count) ?? 0,
            limit: try reader.optional("limit", Wire.wrappedCount)
        )
    }

    private static func decodeCollectionSelector(_ json: JSON) throws(RESTDecodingError) -> CollectionSelector {
        let reader = try MessageReader(json, "CollectionSelector")
        return CollectionSelector(
            collectionID: try reader.required("collectionId", Wire.string),
            allDescendants: try reader.optional("allDescendants", Wire.bool) ?? false
        )
    }

    private static func decodeProjection(_ json: JSON) throws(RESTDecodingError) -> [FieldPath] {
        try MessageReader(json, "Projection").repeated("fields", Wire.fieldReference)
    }

    // MARK: - Filter

    /// The REST JSON of a filter.
    public static func encodeFilter(_ filter: StructuredQuery.Filter) -> JSON {
        switch filter {
        case .field(let path, let op, let value):
            return .object([
                "fieldFilter": .object([
                    "field": Wire.fieldReference(path),
                    "op": .string(op.wireName),
                    "value": TreeValueCodec.encode(value),
                ])
            ])
        case .unary(let path, let op):
            return .object(["unaryFilter": .object(["op": .string(op.wireName), "field": Wire.fieldReference(path)])])
        case .composite(let op, let filters):
            return .object([
                "compositeFilter": .object(["op": .string(op.wireName), "filters": .array(filters.map(encodeFilter))])
            ])
        }
    }

    /// Reads a filter: exactly one of `fieldFilter`, `unaryFilter`, `compositeFilter`.
    public static func decodeFilter(_ json: JSON) throws(RESTDecodingError) -> StructuredQuery.Filter {
        let reader = try MessageReader(json, "Filter")
        switch try reader.exactlyOne(["fieldFilter", "unaryFilter", "compositeFilter"], "a Filter") {
        case "fieldFilter":
            return try reader.required("fieldFilter") { (json) throws(RESTDecodingError) in
                let filter = try MessageReader(json, "FieldFilter")
                return .field(
                    try filter.required("field", Wire.fieldReference),
                    try filter.required("op") { (json) throws(RESTDecodingError) in
                        try Wire.enumeration(json, FieldOperator.self, numbers: fieldOperatorNumbers)
                    },
                    try filter.required("value", TreeValueCodec.decode)
                )
            }
        case "unaryFilter":
            return try reader.required("unaryFilter") { (json) throws(RESTDecodingError) in
                let filter = try MessageReader(json, "UnaryFilter")
                return .unary(
                    try filter.required("field", Wire.fieldReference),
                    try filter.required("op") { (json) throws(RESTDecodingError) in
                        try Wire.enumeration(json, UnaryOperator.self, numbers: unaryOperatorNumbers)
                    }
                )
            }
        default:
            return try reader.required("compositeFilter") { (json) throws(RESTDecodingError) in
                let filter = try MessageReader(json, "CompositeFilter")
                return .composite(
                    try filter.required("op") { (json) throws(RESTDecodingError) in
                        try Wire.enumeration(json, CompositeOperator.self, numbers: [1: .and, 2: .or])
                    },
                    try filter.repeated("filters", decodeFilter)
                )
            }
        }
    }

    // MARK: - Order and cursor

    /// `{"field": {"fieldPath": "a"}, "direction": "ASCENDING"|"DESCENDING"}`.
    public static func encodeOrder(_ order: Order) -> JSON {
        .object(["field": Wire.fieldReference(order.field), "direction": .string(order.direction.wireName)])
    }

    /// Reads an order; a missing or `DIRECTION_UNSPECIFIED` direction is ascending.
    public static func decodeOrder(_ json: JSON) throws(RESTDecodingError) -> Order {
        let reader = try MessageReader(json, "Order")
        let field = try reader.required("field", Wire.fieldReference)
        let direction = try reader.optional("direction") { (json) throws(RESTDecodingError) -> Order.Direction in
            if json == .string("DIRECTION_UNSPECIFIED") || json == .number("0") { return .ascending }
            return try Wire.enumeration(json, Order.Direction.self, numbers: [1: .ascending, 2: .descending])
        }
        return Order(field, direction ?? .ascending)
    }

    /// `{"values": [...], "before"?: true}`.
    public static func encodeCursor(_ cursor: Cursor) -> JSON {
        var object: JSONObject = ["values": .array(cursor.values.map(TreeValueCodec.encode))]
        if cursor.before { object["before"] = .bool(true) }
        return .object(object)
    }

    /// Reads a cursor; missing `values` is empty, missing `before` is false.
    public static func decodeCursor(_ json: JSON) throws(RESTDecodingError) -> Cursor {
        let reader = try MessageReader(json, "Cursor")
        return Cursor(
            values: try reader.repeated("values", TreeValueCodec.decode),
            before: try reader.optional("before", Wire.bool) ?? false
        )
    }

    private static let fieldOperatorNumbers: [Int64: FieldOperator] = [
        1: .lessThan, 2: .lessThanOrEqual, 3: .greaterThan, 4: .greaterThanOrEqual, 5: .equal, 6: .notEqual,
        7: .arrayContains, 8: .in, 9: .arrayContainsAny, 10: .notIn,
    ]

    private static let unaryOperatorNumbers: [Int64: UnaryOperator] = [
        2: .isNaN, 3: .isNull, 4: .isNotNaN, 5: .isNotNull,
    ]
}
