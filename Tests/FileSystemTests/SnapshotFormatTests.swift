import Foundation
import HearthDomain
@testable import HearthFileSystem
@testable import HearthLocalEngine
import HearthPort
import Testing

/// Snapshots of format version 3 hold each collection's documents and then its indexes, keys already
/// sorted (automatic composite indexes included); version 2 snapshots (documents only) still open.
@Suite("Snapshot format 3: indexes stored sorted; version 2 snapshots still open")
struct SnapshotFormatTests {
    private static let users = "users"

    /// A store of 1,200 users (enough for an automatic composite index) and a few subcollection
    /// documents, its queries run until they have paid for their automatic composites (``CompositeDebt``:
    /// `status == x order by createdAt limit 20` saves ~40 entries a run, so ~30 runs), compacted and
    /// closed.
    private func compactedStore() async throws -> (TemporaryDirectory, [[String]]) {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory)
        var writes: [Write] = []
        for index in 0..<1_200 {
            var fields: MapValue = [
                "status": .string(["active", "idle", "gone"][index % 3]), "age": .integer(Int64(index % 47)),
                "createdAt": .integer(Int64((index * 7_919) % 1_200)),
            ]
            if index % 4 == 0 { fields["tags"] = .array([.string("a"), .string(index % 8 == 0 ? "b" : "a")]) }
            writes.append(.update(try path("users/u\(index)"), fields: fields))
            if index % 100 == 0 {
                writes.append(.update(try path("users/u\(index)/posts/p"), fields: ["n": .integer(Int64(index))]))
            }
            if writes.count >= 200 {
                _ = try await store.commit(writes, transaction: nil)
                writes.removeAll()
            }
        }
        _ = try await store.commit(writes, transaction: nil)
        let expected = try await answers(store)
        var runs = 1
        while composites(store).count < 2, runs < 200 {
            #expect(try await answers(store) == expected, "an automatic composite changes no answer")
            runs += 1
        }
        #expect(runs > 2, "a composite index over every document is not built at the first runs")
        try await store.compact()
        try await store.close()
        return (directory, expected)
    }

    private func queries() throws -> [StructuredQuery] {
        let users = CollectionSelector(collectionID: Self.users)
        func order(_ field: String, _ direction: Order.Direction = .ascending) throws -> Order {
            Order(try FieldPath(field), direction)
        }
        func equal(_ field: String, _ value: Value) throws -> StructuredQuery.Filter {
            .field(try FieldPath(field), .equal, value)
        }
        return [
            StructuredQuery(
                from: users, filter: try equal("status", "active"), orderBy: [try order("createdAt", .descending)],
                limit: 20),
            StructuredQuery(from: users, orderBy: [try order("age"), try order("createdAt")], limit: 100),
            StructuredQuery(from: users, filter: .field(try FieldPath("tags"), .arrayContains, "b")),
            StructuredQuery(from: users, filter: .field(try FieldPath("age"), .greaterThanOrEqual, 40)),
            StructuredQuery(from: CollectionSelector(collectionID: "posts", allDescendants: true)),
        ]
    }

    private func answers(_ store: FileSystemDocumentStore) async throws -> [[String]] {
        var all: [[String]] = []
        for query in try queries() {
            let responses = try await store.runQueryAll(parent: nil, query: query, consistency: .latest)
            all.append(responses.compactMap { $0.document.map { "\($0.path.path) \($0.fields)" } })
        }
        return all
    }

    private func snapshotVersion(_ directory: TemporaryDirectory) throws -> UInt32 {
        let bytes = [UInt8](try Data(contentsOf: directory.file(StoreDirectory.snapshotName)).prefix(FileHeader.size))
        return try FileHeader.decode(bytes, kind: .snapshot, file: StoreDirectory.snapshotName).version
    }

    private func composites(_ store: FileSystemDocumentStore) -> [[String]] {
        store.engine.state.withLock { state in
            let collection = try? CollectionPath(Self.users)
            return (collection.flatMap { state.storage.collections[$0] }?.composites ?? []).map {
                $0.fields.map(\.canonicalString)
            }
        }
    }

    @Test func version3Snapshot_reopensWithEveryIndex_andTheAutomaticCompositeAlreadyBuilt() async throws {
        let (directory, expected) = try await compactedStore()
        #expect(try snapshotVersion(directory) == 3)

        let reopened = try await makeStore(directory)
        let before = composites(reopened)
        let found = try await answers(reopened)
        let recovery = try await reopened.recovery
        try await reopened.close()

        #expect(
            before.sorted { $0[0] < $1[0] } == [["age", "createdAt"], ["status", "createdAt"]],
            "the composites the queries built are in the snapshot")
        #expect(found == expected)
        #expect(expected[0].count == 20 && expected[2].count == 150 && expected[4].count == 12)
        #expect(recovery.snapshotDocuments == 1_212)
    }

    @Test func version2Snapshot_opensWithTheSameAnswers_andTheNextCompactionWritesVersion3() async throws {
        let (directory, expected) = try await compactedStore()
        let store = try await makeStore(directory)
        let view = store.engine.publishedView()
        try await store.close()
        let firstLog = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .compactMap(StoreDirectory.logGeneration).min()
        var random = SystemRandomNumberGenerator()
        try SnapshotWriter.write(
            view, firstLogGeneration: try #require(firstLog), database: try DatabaseID(projectID: "hearth-filestore"),
            to: StoreDirectory(path: directory.path, faults: .none), version: 2, random: &random)
        #expect(try snapshotVersion(directory) == 2)

        let reopened = try await makeStore(directory)
        let before = composites(reopened)
        let found = try await answers(reopened)
        let recovery = try await reopened.recovery
        _ = try await reopened.commit([.update(try path("users/new"), fields: ["age": 3])], transaction: nil)
        try await reopened.compact()
        try await reopened.close()
        let again = try await makeStore(directory)
        let afterCompaction = try await answers(again)
        try await again.close()

        #expect(before.isEmpty, "a version 2 snapshot holds no index")
        #expect(found == expected)
        #expect(recovery.snapshotDocuments == 1_212)
        #expect(try snapshotVersion(directory) == 3)
        #expect(afterCompaction == expected)
    }

    @Test func version3Snapshot_withADamagedIndexRecord_isDataLossNamingTheFile() async throws {
        let (directory, _) = try await compactedStore()
        let file = directory.file(StoreDirectory.snapshotName)
        var bytes = try Data(contentsOf: file)
        let offsets = try recordOffsets(bytes)
        let lastIndexRecord = offsets[offsets.count - 2]
        bytes[lastIndexRecord + RecordFrame.headerSize + 9] ^= 0x40
        try bytes.write(to: file)

        let error = await #expect(throws: DocumentStoreError.self) { try await makeStore(directory) }

        #expect(error?.code == .dataLoss)
        #expect(
            error?.message.contains("\(file.path) is damaged at byte \(lastIndexRecord)") == true,
            "\(String(describing: error))")
    }

    /// A snapshot whose records all check out but whose index keys are out of order (written on purpose,
    /// not damaged) is refused, not trusted.
    @Test func version3Snapshot_withIndexKeysOutOfOrder_isDataLossNamingTheFile() async throws {
        let (directory, _) = try await compactedStore()
        let file = directory.file(StoreDirectory.snapshotName)
        try rewriteRecords(file) { payload in
            guard case .collectionIndex(let collection, let index) = payload, index.kind == .value,
                index.fields.map(\.canonicalString) == ["age"]
            else { return payload }
            var keys: [[UInt8]] = []
            index.forEachKey { keys.append(Array($0)) }
            keys.swapAt(10, 11)
            var swapped = IndexImage(kind: index.kind, fields: index.fields)
            for key in keys { key.withUnsafeBytes { swapped.append($0) } }
            return .collectionIndex(collection, swapped)
        }

        let error = await #expect(throws: DocumentStoreError.self) { try await makeStore(directory) }

        #expect(error?.code == .dataLoss)
        let message = error?.message ?? ""
        #expect(message.contains("\(file.path) cannot be restored"), "\(message)")
        #expect(message.contains("its index age: its keys are not in order (key 11)"), "\(message)")
    }

    /// An index larger than a record is written in several records; reading them appends each one's keys
    /// to the index as they are, and the index is checked and kept whole (across the records' seams).
    @Test func anIndexLargerThanARecord_isWrittenInSeveralRecords_andReopensWhole() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory)
        let padding = String(repeating: "x", count: 200)
        try await fill(store, "big", count: 3_000) { index in
            ["text": .string("\((index * 7) % 3_000)" + padding), "n": .integer(Int64(index))]
        }
        let queries = [
            StructuredQuery(
                from: CollectionSelector(collectionID: "big"), orderBy: [Order(try FieldPath("text"), .descending)],
                limit: 7),
            StructuredQuery(
                from: CollectionSelector(collectionID: "big"),
                filter: .field(try FieldPath("text"), .greaterThanOrEqual, "2"),
                orderBy: [Order(try FieldPath("text"))], offset: 1_000, limit: 5),
        ]
        func answers(_ store: FileSystemDocumentStore) async throws -> [[String]] {
            var all: [[String]] = []
            for query in queries {
                let responses = try await store.runQueryAll(parent: nil, query: query, consistency: .latest)
                all.append(responses.compactMap { $0.document?.path.path })
            }
            return all
        }
        let expected = try await answers(store)
        try await store.compact()
        try await store.close()
        var textRecords = 0
        try rewriteRecords(directory.file(StoreDirectory.snapshotName)) { payload in
            if case .collectionIndex(_, let index) = payload, index.fields.map(\.canonicalString) == ["text"] {
                textRecords += 1
            }
            return payload
        }

        let reopened = try await makeStore(directory)
        let found = try await answers(reopened)
        try await reopened.close()

        #expect(textRecords >= 2, "the text index spans records (\(textRecords))")
        #expect(found == expected)
        #expect(expected[0].count == 7 && expected[1].count == 5)

        // Its second record made a copy of the first: each record ascending, the seam between them not.
        var first: IndexImage?
        try rewriteRecords(directory.file(StoreDirectory.snapshotName)) { payload in
            guard case .collectionIndex(let collection, let index) = payload,
                index.fields.map(\.canonicalString) == ["text"]
            else { return payload }
            guard let first else {
                first = index
                return payload
            }
            return .collectionIndex(collection, first)
        }
        let error = await #expect(throws: DocumentStoreError.self) { try await makeStore(directory) }
        #expect(error?.code == .dataLoss)
        #expect(
            error?.message.contains("its index text: its keys are not in order (key \(first?.count ?? 0))") == true,
            "\(error?.message ?? "")")
    }

    /// A closed store whose snapshot (just compacted) holds 8,000 documents of about 300 bytes in the
    /// collection `many`: several decoding batches.
    private func compactedStoreOfSeveralBatches() async throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory)
        let padding = String(repeating: "y", count: 300)
        try await fill(store, "many", count: 8_000) { index in ["text": .string("\(index * 13 % 8_000)" + padding)] }
        try await store.compact()
        try await store.close()
        return directory
    }

    /// A snapshot read in several batches, each decoded on other threads while the next is read, reports
    /// the damage a reading in order would: the first damaged record, naming its byte.
    @Test func aSnapshotOfSeveralBatches_reportsTheFirstDamage_asReadingInOrderWould() async throws {
        let source = try await compactedStoreOfSeveralBatches()
        let snapshot = try Data(contentsOf: source.file(StoreDirectory.snapshotName))
        let offsets = try recordOffsets(snapshot)
        let late = offsets[offsets.count * 3 / 4]
        func open(_ bytes: Data) async throws -> (DocumentStoreError?, Int) {
            let directory = try TemporaryDirectory()
            for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
                try Data(contentsOf: source.file(name)).write(to: directory.file(name))
            }
            try bytes.write(to: directory.file(StoreDirectory.snapshotName))
            do {
                let store = try await makeStore(directory)
                let count = try await allDocuments(store).count
                try await store.close()
                return (nil, count)
            } catch let error as DocumentStoreError {
                return (error, 0)
            }
        }

        let whole = try await open(snapshot)
        var checksum = snapshot
        checksum[late + RecordFrame.headerSize + 3] ^= 0x5A
        let lateDamage = try await open(checksum).0
        let file = source.file(StoreDirectory.snapshotName)
        try rewriteRecords(file) { payload in
            if case .collectionIndex(_, let index) = payload, index.kind == .name {
                return .snapshotEnd(documentCount: 0)
            }
            return payload
        }
        var bothDamaged = try Data(contentsOf: file)
        bothDamaged[late + RecordFrame.headerSize + 3] ^= 0x5A
        let firstOfTwo = try await open(bothDamaged).0

        #expect(snapshot.count > 3 * Recovery.decodeBatchBytes, "several batches (\(snapshot.count) bytes)")
        #expect(whole.0 == nil && whole.1 == 8_000)
        #expect(lateDamage?.code == .dataLoss)
        #expect(
            lateDamage?.message.contains("is damaged at byte \(late): a record whose checksum does not match") == true,
            "\(lateDamage?.message ?? "")")
        #expect(firstOfTwo?.code == .dataLoss)
        #expect(
            firstOfTwo?.message.contains("holds 8000 documents, but its records say 8000 and 0") == true,
            "the earlier damage is reported: \(firstOfTwo?.message ?? "")")
    }

    /// A read that fails while a later batch is read is reported after the records before it: damage in
    /// an earlier batch is what opening reports, as reading in order would.
    @Test func aReadFailingInALaterBatch_isReportedAfterTheDamageBeforeIt() async throws {
        let directory = try await compactedStoreOfSeveralBatches()
        var damaged = false
        try rewriteRecords(directory.file(StoreDirectory.snapshotName)) { payload in
            guard !damaged, case .collectionDocuments = payload else { return payload }
            damaged = true
            return .snapshotEnd(documentCount: 0)
        }
        func open(failingRead: Int?) async -> (DocumentStoreError?, reads: Int) {
            let reads = Counter()
            let error = await #expect(throws: DocumentStoreError.self) {
                try await makeStore(
                    directory,
                    faults: FileFaults { operation, name in
                        guard operation == .read, name == StoreDirectory.snapshotName else { return nil }
                        return reads.increment() == failingRead ? EIO : nil
                    })
            }
            return (error, reads.increment() - 1)
        }

        let unfailed = await open(failingRead: nil)
        let lastReadFailing = await open(failingRead: unfailed.reads)

        #expect(unfailed.reads > 2, "the snapshot is read in several reads")
        #expect(unfailed.0?.message.contains("but its records say 8000 and 0") == true, "\(unfailed.0?.message ?? "")")
        #expect(lastReadFailing.0?.code == .dataLoss)
        #expect(
            lastReadFailing.0?.message == unfailed.0?.message,
            "the earlier damage is reported: \(lastReadFailing.0?.message ?? "")")
    }

    /// Each opening waits for its snapshot's batches to be decoded on other threads: eight stores opened at
    /// once, more than this machine's cores, all open with every document. (A liveness check: with the
    /// batches decoded from the global queue instead of a serial queue of their own, it passed too —
    /// Dispatch on Linux adds threads when its workers block — so it does not prove the queue is needed.)
    @Test(.timeLimit(.minutes(2)))
    func eightStoresOpenedAtOnce_eachWithSeveralBatches_allOpen() async throws {
        let source = try TemporaryDirectory()
        let store = try await makeStore(source)
        try await fill(store, "wide", count: 4_000) { index in
            ["text": .string("\(index)" + String(repeating: "z", count: 400))]
        }
        try await store.compact()
        try await store.close()
        let names = try FileManager.default.contentsOfDirectory(atPath: source.path)
        var copies: [TemporaryDirectory] = []
        for _ in 0..<8 {
            let copy = try TemporaryDirectory()
            for name in names { try Data(contentsOf: source.file(name)).write(to: copy.file(name)) }
            copies.append(copy)
        }
        let snapshotBytes = try Data(contentsOf: source.file(StoreDirectory.snapshotName)).count

        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for copy in copies {
                group.addTask {
                    let opened = try await makeStore(copy)
                    let count = try await allDocuments(opened).count
                    try await opened.close()
                    return count
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(snapshotBytes > 2 * Recovery.decodeBatchBytes)
        #expect(counts == Array(repeating: 4_000, count: 8))
    }

    @Test func collectionIndexRecord_roundTrips_sharingPrefixes_andRefusesAPrefixLongerThanTheKeyBefore() throws {
        let collection = try CollectionPath("users")
        var index = IndexImage(kind: .composite, fields: [try FieldPath("status"), try FieldPath("a", "b")])
        let texts = ["", "a", "ab", "abc\u{0}", "abd", "b"] + (10..<60).map { "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\($0)" }
        for key in texts.map({ Array($0.utf8) + [0, 1, 0, 0, 0, 7] }) {
            key.withUnsafeBytes { index.append($0) }
        }
        var writer = BinaryWriter()
        writer.payload(.collectionIndex(collection, index))
        func decode(_ bytes: [UInt8]) throws(FormatError) -> RecordPayload {
            try bytes.withRawBytes { (raw) throws(FormatError) in
                var reader = BinaryReader(raw)
                return try reader.payload(version: FileHeader.currentVersion)
            }
        }

        #expect(try decode(writer.bytes) == .collectionIndex(collection, index))
        #expect(writer.bytes.count < index.byteCount / 3, "shared prefixes are written once")

        var hostile = BinaryWriter()
        hostile.byte(RecordPayload.Kind.collectionIndex.rawValue)
        hostile.string("users")
        hostile.byte(IndexImage.Kind.name.rawValue)
        hostile.varint(0)
        hostile.varint(2)
        hostile.varint(0)
        hostile.lengthPrefixed([1, 2, 0, 1, 0, 0, 0, 0])
        hostile.varint(9)
        hostile.lengthPrefixed([3])
        let error = #expect(throws: FormatError.self) { try decode(hostile.bytes) }
        #expect(error?.reason.contains("shares 9 bytes with a shorter key before it") == true)
    }

    /// Decodes every record of the snapshot `file`, passes each payload through `change`, and writes the
    /// records again, each framed and checksummed as the store would.
    /// Writes the documents `collection/d0…` with `fields(i)`, 500 to a commit.
    private func fill(
        _ store: FileSystemDocumentStore, _ collection: String, count: Int, fields: (Int) -> MapValue
    ) async throws {
        var writes: [Write] = []
        for index in 0..<count {
            writes.append(.update(try path("\(collection)/d\(index)"), fields: fields(index)))
            if writes.count == 500 || index == count - 1 {
                _ = try await store.commit(writes, transaction: nil)
                writes.removeAll()
            }
        }
    }

    private func rewriteRecords(_ file: URL, _ change: (RecordPayload) -> RecordPayload) throws {
        let bytes = try Data(contentsOf: file)
        let header = try FileHeader.decode([UInt8](bytes.prefix(FileHeader.size)), kind: .snapshot, file: file.path)
        let frame = RecordFrame(salt: header.salt)
        var writer = BinaryWriter()
        writer.bytes = header.encoded()
        for decoded in try decodedRecords(bytes, version: header.version) {
            let start = frame.begin(&writer)
            writer.payload(change(decoded))
            #expect(frame.finish(&writer, start: start, epoch: 1))
        }
        try Data(writer.bytes).write(to: file)
    }
}
