import HearthDomain
@testable import HearthLocalEngine
import Testing

@Suite("Storage: compact document records")
struct DocumentRecordTests {
    @Test(arguments: [true, false])
    func randomDocuments_roundTripExactly(interning: Bool) throws {
        var random = RandomValues(seed: 5)
        var names = FieldNameTable(interning: interning)
        let path = try doc("c/d")
        for index in 0..<3_000 {
            var fields = MapValue()
            for _ in 0..<random.int(0..<6) {
                fields[random.pick(["a", "b", "long field name", "x.y", "é"])] = random.value()
            }
            let commitTime = try Timestamp(seconds: 1_700_000_000 + Int64(index), nanoseconds: 1_000)
            let createTime = random.chance(0.5) ? commitTime : try Timestamp(seconds: 1_600_000_000, nanoseconds: 7)
            let updateTime =
                random.chance(0.7) ? commitTime : try Timestamp(seconds: 1_650_000_000, nanoseconds: 999_999_999)
            let document = Document(
                path: path, fields: fields, createTime: min(createTime, updateTime), updateTime: updateTime)

            let record = DocumentRecord.encode(document, commitTime: commitTime, names: &names)

            #expect(record.decode(path: path, commitTime: commitTime, names: names) == document)
            if !interning {
                let fromFile = try record.bytes.withUnsafeBytes { raw throws(FormatError) in
                    try DocumentRecord.decode(raw, path: path, commitTime: commitTime)
                }
                #expect(fromFile == document, "a self-contained record reads back without the table")
            }
            for field in fields {
                #expect(record.value(at: try FieldPath([field.key]), names: names) == field.value)
            }
        }
    }

    /// Opening a snapshot checks its records with ``DocumentRecord/check(_:commitTime:)`` instead of
    /// decoding them: on every record and every damaged copy (a byte changed, cut short, a byte added), it
    /// must accept exactly what the decoder accepts, with the same times, and refuse with the same error.
    @Test func check_acceptsAndRefusesExactlyAsDecode_onRandomAndDamagedRecords() throws {
        var random = RandomValues(seed: 11)
        let path = try doc("c/d")
        var accepted = 0
        var refused = 0
        for index in 0..<2_000 {
            var fields = MapValue()
            for _ in 0..<random.int(0..<6) {
                fields[random.pick(["a", "b", "long field name", "x.y", "é", "e\u{301}"])] = random.value()
            }
            let commitTime = try Timestamp(seconds: 1_700_000_000 + Int64(index), nanoseconds: 1_000)
            let createTime = random.chance(0.5) ? commitTime : try Timestamp(seconds: 1_600_000_000, nanoseconds: 7)
            let document = Document(path: path, fields: fields, createTime: createTime, updateTime: commitTime)
            let bytes = DocumentRecord.encode(document, commitTime: commitTime).bytes
            var copies = [bytes]
            for _ in 0..<4 {
                var damaged = bytes
                let position = random.int(0..<damaged.count)
                switch random.int(0..<4) {
                case 0: damaged[position] = UInt8(truncatingIfNeeded: random.int(0..<256))
                case 1: damaged[position] ^= UInt8(1 << random.int(0..<8))
                case 2: damaged.removeLast(random.int(1..<(damaged.count + 1)))
                default: damaged.insert(UInt8(truncatingIfNeeded: random.int(0..<256)), at: position)
                }
                copies.append(damaged)
            }
            for copy in copies {
                let decoded = copy.withUnsafeBytes { raw in
                    Result { () throws(FormatError) in
                        try DocumentRecord.decode(raw, path: path, commitTime: commitTime)
                    }
                }
                let checked = copy.withUnsafeBytes { raw in
                    Result { () throws(FormatError) in try DocumentRecord.check(raw, commitTime: commitTime) }
                }
                switch (decoded, checked) {
                case (.success(let document), .success(let times)):
                    accepted += 1
                    #expect(times.createTime == document.createTime && times.updateTime == document.updateTime)
                case (.failure(let decodeError), .failure(let checkError)):
                    refused += 1
                    #expect(decodeError.reason == checkError.reason && decodeError.offset == checkError.offset)
                default:
                    Issue.record("check and decode disagree on \(copy): \(decoded) against \(checked)")
                }
            }
        }
        #expect(accepted > 2_000 && refused > 2_000, "both outcomes are exercised (\(accepted), \(refused))")
    }

    @Test func nestedValue_isReadWithoutDecodingTheRest() throws {
        var names = FieldNameTable()
        let time = try Timestamp(seconds: 1, nanoseconds: 0)
        let document = Document(
            path: try doc("c/d"), fields: ["a": ["b": ["c": 5]], "z": "last"], createTime: time, updateTime: time)

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

    @Test func recordWithInternedNames_isRefusedAsFileContent() throws {
        var names = FieldNameTable()
        let time = try Timestamp(seconds: 1, nanoseconds: 0)
        let document = Document(path: try doc("c/d"), fields: ["a": 1], createTime: time, updateTime: time)
        let record = DocumentRecord.encode(document, commitTime: time, names: &names)

        #expect(throws: FormatError.self) {
            try record.bytes.withUnsafeBytes { raw throws(FormatError) in
                try DocumentRecord.decode(raw, path: document.path, commitTime: time)
            }
        }
    }

    @Test func durableEngine_handsItsPersistenceTheRecordItKeeps_encodedOnce() async throws {
        let persistence = ControlledPersistence(autoDurable: true)
        let sut = EngineHarness(persistence: persistence)
        let written = try doc("c/a")

        _ = try await sut.commit([
            Write.update(written, fields: ["v": 1, "name": "x"]), Write.update(try doc("c/b"), fields: [:]),
        ])
        let kept = sut.engine.state.withLock {
            $0.storage.collections[written.parent]?.chain(written.documentID)?.head?.record
        }
        let logged = persistence.batches.first?.documents.first?.record

        let keptAddress = kept?.bytes.withUnsafeBufferPointer(\.baseAddress)
        #expect(keptAddress != nil)
        #expect(
            logged?.bytes.withUnsafeBufferPointer(\.baseAddress) == keptAddress,
            "the batch shares the engine's bytes: no second encode")
        #expect(persistence.batches.first?.documents.allSatisfy { $0.record != nil } == true)
    }

    @Test func inMemoryEngine_internsFieldNames_durableEngineSpellsThemOut() async throws {
        let inMemory = EngineHarness()
        let durable = EngineHarness(persistence: ControlledPersistence(autoDurable: true))
        let written = try doc("c/a")

        var flags: [UInt8?] = []
        for sut in [inMemory, durable] {
            _ = try await sut.commit([Write.update(written, fields: ["v": 1])])
            flags.append(
                sut.engine.state.withLock {
                    $0.storage.collections[written.parent]?.chain(written.documentID)?.head?.record?.bytes.first
                })
        }

        #expect(flags.map { $0.map { $0 & 4 } } == [4, 0])
    }
}
