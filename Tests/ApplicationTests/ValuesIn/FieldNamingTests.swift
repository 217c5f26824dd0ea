import Foundation
import HearthApplication
import HearthDomain
import HearthPort
import Testing

/// Every method that names one field takes a dotted `String` or a `FieldPath` through one member
/// (``FieldPathConvertible``): Firebase-shaped calls of both kinds compile as written, with literals,
/// variables and `Any` values, and the two spellings of a field build the same query.
@Suite("Values in: naming a field")
struct FieldNamingTests {
    @Test func stringAndFieldPath_buildTheSameFilters() throws {
        let path = try FieldPath(["address", "city"])
        let city = "Puebla"
        let cities: [String] = ["Puebla", "Oaxaca"]
        let anyCity: Any = "Puebla"
        let anyCities: [Any] = ["Puebla", "Oaxaca"]

        let field = "address.city"
        let pairs: [(byText: QueryBuilder, byPath: QueryBuilder)] = [
            (members.whereField(field, isEqualTo: "Puebla"), members.whereField(path, isEqualTo: "Puebla")),
            (members.whereField(field, isNotEqualTo: city), members.whereField(path, isNotEqualTo: city)),
            (members.whereField(field, isLessThan: anyCity), members.whereField(path, isLessThan: anyCity)),
            (members.whereField(field, isLessThanOrEqualTo: 3), members.whereField(path, isLessThanOrEqualTo: 3)),
            (members.whereField(field, isGreaterThan: city), members.whereField(path, isGreaterThan: city)),
            (
                members.whereField(field, isGreaterThanOrEqualTo: Date(timeIntervalSince1970: 0)),
                members.whereField(path, isGreaterThanOrEqualTo: Date(timeIntervalSince1970: 0))
            ),
            (members.whereField(field, arrayContains: city), members.whereField(path, arrayContains: city)),
            (
                members.whereField(field, arrayContainsAny: ["a", 1]),
                members.whereField(path, arrayContainsAny: ["a", 1])
            ),
            (members.whereField(field, in: cities), members.whereField(path, in: cities)),
            (members.whereField(field, notIn: anyCities), members.whereField(path, notIn: anyCities)),
            (members.whereField(field, .equal, 1.5), members.whereField(path, .equal, 1.5)),
            (
                members.whereFilter(.orFilter([.whereField(field, isEqualTo: true), .whereField(field, in: [1])])),
                members.whereFilter(.orFilter([.whereField(path, isEqualTo: true), .whereField(path, in: [1])]))
            ),
            (members.order(by: field, descending: true), members.order(by: path, descending: true)),
            (members.select([field, "visits"]), members.select([path, try FieldPath(["visits"])])),
            (members.order(by: "__name__"), members.order(by: .documentID)),
            (members.select(["__name__"]), members.select([.documentID])),
            (
                members.whereFilter(.whereField("__name__", isGreaterThan: "ana")),
                members.whereFilter(.whereField(.documentID, isGreaterThan: "ana"))
            ),
        ]

        for (byText, byPath) in pairs {
            let built = try byText.build()
            #expect(built == (try byPath.build()))
        }
        #expect(
            try members.whereField("address.city", isGreaterThan: 3).build().query.filter
                == .field(path, .greaterThan, 3))
    }

    @Test func invalidDottedText_isReportedWhenBuilt_quotingTheText() {
        let error = #expect(throws: DocumentStoreError.self) { try members.order(by: "a..b").build() }

        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("order(by: \"a..b\")") == true)
    }

    @Test func queriesCollectionsAndAggregations_takeBothSpellings() async throws {
        let db = try makeValuesDatabase()
        let members = db.collection("members")
        try await members.document("ana").setData(["visits": 3, "address": ["city": "Puebla"]])
        let field = "address.city"
        let path = try FieldPath(["address", "city"])

        let fromCollection = try await members.whereField(field, isEqualTo: "Puebla").getDocuments()
        let fromQuery = try await members.query.whereField(path, isEqualTo: "Puebla").order(by: path).select([path])
            .getDocuments()
        let visits = try FieldPath(["visits"])
        let sums = try await members.aggregate([.sum("visits"), .average(visits)]).getAggregation()

        #expect(fromCollection.documents.map(\.documentID) == ["ana"])
        #expect(fromQuery.documents.map(\.documentID) == ["ana"])
        #expect(sums.get(.sum("visits")) == .integer(3))
        #expect(sums.get(.average(visits)) == .double(3))
    }
}

// MARK: - Helpers

private let members = QueryBuilder(
    database: try! DatabaseID(projectID: "gym"), collection: try! CollectionPath("members"))
