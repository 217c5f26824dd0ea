import HearthDomain

extension QueryCaseGenerator {
    /// Query shapes Firestore rejects (with INVALID_ARGUMENT on the emulator); both sides must fail with
    /// the same code.
    static let invalidQueryShapes = [
        "in-31-values", "array-contains-any-31-values", "not-in-11-values", "two-array-contains",
        "not-in-with-not-equal",
        "two-not-equal", "not-in-inside-or", "not-in-with-in", "cursor-longer-than-orders", "cursor-without-orders",
        "duplicate-order", "order-after-name", "inequality-with-name-order", "negative-limit", "negative-offset",
        "name-filter-with-string", "name-filter-other-project", "unary-on-name", "array-contains-on-name", "empty-in",
        "in-with-scalar", "reserved-field", "empty-or", "eleven-inequality-fields", "name-cursor-with-string",
        "operand-string-1500-bytes", "too-many-disjunctions",
    ]

    /// Aggregation shapes Firestore rejects.
    static let invalidAggregationShapes = [
        "no-aggregations", "duplicate-alias", "sum-of-name", "negative-up-to", "reserved-alias",
    ]

    /// Makes `query` (or `aggregations`) invalid in one of the ways above; returns the shape's name.
    mutating func makeInvalid(
        _ query: inout StructuredQuery, _ aggregations: inout [Aggregation], isAggregation: Bool
    ) -> String {
        let shapes =
            Self.invalidQueryShapes
            + (isAggregation ? Self.invalidAggregationShapes + Self.invalidAggregationShapes : [])
        let shape = random.pick(shapes)
        features.append("invalid:" + shape)
        let a = Self.path("a")
        let b = Self.path("b")
        let n = Self.path("n")
        let arr = Self.path("arr")
        let integers: (Int) -> Value = { count in .array((0..<count).map { .integer(Int64($0)) }) }
        switch shape {
        case "in-31-values": query.filter = .field(n, .in, integers(31))
        case "array-contains-any-31-values": query.filter = .field(arr, .arrayContainsAny, integers(31))
        case "not-in-11-values": query.filter = .field(n, .notIn, integers(11))
        case "two-array-contains":
            query.filter = .composite(
                .and, [.field(arr, .arrayContains, .integer(1)), .field(a, .arrayContains, .integer(2))])
        case "not-in-with-not-equal":
            query.filter = .composite(
                .and, [.field(a, .notIn, .array([.integer(1)])), .field(b, .notEqual, .integer(2))])
        case "two-not-equal":
            query.filter = .composite(.and, [.field(a, .notEqual, .integer(1)), .field(b, .notEqual, .integer(2))])
        case "not-in-inside-or":
            query.filter = .composite(.or, [.field(a, .notIn, .array([.integer(1)])), .field(b, .equal, .integer(2))])
        case "not-in-with-in":
            query.filter = .composite(
                .and, [.field(a, .notIn, .array([.integer(1)])), .field(b, .in, .array([.integer(2)]))])
        case "cursor-longer-than-orders":
            if query.orderBy.isEmpty { query.orderBy = [Order(n)] }
            query.startAt = Cursor(
                values: (0...query.orderBy.count).map { .integer(Int64($0)) }, before: random.chance(0.5))
        case "cursor-without-orders":
            query.orderBy = []
            query.endAt = Cursor(values: [.integer(1)], before: random.chance(0.5))
            query.startAt = nil
        case "duplicate-order":
            query.orderBy = [Order(a), Order(a, .descending)]
            query.startAt = nil
            query.endAt = nil
        case "order-after-name":
            query.orderBy = [Order(.documentID), Order(a)]
            query.startAt = nil
            query.endAt = nil
        case "inequality-with-name-order":
            query.filter = .field(n, .greaterThan, .integer(0))
            query.orderBy = [Order(.documentID)]
            query.startAt = nil
            query.endAt = nil
        case "negative-limit": query.limit = -1
        case "negative-offset": query.offset = -1
        case "name-filter-with-string": query.filter = .field(.documentID, .equal, .string("d001"))
        case "name-filter-other-project":
            let other = (try? DatabaseID(projectID: "demo-other")) ?? dataset.database
            let path = scopeDocuments.first?.path ?? dataset.documents[0].path
            query.filter = .field(.documentID, .equal, .reference(DocumentName(database: other, path: path)))
        case "unary-on-name": query.filter = .unary(.documentID, .isNull)
        case "array-contains-on-name": query.filter = .field(.documentID, .arrayContains, nameOperand())
        case "empty-in": query.filter = .field(a, random.pick([.in, .notIn, .arrayContainsAny]), .array([]))
        case "in-with-scalar": query.filter = .field(a, .in, .integer(1))
        case "reserved-field": query.filter = .field((try? FieldPath(["__x__"])) ?? .documentID, .equal, .integer(1))
        case "empty-or": query.filter = .composite(.or, [])
        case "eleven-inequality-fields":
            let paths = Array(DifferentialDataset.queryPaths.prefix(11))
            query.filter = .composite(.and, paths.map { .field($0, .greaterThan, .integer(0)) })
        case "name-cursor-with-string":
            query.orderBy = [Order(.documentID)]
            query.startAt = Cursor(values: [.string("d001")], before: true)
            query.endAt = nil
        case "operand-string-1500-bytes":
            query.filter = .field(Self.path("s"), .equal, .string(String(repeating: "é", count: 750)))
        case "too-many-disjunctions":
            query.filter = .composite(.and, [.field(a, .in, integers(6)), .field(b, .in, integers(6))])
        case "no-aggregations": aggregations = []
        case "duplicate-alias":
            aggregations = [Aggregation(alias: "v1", .count(upTo: nil)), Aggregation(alias: "v1", .sum(n))]
        case "sum-of-name": aggregations = [Aggregation(alias: "v1", .sum(.documentID))]
        case "negative-up-to": aggregations = [Aggregation(alias: "v1", .count(upTo: -1))]
        default: aggregations = [Aggregation(alias: "__x__", .count(upTo: nil))]
        }
        return shape
    }
}
