import HearthTestSupport
import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import HearthFirestoreTestServer
import Testing

/// The library's one encoder writes straight to bytes; on every request the client sends, and on
/// documents and values, it must give exactly the bytes of the reference's tree (the test server's tree
/// encoders) serialized with `JSONWriter` — and the server must read them back to what was sent.
@Suite struct RESTEncoderDifferentialTests {
    @Test(arguments: 0..<16)
    func randomCommits_areWrittenAsTheReferenceWritesThem(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 0xE1C0)
        let database =
            seed % 3 == 0
            ? try DatabaseID(projectID: "p") : try DatabaseID(projectID: "pro\"ject", databaseID: "named db\\é")
        let writes = try (0..<Int.random(in: 0...8, using: &random)).map { _ in try randomWrite(&random) }
        let transaction = seed % 2 == 0 ? nil : TransactionID(bytes: [0xFF, 0, UInt8(seed)])

        let bytes = RESTWriteCodec.encodeCommitRequest(database: database, writes: writes, transaction: transaction)

        let tree = TreeWriteCodec.encodeCommitRequest(database: database, writes: writes, transaction: transaction)
        #expect(String(decoding: bytes, as: UTF8.self) == JSONWriter.string(tree))
        #expect(try TreeWriteCodec.decodeCommitRequest(JSONParser.parse(bytes), database: database).writes == writes)

        let batch = RESTWriteCodec.encodeBatchWriteRequest(
            database: database, writes: writes, labels: seed % 2 == 0 ? [:] : ["b\"": "1", "a": "é"])
        let batchTree = TreeWriteCodec.encodeBatchWriteRequest(
            database: database, writes: writes, labels: seed % 2 == 0 ? [:] : ["b\"": "1", "a": "é"])
        #expect(String(decoding: batch, as: UTF8.self) == JSONWriter.string(batchTree))
    }

    @Test func everyKindOfValue_isWrittenAsTheReferenceWritesIt() throws {
        var random = SplitMix64(seed: 0x5EED)
        let database = try DatabaseID(projectID: "p")
        for _ in 0..<200 {
            var fields = MapValue()
            for _ in 0..<4 { fields[randomKey(&random)] = randomValue(&random, depth: 0) }
            let write = Write.update(try randomPath(&random), fields: fields)

            let bytes = RESTWriteCodec.encodeCommitRequest(database: database, writes: [write], transaction: nil)

            #expect(
                bytes
                    == JSONWriter.serialize(
                        TreeWriteCodec.encodeCommitRequest(database: database, writes: [write], transaction: nil)))
            #expect(RESTValueCodec.encodeFields(fields) == JSONWriter.serialize(TreeValueCodec.encodeFields(fields)))
            let value = Value.map(fields)
            #expect(RESTValueCodec.encode(value) == JSONWriter.serialize(TreeValueCodec.encode(value)))
        }
    }

    @Test func extremeTimestampsAndNumbers_areWrittenAsTheReferenceWritesThem() throws {
        let database = try DatabaseID(projectID: "p")
        let times = [
            Timestamp.min, Timestamp.max, try Timestamp(seconds: -1, nanoseconds: 1), try Timestamp(seconds: 0),
            try Timestamp(seconds: 951_782_400, nanoseconds: 120_000),
        ]
        let numbers: [Value] = [
            .integer(Int64.min), .integer(Int64.max), .integer(0), .double(-0.0), .double(.nan), .double(-.infinity),
            .double(.leastNonzeroMagnitude), .double(1e21),
        ]
        var fields = MapValue()
        for (index, time) in times.enumerated() { fields["t\(index)"] = .timestamp(time) }
        for (index, number) in numbers.enumerated() { fields["n\(index)"] = number }
        let document = Document(
            path: try DocumentPath("C/d"), fields: fields, createTime: Timestamp.min, updateTime: Timestamp.max)

        #expect(
            RESTDocumentCodec.encode(document, database: database)
                == JSONWriter.serialize(TreeDocumentCodec.encode(document, database: database)))
        for time in times {
            #expect(time.withRFC3339Bytes { String(decoding: $0, as: UTF8.self) } == time.rfc3339)
        }
    }

    @Test(arguments: 0..<8)
    func randomDocuments_areWrittenAsTheReferenceWritesThem(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 0xD0C5)
        let database = try DatabaseID(projectID: "p")
        let document = try randomDocument(&random)

        #expect(
            RESTDocumentCodec.encode(document, database: database)
                == JSONWriter.serialize(TreeDocumentCodec.encode(document, database: database)))
        #expect(
            RESTWriteCodec.encodeDocumentFields(document.fields)
                == JSONWriter.serialize(.object(["fields": TreeValueCodec.encodeFields(document.fields)])))
    }

    @Test(arguments: 0..<24)
    func randomReads_areWrittenAsTheReferenceWritesThem_andReadBackByTheServer(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 0x8EAD)
        let database = try DatabaseID(projectID: "p")
        let query = try randomQuery(&random)
        let consistencies: [ReadConsistency] = [
            .latest, .transaction(TransactionID(bytes: [1, 2, UInt8(seed)])), .readTime(randomTimestamp(&random)),
        ]
        let consistency = consistencies[seed % consistencies.count]

        let runQuery = RESTReadCodec.encodeRunQueryRequest(query, consistency: consistency, database: database)
        let runQueryRequest = RESTRunQueryRequest(query: query, consistency: RESTConsistencySelector(consistency))
        #expect(
            String(decoding: runQuery, as: UTF8.self)
                == JSONWriter.string(TreeReadCodec.encodeRunQueryRequest(runQueryRequest, database: database)))
        #expect(try TreeReadCodec.decodeRunQueryRequest(JSONParser.parse(runQuery)) == runQueryRequest)

        let aggregations = [
            Aggregation(alias: "n", .count(upTo: seed % 2 == 0 ? nil : 7)),
            Aggregation(alias: "s\"", .sum(randomFieldPath(&random))),
            Aggregation(alias: "a", .average(randomFieldPath(&random))),
        ]
        let aggregation = RESTReadCodec.encodeRunAggregationQueryRequest(
            StructuredAggregationQuery(query: query, aggregations: aggregations), consistency: consistency,
            database: database)
        let aggregationRequest = RESTRunAggregationQueryRequest(
            query: query, aggregations: aggregations, consistency: RESTConsistencySelector(consistency))
        #expect(
            String(decoding: aggregation, as: UTF8.self)
                == JSONWriter.string(
                    TreeReadCodec.encodeRunAggregationQueryRequest(aggregationRequest, database: database)))
        #expect(try TreeReadCodec.decodeRunAggregationQueryRequest(JSONParser.parse(aggregation)) == aggregationRequest)

        let paths = try (0..<Int.random(in: 1...4, using: &random)).map { _ in try randomPath(&random) }
        let mask: [FieldPath]? = seed % 3 == 0 ? nil : [randomFieldPath(&random)]
        let batchGet = RESTReadCodec.encodeBatchGetRequest(
            paths, mask: mask, consistency: consistency, database: database)
        let batchGetRequest = RESTBatchGetRequest(
            documents: paths, mask: mask, consistency: RESTConsistencySelector(consistency))
        #expect(
            String(decoding: batchGet, as: UTF8.self)
                == JSONWriter.string(TreeReadCodec.encodeBatchGetRequest(batchGetRequest, database: database)))

        let listen = RESTListenCodec.encodeAddTarget(
            .query(parent: paths.first, query: query), targetID: Int32(seed),
            resumeToken: seed % 2 == 0 ? [1, 2] : nil,
            readTime: Timestamp.min, database: database)
        let listenTree = TreeListenCodec.encodeAddTarget(
            .query(parent: paths.first, query: query), targetID: Int32(seed),
            resumeToken: seed % 2 == 0 ? [1, 2] : nil,
            readTime: Timestamp.min, database: database)
        #expect(String(decoding: listen, as: UTF8.self) == JSONWriter.string(listenTree))
    }

    @Test func transactionsAndListings_areWrittenAsTheReferenceWritesThem() throws {
        let options: [TransactionMode] = [
            .readWrite, .readWrite(retrying: TransactionID(bytes: [9])), .readOnly(readTime: nil),
            .readOnly(readTime: Timestamp.max),
        ]
        for option in options {
            #expect(
                RESTTransactionCodec.encodeBeginTransactionRequest(option)
                    == JSONWriter.serialize(TreeTransactionCodec.encodeBeginTransactionRequest(option)))
        }
        let id = TransactionID(bytes: [0, 255, 3])
        #expect(
            RESTTransactionCodec.encodeRollbackRequest(id)
                == JSONWriter.serialize(TreeTransactionCodec.encodeRollbackRequest(id)))

        let requests = [
            ListCollectionIDsRequest(), ListCollectionIDsRequest(pageSize: 3),
            ListCollectionIDsRequest(pageToken: "t\"é"),
            ListCollectionIDsRequest(pageSize: 0, pageToken: "x", consistency: .readTime(Timestamp.min)),
        ]
        for request in requests {
            #expect(
                try RESTReadCodec.encodeListCollectionIDsRequest(request)
                    == JSONWriter.serialize(try TreeReadCodec.encodeListCollectionIDsRequest(request)))
        }
    }
}

