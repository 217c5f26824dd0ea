import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import HearthFirestoreTestServer
import Testing

/// Queries as the client writes them (the library) and as the server reads them (the test server).
@Suite struct RESTQueryCodecTests {
    @Test func encodeStructuredQuery_minimalQuery_writesOnlyFrom() throws {
        let query = StructuredQuery(from: CollectionSelector(collectionID: "C"))

        #expect(try encode(query) == (try parse(#"{"from": [{"collectionId": "C"}]}"#)))
    }

    @Test func encodeStructuredQuery_everyClause_writesExactJSON() throws {
        let reference = try DocumentName(parsing: "projects/projectID/databases/(default)/documents/C/D1")
        let query = StructuredQuery(
            from: CollectionSelector(collectionID: "C", allDescendants: true),
            filter: .composite(
                .and,
                [
                    .field(try FieldPath("a"), .greaterThanOrEqual, 5),
                    .unary(try FieldPath("b"), .isNaN),
                    .composite(
                        .or,
                        [
                            .field(try FieldPath("c", "d"), .in, [1, "x"]),
                            .field(.documentID, .notEqual, .reference(reference)),
                        ]),
                ]),
            select: [try FieldPath("a"), try FieldPath("x y")],
            orderBy: [Order(try FieldPath("a")), Order(.documentID, .descending)],
            startAt: Cursor(values: [5, .reference(reference)], before: true),
            endAt: Cursor(values: [9], before: false),
            offset: 2,
            limit: 3
        )

        let json = try encode(query)

        #expect(
            json
                == (try parse(
                    """
                    {"select": {"fields": [{"fieldPath": "a"}, {"fieldPath": "`x y`"}]},
                     "from": [{"collectionId": "C", "allDescendants": true}],
                     "where": {"compositeFilter": {"op": "AND", "filters": [
                         {"fieldFilter": {"field": {"fieldPath": "a"}, "op": "GREATER_THAN_OR_EQUAL", "value": {"integerValue": "5"}}},
                         {"unaryFilter": {"op": "IS_NAN", "field": {"fieldPath": "b"}}},
                         {"compositeFilter": {"op": "OR", "filters": [
                             {"fieldFilter": {"field": {"fieldPath": "c.d"}, "op": "IN",
                                              "value": {"arrayValue": {"values": [{"integerValue": "1"}, {"stringValue": "x"}]}}}},
                             {"fieldFilter": {"field": {"fieldPath": "__name__"}, "op": "NOT_EQUAL",
                                              "value": {"referenceValue": "projects/projectID/databases/(default)/documents/C/D1"}}}]}}]}},
                     "orderBy": [{"field": {"fieldPath": "a"}, "direction": "ASCENDING"},
                                 {"field": {"fieldPath": "__name__"}, "direction": "DESCENDING"}],
                     "startAt": {"values": [{"integerValue": "5"}, {"referenceValue": "projects/projectID/databases/(default)/documents/C/D1"}], "before": true},
                     "endAt": {"values": [{"integerValue": "9"}]},
                     "offset": 2,
                     "limit": 3}
                    """)))
        #expect(
            String(decoding: RESTReadCodec.encodeStructuredQuery(query, database: try database()), as: UTF8.self)
                .contains(#""offset":2,"limit":3"#))
    }

    @Test func encodeStructuredQuery_zeroLimitIsWrittenButZeroOffsetIsNot() throws {
        let query = StructuredQuery(from: CollectionSelector(collectionID: "C"), offset: 0, limit: 0)
        #expect(try encode(query) == (try parse(#"{"from": [{"collectionId": "C"}], "limit": 0}"#)))
    }

    @Test func structuredQuery_roundTrips() throws {
        let query = StructuredQuery(
            from: CollectionSelector(collectionID: "posts", allDescendants: true),
            filter: .composite(
                .or,
                [.unary(try FieldPath("a"), .isNotNull), .field(try FieldPath("tags"), .arrayContainsAny, ["x", "y"])]),
            select: [],
            orderBy: [Order(try FieldPath("score"), .descending)],
            startAt: Cursor(values: [.double(.nan)], before: false),
            endAt: Cursor(values: [], before: true),
            offset: 7,
            limit: 100
        )

        let json = try encode(query)

        #expect(try TreeQueryCodec.decodeStructuredQuery(json) == query)
    }

