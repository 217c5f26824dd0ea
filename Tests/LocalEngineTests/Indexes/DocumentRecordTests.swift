import HearthDomain
@testable import HearthLocalEngine
import Testing

@Suite("Storage: compact document records")
struct DocumentRecordTests {
    @Test func randomDocuments_roundTripExactly() throws {
        var random = RandomValues(seed: 5)
        var names = FieldNameTable()
        let path = try doc("c/d")
        for index in 0..<3_000 {
            var fields = MapValue()
            for _ in 0..<random.int(0..<6) { fields[random.pick(["a", "b", "long field name", "x.y", "é"])] = random.value() }
            let commitTime = try Timestamp(seconds: 1_700_000_000 + Int64(index), nanoseconds: 1_000)
            let createTime = random.chance(0.5) ? commitTime : try Timestamp(seconds: 1_600_000_000, nanoseconds: 7)
            let updateTime = random.chance(0.7) ? commitTime : try Timestamp(seconds: 1_650_000_000, nanoseconds: 999_999_999)
            let document = Document(path: path, fields: fields, createTime: min(createTime, updateTime), updateTime: updateTime)

            let record = DocumentRecord.encode(document, commitTime: commitTime, names: &names)

            #expect(record.decode(path: path, commitTime: commitTime, names: names) == document)
            for field in fields {
                #expect(record.value(at: try FieldPath([field.key]), names: names) == field.value)
            }
        }
    }

    @Test func nestedValue_isReadWithoutDecodingTheRest() throws {
        var names = FieldNameTable()
        let time = try Timestamp(seconds: 1, nanoseconds: 0)
        let document = Document(path: try doc("c/d"), fields: ["a": ["b": ["c": 5]], "z": "last"], createTime: time, updateTime: time)

        let record = DocumentRecord.encode(document, commitTime: time, names: &names)

        #expect(record.value(at: try FieldPath(["a", "b", "c"]), names: names) == 5)
        #expect(record.value(at: try FieldPath(["z"]), names: names) == "last")
        #expect(record.value(at: try FieldPath(["a", "x"]), names: names) == nil)
        #expect(record.value(at: try FieldPath(["z", "x"]), names: names) == nil)
    }

    @Test func smallDocument_takesFewBytes() throws {
        var names = FieldNameTable()
        let time = try Timestamp(seconds: 1_700_000_000, nanoseconds: 0)
        let fields: MapValue = ["status": "active", "age": 42, "city": "Paris", "createdAt": .timestamp(time)]
        let document = Document(path: try doc("users/u1"), fields: fields, createTime: time, updateTime: time)

        let record = DocumentRecord.encode(document, commitTime: time, names: &names)

        #expect(record.bytes.count <= 40)
    }
}
