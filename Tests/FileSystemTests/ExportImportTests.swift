import Foundation
import HearthApplication
import HearthDomain
import HearthFileSystem
import HearthFirestoreCodec
import HearthPort
import Testing

@Suite("FileSystemDocumentStore: export and import")
struct ExportImportTests {
    @Test func export_thenImportIntoAnotherStore_reproducesEveryDocument() async throws {
        let source = try TemporaryDirectory()
        let target = try TemporaryDirectory()
        let store = try await makeStore(source)
        _ = try await store.commit(
            [
                .update(try path("users/alice"), fields: try everyKindOfValue()),
                .update(try path("users/bob"), fields: ["name": "Bob"]),
                .update(try path("users/alice/posts/p1"), fields: ["title": "Hi"]),
            ],
            transaction: nil
        )
        let exportFile = source.file("backup.jsonl")

        let exported = try await store.exportDocuments(to: exportFile)
        let seeded = try await makeStore(target)
        let imported = try await seeded.importDocuments(from: exportFile, writesPerCommit: 2)

        #expect(exported == 3)
        #expect(imported == 3)
        let original = try await allDocuments(store).map { [$0.path: $0.fields] }
        let copy = try await allDocuments(seeded).map { [$0.path: $0.fields] }
        #expect(copy == original)
        try await store.close()
        try await seeded.close()
    }

    @Test func export_writesOneRESTDocumentPerLine_inPathOrder() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory)
        _ = try await store.commit(
            [
                .update(try path("b/2"), fields: ["n": 2]), .update(try path("a/1"), fields: ["n": 1]),
                .update(try path("b/1"), fields: [:]),
            ],
            transaction: nil
        )
        let exportFile = directory.file("export.jsonl")

        _ = try await store.exportDocuments(to: exportFile)
        let lines = try String(contentsOf: exportFile, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let documents = try lines.dropLast().map {
            try RESTDocumentCodec.decode(try JSONParser.parse(String($0)), database: store.database)
        }

        #expect(lines.last == "")
        #expect(documents.map(\.path.path) == ["a/1", "b/1", "b/2"])
        #expect(documents.map(\.fields) == [["n": 1], [:], ["n": 2]])
        #expect(
            lines[0].hasPrefix(
                #"{"name":"projects/hearth-filestore/databases/(default)/documents/a/1","fields":{"n":{"integerValue":"1"}}"#
            ))
        try await store.close()
    }

    @Test func import_acceptsEmptyLinesCRLFAndOtherDatabases() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("seed.jsonl")
        let text = [
            #"{"name":"projects/other/databases/(default)/documents/c/a","fields":{"s":{"stringValue":"x"}},"createTime":"2020-01-01T00:00:00Z","updateTime":"2020-01-01T00:00:00Z"}"#,
            "",
            #"{"name":"projects/other/databases/(default)/documents/c/b","createTime":"2020-01-01T00:00:00Z","updateTime":"2020-01-01T00:00:00Z"}"#,
        ].joined(separator: "\r\n")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let store = try await makeStore(directory)

        let count = try await store.importDocuments(from: file)

        #expect(count == 2)
        #expect(try await allDocuments(store).map(\.path.path) == ["c/a", "c/b"])
        try await store.close()
    }

    @Test func import_invalidLine_failsNamingTheLine_andKeepsEarlierCommits() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("seed.jsonl")
        let valid =
            #"{"name":"projects/p/databases/(default)/documents/c/a","createTime":"2020-01-01T00:00:00Z","updateTime":"2020-01-01T00:00:00Z"}"#
        try [valid, #"{"name": 42}"#].joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let store = try await makeStore(directory)

        let error = await #expect(throws: DocumentStoreError.self) {
            _ = try await store.importDocuments(from: file, writesPerCommit: 1)
        }

        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("Line 2 of \(file.path)") == true)
        #expect(try await allDocuments(store).map(\.path.path) == ["c/a"])
        try await store.close()
    }

    @Test func readDocuments_streamsLinesLongerThanItsBuffer() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory)
        let big = String(repeating: "é", count: 400_000)
        _ = try await store.commit(
            [.update(try path("c/big"), fields: ["s": .string(big)]), .update(try path("c/small"), fields: [:])],
            transaction: nil)
        let exportFile = directory.file("export.jsonl")
        _ = try await store.exportDocuments(to: exportFile)

        var read: [Document] = []
        let count = try DocumentExportFile.readDocuments(from: exportFile, database: store.database) { read.append($0) }

        #expect(count == 2)
        #expect(read.first?.fields["s"] == .string(big))
        #expect(read.map(\.path.path) == ["c/big", "c/small"])
        try await store.close()
    }
}
