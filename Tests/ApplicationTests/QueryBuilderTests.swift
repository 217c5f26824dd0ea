import HearthApplication
import HearthDomain
import HearthPort
import Testing

@Suite struct QueryBuilderTests {
    // MARK: Filters

    @Test func equalityWithNullOrNaN_becomesUnaryFilters() throws {
        #expect(try filter(of: members.whereField("a", isEqualTo: nil)) == .unary(try FieldPath("a"), .isNull))
        #expect(
            try filter(of: members.whereField("a", isEqualTo: .value(.double(.nan))))
                == .unary(try FieldPath("a"), .isNaN))
        #expect(try filter(of: members.whereField("a", isNotEqualTo: nil)) == .unary(try FieldPath("a"), .isNotNull))
        #expect(
            try filter(of: members.whereField("a", isNotEqualTo: .value(.double(.nan))))
                == .unary(try FieldPath("a"), .isNotNaN))
    }

    @Test func nullWithAnOrderingOperator_failsNamingTheCall() {
        let error = expectInvalid(members.whereField("age", isLessThan: nil))
        #expect(error.contains("whereField(\"age\", <)"))
        #expect(error.contains("null"))
    }

    @Test func sentinelInAFilter_fails() {
        let error = expectInvalid(members.whereField("a", isEqualTo: ["x": .serverTimestamp()]))
        #expect(error.contains("FieldValue.serverTimestamp()"))
    }

    @Test(arguments: [FilterOperator.in, .notIn, .arrayContainsAny])
    func listOperatorsWithoutValues_fail(op: FilterOperator) {
        let error = expectInvalid(members.whereField("a", op, []))
        #expect(error.contains("non-empty list"))
        _ = expectInvalid(members.whereField("a", op, 1))
    }

    @Test func invalidDottedField_failsAtBuildNamingTheField() {
        let error = expectInvalid(members.whereField("a..b", isEqualTo: 1))
        #expect(error.contains("a..b"))
    }

    @Test func severalFilters_areAndedAndFlattened() throws {
        let built =
            try members
            .whereField("a", isGreaterThanOrEqualTo: 5)
            .whereFilter(.andFilter([.whereField("b", isLessThan: "foo"), .whereField("c", arrayContains: 1)]))
            .build()

        #expect(
            built.query.filter
                == .composite(
                    .and,
                    [
                        .field(try FieldPath("a"), .greaterThanOrEqual, 5),
                        .field(try FieldPath("b"), .lessThan, "foo"),
                        .field(try FieldPath("c"), .arrayContains, 1),
                    ])
        )
    }

    @Test func compositeFilters_dropEmptyOnesAndUnwrapSingleOnes() throws {
        let built =
            try members
            .whereFilter(
                .orFilter([.andFilter([]), .andFilter([.whereField("a", in: [1, 2])]), .whereField("b", notIn: ["x"])])
            )
            .whereFilter(.orFilter([]))
            .build()

        #expect(
            built.query.filter
                == .composite(
                    .or, [.field(try FieldPath("a"), .in, [1, 2]), .field(try FieldPath("b"), .notIn, ["x"])])
        )
    }

    @Test func documentIDFilters_becomeReferencesUnderTheCollection() throws {
        let built = try members.whereField(FieldPath.documentID, in: ["ana", .reference(name("members/bo"))]).build()

        #expect(
            built.query.filter
                == .field(
                    FieldPath.documentID, .in,
                    [.reference(try name("members/ana")), .reference(try name("members/bo"))]))
    }

    @Test func documentIDFilters_rejectSlashesOtherCollectionsAndArrayContains() throws {
        let otherCollection = FieldValue.reference(try name("coaches/x"))
        #expect(expectInvalid(members.whereField("__name__", isEqualTo: "a/b")).contains("slash"))
        #expect(expectInvalid(members.whereField("__name__", isEqualTo: otherCollection)).contains("coaches/x"))
        #expect(expectInvalid(members.whereField("__name__", arrayContains: "ana")).contains("array-contains"))
        #expect(expectInvalid(members.whereField("__name__", isEqualTo: 7)).contains("integer"))
    }

    @Test func collectionGroup_acceptsPathsRelativeToTheParent() throws {
        let group = try QueryBuilder(database: database, collectionGroup: "posts", parent: try DocumentPath("users/u1"))

        let built = try group.whereField("__name__", isGreaterThanOrEqualTo: "blogs/b1/posts/p1").build()

        #expect(built.parent == (try DocumentPath("users/u1")))
        #expect(built.query.from == CollectionSelector(collectionID: "posts", allDescendants: true))
        #expect(
            built.query.filter
                == .field(FieldPath.documentID, .greaterThanOrEqual, .reference(try name("users/u1/blogs/b1/posts/p1")))
        )
        #expect(expectInvalid(group.whereField("__name__", isEqualTo: "blogs/b1/posts")).contains("blogs/b1/posts"))
    }

    @Test func collectionGroup_withInvalidID_throws() {
        #expect(throws: DocumentStoreError.self) { try QueryBuilder(database: database, collectionGroup: "a/b") }
    }

    @Test func unknownOperatorSymbol_throwsNamingIt() {
        #expect { try FilterOperator(symbol: "|~|") } throws: { error in
            (error as? DocumentStoreError)?.message.contains("'|~|'") == true
        }
        #expect((try? FilterOperator(symbol: "array-contains-any")) == .arrayContainsAny)
    }

    @Test func builderMethods_returnNewValuesAndLeaveTheOriginalUntouched() throws {
        let base = members.order(by: "a")

        let narrowed = base.whereField("a", isGreaterThan: 1).limit(to: 1)

        #expect(
            try base.build().query
                == StructuredQuery(
                    from: CollectionSelector(collectionID: "members"), orderBy: [Order(try FieldPath("a"))]))
        #expect(try narrowed.build().query.limit == 1)
    }

    // MARK: Orders, limits, projection

    @Test func lastLimitOffsetSelectAndCursorsWin() throws {
        let built =
            try members
            .order(by: "a")
            .limit(to: 3).limit(toLast: 9).limit(to: 4)
            .offset(2).offset(5)
            .select(["x", "y"]).select(["z"])
            .start(after: [1]).start(at: [2])
            .end(at: [3]).end(before: [4])
            .build()

        #expect(built.query.limit == 4)
        #expect(built.query.offset == 5)
        #expect(built.query.select == [try FieldPath("z")])
        #expect(built.query.startAt == Cursor(values: [2], before: true))
        #expect(built.query.endAt == Cursor(values: [4], before: true))
        #expect(!built.reversesResults)
    }

    @Test func emptySelect_returnsOnlyNames() throws {
        #expect(try members.select([String]()).build().query.select == [FieldPath.documentID])
    }

    @Test func negativeLimitOrOffset_fails() {
        #expect(expectInvalid(members.limit(to: -1)).contains("limit(to: -1)"))
        #expect(expectInvalid(members.limit(toLast: -2)).contains("limit(toLast: -2)"))
        #expect(expectInvalid(members.offset(-3)).contains("offset(-3)"))
    }

    @Test func limitToLast_reversesOrdersAndSwapsCursors() throws {
        let built =
            try members
            .order(by: "lastName").order(by: "age", descending: true)
            .start(after: ["A"]).end(at: ["M", 30])
            .limit(toLast: 2)
            .build()

        #expect(built.reversesResults)
        #expect(built.query.limit == 2)
        #expect(
            built.query.orderBy == [
                Order(try FieldPath("lastName"), .descending), Order(try FieldPath("age"), .ascending),
            ])
        #expect(built.query.startAt == Cursor(values: ["M", 30], before: true))
        #expect(built.query.endAt == Cursor(values: ["A"], before: true))
    }

    @Test func limitToLast_withoutOrder_failsAtBuild() {
        #expect(expectInvalid(members.whereField("a", isGreaterThan: 1).limit(toLast: 2)).contains("limit(toLast:)"))
    }

    @Test func orderOrFilterAfterACursor_fails() {
        #expect(expectInvalid(members.order(by: "a").start(at: [1]).order(by: "b")).contains("order(by: \"b\")"))
        #expect(expectInvalid(members.order(by: "a").end(at: [1]).whereField("b", isEqualTo: 1)).contains("cursor"))
    }

    @Test func firstErrorWins_laterCallsAreIgnored() {
        let error = expectInvalid(members.offset(-1).whereField("a", isLessThan: nil).limit(to: -5))
        #expect(error.contains("offset(-1)"))
    }

    // MARK: Cursors

    @Test func valueCursors_mustNotBeEmptyNorLongerThanTheOrders() {
        #expect(expectInvalid(members.order(by: "a").start(at: [])).contains("at least one value"))
        #expect(expectInvalid(members.start(at: [2])).contains("too many cursor values"))
        #expect(expectInvalid(members.order(by: "a").end(before: [1, 2])).contains("end(before:)"))
    }

    @Test func valueCursors_rejectSentinels() {
        #expect(expectInvalid(members.order(by: "a").end(before: [.delete()])).contains("FieldValue.delete()"))
    }

    @Test func valueCursorOnDocumentID_becomesAReference() throws {
        let built = try members.order(by: FieldPath.documentID).start(after: ["ana"]).build()

        #expect(built.query.startAt == Cursor(values: [.reference(try name("members/ana"))], before: false))
    }

    @Test func documentCursor_usesNormalizedOrdersInTheLastDirection() throws {
        let snapshot = CursorDocument(path: try DocumentPath("members/ana"), fields: ["a": 7, "b": 8, "c": 9])

        let built =
            try members
            .whereField("c", isNotEqualTo: nil)
            .whereField("b", isGreaterThan: 1)
            .order(by: "a", descending: true)
            .start(atDocument: snapshot)
            .build()

        #expect(
            built.query.orderBy == [
                Order(try FieldPath("a"), .descending),
                Order(try FieldPath("b"), .descending),
                Order(try FieldPath("c"), .descending),
                Order(FieldPath.documentID, .descending),
            ]
        )
        #expect(built.query.startAt == Cursor(values: [7, 8, 9, .reference(try name("members/ana"))], before: true))
    }

    @Test func documentCursor_ordersStayForLaterValueCursors() throws {
        let snapshot = CursorDocument(path: try DocumentPath("members/ana"), fields: ["age": 30])

        let built = try members.order(by: "age").start(afterDocument: snapshot).end(before: [40, "zed"]).build()

        #expect(built.query.orderBy == [Order(try FieldPath("age")), Order(FieldPath.documentID)])
        #expect(built.query.startAt == Cursor(values: [30, .reference(try name("members/ana"))], before: false))
        #expect(built.query.endAt == Cursor(values: [40, .reference(try name("members/zed"))], before: true))
    }

    @Test func documentCursor_inACollectionGroup_acceptsDocumentsUnderTheParent() throws {
        let group = try QueryBuilder(database: database, collectionGroup: "posts", parent: try DocumentPath("users/u1"))
        let inside = CursorDocument(path: try DocumentPath("users/u1/blogs/b/posts/p"), fields: [:])
        let outside = CursorDocument(path: try DocumentPath("users/u2/posts/p"), fields: [:])

        let built = try group.start(atDocument: inside).build()

        #expect(built.query.startAt == Cursor(values: [.reference(try name("users/u1/blogs/b/posts/p"))], before: true))
        #expect(expectInvalid(group.start(atDocument: outside)).contains("under 'users/u1'"))
    }

    @Test func documentCursor_missingAnOrderedField_failsNamingIt() throws {
        let snapshot = CursorDocument(path: try DocumentPath("members/ana"), fields: ["a": 7])

        let error = expectInvalid(members.order(by: "b").end(beforeDocument: snapshot))
        #expect(error.contains("'b'"))
        #expect(error.contains("members/ana"))
    }

    @Test func documentCursor_anInequalityThatMatchesNothing_ordersByNothing() throws {
        // `not-in` a list of nulls matches nothing and implies no order (the engine's and the emulator's
        // rule): the document cursor follows `__name__` only, so a document without `a` has a position.
        let query = members.whereField("a", notIn: [nil, nil])
        let snapshot = CursorDocument(path: try DocumentPath("members/ana"), fields: ["b": 1])

        #expect(query.normalizedOrders == [Order(FieldPath.documentID)])
        let built = try query.start(afterDocument: snapshot).build()
        #expect(built.query.orderBy == [Order(FieldPath.documentID)])
        #expect(built.query.startAt == Cursor(values: [.reference(try name("members/ana"))], before: false))
        // `not-in` with a value besides null still orders by its field.
        #expect(
            members.whereField("a", notIn: [1, nil]).normalizedOrders == [
                Order(try FieldPath("a")), Order(FieldPath.documentID),
            ])
    }

    @Test func documentCursor_fromAnotherCollection_fails() throws {
        let snapshot = CursorDocument(path: try DocumentPath("coaches/bo"), fields: [:])

        #expect(expectInvalid(members.end(atDocument: snapshot)).contains("coaches/bo"))
    }
}

// MARK: - Helpers

private let database = try! DatabaseID(projectID: "gym")
private let members = QueryBuilder(database: database, collection: try! CollectionPath("members"))

private func name(_ path: String) throws -> DocumentName {
    DocumentName(database: database, path: try DocumentPath(path))
}

private func filter(of query: QueryBuilder) throws -> StructuredQuery.Filter? {
    try query.build().query.filter
}

/// Builds `query`, expects an `invalidArgument` error and returns its message ("" when it built).
private func expectInvalid(_ query: QueryBuilder, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    do {
        let built = try query.build()
        Issue.record("Expected invalidArgument, built \(built)", sourceLocation: sourceLocation)
        return ""
    } catch {
        #expect(error.code == .invalidArgument, sourceLocation: sourceLocation)
        return error.message
    }
}
