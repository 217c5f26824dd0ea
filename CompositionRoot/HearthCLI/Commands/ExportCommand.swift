import Hearth
import HearthFirestoreCodec

/// `hearth export [<file> | -]`
struct ExportCommand: Command {
    static let name = "export"
    static let summary = "Write every document as JSON lines (Firestore REST documents)"
    static let help = """
        Usage: hearth export [<file> | -]

        Writes every document of the store, at any depth, one per line, each the document's Firestore
        REST JSON ({"name":"projects/…/documents/members/ana","fields":{…},"createTime":…,"updateTime":…}),
        in path order: the file store's export format, which import reads. Without <file> (or with -)
        the lines go to standard output; a <file> is written to a temporary file and renamed when
        complete. Progress goes to standard error: a bar on a terminal, plain lines otherwise.

        On a store that is being written meanwhile, the export is not one point-in-time snapshot.

        Options:
          -h, --help       show this help

        Example:
          hearth export backup.jsonl
        """

    let destination: String?

    init(parsing arguments: inout Arguments) throws(CommandFailure) {
        destination = try arguments.optionalPositional("<file>")
    }

    func run(_ context: CommandContext) async throws {
        let output = try destination.map { path throws(CommandFailure) in try OutputFile(path: path) }
        let database = try context.database()
        let progress = ProgressReporter(console: context.console, style: context.progressStyle, label: "export")

        let paths = try await StoreWalker(store: database.store).documentPaths { found in
            progress.update(done: found, fraction: nil, detail: "counting documents")
        }
        progress.note("\(paths.count) documents to export")

        var written = 0
        var start = 0
        while start < paths.count {
            let chunk = Array(paths[start..<min(start + 300, paths.count)])
            let response = try await database.store.batchGetDocuments(chunk, mask: nil, consistency: .latest)
            for read in response.documents {
                guard let document = read.document else { continue }
                var writer = JSONWriter()
                writer.write(RESTDocumentCodec.encode(document, database: database.databaseID))
                var line = writer.bytes
                line.append(UInt8(ascii: "\n"))
                if let output { try output.write(line) } else { context.console.write(line) }
                written += 1
            }
            start += chunk.count
            progress.update(
                done: written, fraction: Double(start) / Double(paths.count), detail: "\(chunk.last?.path ?? "")")
        }
        try output?.commit()
        context.console.flush()
        progress.finish("exported \(written) documents" + (destination.map { " to \($0)" } ?? ""))
    }
}
