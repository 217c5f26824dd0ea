import HearthDomain
import HearthLocalEngine
import HearthPort
import Testing

/// Restoring a snapshot installs each collection in bulk (slots in order, every index sorted once):
/// the restored engine must answer exactly as the engine the snapshot was taken from, before and after
/// later commits.
@Suite struct RestoreTests {
    /// Documents of every kind, many sharing a value (ties ordered by name), arrays repeating an element,
    /// nested maps, missing fields; enough that every index spans several chunks.
    private func seeded() async throws -> EngineHarness {
        let original = EngineHarness()
        var random = RandomValues(seed: 18)
        var writes: [Write] = []
        for index in 0..<1_200 {
            var fields: MapValue = ["n": .integer(Int64(random.int(0..<12)))]
            if random.chance(0.8) { fields["s"] = .string(random.pick(["a", "b", "ab", "", "zz", "b\u{0}"])) }
            if random.chance(0.5) { fields["v"] = random.scalar() }
            if random.chance(0.5) {
                let element = Value.integer(Int64(random.int(0..<5)))
                fields["tags"] = .array([element, .integer(Int64(random.int(0..<5))), element])
            }
            if random.chance(0.5) { fields["m"] = .map(["x": .integer(Int64(random.int(0..<4)))]) }
            writes.append(Write.update(try doc("c/d\(random.int(0..<100_000))-\(index)"), fields: fields))
            if index % 10 == 0 {
                writes.append(Write.update(try doc("c/d\(index)/sub/x"), fields: ["n": .integer(Int64(index))]))
            }
            if writes.count >= 100 {
                try await original.commit(writes)
                writes.removeAll()
            }
        }
        try await original.commit(writes)
        // Later versions and a deletion: the snapshot holds each document's newest version only.
        try await original.set("c/d0/sub/x", ["n": .integer(5)])
        try await original.commit([Write.delete(try doc("c/d10/sub/x"))])
        return original
    }

    private func queries() throws -> [StructuredQuery] {
        let c = CollectionSelector(collectionID: "c")
        return [
            StructuredQuery(from: c),
            StructuredQuery(from: c, orderBy: [try order("n")]),
            StructuredQuery(from: c, orderBy: [try order("n", .descending)], limit: 50),
            StructuredQuery(from: c, filter: try filter("n", .equal, .integer(3))),
            StructuredQuery(from: c, filter: try filter("n", .greaterThanOrEqual, .integer(9))),
            StructuredQuery(from: c, orderBy: [try order("s"), try order("n", .descending)]),
            StructuredQuery(from: c, filter: try filter("s", .equal, .string("ab")), orderBy: [try order("n")]),
            StructuredQuery(from: c, orderBy: [try order("v")]),
            StructuredQuery(from: c, orderBy: [try order("m.x", .descending)], limit: 30),
            StructuredQuery(from: c, filter: try filter("tags", .arrayContains, .integer(2))),
            StructuredQuery(from: c, filter: try filter("m", .equal, .map(["x": .integer(1)]))),
            StructuredQuery(
                from: CollectionSelector(collectionID: "sub", allDescendants: true), orderBy: [try order("n")]),
        ]
    }

    private func answers(_ harness: EngineHarness) throws -> [[Document]] {
        try queries().map { try harness.engine.runQuery(parent: nil, query: $0, consistency: .latest).documents }
    }

    @Test func restoredEngine_answersEveryQueryAsTheOriginal_beforeAndAfterLaterCommits() async throws {
        let original = try await seeded()
        let snapshot = original.engine.publishedSnapshot()
        let restored = EngineHarness()
        restored.clock.advance(by: .seconds(60))
        original.clock.advance(by: .seconds(60))
        try restored.engine.restore(snapshot.documents, through: snapshot.commitTime)

        #expect(snapshot.documents.count == 1_319)
        let expected = try answers(original)
        #expect(expected[1].count == 1_200)
        // `s == "ab" order by n` (a query an automatic composite index would serve, once its runs have
        // paid for it): its answer, checked against a plain sort, in both engines.
        let ab = snapshot.documents.filter { $0.path.parent.path == "c" && $0.fields["s"] == .string("ab") }
            .sorted {
                ($0.fields["n"]?.integerValue ?? 0, $0.path.documentID) < (
                    $1.fields["n"]?.integerValue ?? 0, $1.path.documentID
                )
            }
        #expect(expected[6].map(\.path) == ab.map(\.path))
        #expect(try answers(restored) == expected)

        let later: [Write] = [
            Write.update(try doc("c/new"), fields: ["n": .integer(3), "tags": .array([.integer(2)])]),
            Write.delete(try doc(snapshot.documents[5].path.path)),
            Write.update(try doc(snapshot.documents[6].path.path), fields: ["n": .integer(11), "s": .string("b")]),
        ]
        try await original.commit(later)
        try await restored.commit(later)
        // The two engines' clocks differ: later commit times do too; paths and fields must not.
        func contents(_ harness: EngineHarness) throws -> [[String]] {
            try answers(harness).map { $0.map { "\($0.path.path) \($0.fields)" } }
        }
        #expect(try contents(restored) == (try contents(original)))
    }

