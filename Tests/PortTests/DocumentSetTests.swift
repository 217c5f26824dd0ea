import HearthDomain
import HearthTestSupport
@testable import HearthPort
import Testing

@Suite("DocumentSet: persistent, ordered, indexed")
struct DocumentSetTests {
    @Test func init_ordersByFieldThenName() throws {
        let set = DocumentSet(
            [try testDocument("c/b", 2), try testDocument("c/a", 2), try testDocument("c/z", 1)], ordering: try byV())

        #expect(set.map(\.path.documentID) == ["z", "a", "b"])
        #expect(set.index(of: try DocumentPath("c/b")) == 2)
        #expect(set[1].path.documentID == "a")
    }

    @Test func descendingOrder_reversesNamesToo() throws {
        let ordering = DocumentOrdering(orders: [Order(try FieldPath(dotted: "v"), .descending)])
        let set = DocumentSet(
            [try testDocument("c/a", 1), try testDocument("c/b", 1), try testDocument("c/c", 2)], ordering: ordering)

        #expect(set.map(\.path.documentID) == ["c", "b", "a"])
    }

    @Test func missingField_sortsFirst() throws {
        let set = DocumentSet([try testDocument("c/a", 1), try testDocument("c/b", nil)], ordering: try byV())

        #expect(set.map(\.path.documentID) == ["b", "a"])
    }

    @Test func randomUpdates_matchASortedArray_andEarlierVersionsStayIntact() throws {
        var generator = SplitMix64(seed: 7)
        let ordering = try byV()
        var set = DocumentSet(ordering: ordering)
        var reference: [String: Int] = [:]
        var versions: [(DocumentSet, [String])] = []
        for step in 0..<1_000 {
            let id = "d\(generator.next() % 300)"
            if generator.next() % 4 == 0 {
                set = set.removing(try DocumentPath("c/\(id)"))
                reference[id] = nil
            } else {
                let value = Int(generator.next() % 50)
                let document = try testDocument("c/\(id)", Int64(value))
                set = set.setting(DocumentSet.Entry(document: document, key: ordering.sortKey(of: document)))
                reference[id] = value
            }
            let expected = reference.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key)
            if step % 97 == 0 { versions.append((set, expected)) }
            if step % 25 == 0 {
                #expect(set.map(\.path.documentID) == expected)
                #expect(try expected.indices.allSatisfy { set.index(of: try DocumentPath("c/\(expected[$0])")) == $0 })
            }
        }
        for (version, expected) in versions {
            #expect(version.map(\.path.documentID) == expected)
            #expect(version.count == expected.count)
        }
    }

    @Test func reordered_reversed_keepsDocumentsInReverse() throws {
        let set = DocumentSet(
            [try testDocument("c/a", 1), try testDocument("c/b", 2), try testDocument("c/c", 3)], ordering: try byV())

        let reversed = set.reordered(set.ordering.reversed)

        #expect(reversed.map(\.path.documentID) == ["c", "b", "a"])
        #expect(reversed.index(of: try DocumentPath("c/a")) == 2)
    }

    @Test func orderingFromQuery_addsInequalityFieldsInFieldOrder_inTheLastDirection() throws {
        let query = StructuredQuery(
            from: CollectionSelector(collectionID: "c"),
            filter: .composite(
                .and,
                [
                    .field(try FieldPath(dotted: "z"), .greaterThan, 1),
                    .field(try FieldPath(dotted: "b"), .notEqual, 2),
                    .field(try FieldPath(dotted: "n"), .lessThan, .null),
                ]),
            orderBy: [Order(try FieldPath(dotted: "x"), .descending)]
        )

        let ordering = DocumentOrdering(query: query)

        #expect(ordering.orders.map(\.field.canonicalString) == ["x", "b", "z", "__name__"])
        #expect(ordering.orders.allSatisfy { $0.direction == .descending })
    }

    @Test func orderingFromQuery_anInequalityOnTheName_keepsTheFieldOrdersBeforeIt() throws {
        // `__name__ > x AND a > 1` runs ordered by `a`, then `__name__`: the name's inequality adds no order
        // of its own, whatever the fields' places in field-path order ("__name__" sorts before "a").
        let database = try DatabaseID(projectID: "p")
        let query = StructuredQuery(
            from: CollectionSelector(collectionID: "c"),
            filter: .composite(
                .and,
                [
                    .field(
                        FieldPath.documentID, .greaterThan,
                        .reference(DocumentName(database: database, path: try DocumentPath("c/x")))),
                    .field(try FieldPath(dotted: "a"), .greaterThan, 1),
                ])
        )

        let ordering = DocumentOrdering(query: query)

        #expect(ordering.orders.map(\.field.canonicalString) == ["a", "__name__"])
    }
}

// MARK: - Helpers

func byV() throws -> DocumentOrdering {
    DocumentOrdering(orders: [Order(try FieldPath(dotted: "v"))])
}

func testDocument(_ path: String, _ value: Int64?, updated: Int64 = 1) throws -> Document {
    let time = try Timestamp(seconds: updated, nanoseconds: 0)
    return Document(
        path: try DocumentPath(path), fields: value.map { ["v": .integer($0)] } ?? [:], createTime: time,
        updateTime: time)
}
