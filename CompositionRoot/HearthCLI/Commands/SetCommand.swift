import Hearth

/// `hearth set <document-path> <json> [--merge] [--typed]`
struct SetCommand: Command {
    static let name = "set"
    static let summary = "Write a document (replace it, or merge with --merge)"
    static let help = """
        Usage: hearth set <document-path> <json | -> [--merge] [--typed]

        Writes the document, creating it when missing. Without --merge the document is replaced by the
        given fields; with --merge only the given fields are written and the others kept.

        Arguments:
          <document-path>  collection/document, e.g. members/ana
          <json>           a JSON object of fields, or - to read it from standard input

        Options:
          --merge          keep the fields not given
          --typed          the fields are Firestore REST values ({"age":{"integerValue":"30"}})
          -h, --help       show this help

        Plain JSON: a number with a fraction or an exponent is a double (30.0), one without an integer (30).

        Example:
          hearth set members/ana '{"firstName":"Ana","age":30,"tags":["yoga"]}'
        """

    let write: Write

    init(parsing arguments: inout Arguments) throws(CommandFailure) {
        let merge = try arguments.flag("--merge")
        let typed = try arguments.flag("--typed")
        let positionals = try arguments.positionals(exactly: "<document-path>", "<json>")
        let path = try Inputs.documentPath(positionals[0])
        let object = try Inputs.jsonObject(try Inputs.jsonText(positionals[1]), what: "the document")
        let data = Inputs.userData(try Inputs.fields(object, typed: typed, what: "the document"))
        write = try Inputs.write { () throws(DocumentStoreError) in
            try WriteBuilder.set(path, data: data, options: merge ? .merge : .overwrite)
        }
    }

    func run(_ context: CommandContext) async throws {
        let response = try await context.database().store.commit([write], transaction: nil)
        let time = response.writeResults.first?.updateTime ?? response.commitTime
        context.console.print("wrote \(write.path) at \(time)")
    }
}