    @Test func serverDecodesStructuredQuery_defaultsForAbsentMembers() throws {
        let json = try parse(
            """
            {"from": [{"collectionId": "C"}], "orderBy": [{"field": {"fieldPath": "a"}}, {"field": {"fieldPath": "b"}, "direction": "DIRECTION_UNSPECIFIED"}],
             "startAt": {}, "limit": "4", "offset": null}
            """)

        let query = try TreeQueryCodec.decodeStructuredQuery(json)

        #expect(query.orderBy == [Order(try FieldPath("a"), .ascending), Order(try FieldPath("b"), .ascending)])
        #expect(query.startAt == Cursor(values: [], before: false))
        #expect(query.limit == 4)
        #expect(query.offset == 0)
        #expect(query.from.allDescendants == false)
    }

    @Test func serverDecodesStructuredQuery_acceptsEnumNumbersAndTheLegacyLimitWrapper() throws {
        let json = try parse(
            """
            {"from": [{"collectionId": "C"}],
             "where": {"compositeFilter": {"op": 2, "filters": [
                 {"fieldFilter": {"field": {"fieldPath": "a"}, "op": 10, "value": {"nullValue": null}}},
                 {"unaryFilter": {"op": 5, "field": {"fieldPath": "b"}}}]}},
             "orderBy": [{"field": {"fieldPath": "a"}, "direction": 2}],
             "limit": {"value": 3}}
            """)

        let query = try TreeQueryCodec.decodeStructuredQuery(json)

        #expect(
            query.filter
                == .composite(.or, [.field(try FieldPath("a"), .notIn, .null), .unary(try FieldPath("b"), .isNotNull)]))
        #expect(query.orderBy == [Order(try FieldPath("a"), .descending)])
        #expect(query.limit == 3)
    }

    static let malformedQueries: [(String, String, String)] = [
        (#"{"from": []}"#, "$.from", "exactly one collection selector"),
        (#"{"from": [{"collectionId": "A"}, {"collectionId": "B"}]}"#, "$.from", "exactly one collection selector"),
        (#"{"from": [{"allDescendants": true}]}"#, "$.from[0]", "missing required member \"collectionId\""),
        (#"{"from": [{"collectionId": "C"}], "where": {}}"#, "$.where", "must set one of"),
        (
            #"{"from": [{"collectionId": "C"}], "where": {"fieldFilter": {"field": {"fieldPath": "a"}, "op": "LIKE", "value": {"nullValue": null}}}}"#,
            "$.where.fieldFilter.op", "unknown value \"LIKE\""
        ),
        (
            #"{"from": [{"collectionId": "C"}], "where": {"fieldFilter": {"field": {"fieldPath": "a"}, "op": "EQUAL"}}}"#,
            "$.where.fieldFilter", "missing required member \"value\""
        ),
        (
            #"{"from": [{"collectionId": "C"}], "where": {"compositeFilter": {"op": "AND", "filters": [{"unaryFilter": {"op": "IS_NULL", "field": {"fieldPath": "a."}}}]}}}"#,
            "$.where.compositeFilter.filters[0].unaryFilter.field.fieldPath", "invalid field path"
        ),
        (
            #"{"from": [{"collectionId": "C"}], "where": {"fieldFilter": {}, "unaryFilter": {}}}"#, "$.where",
            "only one of"
        ),
        (
            #"{"from": [{"collectionId": "C"}], "orderBy": [{"field": {"fieldPath": "a"}, "direction": "UP"}]}"#,
            "$.orderBy[0].direction", "unknown value"
        ),
        (#"{"from": [{"collectionId": "C"}], "limit": -1}"#, "$.limit", "non-negative"),
        (#"{"from": [{"collectionId": "C"}], "limit": 2147483648}"#, "$.limit", "int32"),
        (#"{"from": [{"collectionId": "C"}], "offset": 1.5}"#, "$.offset", "integer"),
        (
            #"{"from": [{"collectionId": "C"}], "startAt": {"values": [{"integerValue": 1, "x": 2}]}}"#,
            "$.startAt.values[0]", "exactly one kind member"
        ),
        (#"{"from": [{"collectionId": "C"}], "endAt": {"before": 1}}"#, "$.endAt.before", "a boolean"),
        (
            #"{"from": [{"collectionId": "C"}], "select": {"fields": [{"fieldPath": ""}]}}"#,
            "$.select.fields[0].fieldPath", "invalid field path"
        ),
        (#"{"from": [{"collectionId": "C"}], "findNearest": {}}"#, "$.findNearest", "not supported"),
        (
            #"{"from": [{"collectionId": "C"}], "where": {"unaryFilter": {"op": 1, "field": {"fieldPath": "a"}}}}"#,
            "$.where.unaryFilter.op", "unknown enum number 1"
        ),
        (
            #"{"from": [{"collectionId": "C"}], "where": {"compositeFilter": {"op": "OPERATOR_UNSPECIFIED", "filters": []}}}"#,
            "$.where.compositeFilter.op", "unknown value"
        ),
    ]

    @Test(arguments: malformedQueries)
    func serverDecodesStructuredQuery_malformed_throwsNamingThePath(
        text: String, path: String, reasonFragment: String
    ) throws {
        let error = try #require(throws: RESTDecodingError.self) {
            try TreeQueryCodec.decodeStructuredQuery(parse(text))
        }
        #expect(error.path == path)
        #expect(error.reason.contains(reasonFragment), "reason: \(error.reason)")
    }

    // MARK: - Aggregations

    @Test func encodeStructuredAggregationQuery_writesEveryAggregationKind() throws {
        let query = StructuredQuery(from: CollectionSelector(collectionID: "C"))
        let aggregations = [
            Aggregation(alias: "n", .count(upTo: nil)),
            Aggregation(alias: "capped", .count(upTo: 5)),
            Aggregation(alias: "total", .sum(try FieldPath("a"))),
            Aggregation(alias: "mean", .average(try FieldPath("a", "b"))),
        ]

        let db = try database()
        let bytes = RESTReadCodec.encodeRunAggregationQueryRequest(
            StructuredAggregationQuery(query: query, aggregations: aggregations), consistency: .latest, database: db)
        let reference = TreeReadCodec.encodeRunAggregationQueryRequest(
            RESTRunAggregationQueryRequest(query: query, aggregations: aggregations), database: db)
        guard case .object(let request) = tree(agreeing(bytes, reference)),
            let json = request["structuredAggregationQuery"]
        else {
            Issue.record("no structuredAggregationQuery")
            return
        }

        #expect(
            json
                == (try parse(
                    """
                    {"structuredQuery": {"from": [{"collectionId": "C"}]},
                     "aggregations": [{"alias": "n", "count": {}},
                                      {"alias": "capped", "count": {"upTo": "5"}},
                                      {"alias": "total", "sum": {"field": {"fieldPath": "a"}}},
                                      {"alias": "mean", "avg": {"field": {"fieldPath": "a.b"}}}]}
                    """)))
        let decoded = try TreeQueryCodec.decodeStructuredAggregationQuery(json)
        #expect(decoded.query == query)
        #expect(decoded.aggregations == aggregations)
    }

    @Test func serverDecodesStructuredAggregationQuery_missingAliasesGetFirestoreDefaults() throws {
        let json = try parse(
            """
            {"structuredQuery": {"from": [{"collectionId": "C"}]},
             "aggregations": [{"count": {}}, {"alias": "field_2", "sum": {"field": {"fieldPath": "a"}}}, {"alias": "", "avg": {"field": {"fieldPath": "a"}}}]}
            """)

        let aliases = try TreeQueryCodec.decodeStructuredAggregationQuery(json).aggregations.map(\.alias)

        #expect(aliases == ["field_1", "field_2", "field_3"])
    }

    @Test func serverDecodesStructuredAggregationQuery_malformedAggregation_throwsNamingThePath() throws {
        let json = try parse(
            """
            {"structuredQuery": {"from": [{"collectionId": "C"}]},
             "aggregations": [{"count": {"upTo": "1.5"}}]}
            """)
        let error = try #require(throws: RESTDecodingError.self) {
            try TreeQueryCodec.decodeStructuredAggregationQuery(json)
        }
        #expect(error.path == "$.aggregations[0].count.upTo")

        let twoKinds = try parse(
            #"{"structuredQuery": {"from": [{"collectionId": "C"}]}, "aggregations": [{"count": {}, "sum": {"field": {"fieldPath": "a"}}}]}"#
        )
        let other = try #require(throws: RESTDecodingError.self) {
            try TreeQueryCodec.decodeStructuredAggregationQuery(twoKinds)
        }
        #expect(other.path == "$.aggregations[0]")
    }
}

// MARK: - Helpers

private func database() throws -> DatabaseID {
    try DatabaseID(projectID: "projectID")
}

/// The library's query, read back as JSON, after checking it is the reference's.
private func encode(_ query: StructuredQuery) throws -> JSON {
    let db = try database()
    return tree(
        agreeing(
            RESTReadCodec.encodeStructuredQuery(query, database: db),
            TreeQueryCodec.encodeStructuredQuery(query, database: db)))
}
