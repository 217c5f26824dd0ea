import Foundation
import Hearth
import HearthInMemory
import HearthLocalEngine
import HearthRules

/// `rules-cost`: what enforcing security rules costs (issue 19). query-scaling's query ("status == X order by
/// createdAt desc limit 20") on the in-memory store, without a caller and as a signed-in user under a
/// typical rules file, in alternation: at the engine and through the client API (`Query.getDocuments()` on a
/// `Database` over the store, or over its `acting(as:policy:)` view); then one document read at the engine,
/// the same two ways. Medians of thread CPU time. The target: the client's query with rules within 1.2× of
/// the query without (exit 1 otherwise).
struct RulesCostScenario: BenchScenario {
    let name = "rules-cost"
    let summary = "query-scaling's query and a document read with and without security rules enforced"
    let options: [BenchOption] = [
        .sizes(default: "10000,100000", "collection sizes, comma-separated"),
        .runs(default: 300, "measured runs per size, status and mode"),
    ]

    /// A typical rules file for the dataset's `users`: owners read and write their own document, signed-in
    /// users with the `admin` claim read anyone's, and a query must be signed in and limited to 50.
    static let rules = """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            function signedIn() { return request.auth != null; }
            match /users/{userId} {
              allow get: if signedIn() && (request.auth.uid == userId || request.auth.token.admin == true);
              allow list: if signedIn() && request.query.limit <= 50;
              allow write: if signedIn() && request.auth.uid == userId;
            }
            match /{document=**} {
              allow read, write: if false;
            }
          }
        }
        """

    static let target = 1.2

    func run(_ arguments: BenchArguments) async throws -> Int32 {
        let sizes = try arguments.sizes()
        let runs = max(arguments.integer("runs"), QueryScalingScenario.batch)
        let caller = Caller(
            .user(try UserID("reader"), claims: ["admin": .boolean(true)]),
            policy: try RulesAccessPolicy(rules: Self.rules))
        print("== rules-cost: the engine without a caller and as a user under a typical rules file ==")
        print("Medians in µs of thread CPU time (p10–p90), \(runs) runs each, in alternation.")
        var worst = 0.0
        for size in sizes {
            let dataset = BenchDataset(count: size)
            let database = try DatabaseID(projectID: "hearth-bench")
            let store = InMemoryDocumentStore(database: database)
            try await dataset.load(into: store, database: database)
            let engine = store.engine
            var plain = QueryScalingScenario.Samples()
            var checked = QueryScalingScenario.Samples()
            var plainGet = QueryScalingScenario.Samples()
            var checkedGet = QueryScalingScenario.Samples()
            let document = try DocumentPath(segments: [BenchDataset.collection, BenchDataset.id(size / 2)])
            let queries = try BenchDataset.statuses.map { try QueryScalingScenario.query($0.name) }
            let plainClient = Self.clientQueries(Database(store: store))
            let checkedClient = Self.clientQueries(
                Database(store: store.acting(as: caller.context, policy: caller.policy)))
            var plainPort = QueryScalingScenario.Samples()
            var checkedPort = QueryScalingScenario.Samples()
            for query in queries {
                _ = try engine.runQuery(parent: nil, query: query, consistency: .latest)
                _ = try engine.runQuery(parent: nil, query: query, consistency: .latest, caller: caller)
            }
            for _ in 0..<(runs / QueryScalingScenario.batch) {
                for query in queries {
                    for _ in 0..<QueryScalingScenario.batch {
                        try plain.measure { _ = try engine.runQuery(parent: nil, query: query, consistency: .latest) }
                    }
                    for _ in 0..<QueryScalingScenario.batch {
                        try checked.measure {
                            _ = try engine.runQuery(parent: nil, query: query, consistency: .latest, caller: caller)
                        }
                    }
                }
                for (plainQuery, checkedQuery) in zip(plainClient, checkedClient) {
                    for _ in 0..<QueryScalingScenario.batch {
                        try await plainPort.measure(client: plainQuery)
                        try await checkedPort.measure(client: checkedQuery)
                    }
                }
                for _ in 0..<QueryScalingScenario.batch {
                    try plainGet.measure { _ = try engine.getDocument(document, mask: nil, consistency: .latest) }
                    try checkedGet.measure {
                        _ = try engine.getDocument(document, mask: nil, consistency: .latest, caller: caller)
                    }
                }
            }
            let ratio = checkedPort.median / plainPort.median
            worst = max(worst, ratio)
            print(
                "\(size) documents: client query \(BenchMath.format(plainPort.median, digits: 1)) µs (\(plainPort.spread)) without rules, \(BenchMath.format(checkedPort.median, digits: 1)) µs (\(checkedPort.spread)) with: \(BenchMath.format(ratio, digits: 2))×"
            )
            print(
                "\(size) documents: engine query \(BenchMath.format(plain.median, digits: 1)) µs (\(plain.spread)) without rules, \(BenchMath.format(checked.median, digits: 1)) µs (\(checked.spread)) with: \(BenchMath.format(checked.median / plain.median, digits: 2))×; one document read \(BenchMath.format(plainGet.median, digits: 2)) µs without, \(BenchMath.format(checkedGet.median, digits: 2)) µs with"
            )
        }
        let met = worst <= Self.target
        print(
            "client query with rules / without: worst \(BenchMath.format(worst, digits: 2))× (target ≤ \(Self.target)×): \(met ? "met" : "NOT met")"
        )
        return met ? 0 : 1
    }

    /// One client query per status (built once, as query-scaling does).
    static func clientQueries(_ database: Database) -> [Query] {
        BenchDataset.statuses.map { QueryScalingScenario.clientQuery(database, status: $0.name) }
    }
}
