import Foundation
import HearthDomain
import HearthCrypto
@testable import HearthFileSystem
import HearthLocalEngine
import Testing

@Suite("File format: checksums, primitives and records")
struct FileFormatTests {
    @Test func crc32c_matchesTheStandardCheckValues() {
        #expect(CRC32.castagnoli.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32.castagnoli.checksum([UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
        #expect(CRC32.castagnoli.checksum([UInt8](repeating: 0xFF, count: 32)) == 0x62A8_AB43)
        #expect(CRC32.castagnoli.checksum(Array(0..<32)) == 0x46DD_794E)
        #expect(CRC32.castagnoli.checksum([]) == 0)
    }

    @Test func crc32c_continuedOverPieces_equalsTheWhole() {
        let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for split in [0, 1, 7, 8, 9, 500, 999, 1_000] {
            let first = bytes[..<split].withUnsafeBytes { CRC32.castagnoli.update(0, $0) }
            let whole = bytes[split...].withUnsafeBytes { CRC32.castagnoli.update(first, $0) }
            #expect(whole == CRC32.castagnoli.checksum(bytes), "split at \(split)")
        }
    }

    @Test func varints_roundTripAtTheirEdges() throws {
        let unsigned: [UInt64] = [0, 1, 127, 128, 16_383, 16_384, UInt64(UInt32.max), UInt64.max - 1, UInt64.max]
        let signed: [Int64] = [0, -1, 1, -64, 64, Int64.min, Int64.max]
        var writer = BinaryWriter()
        for value in unsigned { writer.varint(value) }
        for value in signed { writer.signedVarint(value) }

        let (readUnsigned, readSigned) = try writer.bytes.withRawBytes { (raw) throws(FormatError) in
            var reader = BinaryReader(raw)
            let first = try unsigned.map { _ throws(FormatError) in try reader.varint() }
            let second = try signed.map { _ throws(FormatError) in try reader.signedVarint() }
            return (first, second)
        }

        #expect(readUnsigned == unsigned)
        #expect(readSigned == signed)
    }

