import HearthDomain
import HearthRules
import Testing

/// What a `list` rule proves from a query's filters, each row as the emulator decided it (probed by hand on
/// 2026-11-26: one project per rule, each query sent by `runQuery` as user `u1`; the same shapes run at
/// random in `RulesDifferentialTests` over `Tests/RulesCorpus/query_proofs.rules`): a comparison of
/// `resource.data.x` holds when it holds for every value the filters allow, and a query of `in` is
/// allowed when it is allowed for each of its values.
@Suite("List rules proven from query filters")
struct RulesQueryProofTests {
    struct Row: Sendable, CustomStringConvertible {
        let rule: String
        let query: String
        let allowed: Bool
        var description: String { "\(rule) for \(query): \(allowed ? "allowed" : "denied")" }
    }

    static let rows: [Row] = {
        let table: [(String, [(String, Bool)])] = [
            (
                "resource.data.n < 10",
                [
                    ("n<5", true), ("n<10", true), ("n<=10", false), ("n<20", false), ("n==3", true),
                    ("n in [1,2]", true), ("n in [1,20]", false), ("n>2", false), ("n!=3", false), ("none", false),
                    ("n<5 and n>1", true), ("n<20 and n<5", true), ("n<5 and n<20", true), ("n<=10 and n<10", true),
                ]
            ),
            (
                "resource.data.n == 3",
                [("n<5", false), ("n==3", true), ("n in [1,2]", false), ("n!=3", false), ("none", false)]
            ),
            (
                "resource.data.n != 3",
                [
                    ("n<5", false), ("n==3", false), ("n in [1,2]", true), ("n in [1,20]", true), ("n>2", false),
                    ("n!=3", true), ("none", false), ("n<5 and n>1", false),
                ]
            ),
            (
                "resource.data.n in [1,2,3]",
                [("n<5", false), ("n==3", true), ("n in [1,2]", true), ("n in [1,20]", false), ("n!=3", false)]
            ),
            (
                "resource.data.n > 0",
                [
                    ("n<5", false), ("n==3", true), ("n in [1,20]", true), ("n>2", true), ("n!=3", false),
                    ("n<5 and n>1", true),
                ]
            ),
            (
                "resource.data.o in ['a','b']",
                [("o==a", true), ("o in [a,b]", true), ("o in [a,z]", false), ("o not-in [a]", false), ("o>a", false)]
            ),
            (
                "resource.data.o == 'a' || resource.data.o == 'b'",
                [("o==a", true), ("o in [a,b]", true), ("o in [a,z]", false), ("tags a-c a", false)]
            ),
            ("resource.data.tags.hasAny(['a'])", [("o==a", false), ("tags a-c a", true)]),
            (
                "resource.data.o != 'z'",
                [("o==a", true), ("o in [a,b]", true), ("o in [a,z]", false), ("o not-in [a]", false), ("o>a", false)]
            ),
            ("resource.data.o > 'a'", [("o==a", false), ("o in [a,b]", false), ("o>a", true)]),
            // A bounded field is of no type to `is`, and a list or map holding it equals no literal
            // (the emulator's answers, probed the same way, 2026-11-26).
            ("resource.data.n is int", [("n<5", false)]),
            ("resource.data.n is number", [("n<5", false)]),
            ("!(resource.data.n is int)", [("n<5", true)]),
            ("!(resource.data.n is string)", [("n<5", true)]),
            ("[resource.data.n] == [5]", [("n<5", false)]),
            ("[resource.data.n] != [5]", [("n<5", true)]),
        ]
        return table.flatMap { rule, queries in queries.map { Row(rule: rule, query: $0.0, allowed: $0.1) } }
    }()

    /// The filters of the probe, by the names the rows use.
    static func filter(_ name: String) throws -> StructuredQuery.Filter? {
        let n = try FieldPath(["n"])
        let o = try FieldPath(["o"])
        let filters: [String: StructuredQuery.Filter] = [
            "n<5": .field(n, .lessThan, 5), "n<10": .field(n, .lessThan, 10),
            "n<=10": .field(n, .lessThanOrEqual, 10), "n<20": .field(n, .lessThan, 20), "n==3": .field(n, .equal, 3),
            "n in [1,2]": .field(n, .in, [1, 2]), "n in [1,20]": .field(n, .in, [1, 20]),
            "n>2": .field(n, .greaterThan, 2), "n!=3": .field(n, .notEqual, 3),
            "n<5 and n>1": .composite(.and, [.field(n, .lessThan, 5), .field(n, .greaterThan, 1)]),
            "n<20 and n<5": .composite(.and, [.field(n, .lessThan, 20), .field(n, .lessThan, 5)]),
            "n<5 and n<20": .composite(.and, [.field(n, .lessThan, 5), .field(n, .lessThan, 20)]),
            "n<=10 and n<10": .composite(.and, [.field(n, .lessThanOrEqual, 10), .field(n, .lessThan, 10)]),
            "o==a": .field(o, .equal, "a"), "o in [a,b]": .field(o, .in, ["a", "b"]),
            "o in [a,z]": .field(o, .in, ["a", "z"]), "o not-in [a]": .field(o, .notIn, ["a"]),
            "tags a-c a": .field(try FieldPath(["tags"]), .arrayContains, "a"), "o>a": .field(o, .greaterThan, "a"),
        ]
        return filters[name]
    }

    @Test(arguments: rows)
    func decision_isTheEmulators(_ row: Row) throws {
        let engine = RulesEngine(
            file: try RulesParser().parse(
                """
                rules_version = '2';
                service cloud.firestore {
                  match /databases/{database}/documents { match /c/{id} { allow list: if \(row.rule); } }
                }
                """))
        let query = StructuredQuery(from: CollectionSelector(collectionID: "c"), filter: try Self.filter(row.query))

        let allowed = engine.allows(
            RulesRequest(
                method: .list, path: ["c", ""], auth: RulesAuth(uid: "u1"),
                time: try Timestamp(seconds: 0, nanoseconds: 0),
                query: RulesQuery(query)))

        #expect(allowed == row.allowed)
    }
}