// MARK: - Helpers

/// A random query with every clause the encoder writes.
private func randomQuery(_ random: inout SplitMix64) throws -> StructuredQuery {
    func filter(_ depth: Int) -> StructuredQuery.Filter {
        switch Int.random(in: 0..<(depth > 1 ? 2 : 3), using: &random) {
        case 0:
            return .field(
                randomFieldPath(&random),
                FieldOperator.allCases[Int.random(in: 0..<FieldOperator.allCases.count, using: &random)],
                randomValue(&random, depth: 1))
        case 1:
            return .unary(
                randomFieldPath(&random),
                UnaryOperator.allCases[Int.random(in: 0..<UnaryOperator.allCases.count, using: &random)])
        default:
            return .composite(
                Bool.random(using: &random) ? .and : .or,
                (0..<Int.random(in: 0...3, using: &random)).map { _ in filter(depth + 1) })
        }
    }
    let ids = ["C", "posts", "é x", "q\"uote"]
    return StructuredQuery(
        from: CollectionSelector(
            collectionID: ids[Int.random(in: 0..<ids.count, using: &random)],
            allDescendants: Bool.random(using: &random)),
        filter: Bool.random(using: &random) ? filter(0) : nil,
        select: Bool.random(using: &random)
            ? (0..<Int.random(in: 0...2, using: &random)).map { _ in randomFieldPath(&random) } : nil,
        orderBy: (0..<Int.random(in: 0...2, using: &random)).map { _ in
            Order(randomFieldPath(&random), Bool.random(using: &random) ? .ascending : .descending)
        },
        startAt: Bool.random(using: &random)
            ? Cursor(values: [randomValue(&random, depth: 1)], before: Bool.random(using: &random)) : nil,
        endAt: Bool.random(using: &random) ? Cursor(values: [], before: Bool.random(using: &random)) : nil,
        offset: Int.random(in: 0...2, using: &random),
        limit: Bool.random(using: &random) ? Int.random(in: 0...100, using: &random) : nil
    )
}
