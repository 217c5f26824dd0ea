import Foundation
import HearthApplication
import HearthDomain
@testable import HearthFileSystem
import HearthLocalEngine
import HearthPort
import Testing

@Suite("FileSystemDocumentStore: recovery from torn, corrupt and missing files")
struct RecoveryTests {
    static let firstLog = "log-0000000000000001.hearth"

    @Test func truncatedLog_atEveryByte_recoversACompletePrefixOfBatches() async throws {
        let (log, batchCount) = try await smallLog()
        var previous = 0

        for length in 0...log.count {
            let directory = try TemporaryDirectory()
            try log.prefix(length).write(to: directory.file(Self.firstLog))
            if length < FileHeader.size {
                let error = try await #require(throws: DocumentStoreError.self) { try await makeStore(directory) }
                #expect(
                    error.code == .dataLoss && error.message.contains(directory.file(Self.firstLog).path),
                    "length \(length): \(error)")
                continue
            }
            let store = try await makeStore(directory)
            let visible = try await batches(in: store)
            _ = try await store.commit(
                [.update(try path("after/x"), fields: ["length": .integer(Int64(length))])], transaction: nil)
            try await store.close()
            let reopened = try await makeStore(directory)
            let afterReopen = try await batches(in: reopened)
            let extra = try await reopened.getDocument(try path("after/x"), mask: nil, consistency: .latest)
            try await reopened.close()

            #expect(visible.isCompletePrefix, "length \(length): \(visible)")
            #expect(visible.count >= previous, "length \(length)")
            #expect(afterReopen == visible, "length \(length)")
            #expect(extra?.fields["length"] == .integer(Int64(length)), "length \(length)")
            previous = visible.count
        }
        #expect(previous == batchCount)
    }

    @Test func damagedByte_anywhereInTheLog_losesOnlyTheLastBatchOrFailsWithDataLoss() async throws {
        let (log, batchCount) = try await smallLog()

        for position in 0..<log.count {
            let directory = try TemporaryDirectory()
            var damaged = log
            damaged[position] ^= 0x5A
            try damaged.write(to: directory.file(Self.firstLog))
            do {
                let store = try await makeStore(directory)
                let visible = try await batches(in: store)
                try await store.close()
                #expect(position >= FileHeader.size, "position \(position) opened")
                #expect(visible.isCompletePrefix, "position \(position): \(visible)")
                #expect(
                    visible.count == batchCount - 1, "position \(position): only a damaged last record may be dropped")
                #expect(try await store.recovery.droppedTailBytes > 0)
            } catch let error as DocumentStoreError {
                #expect(
                    error.code == .dataLoss, "position \(position): a damaged byte is never a newer format: \(error)")
                #expect(error.message.contains(directory.file(Self.firstLog).path), "position \(position): \(error)")
            }
        }
    }

    @Test func damagedEarlierRecord_followedByFlushedRecords_isDataLossNamingFileAndByte() async throws {
        let (log, _) = try await smallLog()
        let directory = try TemporaryDirectory()
        var damaged = log
        damaged[FileHeader.size + RecordFrame.headerSize + 2] ^= 0xFF
        try damaged.write(to: directory.file(Self.firstLog))

        let error = try await #require(throws: DocumentStoreError.self) { try await makeStore(directory) }

        #expect(error.code == .dataLoss)
        #expect(error.message.contains("\(directory.file(Self.firstLog).path) is damaged at byte \(FileHeader.size)"))
        #expect(error.message.contains("acknowledged commits are lost"))
    }

    @Test func damagedRecord_inAnUnflushedGroup_isATornTail() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory, options: .init(durability: .relaxed(syncInterval: .seconds(3_600))))
        for index in 0..<3 {
            _ = try await store.commit(
                [.update(try path("t/d\(index)"), fields: ["n": .integer(Int64(index))])], transaction: nil)
        }
        try await store.close()
        var log = try Data(contentsOf: directory.file(Self.firstLog))
        let secondRecord = try recordOffsets(log)[1]
        log[secondRecord + RecordFrame.headerSize] ^= 0xFF
        try log.write(to: directory.file(Self.firstLog))

        let reopened = try await makeStore(directory)

        #expect(try await allDocuments(reopened).map(\.path.path) == ["t/d0"])
        #expect(try await reopened.recovery.droppedTailBytes == log.count - secondRecord)
        try await reopened.close()
    }

    @Test func newerLogFormat_isRefusedWithFailedPreconditionNamingTheFile() async throws {
        let (log, _) = try await smallLog()
        let directory = try TemporaryDirectory()
        var header = try FileHeader.decode([UInt8](log.prefix(FileHeader.size)), kind: .log, file: Self.firstLog)
        header.version = FileHeader.currentVersion + 1
        var newer = log
        newer.replaceSubrange(0..<FileHeader.size, with: header.encoded())
        try newer.write(to: directory.file(Self.firstLog))

        let error = try await #require(throws: DocumentStoreError.self) { try await makeStore(directory) }

        #expect(error.code == .failedPrecondition)
        #expect(error.message.contains("\(directory.file(Self.firstLog).path) has format version 4"))
        #expect(error.message.contains("reads format versions 1 to 3 only"))
    }

    @Test func notAHearthFile_isDataLoss() async throws {
        let directory = try TemporaryDirectory()
        try Data(repeating: 0x41, count: 200).write(to: directory.file(Self.firstLog))

        let error = try await #require(throws: DocumentStoreError.self) { try await makeStore(directory) }

        #expect(error.code == .dataLoss)
        #expect(error.message.contains("is not a Hearth log file"))
    }

    @Test func damagedOrTruncatedSnapshot_atEveryByte_isDataLossNamingTheSnapshot() async throws {
        let source = try TemporaryDirectory()
        let store = try await makeStore(source)
        _ = try await store.commit(
            [.update(try path("c/a"), fields: ["n": 1]), .update(try path("c/b"), fields: ["s": "x"])], transaction: nil
        )
        try await store.compact()
        try await store.close()
        let snapshot = try Data(contentsOf: source.file("snapshot.hearth"))
        let log = try Data(contentsOf: source.file("log-0000000000000002.hearth"))

        for position in 0..<(2 * snapshot.count) {
            let directory = try TemporaryDirectory()
            var damaged = snapshot
            if position < snapshot.count {
                damaged[position] ^= 0x21
            } else {
                damaged = snapshot.prefix(position - snapshot.count)
            }
            try damaged.write(to: directory.file("snapshot.hearth"))
            try log.write(to: directory.file("log-0000000000000002.hearth"))

            let error = try await #require(throws: DocumentStoreError.self, "position \(position)") {
                try await makeStore(directory)
            }

            #expect([.dataLoss, .failedPrecondition].contains(error.code), "position \(position): \(error)")
            #expect(error.message.contains(directory.file("snapshot.hearth").path), "position \(position): \(error)")
        }
    }

    @Test func missingLogAfterTheSnapshot_isDataLossNamingIt() async throws {
        let directory = try TemporaryDirectory()
        try await writeCompactedStore(directory)
        try FileManager.default.removeItem(at: directory.file("log-0000000000000002.hearth"))

        let error = try await #require(throws: DocumentStoreError.self) { try await makeStore(directory) }

        #expect(error.code == .dataLoss)
        #expect(error.message.contains(directory.file("log-0000000000000002.hearth").path))
    }

    @Test func missingSnapshot_withLaterLogsOnly_isDataLoss() async throws {
        let directory = try TemporaryDirectory()
        try await writeCompactedStore(directory)
        try FileManager.default.removeItem(at: directory.file("snapshot.hearth"))

        let error = try await #require(throws: DocumentStoreError.self) { try await makeStore(directory) }

        #expect(error.code == .dataLoss)
        #expect(error.message.contains("snapshot.hearth"))
    }

    @Test func truncatedEarlierLogGeneration_isDataLossNamingIt() async throws {
        let directory = try TemporaryDirectory()
        let refuseSnapshots = FileFaults { operation, name in
            operation == .rename && name == "snapshot.hearth" ? ENOSPC : nil
        }
        let store = try await makeStore(directory, faults: refuseSnapshots)
        _ = try await store.commit([.update(try path("c/a"), fields: ["n": 1])], transaction: nil)
        _ = try await store.commit([.update(try path("c/b"), fields: ["n": 2])], transaction: nil)
        await #expect(throws: DocumentStoreError.self) { try await store.compact() }
        _ = try await store.commit([.update(try path("c/c"), fields: ["n": 3])], transaction: nil)
        try await store.close()
        let first = try Data(contentsOf: directory.file(Self.firstLog))
        let lastRecord = try recordOffsets(first).last ?? 0
        try first.prefix(lastRecord).write(to: directory.file(Self.firstLog))

        let error = try await #require(throws: DocumentStoreError.self) { try await makeStore(directory) }

        #expect(error.code == .dataLoss)
        #expect(error.message.contains("\(directory.file(Self.firstLog).path) is damaged"))
    }

    @Test func twoLogGenerations_withoutASnapshot_replayInOrder() async throws {
        let directory = try TemporaryDirectory()
        let refuseSnapshots = FileFaults { operation, name in
            operation == .rename && name == "snapshot.hearth" ? ENOSPC : nil
        }
        let store = try await makeStore(directory, faults: refuseSnapshots)
        _ = try await store.commit([.update(try path("c/a"), fields: ["n": 1])], transaction: nil)
        await #expect(throws: DocumentStoreError.self) { try await store.compact() }
        _ = try await store.commit([.update(try path("c/a"), fields: ["n": 2])], transaction: nil)
        try await store.close()

        let reopened = try await makeStore(directory)

        #expect(try await reopened.getDocument(try path("c/a"), mask: nil, consistency: .latest)?.fields == ["n": 2])
        #expect(try await reopened.recovery.replayedBatches == 2)
        #expect(reopened.statistics.liveLogGenerations == 2)
        try await reopened.close()
    }

    @Test func leftoverTemporaryFiles_areRemovedOnOpen() async throws {
        let directory = try TemporaryDirectory()
        try await makeStore(directory).close()
        try Data([1, 2, 3]).write(to: directory.file("snapshot.hearth.tmp"))
        try Data([1, 2, 3]).write(to: directory.file("log-0000000000000002.hearth.tmp"))

        let store = try await makeStore(directory)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()

        #expect(names == ["LOCK", Self.firstLog])
        try await store.close()
    }

    @Test func randomGarbageRecords_neverTrap_andAreDataLossOrDropped() async throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let salt = random.next() as UInt64
            var writer = BinaryWriter()
            writer.bytes = FileHeader(kind: .log, salt: salt, generation: 1).encoded()
            let frame = RecordFrame(salt: salt)
            let start = frame.begin(&writer)
            writer.byte(RecordPayload.Kind.batch.rawValue)
            for _ in 0..<Int.random(in: 0..<64) { writer.byte(UInt8.random(in: 0...255)) }
            _ = frame.finish(&writer, start: start, epoch: 1)
            let directory = try TemporaryDirectory()
            try Data(writer.bytes).write(to: directory.file(Self.firstLog))

            do {
                let store = try await makeStore(directory)
                try await store.close()
            } catch let error as DocumentStoreError {
                #expect(error.code == .dataLoss, "\(error)")
            }
        }
    }
}