    @Test func overlongVarint_isAFormatError() {
        let bytes = [UInt8](repeating: 0xFF, count: 11)

        #expect(throws: FormatError.self) {
            try bytes.withRawBytes { (raw) throws(FormatError) in
                var reader = BinaryReader(raw)
                _ = try reader.varint()
            }
        }
    }

    @Test func batch_roundTripsThroughItsBinaryEncoding() throws {
        let time = try Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_000)
        let path = try DocumentPath("kinds/all")
        let batch = CommittedBatch(
            commitTime: time,
            documents: [
                CommittedDocument(
                    path: path,
                    document: Document(path: path, fields: try everyKindOfValue(), createTime: time, updateTime: time)),
                CommittedDocument(path: try DocumentPath("gone/doc"), document: nil),
            ]
        )
        var writer = BinaryWriter()
        writer.batch(batch)

        let decoded = try decode(writer.bytes)

        #expect(decoded == .batch(batch))
        guard case .batch(let read) = decoded else { return }
        #expect(
            read.documents.map(\.record) == batch.documents.map(\.record), "the records are read back byte for byte")
    }

    @Test func batch_writesTheRecordsItIsGiven_asTheyAre() throws {
        let time = try Timestamp(seconds: 1_700_000_000)
        let path = try DocumentPath("kinds/all")
        let document = Document(path: path, fields: ["a": 1], createTime: time, updateTime: time)
        let record = DocumentRecord.encode(document, commitTime: time)
        let batch = CommittedBatch(
            commitTime: time, documents: [CommittedDocument(path: path, document: document, record: record)])
        var writer = BinaryWriter()

        writer.batch(batch)

        #expect(writer.bytes.suffix(record.bytes.count) == record.bytes[...])
        #expect(
            batch.documents[0].record?.bytes.withUnsafeBufferPointer(\.baseAddress)
                == record.bytes.withUnsafeBufferPointer(\.baseAddress))
    }

    @Test func snapshotDocuments_roundTrip() throws {
        let created = try Timestamp(seconds: 1_600_000_000, nanoseconds: 5)
        let updated = try Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_000)
        let documents = [
            Document(
                path: try DocumentPath("kinds/all"), fields: try everyKindOfValue(), createTime: created,
                updateTime: updated),
            Document(path: try DocumentPath("kinds/empty"), fields: [:], createTime: updated, updateTime: updated),
        ]
        var writer = BinaryWriter()
        writer.snapshotDocumentsHeader(count: documents.count)
        for document in documents { writer.snapshotDocument(document) }

        #expect(
            try decode(writer.bytes)
                == .snapshotDocuments(documents.map { CommittedDocument(path: $0.path, document: $0) }))
    }

    @Test func truncatedOrFlippedPayloads_neverTrap() throws {
        let time = try Timestamp(seconds: 1_700_000_000)
        let path = try DocumentPath("kinds/all")
        var writer = BinaryWriter()
        writer.batch(
            CommittedBatch(
                commitTime: time,
                documents: [
                    CommittedDocument(
                        path: path,
                        document: Document(
                            path: path, fields: try everyKindOfValue(), createTime: time, updateTime: time))
                ]))
        let encoded = writer.bytes

        let truncationsRefused = (0..<encoded.count).filter { (try? decode(Array(encoded.prefix($0)))) == nil }.count
        var flipsDecoded = 0
        for position in 0..<encoded.count {
            var flipped = encoded
            flipped[position] ^= 0xA5
            if (try? decode(flipped)) != nil { flipsDecoded += 1 }
        }

        #expect(truncationsRefused == encoded.count)
        #expect(flipsDecoded < encoded.count)
    }

    @Test func unsortedMapKeys_areAFormatError() {
        var names = FieldNameTable.selfContained
        var writer = BinaryWriter()
        writer.varint(2)
        writer.string("b")
        writer.value(.null, names: &names)
        writer.string("a")
        writer.value(.null, names: &names)

        #expect(throws: FormatError.self) {
            try writer.bytes.withRawBytes { (raw) throws(FormatError) in
                var reader = BinaryReader(raw)
                _ = try reader.fields(depth: 0, names: nil)
            }
        }
    }

    @Test func recordWithInternedNames_isRefusedInAFile() throws {
        let time = try Timestamp(seconds: 1_700_000_000)
        let path = try DocumentPath("c/d")
        var names = FieldNameTable()
        let record = DocumentRecord.encode(
            Document(path: path, fields: ["a": 1], createTime: time, updateTime: time), commitTime: time, names: &names)
        var writer = BinaryWriter()
        writer.batch(CommittedBatch(commitTime: time, documents: [CommittedDocument(path: path, document: nil)]))
        writer.bytes.removeLast()
        writer.lengthPrefixed(record.bytes)

        let error = try #require(throws: FormatError.self) { try decode(writer.bytes) }

        #expect(error.reason.contains("flags"), "\(error)")
    }

    @Test func version1Batch_decodesToTheSameBatch() throws {
        let time = try Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_000)
        let created = try Timestamp(seconds: 1_600_000_000)
        let path = try DocumentPath("kinds/all")
        let document = Document(path: path, fields: try everyKindOfValue(), createTime: created, updateTime: time)
        var names = FieldNameTable.selfContained
        var writer = BinaryWriter()
        writer.byte(RecordPayload.Kind.batch.rawValue)
        writer.timestamp(time)
        writer.varint(2)
        writer.string(path.path)
        writer.byte(1)
        writer.timestamp(created)
        writer.timestamp(time)
        writer.fields(document.fields, names: &names)
        writer.string("gone/doc")
        writer.byte(0)

        let decoded = try decode(writer.bytes, version: 1)

        let expected = CommittedBatch(
            commitTime: time,
            documents: [
                CommittedDocument(path: path, document: document),
                CommittedDocument(path: try DocumentPath("gone/doc"), document: nil),
            ]
        )
        #expect(decoded == .batch(expected))
        guard case .batch(let read) = decoded else { return }
        #expect(
            read.documents.map(\.record) == expected.documents.map(\.record),
            "read as version 1, kept as version 2 records")
    }

    @Test func header_roundTrips_andRejectsAnotherKind() throws {
        let header = FileHeader(kind: .log, salt: 0x0102_0304_0506_0708, generation: 9, previousLogLength: 1_234)

        let decoded = try FileHeader.decode(header.encoded(), kind: .log, file: "x")
        let wrongKind = try #require(throws: DocumentStoreError.self) {
            try FileHeader.decode(header.encoded(), kind: .snapshot, file: "x")
        }

        #expect(decoded == header)
        #expect(header.encoded().count == FileHeader.size)
        #expect(wrongKind.code == .dataLoss)
    }

    @Test func header_ofEveryReadableVersion_decodes_andANewerOneIsRefusedNamingBothVersions() throws {
        for version in FileHeader.oldestReadableVersion...FileHeader.currentVersion {
            let header = FileHeader(kind: .log, version: version, salt: 7, generation: 1)
            #expect(try FileHeader.decode(header.encoded(), kind: .log, file: "x").version == version)
        }
        let newer = FileHeader(kind: .snapshot, version: FileHeader.currentVersion + 1, salt: 7)

        let error = try #require(throws: DocumentStoreError.self) {
            try FileHeader.decode(newer.encoded(), kind: .snapshot, file: "/s/snapshot.hearth")
        }

        #expect(error.code == .failedPrecondition)
        #expect(error.message.contains("/s/snapshot.hearth has format version 4"), "\(error)")
        #expect(error.message.contains("reads format versions 1 to 3 only"), "\(error)")
    }

    @Test func logFileNames_areStrict() {
        #expect(StoreDirectory.logName(1) == "log-0000000000000001.hearth")
        #expect(StoreDirectory.logGeneration("log-00000000000000ff.hearth") == 255)
        #expect(StoreDirectory.logGeneration("log-00000000000000FF.hearth") == nil)
        #expect(StoreDirectory.logGeneration("log-1.hearth") == nil)
        #expect(StoreDirectory.logGeneration("log-0000000000000001.hearth.tmp") == nil)
    }
}

// MARK: - Helpers

private func decode(_ bytes: [UInt8], version: UInt32 = FileHeader.currentVersion) throws(FormatError) -> RecordPayload
{
    try bytes.withRawBytes { (raw) throws(FormatError) in
        var reader = BinaryReader(raw)
        return try reader.payload(version: version)
    }
}
