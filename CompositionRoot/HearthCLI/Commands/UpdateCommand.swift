import Hearth
import HearthFirestoreCodec

/// `hearth update <document-path> <json> [--typed]`
struct UpdateCommand: Command {
    static let name = "update"
    static let summary = "Change fields of an existing document"
    static let help = """
        Usage: hearth update <document-path> <json | -> [--typed]

        Sets the given fields of an existing document and keeps the others. The keys are field paths:
        "address.city" changes one field inside the map "address"; write other names in backticks
        ("`first name`"). Exits with status 1 when the document does not exist.

        Arguments:
          <document-path>  collection/document, e.g. members/ana
          <json>           a JSON object {"field.path": value, …}, or - to read it from standard input

        Options:
          --typed          the values are Firestore REST values ({"integerValue":"31"})
          -h, --help       show this help

        Example:
          hearth update members/ana '{"age":31,"address.city":"Puebla"}'
        """

    let write: Write

    init(parsing arguments: inout Arguments) throws(CommandFailure) {
        let typed = try arguments.flag("--typed")
        let positionals = try arguments.positionals(exactly: "<document-path>", "<json>")
        let path = try Inputs.documentPath(positionals[0])
        let object = try Inputs.jsonObject(try Inputs.jsonText(positionals[1]), what: "the update")
        guard !object.isEmpty else { throw .usage("the update needs at least one field") }
        var fields: [(FieldPath, FieldValue)] = []
        for member in object {
            let field = try Inputs.fieldPath(member.key)
            fields.append((field, .value(try Inputs.value(member.value, typed: typed, what: "field \(member.key)"))))
        }
        write = try Inputs.write { () throws(DocumentStoreError) in try WriteBuilder.update(path, fields: fields) }
    }

    func run(_ context: CommandContext) async throws {
        do {
            let response = try await context.database().store.commit([write], transaction: nil)
            let time = response.writeResults.first?.updateTime ?? response.commitTime
            context.console.print("updated \(write.path) at \(time)")
        } catch let error as DocumentStoreError where error.code == .notFound {
            throw CommandFailure.failed("no document at \(write.path) to update (use set to create it)")
        }
    }
}
