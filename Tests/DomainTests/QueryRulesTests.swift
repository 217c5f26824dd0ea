import HearthDomain
import Testing

/// Firestore's query rules, written once in Domain: order normalisation, cursors and projection.
@Suite("Query rules")
struct QueryRulesTests {
    // MARK: Order normalisation

    @Test func normalizedOrders_withoutOrdersOrInequalities_areTheNameAscending() {
        #expect(query().normalizedOrders == [Order(FieldPath.documentID)])
        #expect(query(filter: .field(f("a"), .equal, 1)).normalizedOrders == [Order(FieldPath.documentID)])
    }

    @Test func normalizedOrders_appendInequalityFieldsInFieldPathOrder_thenTheName_inTheLastDirection() {
        let filter = StructuredQuery.Filter.composite(
            .or,
            [
                .field(f("z"), .greaterThan, 1),
                .composite(
                    .and, [.field(f("b"), .notEqual, 2), .unary(f("m"), .isNotNull), .field(f("z"), .lessThan, 9)]),
                .unary(f("c"), .isNotNaN),
                .field(f("x"), .notIn, [1, 2]),
            ])
        let sut = query(filter: filter, orderBy: [Order(f("x"), .ascending), Order(f("y"), .descending)])

        #expect(
            sut.normalizedOrders == [
                Order(f("x")), Order(f("y"), .descending), Order(f("b"), .descending), Order(f("c"), .descending),
                Order(f("m"), .descending), Order(f("z"), .descending), Order(FieldPath.documentID, .descending),
            ])
    }

    @Test func normalizedOrders_anExplicitNameOrder_endsThemWithoutASecondOne() {
        let sut = query(orderBy: [Order(f("a")), Order(FieldPath.documentID, .descending)])

        #expect(sut.normalizedOrders == [Order(f("a")), Order(FieldPath.documentID, .descending)])
    }

    @Test(arguments: [
        StructuredQuery.Filter.field(f("a"), .greaterThan, .null),
        .field(f("a"), .lessThanOrEqual, .double(.nan)),
        .field(f("a"), .greaterThanOrEqual, .null),
        .field(f("a"), .lessThan, .double(.nan)),
        .field(f("a"), .notEqual, .null),
        .field(f("a"), .notIn, [.null]),
        .field(f("a"), .notIn, [.null, .null]),
    ])
    func normalizedOrders_anInequalityThatMatchesNothing_impliesNoOrder(filter: StructuredQuery.Filter) {
        #expect(filter.impliedOrderField == nil)
        #expect(query(filter: filter).normalizedOrders == [Order(FieldPath.documentID)])
    }

    @Test(arguments: [
        StructuredQuery.Filter.field(f("a"), .notEqual, .double(.nan)),
        .field(f("a"), .notIn, [1, .null]),
        .field(f("a"), .greaterThan, 0),
        .unary(f("a"), .isNotNull),
        .unary(f("a"), .isNotNaN),
    ])
    func normalizedOrders_anInequalityThatCanMatch_ordersByItsField(filter: StructuredQuery.Filter) {
        #expect(filter.impliedOrderField == f("a"))
        #expect(query(filter: filter).normalizedOrders == [Order(f("a")), Order(FieldPath.documentID)])
    }

    @Test(arguments: [
        StructuredQuery.Filter.field(f("a"), .equal, 1),
        .field(f("a"), .in, [1]),
        .field(f("a"), .arrayContains, 1),
        .field(f("a"), .arrayContainsAny, [1]),
        .unary(f("a"), .isNull),
        .unary(f("a"), .isNaN),
        .composite(.and, [.field(f("a"), .greaterThan, 1)]),
    ])
    func impliedOrderField_ofAnythingButAnInequality_isNil(filter: StructuredQuery.Filter) {
        #expect(filter.impliedOrderField == nil)
    }

    @Test func normalizedOrders_anInequalityOnTheName_addsNoFieldOrder() throws {
        let reference = Value.reference(
            DocumentName(database: try DatabaseID(projectID: "p"), path: try DocumentPath("c/x")))
        let sut = query(
            filter: .composite(
                .and, [.field(FieldPath.documentID, .greaterThan, reference), .field(f("a"), .lessThan, 5)]))

        #expect(sut.normalizedOrders == [Order(f("a")), Order(FieldPath.documentID)])
        #expect(sut.filter?.impliedOrderFields == [FieldPath.documentID, f("a")])
    }

    @Test func normalizedOrders_extraFields_comeAfterTheInequalities_onceEach() {
        let orders = StructuredQuery.normalizedOrders(
            [Order(f("k"), .descending)],
            filter: .field(f("m"), .greaterThan, 1),
            thenBy: [f("s"), f("b"), f("m"), f("k"), f("b")]
        )

        #expect(
            orders == [
                Order(f("k"), .descending), Order(f("m"), .descending), Order(f("b"), .descending),
                Order(f("s"), .descending),
                Order(FieldPath.documentID, .descending),
            ])
    }

    @Test func orderCompare_appliesEachDirection_overTheOrdersBothReach() {
        let orders = [Order(f("a")), Order(f("b"), .descending)]

        #expect(Order.compare([1, 5], [2, 0], by: orders) < 0)
        #expect(Order.compare([1, 5], [1, 7], by: orders) > 0)
        #expect(Order.compare([1, 5], [1, 5], by: orders) == 0)
        #expect(Order.compare([1], [1, 7], by: orders) == 0)
        #expect(Order.compare([.integer(1)], [.double(1)], by: orders) == 0)
    }

    // MARK: Cursors

    @Test func cursorViolation_tooManyValues_orANameValueThatIsNoReferenceOfTheDatabase() throws {
        let database = try DatabaseID(projectID: "p")
        let other = try DatabaseID(projectID: "q")
        let orders = [Order(f("a")), Order(FieldPath.documentID)]
        let ana = try DocumentPath("c/ana")

        #expect(
            Cursor(values: [1, .reference(DocumentName(database: database, path: ana))], before: true)
                .violation(explicitOrders: orders, database: database) == nil)
        #expect(Cursor(values: [1], before: false).violation(explicitOrders: orders, database: database) == nil)
        #expect(
            Cursor(values: [1, 2, 3], before: true).violation(explicitOrders: orders, database: database)?.contains(
                "too many cursor values") == true)
        #expect(
            Cursor(values: [1], before: true).violation(explicitOrders: [], database: database)?.contains(
                "1 values for 0") == true)
        #expect(
            Cursor(values: [1, "ana"], before: true).violation(explicitOrders: orders, database: database)?.contains(
                "__name__") == true)
        #expect(
            Cursor(values: [1, .reference(DocumentName(database: other, path: ana))], before: true)
                .violation(explicitOrders: orders, database: database)?.contains("reference to a document of") == true
        )
    }

    @Test func cursorAtADocument_takesItsValueOfEachOrder_andItsReferenceForTheName() throws {
        let database = try DatabaseID(projectID: "p")
        let path = try DocumentPath("c/ana")
        let orders = [Order(f("a.b"), .descending), Order(FieldPath.documentID, .descending)]

        let cursor = try Cursor(at: path, fields: ["a": ["b": 7]], orders: orders, database: database, before: false)

        #expect(cursor == Cursor(values: [7, .reference(DocumentName(database: database, path: path))], before: false))
        expectInvalidArgument(containing: ["c/ana", "'x'"]) { () throws(DocumentStoreError) in
            try Cursor(
                at: path, fields: ["a": 1], orders: [Order(f("a")), Order(f("x"))], database: database, before: true)
        }
    }

    @Test func cursors_startAtAndEndBeforeLieBeforeTheirValues_startAfterAndEndAtAfterThem() {
        let orders = [Order(f("v")), Order(FieldPath.documentID)]
        let values: [Value] = [1, 2, 3, 4]
        func kept(start: Cursor?, end: Cursor?) -> [Value] {
            values.filter { Cursor.admits([$0], start: start, end: end, orders: orders) }
        }

        #expect(kept(start: nil, end: nil) == [1, 2, 3, 4])
        #expect(kept(start: Cursor(values: [2], before: true), end: nil) == [2, 3, 4])  // startAt
        #expect(kept(start: Cursor(values: [2], before: false), end: nil) == [3, 4])  // startAfter
        #expect(kept(start: nil, end: Cursor(values: [3], before: false)) == [1, 2, 3])  // endAt
        #expect(kept(start: nil, end: Cursor(values: [3], before: true)) == [1, 2])  // endBefore
        #expect(kept(start: Cursor(values: [2], before: true), end: Cursor(values: [3], before: false)) == [2, 3])
        // A position need not match a result.
        #expect(kept(start: Cursor(values: [2.5], before: false), end: nil) == [3, 4])
    }

    @Test func cursors_followEachOrdersDirection_overTheirPrefixOfTheOrders() {
        let orders = [Order(f("v"), .descending), Order(f("w"))]
        let rows: [[Value]] = [[4, 1], [3, 1], [3, 2], [1, 1]]

        let start = Cursor(values: [3], before: true)
        #expect(
            rows.filter { Cursor.admits($0, start: start, end: nil, orders: orders) } == [[3, 1], [3, 2], [1, 1]])
        let end = Cursor(values: [3, 1], before: false)
        #expect(rows.filter { Cursor.admits($0, start: nil, end: end, orders: orders) } == [[4, 1], [3, 1]])
        #expect(Cursor(values: [3, 1], before: true).compare([3, 2], orders: orders) > 0)
        #expect(Cursor(values: [3], before: true).compare([3, 9], orders: orders) == 0)
    }

    // MARK: Projection

    @Test func projection_keepsTheSelectedFieldsOnly_andNeverTheDocument() throws {
        let time = try Timestamp(seconds: 1, nanoseconds: 0)
        let document = Document(
            path: try DocumentPath("c/d"),
            fields: ["a": 1, "m": ["x": 2, "y": 3], "z": 4],
            createTime: time,
            updateTime: time
        )

        #expect(document.projected(onto: nil) == document)
        #expect(
            document.projected(onto: [f("m.y"), f("a"), f("missing"), FieldPath.documentID]).fields == [
                "a": 1, "m": ["y": 3],
            ])
        #expect(document.projected(onto: [f("m")]).fields == ["m": ["x": 2, "y": 3]])
        let namesOnly = document.projected(onto: [FieldPath.documentID])
        #expect(namesOnly.fields.isEmpty)
        #expect(namesOnly.path == document.path && namesOnly.updateTime == time)
        #expect(document.projected(onto: []).fields.isEmpty)
    }

    @Test func selection_addsTheOrderedFieldsItLacks_butNotTheName() {
        let orders = [Order(f("b")), Order(f("a")), Order(FieldPath.documentID)]

        #expect(StructuredQuery.selection([f("a")], placeableIn: orders) == [f("a"), f("b")])
        #expect(StructuredQuery.selection([], placeableIn: orders) == [f("b"), f("a")])
        #expect(StructuredQuery.selection([f("a"), f("b")], placeableIn: orders) == [f("a"), f("b")])
    }
}

private func f(_ dotted: String) -> FieldPath {
    (try? FieldPath(dotted: dotted)) ?? FieldPath.documentID
}

private func query(filter: StructuredQuery.Filter? = nil, orderBy: [Order] = []) -> StructuredQuery {
    StructuredQuery(from: CollectionSelector(collectionID: "c"), filter: filter, orderBy: orderBy)
}