// MARK: - Helpers

/// The batches a store shows: batch number → how many of its documents, and how many it should have.
struct VisibleBatches: Equatable, CustomStringConvertible {
    var found: [Int: (count: Int, size: Int)] = [:]

    static func == (lhs: VisibleBatches, rhs: VisibleBatches) -> Bool {
        lhs.found.mapValues { [$0.count, $0.size] } == rhs.found.mapValues { [$0.count, $0.size] }
    }

    var count: Int { found.count }

    /// Batches 0..<count, each with all its documents.
    var isCompletePrefix: Bool {
        Set(found.keys) == Set(0..<found.count) && found.values.allSatisfy { $0.count == $0.size }
    }

    var description: String {
        found.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.count)/\($0.value.size)" }.joined(separator: ", ")
    }
}

func batches(in store: some DocumentStore) async throws -> VisibleBatches {
    var visible = VisibleBatches()
    for document in try await allDocuments(store) where document.path.collectionID == "t" {
        guard case .integer(let batch)? = document.fields["batch"], case .integer(let size)? = document.fields["size"]
        else { continue }
        let entry = visible.found[Int(batch)] ?? (0, Int(size))
        visible.found[Int(batch)] = (entry.count + 1, entry.size)
    }
    return visible
}

/// A closed store's only log: 5 batches of 1 to 3 documents, each its own flush.
func smallLog() async throws -> (log: Data, batches: Int) {
    let directory = try TemporaryDirectory()
    let store = try await makeStore(directory)
    for batch in 0..<5 {
        let size = batch % 3 + 1
        let writes = try (0..<size).map { index in
            Write.update(
                try path("t/b\(batch)-\(index)"),
                fields: [
                    "batch": .integer(Int64(batch)), "size": .integer(Int64(size)),
                    "text": .string(String(repeating: "x", count: batch * 7)),
                ]
            )
        }
        _ = try await store.commit(writes, transaction: nil)
    }
    try await store.close()
    return (try Data(contentsOf: directory.file(RecoveryTests.firstLog)), 5)
}

