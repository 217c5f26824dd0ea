import Hearth
import HearthFirestoreCodec

/// `hearth watch <collection-or-document-path> [--where …]… [--order-by …]… [--limit N] [--collection-group]
/// [--typed] [--max-changes N]`
struct WatchCommand: Command {
    static let name = "watch"
    static let summary = "Print each change to a query or a document as it happens, one JSON line each"
    static let help = """
        Usage: hearth watch <collection-or-document-path> [--where 'FIELD OP VALUE']… [--order-by FIELD [asc|desc]]…
                            [--limit N] [--collection-group] [--typed] [--max-changes N]

        Listens to a query (a collection path with the query options) or to one document (a document
        path) and prints one line per change until interrupted (Ctrl-C) or until --max-changes lines:
        {"type":"added","path":"members/ana","fields":{…}}, with "modified" and "removed" likewise
        ("removed" carries the document as it was last seen). The first lines are the current results,
        each "added". With --typed, "document" holds the Firestore REST document instead of "fields".
        On Firestore (HEARTH_STORE=firestore) changes arrive as the store's listener delivers them.

        Options:
        \(QueryOptions.help)
          --max-changes N            exit after printing N changes (for scripts)
          -h, --help                 show this help

        Examples:
          hearth watch members --where 'isActive == true'
          hearth watch classes --order-by fecha desc --limit 3
          hearth watch members/ana
        """

    let options: QueryOptions
    let maximumChanges: Int?

    init(parsing arguments: inout Arguments) throws(CommandFailure) {
        var maximumChanges: Int?
        if let text = try arguments.option("--max-changes") {
            guard let value = Int(text), value > 0 else {
                throw .usage("--max-changes needs a positive integer, not \(Excerpt.quoted(text))")
            }
            maximumChanges = value
        }
        self.maximumChanges = maximumChanges
        options = try QueryOptions(parsing: &arguments, allowsDocument: true)
    }

    func run(_ context: CommandContext) async throws {
        let target: ListenTarget
        if let document = options.document {
            target = .document(document)
        } else {
            let built = try options.builder(database: context.databaseID).build()
            target = .query(parent: built.parent, query: built.query)
        }
        let database = try context.database()
        var printed = 0
        for try await snapshot in database.store.listen(target, options: ListenOptions()) {
            for change in snapshot.changes {
                var writer = JSONWriter()
                writer.write(try line(change, database: database.databaseID))
                context.console.write(writer.bytes + [UInt8(ascii: "\n")])
                printed += 1
                if let maximumChanges, printed >= maximumChanges {
                    context.console.flush()
                    return
                }
            }
            context.console.flush()
        }
    }

    /// `{"type", "path", "fields"}`, or `{"type", "path", "document"}` with `--typed`.
    private func line(_ change: ListenChange, database: DatabaseID) throws(CommandFailure) -> JSON {
        var members: [JSONObject.Member] = [
            .init(key: "type", value: .string(change.kind.rawValue)),
            .init(key: "path", value: .string(change.document.path.path)),
        ]
        if options.typed {
            members.append(
                .init(key: "document", value: try Outputs.typedDocument(change.document, database: database)))
        } else {
            members.append(.init(key: "fields", value: PlainJSON.json(change.document.fields)))
        }
        return .object(JSONObject(members: members))
    }
}
