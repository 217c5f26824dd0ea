import Hearth
import HearthFirestoreCodec

/// `hearth get <document-path> [--typed]`
struct GetCommand: Command {
    static let name = "get"
    static let summary = "Print a document's fields as JSON"
    static let help = """
        Usage: hearth get <document-path> [--typed]

        Prints the document's fields as JSON. Exits with status 1 when the document does not exist.

        Arguments:
          <document-path>  collection/document, e.g. members/ana or members/ana/visits/v1

        Options:
          --typed          print the Firestore REST document instead (name, typed fields, createTime,
                           updateTime): keeps timestamps, bytes, references and geo points
          -h, --help       show this help

        Example:
          hearth get membership_plans/mensualidad
        """

    let path: DocumentPath
    let typed: Bool

    init(parsing arguments: inout Arguments) throws(CommandFailure) {
        typed = try arguments.flag("--typed")
        path = try Inputs.documentPath(try arguments.positionals(exactly: "<document-path>")[0])
    }

    func run(_ context: CommandContext) async throws {
        let database = try context.database()
        guard let document = try await database.document(path).getDocument().document else {
            throw CommandFailure.failed("no document at \(path)")
        }
        let json =
            typed ? Outputs.typedDocument(document, database: database.databaseID) : PlainJSON.json(document.fields)
        context.console.print(JSONWriter.prettyString(json))
    }
}