    @Test func aSnapshotHoldingADocumentTwice_isDataLoss() async throws {
        let original = EngineHarness()
        try await original.set("c/a", ["v": 1])
        try await original.set("c/b", ["v": 2])
        let snapshot = original.engine.publishedSnapshot()

        let restored = EngineHarness()
        let error = #expect(throws: DocumentStoreError.self) {
            try restored.engine.restore(snapshot.documents + [snapshot.documents[0]], through: snapshot.commitTime)
        }
        #expect(error?.code == .dataLoss)
        #expect(error?.message.contains("c/a twice") == true)
    }

    // MARK: Format version 3: collections with their indexes

    private func images(_ harness: EngineHarness) -> [String: CollectionImage] {
        var images: [String: CollectionImage] = [:]
        harness.engine.publishedView().forEachCollectionImage { images[$0.path.path] = $0 }
        return images
    }

    @Test func restoredFromCollectionImages_answersAsTheOriginal_andHoldsTheSameIndexes() async throws {
        let original = try await seeded()
        let expected = try answers(original)
        let taken = images(original)
        let snapshot = original.engine.publishedView()
        let restored = EngineHarness()
        restored.clock.advance(by: .seconds(60))
        original.clock.advance(by: .seconds(60))
        try restored.engine.restore(collections: Array(taken.values), through: snapshot.commitTime)

        #expect(taken.values.reduce(0) { $0 + $1.documents.count } == 1_319)
        // Taken again before any query ran on it, the restored engine holds the same documents and indexes.
        #expect(images(restored) == taken)
        #expect(try answers(restored) == expected)

        let later: [Write] = [
            Write.update(
                try doc("c/new"), fields: ["n": .integer(3), "s": .string("ab"), "tags": .array([.integer(2)])]),
            Write.delete(try doc(expected[0][5].path.path)),
            Write.update(try doc(expected[0][6].path.path), fields: ["n": .integer(11), "s": .string("ab")]),
        ]
        try await original.commit(later)
        try await restored.commit(later)
        func contents(_ harness: EngineHarness) throws -> [[String]] {
            try answers(harness).map { $0.map { "\($0.path.path) \($0.fields)" } }
        }
        #expect(try contents(restored) == (try contents(original)))
    }

    @Test(arguments: [
        "keys out of order", "a key naming no document", "a name index missing a document", "an index twice",
        "a value index without its field", "a collection twice", "a document newer than the snapshot",
    ])
    func inconsistentCollectionImages_areDataLoss(_ damage: String) async throws {
        let original = EngineHarness()
        for index in 0..<40 {
            try await original.set("c/d\(index)", ["v": .integer(Int64(index % 7))])
        }
        try await original.set("other/x", ["v": 1])
        var taken = images(original)
        var image = try #require(taken["c"])
        let name = try #require(image.indexes.firstIndex { $0.kind == .name })
        let value = try #require(image.indexes.firstIndex { $0.kind == .value })
        let expected: String
        switch damage {
        case "keys out of order":
            var keys: [[UInt8]] = []
            image.indexes[value].forEachKey { keys.append(Array($0)) }
            keys.swapAt(3, 4)
            image.indexes[value] = IndexImage(kind: .value, fields: image.indexes[value].fields)
            for key in keys { key.withUnsafeBytes { image.indexes[value].append($0) } }
            expected = "its keys are not in order (key 4)"
        case "a key naming no document":
            image.documents.removeLast()
            image.indexes.remove(at: name)
            expected = "names no document of the collection"
        case "a name index missing a document":
            image.indexes[name] = IndexImage(kind: .name, fields: [])
            expected = "its name index holds 0 keys for 40 documents"
        case "an index twice":
            image.indexes.append(image.indexes[value])
            expected = "appears twice"
        case "a value index without its field":
            image.indexes[value].fields = []
            expected = "an index of kind value has 0 fields"
        case "a collection twice":
            taken["c2"] = image
            expected = "it appears twice"
        default:
            image.documents[0].updateTime = try Timestamp(seconds: 4_000_000_000, nanoseconds: 0)
            expected = "inconsistent with the snapshot time"
        }
        taken["c"] = image
        let collections = taken.sorted { $0.key < $1.key }.map(\.value)

        let restored = EngineHarness()
        let error = #expect(throws: DocumentStoreError.self) {
            try restored.engine.restore(collections: collections, through: original.engine.publishedView().commitTime)
        }
        #expect(error?.code == .dataLoss)
        #expect(error?.message.contains(expected) == true, "\(String(describing: error))")
        #expect(error?.message.contains("collection c ") == true, "\(String(describing: error))")
    }
}
