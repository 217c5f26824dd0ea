import Foundation
import HearthApplication
import HearthDomain
import HearthFileSystem
import HearthPort
import Testing

/// Document IDs that begin with a grapheme extender and collection IDs that end with a prepend character
/// (one `Character` with the `/` beside them) survive the log, the snapshot, reopening, export and import.
@Suite("FileSystemDocumentStore: IDs joined to a '/' in one Character")
struct GraphemeIDTests {
    static let extenders = ["\u{0301}", "\u{200D}", "\u{FE0F}", "\u{1F3FB}", "\u{093F}"]

    /// For each extender: `c\u{0600}/{e}d`, its subcollection document `c\u{0600}/{e}d/{e}/{e}`, and
    /// `refs/{index}` holding a reference to the first.
    static func writes(database: DatabaseID) throws -> [Write] {
        var writes: [Write] = []
        for (index, extender) in extenders.enumerated() {
            let document = try DocumentPath(segments: ["c\u{0600}", extender + "d"])
            let nested = try DocumentPath(segments: ["c\u{0600}", extender + "d", extender, extender])
            writes.append(.update(document, fields: ["id": .string(extender + "d")]))
            writes.append(.update(nested, fields: ["n": .integer(Int64(index))]))
            writes.append(
                .update(
                    try DocumentPath(segments: ["refs", "r\(index)"]),
                    fields: ["to": .reference(DocumentName(database: database, path: document))])
            )
        }
        return writes
    }

    @Test(arguments: [false, true])
    func commit_thenReopen_readsEveryDocumentBack(compactFirst: Bool) async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory)
        let writes = try Self.writes(database: store.database)
        _ = try await store.commit(writes, transaction: nil)
        let before = try await allDocuments(store)
        if compactFirst { try await store.compact() }
        try await store.close()

        let reopened = try await makeStore(directory)
        let after = try await allDocuments(reopened)
        try await reopened.close()

        #expect(before.count == writes.count)
        #expect(after == before)
        #expect(after.map { Array($0.path.path.utf8) } == before.map { Array($0.path.path.utf8) })
    }

    @Test func export_thenImport_reproducesEveryDocument() async throws {
        let source = try TemporaryDirectory()
        let target = try TemporaryDirectory()
        let store = try await makeStore(source)
        _ = try await store.commit(try Self.writes(database: store.database), transaction: nil)
        let exportFile = source.file("backup.jsonl")

        let exported = try await store.exportDocuments(to: exportFile)
        let seeded = try await makeStore(target)
        let imported = try await seeded.importDocuments(from: exportFile, writesPerCommit: 4)
        try await seeded.close()
        let reopened = try await makeStore(target)

        #expect(exported == Self.extenders.count * 3)
        #expect(imported == exported)
        let original = try await allDocuments(store).map { [$0.path: $0.fields] }
        #expect(try await allDocuments(reopened).map { [$0.path: $0.fields] } == original)
        try await store.close()
        try await reopened.close()
    }
}