/// Where each record of a log starts.
/// Writes a store of one commit (`c/a`), compacted into a snapshot followed by an empty log 2, and closes it.
func writeCompactedStore(_ directory: TemporaryDirectory) async throws {
    let store = try await makeStore(directory)
    _ = try await store.commit([.update(try path("c/a"), fields: ["n": 1])], transaction: nil)
    try await store.compact()
    try await store.close()
}

/// The payload of every record of a log or snapshot file's bytes, decoded as format `version`.
func decodedRecords(_ file: Data, version: UInt32) throws -> [RecordPayload] {
    try recordOffsets(file).map { offset in
        let length = file.withUnsafeBytes {
            Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)))
        }
        let payload = [UInt8](file[(offset + RecordFrame.headerSize)..<(offset + RecordFrame.headerSize + length)])
        return try payload.withRawBytes { (raw) throws(FormatError) in
            var reader = BinaryReader(raw)
            return try reader.payload(version: version)
        }
    }
}

func recordOffsets(_ log: Data) throws -> [Int] {
    let bytes = [UInt8](log)
    var offsets: [Int] = []
    var offset = FileHeader.size
    while offset + RecordFrame.headerSize <= bytes.count {
        offsets.append(offset)
        let length = bytes.withUnsafeBytes {
            Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)))
        }
        offset += RecordFrame.headerSize + length
    }
    return offsets
}
