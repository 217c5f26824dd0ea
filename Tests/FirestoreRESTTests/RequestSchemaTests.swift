import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthFirestoreREST
import HearthPort
import Testing

/// Every request the adapter can build — every endpoint, every value kind, write, transform,
/// precondition, filter, order, cursor, aggregation and consistency — is checked against the discovery
/// document: the method exists for that HTTP method and path, every query parameter is declared (and
/// repeated only where allowed), and every body member exists in the request's schema with the right
/// JSON type, recursively.
@Suite("Requests against the discovery document")
struct RequestSchemaTests {
    typealias F = StoreFixtures

    @Test func everyRequestTheAdapterBuilds_hasNoSchemaViolations() async throws {
        let discovery = try DiscoveryDocument.load()
        let server = StubServer()
        server.handle { _ in .ok("{}") }
        let store = try F.makeStore(server: server, tokenProvider: CountingTokenProvider(kind: .firebaseUser))

        try await exerciseEveryEndpoint(store)

        let requests = server.requests
        #expect(requests.count >= 40)
        var violations: [String] = []
        var methodsSeen = Set<String>()
        for request in requests {
            let (problems, method) = check(request, against: discovery)
            violations += problems.map { "\(request.method) \(request.pathAndQuery.prefix(120)): \($0)" }
            if let method { methodsSeen.insert(method) }
        }
        #expect(violations == [], "\(violations.count) schema violations")
        #expect(
            methodsSeen == [
                "get", "batchGet", "list", "runQuery", "runAggregationQuery", "commit", "beginTransaction", "rollback",
                "listCollectionIds", "batchWrite", "partitionQuery", "createDocument", "patch", "delete",
            ])
    }

    @Test func theValidatorCatchesViolations() throws {
        let discovery = try DiscoveryDocument.load()
        let body = try JSONParser.parse(
            #"{"writes":[{"update":{"name":"x","fields":{"a":{"integerValue":7,"bogus":1}}}}],"database":"d","transaction":5}"#
        )

        let violations = discovery.violations(of: body, against: "CommitRequest")

        #expect(violations.contains { $0.contains("$.database") })
        #expect(violations.contains { $0.contains("bogus") })
        #expect(violations.contains { $0.contains("integerValue") })
        #expect(violations.contains { $0.contains("$.transaction") })
    }

    // MARK: - Checking

    private func check(_ request: RecordedRequest, against discovery: DiscoveryDocument) -> ([String], String?) {
        let full = request.pathAndQuery
        let path = String(full.split(separator: "?", maxSplits: 1).first ?? "").drop { $0 == "/" }
        let query = full.contains("?") ? String(full.split(separator: "?", maxSplits: 1)[1]) : ""
        let candidates = discovery.methods(httpMethod: request.method, path: String(path))
        guard !candidates.isEmpty else { return (["no discovery method matches"], nil) }
        var best: [String]?
        var bestName: String?
        for method in candidates {
            var problems = checkQuery(query, method: method)
            if let schema = method.requestSchema {
                if let body = try? JSONParser.parse(request.body) {
                    problems += discovery.violations(of: body, against: schema)
                } else {
                    problems.append("the body is not JSON")
                }
            } else if !request.body.isEmpty {
                problems.append("a body on a method that takes none")
            }
            if best == nil || problems.count < best!.count {
                best = problems
                bestName = method.name == "listDocuments" ? "list" : method.name
            }
        }
        return (best ?? [], bestName)
    }

    private func checkQuery(_ query: String, method: DiscoveryDocument.Method) -> [String] {
        var problems: [String] = []
        var counts: [String: Int] = [:]
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            let value = (parts.count > 1 ? parts[1] : "").removingPercentEncoding ?? ""
            counts[name, default: 0] += 1
            guard let parameter = method.queryParameters[name] else {
                problems.append("query parameter \(name) is not declared for \(method.name)")
                continue
            }
            if case .string(let type)? = parameter["type"] {
                switch type {
                case "integer": if Int(value) == nil { problems.append("\(name)=\(value) is not an integer") }
                case "boolean":
                    if value != "true" && value != "false" { problems.append("\(name)=\(value) is not a boolean") }
                default: break
                }
            }
            if parameter["format"] == .string("google-datetime"), !value.hasSuffix("Z") {
                problems.append("\(name)=\(value) is not an RFC 3339 UTC time")
            }
            if counts[name, default: 0] > 1, parameter["repeated"] != .bool(true) {
                problems.append("query parameter \(name) repeated but not repeatable")
            }
        }
        return problems
    }

    // MARK: - The requests

    private func exerciseEveryEndpoint(_ store: FirestoreRESTDocumentStore) async throws {
        let path = try F.path("users/alice")
        let transaction = TransactionID(bytes: [1, 2, 3])
        let readTime = try Timestamp(rfc3339: F.readTime)
        let consistencies: [ReadConsistency] = [.latest, .transaction(transaction), .readTime(readTime)]
        let mask = [try F.field("a.b"), try FieldPath(["c d"])]

        for consistency in consistencies {
            _ = try? await store.getDocument(path, mask: mask, consistency: consistency)
            _ = try? await store.getDocument(path, mask: [], consistency: consistency)
            _ = try? await store.batchGetDocuments(
                [path, try F.path("users/bob")], mask: mask, consistency: consistency)
            _ = try? await store.listDocuments(
                ListDocumentsRequest(
                    parent: path, collectionID: "posts", pageSize: 3, pageToken: nil,
                    orderBy: [Order(try F.field("n"), .descending)], mask: mask, showMissing: false,
                    consistency: consistency
                )
            )
            for query in try Self.queries() {
                _ = try? await collect(store.runQuery(parent: path, query: query, consistency: consistency))
                _ = try? await collect(store.runQuery(parent: nil, query: query, consistency: consistency))
            }
            _ = try? await store.runAggregation(
                parent: nil, query: try Self.queries()[0],
                aggregations: [
                    Aggregation(alias: "c", .count(upTo: nil)), Aggregation(alias: "c5", .count(upTo: 5)),
                    Aggregation(alias: "s", .sum(try F.field("n"))),
                    Aggregation(alias: "a", .average(try F.field("n.m"))),
                ],
                consistency: consistency
            )
        }
        _ = try? await store.listDocuments(
            ListDocumentsRequest(collectionID: "users", pageSize: 2, pageToken: "tok", showMissing: true))
        _ = try? await store.commit(try Self.writes(), transaction: nil)
        _ = try? await store.commit(try Self.writes(), transaction: transaction)
        _ = try? await store.commit([], transaction: transaction)
        for options in [
            TransactionMode.readOnly(readTime: nil), .readOnly(readTime: readTime), .readWrite,
            .readWrite(retrying: transaction),
        ] {
            _ = try? await store.beginTransaction(options)
        }
        try? await store.rollback(transaction)
        _ = try? await store.listCollectionIDs(ListCollectionIDsRequest())
        _ = try? await store.listCollectionIDs(
            ListCollectionIDsRequest(parent: path, pageSize: 5, pageToken: "t", consistency: .readTime(readTime)))
        _ = try? await store.batchWrite(
            try Self.writes().enumerated().map { index, write in
                var copy = write
                copy.path = try F.path("bulk/d\(index)")
                return copy
            })
        _ = try? await store.partitionQuery(
            parent: nil,
            query: StructuredQuery(
                from: CollectionSelector(collectionID: "c", allDescendants: true), orderBy: [Order(.documentID)]),
            partitionCount: 8, pageSize: 10, pageToken: "p", readTime: readTime
        )
        _ = try? await store.createDocument(
            in: try CollectionPath("users/alice/posts"), documentID: "p1", fields: Self.everyValueKind(), mask: mask)
        _ = try? await store.createDocument(in: try CollectionPath("users"), fields: [:])
        for precondition in [Precondition?.none, .exists(true), .exists(false), .updateTime(readTime)] {
            _ = try? await store.patchDocument(
                path, fields: Self.everyValueKind(), updateMask: mask, mask: mask, precondition: precondition)
            try? await store.deleteDocument(path, precondition: precondition)
        }
    }

    static func everyValueKind() throws -> MapValue {
        [
            "null": .null, "true": .boolean(true), "false": .boolean(false),
            "int": .integer(-9_223_372_036_854_775_808), "double": .double(-0.5), "nan": .double(.nan),
            "inf": .double(.infinity), "negInf": .double(-.infinity), "whole": .double(3),
            "time": .timestamp(try Timestamp(rfc3339: "2024-05-01T12:34:56.123456789Z")),
            "string": .string("é\u{0}\"\\\n"), "bytes": .bytes(Data([0, 1, 255])), "emptyBytes": .bytes(Data()),
            "ref": .reference(DocumentName(database: try DatabaseID(projectID: "p"), path: try F.path("users/bob"))),
            "geo": .geoPoint(try GeoPoint(latitude: 0, longitude: -180)),
            "array": .array([.integer(1), .string("x"), .map(["in": .array([])])]), "emptyArray": .array([]),
            "map": .map(["nested": .map(["deep": .null]), "a.b": .boolean(true)]), "emptyMap": .map([:]),
            "`weird key`": .string("k"),
        ]
    }

    static func writes() throws -> [Write] {
        let path = try F.path("c/a")
        let readTime = try Timestamp(rfc3339: F.readTime)
        let transforms = [
            FieldTransform(fieldPath: try F.field("t.time"), operation: .serverTimestamp),
            FieldTransform(fieldPath: try F.field("inc"), operation: .increment(.integer(1))),
            FieldTransform(fieldPath: try F.field("max"), operation: .maximum(.double(2.5))),
            FieldTransform(fieldPath: try F.field("min"), operation: .minimum(.integer(-1))),
            FieldTransform(fieldPath: try F.field("union"), operation: .appendMissingElements([.integer(1), .null])),
            FieldTransform(fieldPath: try F.field("remove"), operation: .removeAllFromArray([.string("x")])),
        ]
        return [
            Write.update(path, fields: try everyValueKind()),
            Write.update(
                path, fields: try everyValueKind(), mask: [try F.field("int"), try FieldPath(["a.b"])],
                precondition: .exists(true)),
            Write.update(path, fields: [:], mask: [try F.field("gone")], precondition: .exists(false)),
            Write.update(path, fields: [:], mask: [], transforms: transforms, precondition: .updateTime(readTime)),
            Write(path: path, operation: .transform, transforms: transforms),
            Write.delete(path),
            Write.delete(path, precondition: .updateTime(readTime)),
        ]
    }

    static func queries() throws -> [StructuredQuery] {
        let n = try F.field("n")
        let reference = Value.reference(
            DocumentName(database: try DatabaseID(projectID: "p"), path: try F.path("users/bob")))
        var filters: [StructuredQuery.Filter] = FieldOperator.allCases.map { op in
            switch op {
            case .in, .notIn, .arrayContainsAny: .field(n, op, .array([.integer(1), .string("a")]))
            default: .field(n, op, .integer(1))
            }
        }
        filters += UnaryOperator.allCases.map { .unary(n, $0) }
        filters.append(.field(.documentID, .greaterThan, reference))
        return [
            StructuredQuery(from: CollectionSelector(collectionID: "c")),
            StructuredQuery(
                from: CollectionSelector(collectionID: "c", allDescendants: true),
                filter: .composite(
                    .and, [.composite(.or, filters), .field(try F.field("m.`x y`"), .equal, .map(["k": .null]))]),
                select: [n, try F.field("m")],
                orderBy: [Order(n, .descending), Order(.documentID, .descending)],
                startAt: Cursor(values: [.integer(1), reference], before: true),
                endAt: Cursor(values: [.double(.nan)], before: false),
                offset: 2,
                limit: 10
            ),
            StructuredQuery(from: CollectionSelector(collectionID: "c"), select: [.documentID], limit: 0),
        ]
    }
}
