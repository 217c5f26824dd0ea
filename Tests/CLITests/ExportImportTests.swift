import Foundation
import Hearth
import HearthFirestoreCodec
import HearthPort
import Testing

@Suite("hearth export | import", .enabled(if: HearthProcess.executable != nil, "the hearth executable is not built"))
struct ExportImportTests {
    @Test func export_writesEveryDocumentAtAnyDepth_asRESTDocumentLines_inPathOrder() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await seed(workspace)

        let run = try await workspace.succeed(["export"])

        let documents = try run.outputLines.map { try RESTDocumentCodec.decode(bytes: Array($0.utf8), database: nil) }
        #expect(
            documents.map(\.path.path) == [
                "classes/c1", "members/ana", "members/ana/visits/v1", "members/bea", "orphans/o1/notes/n1",
            ])
        #expect(documents[1].fields["age"] == .integer(30))
        #expect(run.errorLines.last == "export: exported 5 documents")
    }

    @Test func exportToAFile_thenImportIntoAnotherStore_copiesEveryDocument() async throws {
        let source = try Workspace()
        let target = try Workspace()
        defer {
            source.remove()
            target.remove()
        }
        try await seed(source)
        let file = source.directory.url.appendingPathComponent("backup.jsonl").path

        let export = try await source.succeed(["export", file])
        let importRun = try await target.succeed(["import", file])

        #expect(export.standardOutput.isEmpty)
        #expect(export.errorLines.last == "export: exported 5 documents to \(file)")
        #expect(importRun.errorLines.last == "import: imported 5 documents from \(file)")
        #expect(try await target.contents() == source.contents())
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: source.directory.url.path).filter {
                $0.hasSuffix(".tmp")
            }.isEmpty)
    }

    @Test func import_readsStandardInput_inSmallBatches_replacingExistingDocuments() async throws {
        let source = try Workspace()
        let target = try Workspace()
        defer {
            source.remove()
            target.remove()
        }
        try await seed(source)
        try await target.succeed(["set", "members/ana", #"{"stale":true}"#])
        let lines = try await source.succeed(["export"]).standardOutput

        let run = try await target.succeed(["import", "--batch-size", "2"], input: "\n" + lines + "\n")

        #expect(run.errorLines.last == "import: imported 5 documents from standard input")
        #expect(try await target.contents() == source.contents())
    }

    @Test func progress_isPlainLinesWhenNotOnATerminal_andABarWhenAsked() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await seed(workspace)

        let lines = try await workspace.succeed(["export"])
        let bar = try await workspace.succeed(["export"], environment: ["HEARTH_PROGRESS": "bar"])
        let off = try await workspace.succeed(["export"], environment: ["HEARTH_PROGRESS": "off"])

        #expect(lines.errorLines == ["export: 5 documents to export", "export: exported 5 documents"])
        #expect(bar.standardError.contains("\r"))
        #expect(bar.standardError.contains("[############################] 100%"))
        #expect(bar.standardError.hasSuffix("export: exported 5 documents\n"))
        #expect(off.standardError.isEmpty)
        #expect(lines.standardOutput == bar.standardOutput)
    }

    @Test func anInvalidLine_stopsTheImportBeforeAnythingIsWritten() async throws {
        let source = try Workspace()
        let target = try Workspace()
        defer {
            source.remove()
            target.remove()
        }
        try await seed(source)
        var lines = try await source.succeed(["export"]).outputLines
        lines.insert(#"{"name":"projects/p/databases/(default)/documents/members","fields":{}}"#, at: 3)
        let file = target.directory.url.appendingPathComponent("broken.jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)

        let run = try await target.run(["import", file.path])

        #expect(run.status == 2, "\(run)")
        #expect(run.errorLines.last?.contains("Line 4 of \(file.path) is not a Firestore REST document") == true)
        #expect(try await target.contents().isEmpty)
    }

    /// Lines that decode as REST documents but that the store refuses: before the fix, the earlier batches
    /// were committed and the import failed half-way.
    static let unstorableFields: [(String, String)] = [
        ("an empty field name", #"{"":{"integerValue":"1"}}"#),
        ("a reserved field name", #"{"__x__":{"integerValue":"1"}}"#),
        ("an array directly in an array", #"{"a":{"arrayValue":{"values":[{"arrayValue":{"values":[]}}]}}}"#),
        (
            "nesting over 20 levels",
            String(repeating: #"{"m":{"mapValue":{"fields":"#, count: 21) + "{}" + String(repeating: "}}}", count: 21)
        ),
        (
            "a document over 1 MiB",
            #"{"a":{"stringValue":"\#(String(repeating: "x", count: 600_000))"},"b":{"stringValue":"\#(String(repeating: "y", count: 600_000))"}}"#
        ),
    ]

    @Test(arguments: unstorableFields.indices)
    func aDocumentTheStoreRefuses_stopsTheImportBeforeAnythingIsWritten(index: Int) async throws {
        let (label, fields) = Self.unstorableFields[index]
        let target = try Workspace()
        defer { target.remove() }
        let times = #""createTime":"2026-01-01T00:00:00Z","updateTime":"2026-01-01T00:00:00Z""#
        let valid =
            #"{"name":"projects/p/databases/(default)/documents/members/ana","fields":{"a":{"integerValue":"1"}},\#(times)}"#
        let bad = #"{"name":"projects/p/databases/(default)/documents/members/zed","fields":\#(fields),\#(times)}"#
        let file = target.directory.url.appendingPathComponent("unstorable.jsonl")
        try Data([valid, valid.replacingOccurrences(of: "/ana", with: "/bo"), bad].joined(separator: "\n").utf8).write(
            to: file)

        let run = try await target.run(["import", "--batch-size", "1", file.path])

        #expect(run.status == 2, "\(label): \(run.errorLines.last ?? "")")
        #expect(
            run.errorLines.last?.contains("line 3 of \(file.path) cannot be stored") == true,
            "\(label): \(run.errorLines.last ?? "")")
        #expect((run.errorLines.last?.utf8.count ?? 0) < 2_000, "\(label): the error echoes the input")
        #expect(try await target.contents().isEmpty, "\(label)")
    }

    // MARK: - Helpers

    private func seed(_ workspace: Workspace) async throws {
        try await workspace.succeed(["set", "members/ana", #"{"name":"Ana","age":30,"since":1.5}"#])
        try await workspace.succeed(["set", "members/ana/visits/v1", #"{"day":1}"#])
        try await workspace.succeed(["set", "members/bea", #"{"name":"Bea"}"#])
        try await workspace.succeed([
            "set", "classes/c1", #"{"at":{"timestampValue":"2026-03-02T07:30:00Z"}}"#, "--typed",
        ])
        try await workspace.succeed(["set", "orphans/o1/notes/n1", #"{"text":"parent never written"}"#])
    }
}
