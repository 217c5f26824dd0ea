import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import Testing

/// The byte entry points of the encoders write straight to bytes; they must give exactly the bytes of the
/// tree encoders' output serialized with `JSONWriter`.
@Suite struct RESTByteEncoderTests {
    @Test(arguments: 0..<16)
    func randomCommits_areWrittenAsTheSerializedTree(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 0xE1C0)
        let database =
            seed % 3 == 0
            ? try DatabaseID(projectID: "p") : try DatabaseID(projectID: "pro\"ject", databaseID: "named db\\é")
        let writes = try (0..<Int.random(in: 0...8, using: &random)).map { _ in try randomWrite(&random) }
        let transaction = seed % 2 == 0 ? nil : TransactionID(bytes: [0xFF, 0, UInt8(seed)])

        let bytes = RESTWriteCodec.encodeCommitRequestBytes(
            database: database, writes: writes, transaction: transaction)

        let tree = RESTWriteCodec.encodeCommitRequest(database: database, writes: writes, transaction: transaction)
        #expect(String(decoding: bytes, as: UTF8.self) == JSONWriter.string(tree))
        #expect(try RESTWriteCodec.decodeCommitRequest(JSONParser.parse(bytes), database: database).writes == writes)
    }

    @Test func everyKindOfValue_isWrittenAsTheSerializedTree() throws {
        var random = SplitMix64(seed: 0x5EED)
        let database = try DatabaseID(projectID: "p")
        for _ in 0..<200 {
            var fields = MapValue()
            for _ in 0..<4 { fields[randomKey(&random)] = randomValue(&random, depth: 0) }
            let write = Write.update(try randomPath(&random), fields: fields)

            let bytes = RESTWriteCodec.encodeCommitRequestBytes(database: database, writes: [write], transaction: nil)

            #expect(
                bytes
                    == JSONWriter.serialize(
                        RESTWriteCodec.encodeCommitRequest(database: database, writes: [write], transaction: nil)))
        }
    }

    @Test func extremeTimestampsAndNumbers_areWrittenAsTheSerializedTree() throws {
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
            RESTDocumentCodec.encodeBytes(document, database: database)
                == JSONWriter.serialize(RESTDocumentCodec.encode(document, database: database)))
        for time in times {
            #expect(time.withRFC3339Bytes { String(decoding: $0, as: UTF8.self) } == time.rfc3339)
        }
    }

    @Test(arguments: 0..<8)
    func randomDocuments_areWrittenAsTheSerializedTree(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 0xD0C5)
        let database = try DatabaseID(projectID: "p")
        let document = try randomDocument(&random)

        #expect(
            RESTDocumentCodec.encodeBytes(document, database: database)
                == JSONWriter.serialize(RESTDocumentCodec.encode(document, database: database)))
    }
}
